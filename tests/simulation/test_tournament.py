"""Whole tournaments of computer players, offline: they complete with a winner, and the same
seed gives the same standings whatever the number of workers."""

from __future__ import annotations

import pytest

from cardtable.agents import parse_seats
from cardtable.games import find
from cardtable.simulation.batch import SimulationError
from cardtable.simulation.tournament import entrant_names, run_tournament, table_seed
from cardtable.simulation.tournament_report import agent_summaries, tournament_json
from cardtable.tournaments.settings import Settings


def test_a_64_player_swiss_of_four_player_karata_tables_completes() -> None:
    karata = find("karata")
    rules = karata.load_ruleset({"players": 4})
    chosen = Settings(format="swiss", rounds=5, seats=4, fewest=3)
    run = run_tournament(
        karata, rules, chosen, parse_seats("heuristic,random"), entrants=64, seed=11, workers=2
    )
    tournament = run.tournament
    assert tournament.over
    assert len(tournament.rounds) == 5
    assert all(len(t.seats) == 4 for r in tournament.rounds for t in r.tables)  # 64 divides
    assert tournament.winner is not None
    assert run.names[tournament.winner] in ("heuristic", "random")
    again = run_tournament(
        karata, rules, chosen, parse_seats("heuristic,random"), entrants=64, seed=11, workers=1
    )
    assert again.tournament.standings() == tournament.standings()
    summary = {s.agent: s for s in agent_summaries(run)}
    assert summary["heuristic"].mean_points > summary["random"].mean_points


def test_a_100_player_knockout_of_the_tcg_completes_with_a_winner() -> None:
    tcg = find("tcg")
    run = run_tournament(
        tcg,
        tcg.default_ruleset(),
        Settings(format="knockout"),
        parse_seats("greedy,random"),
        entrants=100,
        seed=5,
        workers=2,
    )
    sizes = [len(played.tables) for played in run.tournament.rounds]
    assert sizes == [64, 32, 16, 8, 4, 2, 1]  # 128 places: 28 byes in the first round
    assert sum(table.bye for table in run.tournament.rounds[0].tables) == 28
    assert run.tournament.winner is not None
    assert len(run.matches) == 99  # one match for each entrant knocked out
    document = tournament_json(run)
    assert document["winner"] == run.tournament.winner
    standings = document["standings"]
    assert isinstance(standings, list)
    assert len(standings) == 100


def test_entrants_take_the_agents_in_turn_and_tables_their_own_seeds() -> None:
    named = entrant_names(parse_seats("random,greedy"), 5)
    assert [name for name, _ in named] == [
        "random #1",
        "greedy #1",
        "random #2",
        "greedy #2",
        "random #3",
    ]
    assert table_seed(1, 1, 0) != table_seed(1, 2, 0) != table_seed(2, 1, 0)


def test_people_and_tables_the_rules_cannot_seat_are_refused() -> None:
    war, karata = find("war"), find("karata")
    with pytest.raises(SimulationError, match="no people"):
        run_tournament(
            war, war.default_ruleset(), Settings(format="knockout"), parse_seats("human"),
            entrants=4, seed=1,
        )  # fmt: skip
    four = karata.load_ruleset({"players": 4})
    with pytest.raises(SimulationError, match="these rules seat 4 at a table, the tournament 5"):
        run_tournament(
            karata, four, Settings(format="swiss", rounds=2, seats=5), parse_seats("random"),
            entrants=9, seed=1,
        )  # fmt: skip
    blocks = war.load_ruleset({"players": 4, "dealing": "blocks"})  # 52 cards: not in 3
    with pytest.raises(SimulationError, match="cannot seat 3 at a table"):
        run_tournament(
            war, blocks, Settings(format="swiss", rounds=2, seats=4, fewest=3),
            parse_seats("random"), entrants=9, seed=1,
        )  # fmt: skip


def test_a_knockout_final_smaller_than_its_tables_is_played_at_its_size() -> None:
    """Seven at tables of exactly four, two going on: the final seats three (it used to stop
    with a KeyError: the rules were reseated for tables of four only)."""
    karata = find("karata")
    run = run_tournament(
        karata,
        karata.load_ruleset({"players": 4}),
        Settings(format="knockout", seats=4, fewest=4, advance=2),
        parse_seats("heuristic,random"),
        entrants=7,
        seed=1,
    )
    sizes = [[len(table.seats) for table in played.tables] for played in run.tournament.rounds]
    assert sizes[-1] == [3]
    assert run.tournament.winner is not None
