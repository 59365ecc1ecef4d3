"""The names a room shows for its seats: computer players titled, and numbered only where
two would read alike."""

from __future__ import annotations

import pytest

from cardtable.agents.names import agent_title, shown_names


@pytest.mark.parametrize(
    ("spec", "title"),
    [
        ("greedy", "Greedy"),
        ("random", "Random"),
        ("heuristic", "Heuristic"),
        ("cautious", "Cautious"),
        ("ismcts", "ISMCTS"),
        ("ismcts:hard", "ISMCTS (hard)"),
        ("ismcts:400", "ISMCTS (400)"),
        ("ismcts:300ms", "ISMCTS (300ms)"),
    ],
)
def test_a_spec_reads_as_a_title(spec: str, title: str) -> None:
    assert agent_title(spec) == title


@pytest.mark.parametrize(
    ("seats", "names"),
    [
        ([(False, "ann"), (True, "greedy")], ["ann", "Greedy"]),
        ([(False, "ann"), (True, "greedy"), (True, "greedy")], ["ann", "Greedy 1", "Greedy 2"]),
        (
            [(True, "greedy"), (False, "ann"), (True, "greedy"), (True, "greedy")],
            ["Greedy 1", "ann", "Greedy 2", "Greedy 3"],
        ),
        (
            [(True, "greedy"), (True, "random"), (True, "greedy")],
            ["Greedy 1", "Random", "Greedy 2"],
        ),
        (
            [(True, "ismcts:hard"), (True, "ismcts:easy"), (True, "ismcts:hard")],
            ["ISMCTS (hard) 1", "ISMCTS (easy)", "ISMCTS (hard) 2"],
        ),
        # a person's name is never changed; computer players step around it
        (
            [(False, "Greedy 1"), (True, "greedy"), (True, "greedy")],
            ["Greedy 1", "Greedy 2", "Greedy 3"],
        ),
        ([(False, "Greedy 1"), (True, "greedy")], ["Greedy 1", "Greedy"]),
        (
            [(True, "greedy"), (False, "Greedy 2"), (True, "greedy")],
            ["Greedy 1", "Greedy 2", "Greedy 3"],
        ),
        (
            [(False, "Greedy"), (True, "greedy"), (True, "greedy")],
            ["Greedy", "Greedy 1", "Greedy 2"],
        ),
        ([(True, "greedy"), (False, "Greedy")], ["Greedy 1", "Greedy"]),
        (
            [(False, "Greedy"), (False, "Greedy 1"), (True, "greedy")],
            ["Greedy", "Greedy 1", "Greedy 2"],
        ),
        ([(False, "greedy"), (True, "greedy")], ["greedy", "Greedy"]),
        # people keep their names even when two chose the same; open seats stay blank
        ([(False, "ann"), (False, "ann"), (False, "")], ["ann", "ann", ""]),
        ([], []),
    ],
)
def test_the_names_shown(seats: list[tuple[bool, str]], names: list[str]) -> None:
    assert shown_names(seats) == names
