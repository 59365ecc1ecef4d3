"""Computer players by name: cardtable's own, those plug-ins register through the
``cardtable.agents`` entry-point group, and one's own seated by ``py:MODULE:OBJECT``."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from cardtable import extensions
from cardtable.agents import UnknownAgent, agent_names, make_agent, parse_seats
from cardtable.agents.players import PLAYERS, ComputerPlayer
from cardtable.agents.registry import BUDGET_LIMITS, check_seats, default_agent
from cardtable.engine import Match, Rng
from cardtable.games import find
from cardtable.server.web import agents_for
from cardtable.simulation import simulate
from tests.agents.own_players import First, Nth

OWN = "py:tests.agents.own_players"


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[EntryPoint]]:
    """The entry points installed packages declare, as this test says."""
    found: list[EntryPoint] = []
    monkeypatch.setattr(
        extensions, "entry_points", lambda group: [e for e in found if e.group == group]
    )
    PLAYERS.forget()
    yield found
    PLAYERS.forget()


def test_our_players_keep_their_names_order_and_defaults() -> None:
    assert agent_names(find("tcg")) == ["random", "greedy", "highest", "cautious", "planner",
                                        "ismcts"]  # fmt: skip
    assert agent_names(find("war")) == ["random", "ismcts"]
    assert [default_agent(find(g)) for g in ("tcg", "karata", "war")] == [
        "greedy", "heuristic", "random"
    ]  # fmt: skip


def test_a_plugin_registers_a_player_that_seats_take_by_name(
    plugins: list[EntryPoint],
) -> None:
    plugins.append(EntryPoint("first", "tests.agents.own_players:WAR_ONLY", "cardtable.agents"))
    plugins.append(EntryPoint("Any", "tests.agents.own_players:EVERYWHERE", "cardtable.agents"))
    war, tcg = find("war"), find("tcg")
    assert agent_names(war) == ["random", "ismcts", "any", "first"]
    assert agent_names(tcg)[-1] == "any"
    assert "first" not in agent_names(tcg)
    assert default_agent(war) == "first"  # War's first player of its own
    assert isinstance(make_agent(parse_seats("first")[0], war, Rng(1)), First)
    # a server seats it too, within its limits: it was installed by whoever runs the server
    check_seats(parse_seats("first,any"), war, 2, limits=BUDGET_LIMITS)
    with pytest.raises(UnknownAgent, match="no player called 'first' for Kata TCG"):
        make_agent(parse_seats("first")[0], tcg, Rng(1))
    with pytest.raises(UnknownAgent, match="first has no levels"):
        make_agent(parse_seats("first:hard")[0], war, Rng(1))


def test_a_plugin_player_offers_its_named_levels_where_players_are_listed(
    plugins: list[EntryPoint],
) -> None:
    plugins.append(EntryPoint("deep", "tests.agents.own_players:DEEP", "cardtable.agents"))
    assert agents_for("war")[-2:] == ["deep:easy", "deep:hard"]
    assert make_agent(parse_seats("deep:300")[0], find("war"), Rng(1)).name == "ismcts"
    with pytest.raises(TypeError, match="only a player made by `levels` names levels"):
        ComputerPlayer(make=First, named_levels=("easy",))


def test_a_broken_plugin_is_reported_and_leaves_the_rest_alone(
    plugins: list[EntryPoint],
) -> None:
    plugins.append(EntryPoint("gone", "no_such_module_here:PLAYER", "cardtable.agents"))
    plugins.append(EntryPoint("seven", "tests.agents.own_players:NUMBER", "cardtable.agents"))
    plugins.append(EntryPoint("random", "tests.agents.own_players:EVERYWHERE", "cardtable.agents"))
    assert agent_names(find("war")) == ["random", "ismcts"]
    problems = PLAYERS.problems()
    assert "failed to load (ModuleNotFoundError" in problems["gone"]
    assert problems["seven"].startswith("tests.agents.own_players:NUMBER is not a ComputerPlayer")
    assert problems["random"] == "its name 'random' is taken by a built-in computer player"
    assert extensions.every_problem()["cardtable.agents"] == problems


# -- one's own code, by import path -----------------------------------------------------------


def test_an_import_path_seats_ones_own_agent_with_its_level() -> None:
    specs = parse_seats(f"{OWN}:First, {OWN}:Nth:2, greedy", imports=True)
    assert [spec.text() for spec in specs] == [f"{OWN}:First", f"{OWN}:Nth:2", "greedy"]
    tcg = find("tcg")
    first = make_agent(specs[0], tcg, Rng(1))
    nth = make_agent(specs[1], tcg, Rng(1))
    assert isinstance(first, First)
    assert isinstance(nth, Nth)
    assert nth.place == 2
    result = simulate(tcg, tcg.default_ruleset(), specs[::2], games=4, seed=3)
    assert len(result.matches) == 4
    assert result.agents == (f"{OWN}:First", "greedy")


def test_an_import_path_plays_in_worker_processes_as_in_one() -> None:
    tcg = find("tcg")
    specs = parse_seats(f"{OWN}:First,greedy", imports=True)
    alone = simulate(tcg, tcg.default_ruleset(), specs, games=6, seed=5, workers=1)
    shared = simulate(tcg, tcg.default_ruleset(), specs, games=6, seed=5, workers=2)
    assert alone.matches == shared.matches


def test_a_module_of_the_current_folder_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mine_here.py").write_text(
        "from cardtable.agents import RandomAgent\n\nclass Mine(RandomAgent):\n    name = 'mine'\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.delitem(sys.modules, "mine_here", raising=False)
    agent = make_agent(parse_seats("py:mine_here:Mine", imports=True)[0], find("war"), Rng(1))
    assert agent.name == "mine"
    match = Match(find("war"), find("war").default_ruleset(), seed=1)
    assert agent.decide(match.view(0), match.legal(0)).text() == "turn"
    monkeypatch.delitem(sys.modules, "mine_here")


@pytest.mark.parametrize(
    ("seat", "said"),
    [
        ("py:no_such_module_here:X", "cannot import no_such_module_here (ModuleNotFoundError"),
        (f"{OWN}:Nobody", "tests.agents.own_players has no Nobody"),
        (f"{OWN}:NUMBER", "own_players:NUMBER is a int, not something that makes agents"),
        (f"{OWN}:not_an_agent", "made a str, not a cardtable agent"),
        (f"{OWN}:broken", "failed to make an agent (RuntimeError: the weights file is missing)"),
        (f"{OWN}:WAR_ONLY", "does not play tcg"),
        (f"{OWN}:First:3", "failed to make an agent (TypeError"),
    ],
)
def test_an_import_path_that_cannot_play_says_why(seat: str, said: str) -> None:
    spec = parse_seats(seat, imports=True)[0]
    with pytest.raises(UnknownAgent, match="cannot play: ") as refused:
        make_agent(spec, find("tcg"), Rng(1))
    assert said in refused.value.reason


@pytest.mark.parametrize("seat", ["py:", "py:mod", "py:mod:", "py:1mod:X", "py:mod:X:a b"])
def test_a_malformed_import_path_is_refused_as_it_is_read(seat: str) -> None:
    with pytest.raises(UnknownAgent, match="is not an import path: write py:MODULE:OBJECT"):
        parse_seats(seat, imports=True)


def test_a_server_never_imports_what_a_seat_names() -> None:
    """Without ``imports`` (as every server path reads seats), and under a server's limits,
    an import path is refused before anything is imported."""
    with pytest.raises(UnknownAgent, match="names Python code: only programs on your own"):
        parse_seats("py:os:system")
    spec = parse_seats(f"{OWN}:First", imports=True)[0]
    with pytest.raises(UnknownAgent, match="names Python code, which a server never runs"):
        make_agent(spec, find("war"), Rng(1), limits=BUDGET_LIMITS)
