"""The computer players' fixed ratings: every rated ruleset of every game, every player a room
may seat, anchored at ``random``, and read into typed ratings."""

from __future__ import annotations

from importlib import resources

import pytest

from cardtable.games import find, names
from cardtable.ratings.computers import (
    ANCHOR,
    ANCHOR_AT,
    RESOURCE,
    computer_players,
    computer_rating,
    parse,
)
from cardtable.ratings.scale import Standing
from cardtable.server.web import agents_for

RATED = [(game, rated.name) for game in names() for rated in find(game).rated_rulesets()]


def packaged() -> str:
    return resources.files("cardtable.ratings").joinpath(RESOURCE).read_text(encoding="utf-8")


def test_the_file_rates_every_rated_ruleset_and_no_other() -> None:
    ratings = parse(packaged())
    assert sorted((game, rated) for game in ratings for rated in ratings[game]) == sorted(RATED)


@pytest.mark.parametrize(("game", "rated"), RATED)
def test_every_player_a_room_may_seat_is_rated(game: str, rated: str) -> None:
    assert {name for name, _ in computer_players(game, rated)} == set(agents_for(game))


@pytest.mark.parametrize(("game", "rated"), RATED)
def test_random_is_the_anchor(game: str, rated: str) -> None:
    anchor = computer_rating(game, rated, ANCHOR)
    assert anchor is not None
    assert anchor.mu == ANCHOR_AT
    assert anchor.mu < Standing.new().mu  # a newcomer is assumed better than random


@pytest.mark.parametrize(("game", "rated"), RATED)
def test_the_medium_search_is_measured_above_random(game: str, rated: str) -> None:
    medium, anchor = (computer_rating(game, rated, name) for name in ("ismcts:medium", ANCHOR))
    assert medium is not None
    assert anchor is not None
    assert medium.mu > anchor.mu
    assert medium.matches > 0


@pytest.mark.parametrize(("game", "rated"), RATED)
def test_the_players_come_typed_and_best_first(game: str, rated: str) -> None:
    players = computer_players(game, rated)
    for name, standing in players:
        assert isinstance(name, str)
        assert isinstance(standing, Standing)
        assert type(standing.mu) is float
        assert type(standing.sigma) is float
        assert type(standing.matches) is int
        assert standing.sigma > 0
        assert computer_rating(game, rated, name) == standing
    shown = [standing.shown for _, standing in players]
    assert shown == sorted(shown, reverse=True)


@pytest.mark.parametrize(
    ("game", "rated"),
    [
        ("war", "standard"),  # War rates no ruleset
        ("karata", "standard"),  # Karata's are one per table size
        ("chess", "standard"),
        ("", ""),
    ],
)
def test_a_ruleset_not_rated_has_no_players(game: str, rated: str) -> None:
    assert computer_players(game, rated) == []
    assert computer_rating(game, rated, ANCHOR) is None


@pytest.mark.parametrize("agent", ["greedy", "Random", "ismcts", "ismcts:9", "human", ""])
def test_a_player_not_rated_has_no_rating(agent: str) -> None:
    assert computer_rating("karata", "standard-2", agent) is None


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[]", "the file should be an object"),
        ("{}", "games should be an object"),
        ('{"games": {"tcg": []}}', "games.tcg should be an object"),
        ('{"games": {"tcg": {"standard": {}}}}', "games.tcg.standard.players should be"),
        ('{"games": {"tcg": {"standard": {"players": {"random": {"mu": "1000", "sigma": 1}}}}}}',
         "players.random.mu should be a number"),
        ('{"games": {"tcg": {"standard": {"players": {"random": {"mu": 1, "sigma": NaN}}}}}}',
         "players.random.sigma should be a number"),
        ('{"games": {"tcg": {"standard": {"players": {"random": {"mu": 1, "sigma": 1, '
         '"matches": -1}}}}}}', "players.random.matches should be a count"),
    ],
)  # fmt: skip
def test_a_file_that_does_not_fit_is_refused_by_name(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        parse(text)
