"""``cardtable tournament run``: a whole tournament of computer players from the command line."""

from __future__ import annotations

import json

from tests.cli.helpers import invoke


def test_a_swiss_prints_the_winner_a_summary_and_the_standings() -> None:
    result = invoke(
        "tournament", "run", "war", "--ranks", "5", "--won-cards", "shuffled",
        "--format", "swiss", "--rounds", "3", "--entrants", "6", "--agents", "random",
        "--seed", "4", "--workers", "1",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "War swiss · 6 entrants · 3 rounds" in result.output
    assert "Winner: random #" in result.output
    assert "By computer player" in result.output
    assert "buchholz" in result.output.lower()


def test_json_output_is_one_document_with_every_table() -> None:
    result = invoke(
        "tournament", "run", "karata", "--players", "3", "--format", "knockout",
        "--entrants", "7", "--agents", "heuristic,random", "--seed", "2", "--json",
        "--workers", "1",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["settings"]["format"] == "knockout"
    assert data["settings"]["seats"] == 3
    assert len(data["entrants"]) == 7
    assert data["winner"] in {entrant["id"] for entrant in data["entrants"]}
    assert next(standing["place"] for standing in data["standings"]) == 1
    again = invoke(
        "tournament", "run", "karata", "--players", "3", "--format", "knockout",
        "--entrants", "7", "--agents", "heuristic,random", "--seed", "2", "--json",
        "--workers", "2",
    )  # fmt: skip
    assert json.loads(again.stdout)["standings"] == data["standings"]


def test_bad_options_are_refused_in_words() -> None:
    bad_format = invoke("tournament", "run", "war", "--format", "league", "--agents", "random")
    assert bad_format.exit_code != 0
    assert "--format league: choose one of knockout, swiss, round_robin" in bad_format.output
    people = invoke("tournament", "run", "war", "--agents", "human,random")
    assert people.exit_code != 0
    assert "no people" in people.output
    too_many_rounds = invoke("tournament", "run", "war", "--agents", "random", "--rounds", "99")
    assert too_many_rounds.exit_code != 0
    assert "a Swiss plays 1 to 30 rounds" in too_many_rounds.output
    advance = invoke(
        "tournament", "run", "war", "--agents", "random", "--format", "round_robin",
        "--advance", "2",
    )  # fmt: skip
    assert "only a knockout sends" in advance.output
    assert "Traceback" not in advance.output
