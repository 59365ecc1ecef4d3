"""A server's view message back as the engine's objects, for boards and computer players.

The server sends a seat's view as the engine's JSON (:func:`cardtable.engine.view.view_to_json`)
and its legal decisions as text. Boards and agents work on a :class:`~cardtable.engine.view.View`
and a :class:`~cardtable.engine.decisions.Decisions`, so the client reads both back; nothing
here knows a rule, and the server stays the judge of every decision.

>>> from cardtable.engine import Match
>>> from cardtable.engine.view import view_to_json
>>> from cardtable.games import find
>>> war = find("war")
>>> match = Match(war, war.default_ruleset(), seed=3)
>>> view = match.view(0)
>>> view_from_json(view_to_json(view)) == view
True
>>> legal = decisions_from(war, 0, [d.text() for d in match.legal(0)], None)
>>> [d.text() for d in legal.options] == [d.text() for d in match.legal(0).options]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.cards import Component
from cardtable.engine.decisions import Concede, Decision, Decisions
from cardtable.engine.game import Game
from cardtable.engine.json import (
    JsonValue,
    as_int,
    as_list,
    as_object,
    as_optional_int,
    as_optional_str,
    as_str,
)
from cardtable.engine.outcome import Outcome
from cardtable.engine.view import CardView, View, ZoneView


def view_from_json(value: JsonValue) -> View[Any]:
    """The :class:`View` whose JSON form is ``value`` (``RecordError`` names a bad field).

    The game's public part stays JSON, as every board and agent reads it.
    """
    data = as_object(value, "view")
    zones = {name: _zone(zone) for name, zone in as_object(data.get("zones"), "view zones").items()}
    outcome = data.get("outcome")
    return View(
        game=as_str(data.get("game"), "view game"),
        seat=as_optional_int(data.get("seat"), "view seat"),
        version=as_int(data.get("version"), "view version"),
        turn=as_int(data.get("turn"), "view turn"),
        active=as_int(data.get("active"), "view active"),
        to_act=as_optional_int(data.get("to_act"), "view to_act"),
        outcome=None if outcome is None else Outcome.from_json(outcome),
        next_id=as_int(data.get("next_id"), "view next_id"),
        zones=zones,
        pools=_keys(data.get("pools", {}), "pools"),
        public=data.get("public"),
        made=_keys(data.get("made", {}), "made"),
    )


def _keys(value: JsonValue, what: str) -> dict[str, tuple[str, ...]]:
    """Card keys by pool (a view's ``pools`` and ``made``)."""
    return {
        name: tuple(as_str(key, f"{what} key") for key in as_list(keys, what))
        for name, keys in as_object(value, f"view {what}").items()
    }


def _zone(value: JsonValue) -> ZoneView:
    data = as_object(value, "zone")
    cards = data.get("cards")
    return ZoneView(
        name=as_str(data.get("name"), "zone name"),
        kind=as_str(data.get("kind"), "zone kind"),
        owner=as_optional_int(data.get("owner"), "zone owner"),
        visibility=as_str(data.get("visibility"), "zone visibility"),
        pool=as_optional_str(data.get("pool"), "zone pool"),
        size=as_int(data.get("size"), "zone size"),
        cards=None if cards is None else tuple(_card(card) for card in as_list(cards, "cards")),
    )


def _card(value: JsonValue) -> CardView:
    data = as_object(value, "card")
    live = data.get("live")
    stats = as_object(data.get("stats", {}), "card stats")
    return CardView(
        id=as_int(data.get("id"), "card id"),
        key=as_str(data.get("key"), "card key"),
        name=as_str(data.get("name"), "card name"),
        owner=as_optional_int(data.get("owner"), "card owner"),
        pool=as_optional_str(data.get("pool"), "card pool"),
        stats={name: as_int(amount, "card stat") for name, amount in stats.items()},
        components=tuple(
            Component.from_json(item) for item in as_list(data.get("components", []), "components")
        ),
        live=None if live is None else _live(live),
    )


def _live(value: JsonValue) -> dict[str, tuple[int, int]]:
    found = {}
    for name, pair in as_object(value, "card live stats").items():
        base, current = as_list(pair, "live stat")
        found[name] = (as_int(base, "live base"), as_int(current, "live value"))
    return found


def decisions_from(
    game: Game[Any, Any], seat: int, legal: Sequence[str], default: str | None
) -> Decisions:
    """The :class:`Decisions` a view message's ``legal`` texts stand for.

    Conceding is not one of the moves: it is offered when ``concede`` is in ``legal``.
    """
    parsed: list[Decision] = [game.parse_decision(text) for text in legal]
    moves = tuple(decision for decision in parsed if not isinstance(decision, Concede))
    return Decisions(
        seat,
        moves,
        None if default is None else game.parse_decision(default),
        can_concede=len(moves) < len(parsed),
    )
