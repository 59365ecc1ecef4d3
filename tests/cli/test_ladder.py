"""``cardtable ladder``: ratings and head-to-head records from the command line."""

from __future__ import annotations

import json
import re

from tests.cli.helpers import invoke


def test_a_ladder_ranks_the_players_and_shows_their_meetings() -> None:
    result = invoke(
        "ladder", "tcg", "--agents", "random,greedy,planner", "--games", "12", "--seed", "2",
        "--workers", "1",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Kata TCG ladder · 3 players · 3 tables of 12 matches · 36 matches · seed 2" in (
        result.output
    )
    assert "Ratings (openskill" in result.output
    assert "Head to head" in result.output
    places = re.findall(r"^\s+([123])\s+(\w+)\s", result.output, re.MULTILINE)
    assert [place for place, _ in places] == ["1", "2", "3"]
    assert sorted(name for _, name in places) == ["greedy", "planner", "random"]


def test_json_output_has_ratings_meetings_and_tables() -> None:
    result = invoke(
        "ladder", "karata", "--players", "3", "--agents", "heuristic,random,random",
        "--games", "3", "--seed", "4", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "karata"
    assert data["agents"] == ["heuristic", "random", "random"]
    assert [table["agents"] for table in data["tables"]] == [["heuristic", "random", "random"]]
    assert {rating["agent"] for rating in data["ratings"]} == {"heuristic", "random"}
    assert sum(rating["matches"] for rating in data["ratings"]) == 9
    assert all(m["meetings"] == 3 for m in data["meetings"])


def test_bad_input_is_refused_in_words() -> None:
    cases = [
        (["ladder", "tcg", "--agents", "greedy"], "needs at least 2 players"),
        (["ladder", "karata", "--players", "3", "--agents", "random,random"], "at least 3"),
        (["ladder", "tcg", "--agents", "greedy,wizard"], "no player called 'wizard'"),
        (["ladder", "tcg", "--agents", "greedy,human"], "no people"),
        (["ladder", "tcg", "--agents", "greedy,random", "--games", "0"], "at least one"),
        (["ladder", "tcg", "--agents", "greedy,random", "--workers", "0"], "--workers"),
        (["ladder", "tcg", "--agents", "greedy,ismcts:huge"], "not a level of ismcts"),
    ]
    for args, words in cases:
        result = invoke(*args)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.output
