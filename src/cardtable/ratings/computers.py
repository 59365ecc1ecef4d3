"""The computer players' fixed ratings on the people's scale (:mod:`cardtable.ratings.scale`).

In every rated ruleset the ``random`` player is the anchor, at mu ``ANCHOR_AT`` (below a
newcomer's 1500: a newcomer is assumed better than random), and every other computer player
is placed by how it did against it on the offline ladder of that ruleset. The ratings are
measured by ``benchmarks/computer_ratings.py`` and ship as ``computers.json`` beside this
module; they never move.

>>> computer_rating("karata", "standard-3", "random").mu
1000.0
>>> shown = [standing.shown for _, standing in computer_players("karata", "standard-3")]
>>> shown == sorted(shown, reverse=True)
True
>>> computer_rating("karata", "standard-3", "nobody"), computer_players("war", "standard")
(None, [])
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping
from importlib import resources

from cardtable.ratings.scale import Standing

ANCHOR = "random"
"""The computer player every rated ruleset's ratings are anchored to."""
ANCHOR_AT = 1000.0
"""The anchor's mu on the scale."""
RESOURCE = "computers.json"
"""The packaged file of the fixed ratings, beside this module."""

Ratings = dict[str, dict[str, dict[str, Standing]]]
"""Game name -> rated ruleset name -> computer player (``ismcts:hard``) -> its rating."""


def computer_rating(game: str, rated: str, agent: str) -> Standing | None:
    """The fixed rating of computer player ``agent`` (spelt as a room seats it, levels
    spelt out: ``ismcts:hard``) in the rated ruleset ``rated`` of ``game``; ``None`` for a
    game, ruleset or player that has none."""
    return _packaged().get(game, {}).get(rated, {}).get(agent)


def computer_players(game: str, rated: str) -> list[tuple[str, Standing]]:
    """Every computer player rated in the rated ruleset ``rated`` of ``game`` with its
    rating, the highest shown rating first (empty for a game or ruleset that has none)."""
    return by_rating(_packaged().get(game, {}).get(rated, {}))


def by_rating(players: Mapping[str, Standing]) -> list[tuple[str, Standing]]:
    """``players`` with their ratings, the highest shown rating first (then the highest mu,
    then by name)."""
    return sorted(players.items(), key=lambda item: (-item[1].shown, -item[1].mu, item[0]))


def parse(text: str) -> Ratings:
    """The ratings a ``computers.json`` text holds; ``ValueError`` naming the place of
    anything that does not fit.

    >>> parse('{"games": {"war": {}}}')
    {'war': {}}
    >>> parse('{"games": {"tcg": {"standard": {"players": {"random": {"mu": 1}}}}}}')
    Traceback (most recent call last):
    ...
    ValueError: computers.json: games.tcg.standard.players.random.sigma should be a number
    """
    data = json.loads(text)
    games = _object(_object(data, "").get("games"), "games")
    ratings: Ratings = {}
    for game, rulesets in games.items():
        ratings[game] = {}
        for rated, entry in _object(rulesets, f"games.{game}").items():
            where = f"games.{game}.{rated}"
            players = _object(_object(entry, where).get("players"), f"{where}.players")
            ratings[game][rated] = {
                agent: _standing(fields, f"{where}.players.{agent}")
                for agent, fields in players.items()
            }
    return ratings


def _object(value: object, where: str) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise ValueError(f"{RESOURCE}: {where or 'the file'} should be an object")
    return {str(key): item for key, item in value.items()}


def _standing(value: object, where: str) -> Standing:
    fields = _object(value, where)
    matches = fields.get("matches", 0)
    if not isinstance(matches, int) or isinstance(matches, bool) or matches < 0:
        raise ValueError(f"{RESOURCE}: {where}.matches should be a count")
    return Standing(
        mu=_number(fields.get("mu"), f"{where}.mu"),
        sigma=_number(fields.get("sigma"), f"{where}.sigma"),
        matches=matches,
    )


def _number(value: object, where: str) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        raise ValueError(f"{RESOURCE}: {where} should be a number")
    return float(value)


@functools.cache
def _packaged() -> Ratings:
    return parse(resources.files(__package__).joinpath(RESOURCE).read_text(encoding="utf-8"))
