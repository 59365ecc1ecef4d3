"""The Swiss pairing benchmark runs in its quick form, and the history it plays is sane (its
figures are not checked: they are measures, not rules)."""

from __future__ import annotations

import re
from types import ModuleType

import pytest

from tests.benchmarks.scripts import load_script


@pytest.fixture(scope="module")
def tournament_pairing() -> ModuleType:
    """``benchmarks/tournament_pairing.py``, imported as its folder's scripts import each
    other."""
    return load_script("tournament_pairing.py", "tournament_pairing")


@pytest.mark.parametrize(("seats", "fewest"), [(2, 2), (4, 3)])
def test_the_history_is_played_round_by_round(
    tournament_pairing: ModuleType, seats: int, fewest: int
) -> None:
    field = tournament_pairing.field_before(4, 21, seats, fewest, seed=3)
    assert len(field) == 21
    assert all(contender.played + contender.byes == 3 for contender in field)
    assert all(0 <= contender.points <= 3 for contender in field)
    assert [contender.order for contender in field] == list(range(21))
    assert [contender.points for contender in field] == sorted(
        (contender.points for contender in field), reverse=True
    )
    for contender in field:  # a table-mate more or less for each table played
        met = sum(contender.met.values())
        assert (fewest - 1) * contender.played <= met <= (seats - 1) * contender.played


def test_the_quick_form_prints_a_row_per_case(
    tournament_pairing: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert tournament_pairing.main(["--quick"]) == 0
    output = capsys.readouterr().out
    rows = re.findall(
        r"^\| (duels|tables of 4) \| 100 \| ([27]) \| (\d+\.\d{3}) s \| (\d+\.\d{3}) s \| "
        r"(\d+) \| (\d+) \| (\d+) \| (\d+)% \|$",
        output,
        re.MULTILINE,
    )
    assert [(kind, round_) for kind, round_, *_ in rows] == [
        ("duels", "2"),
        ("duels", "7"),
        ("tables of 4", "2"),
        ("tables of 4", "7"),
    ], output
    for kind, _, median, fastest, tables, byes, _, share in rows:
        assert float(fastest) <= float(median)
        assert (int(tables), int(byes)) == ((50, 0) if kind == "duels" else (25, 0))
        assert 0 <= int(share) <= 100
