"""Whatever an event shows a seat stays visible to it: the cards events name, and how.

A seat's events may tell it about a card only if, once the decision (or the set-up) that
made them has been processed, the seat's view still shows that card: face up in a zone the
seat sees, or named in the view's public data. Otherwise the event leaks: it tells the seat
something its view does not, which a determinised world, a player that reads only views, or
a reconnecting client that is sent the view would not know.

For the contract to see which cards an event names, events and public data name cards by
this **convention** (the engine's own events, and War's, Karata's and the Kata TCG's, keep it):

* a **face** is an object with an integer ``"id"`` and a text ``"key"`` (the JSON of a card
  view, or a game's ``CardFace`` shape, with whatever other fields): it shows which card
  that id is. It may sit anywhere, under any field, at any depth;
* a field named ``"card"`` names one card: by its face, by its **key** alone (a text: which
  kind of card, not which one), or by its **id** alone (an integer: which card, not what it
  is); a field named ``"cards"`` holding a list names each of its items so (a ``"cards"``
  field holding an integer is a count, and names nothing);
* a field named ``"target"`` holding ``"#ID"`` names the card of that id (``"p1"`` is a
  seat's hero, not a card).

Any other field names no card, however it looks: a card named elsewhere escapes the
contract. After the decision, in the seat's view,

* a face is still shown if its id lies in a zone the seat sees, or the view's public data
  shows the same face, or names its key (as a key or a face, by the convention above), or
  the key is among the keys made into a pool (``View.made``, known to everybody);
* a key alone is still shown if a card of that key lies in a zone the seat sees, or the
  public data or ``View.made`` name it;
* an id alone is still shown if that card lies in a zone the seat sees, or the public data
  names it by id or face.

>>> event = {"type": "won", "cards": 2, "hits": [{"target": "#7"}, {"target": "p1"}],
...          "card": {"id": 3, "key": "QH", "name": "Queen of Hearts"}}
>>> named_cards(event)
Named(faces={3: 'QH'}, keys=set(), ids={7})
>>> named_cards({"last": [[{"seat": 0, "card": "7S"}], [{"seat": 1, "card": None}]]})
Named(faces={}, keys={'7S'}, ids=set())
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeGuard

from cardtable.agents import RandomAgent
from cardtable.engine import Game, JsonValue, Match, View, view_to_json
from cardtable.simulation import agent_rng
from cardtable.testing.contract import Budget
from cardtable.testing.hidden import seats_and_spectator


@dataclass(slots=True)
class Named:
    """The cards some JSON names: faces (id to key), keys alone and ids alone."""

    faces: dict[int, str] = field(default_factory=dict)
    keys: set[str] = field(default_factory=set)
    ids: set[int] = field(default_factory=set)


def named_cards(value: JsonValue, into: Named | None = None) -> Named:
    """The cards ``value`` (an event, or a view's public data) names, by the convention."""
    found = Named() if into is None else into
    if isinstance(value, dict):
        card_id, key = value.get("id"), value.get("key")
        if _integer(card_id) and isinstance(key, str):
            found.faces[card_id] = key
            return found
        for name, item in value.items():
            if name == "card":
                _one_card(item, found)
            elif name == "cards" and isinstance(item, list):
                for each in item:
                    _one_card(each, found)
            elif name == "target" and isinstance(item, str):
                if item.startswith("#") and item[1:].isdigit():
                    found.ids.add(int(item[1:]))
            else:
                named_cards(item, found)
    elif isinstance(value, list):
        for item in value:
            named_cards(item, found)
    return found


def _integer(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _one_card(value: JsonValue, found: Named) -> None:
    if isinstance(value, str):
        found.keys.add(value)
    elif _integer(value):
        found.ids.add(value)
    else:
        named_cards(value, found)


def unseen(named: Named, view: View[Any]) -> list[str]:
    """What of ``named`` the seat of ``view`` cannot see there (empty: nothing leaks)."""
    visible = {
        card.id: card.key
        for zone in view.zones.values()
        if zone.cards is not None
        for card in zone.cards
    }
    public = named_cards(view_to_json(view)["public"])
    known_keys = public.keys | set(public.faces.values())
    known_keys.update(key for keys in view.made.values() for key in keys)
    missing: list[str] = []
    for card_id, key in sorted(named.faces.items()):
        if visible.get(card_id) == key or public.faces.get(card_id) == key:
            continue
        if key not in known_keys:
            missing.append(f"card #{card_id} ({key})")
    for key in sorted(named.keys - known_keys - set(visible.values())):
        missing.append(f"a card {key}")
    for card_id in sorted(named.ids - visible.keys() - public.faces.keys() - public.ids):
        missing.append(f"card #{card_id}")
    return missing


def _check_events(match: Match[Any], since: int, after: str) -> None:
    for seat in seats_and_spectator(match.state):
        events = match.events(seat, since)
        for event in events:
            named = named_cards(event)
            if not (named.faces or named.keys or named.ids):
                continue
            missing = unseen(named, match.view(seat))
            who = "a spectator" if seat is None else f"seat {seat}"
            them = "it" if len(missing) == 1 else "them"
            assert not missing, (
                f"{who} was shown {', '.join(missing)} in a {event.get('type')!r} event "
                f"{after}, and cannot see {them} afterwards: {event}"
            )


def events_name_only_cards_still_seen(game: Game[Any, Any], ruleset: Any, budget: Budget) -> None:
    """A card an event names to a seat is still visible to that seat once the decision has
    been processed: face up in a zone the seat sees, or named in the view's public data.

    Every event of the set-up and of every decision of random matches is read, for every
    seat and a spectator, by the convention of :mod:`cardtable.testing.naming`."""
    for seed in budget.seeds_of(game, ruleset):
        match: Match[Any] = Match(game, ruleset, seed)
        _check_events(match, 0, f"of the set-up (seed {seed})")
        agents = [RandomAgent(agent_rng(seed, seat)) for seat in range(match.state.seats)]
        played = 0
        while not match.over:
            seat = match.to_act
            assert seat is not None, "a running match must have a seat to act"
            decision = agents[seat].choose(match.legal(seat))
            since = match.journal_length
            match.decide(seat, decision)
            played += 1
            _check_events(match, since, f"of decision {played} (seed {seed}: {decision.text()})")
