"""Exact War states for tests and puzzles: every pile in a chosen order.

:func:`scenario` lays out each player's pile (top card first) with the engine's ordinary
building blocks and starts a battle, so the state plays, serialises and determinises like one
reached by playing:

>>> from cardtable.games.war import GAME as game
>>> state = scenario(piles=[["KH", "2C"], ["KS", "3D", "AC"]])
>>> game.decide(state, 0, game.parse_decision("turn"))
>>> game.decide(state, 1, game.parse_decision("turn"))
>>> [event["type"] for event in events(state, None)][-3:]
['turn', 'turn', 'war']
>>> game.decide(state, 0, game.parse_decision("turn"))
>>> game.decide(state, 1, game.parse_decision("turn"))
>>> state.outcome.winners, state.outcome.code, state.outcome.seats
((1,), 'out_of_cards', (0,))
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import CardTextError, PlayingCard, parse_card
from cardtable.engine.json import JsonObject
from cardtable.engine.pools import Pool
from cardtable.engine.rng import Rng
from cardtable.games.war.actions import NO_CARDS, Leave, TakeStock
from cardtable.games.war.cards import WarCard
from cardtable.games.war.config import WarRules
from cardtable.games.war.game import GAME
from cardtable.games.war.state import POOL, WarState

CardSpec = str | int
"""A card's text (``"7H"``) or a strength (a card of that strength, of the first free suit)."""


def scenario(
    *,
    piles: Sequence[Sequence[CardSpec]],
    rules: WarRules | None = None,
    battle: int = 1,
    seed: int = 0,
) -> WarState:
    """A War state with exactly these piles, ready for battle number ``battle``.

    * ``piles``: one list per seat, **top card first** (the first card is turned first). A
      card is its text (``"10H"``, ``"AS"``) or its strength (1 is the deck's lowest rank); a
      strength takes the first suit of that rank not used yet. Each card may appear once.
    * ``rules``: the ruleset (default: the standard game for ``len(piles)`` players); its deck
      must hold every card named.
    * ``battle``: the number of the battle about to start (the turn limit counts battles).
    * ``seed``: the match's generator (for lots and shuffled won cards).

    Players with an empty pile are out. Card ids follow the order of the arguments. The pool
    lists exactly the cards laid out, the journal is on (it holds the set-up's events) and
    nothing is queued. ``ValueError`` says what is wrong with impossible piles.
    """
    book_rules = rules if rules is not None else WarRules(players=max(1, len(piles)))
    if len(piles) != book_rules.players:
        raise ValueError(
            f"piles: give one pile per seat ({book_rules.players} players), got {len(piles)}"
        )
    if battle < 1:
        raise ValueError(f"battle is {battle}: battles are numbered from 1")
    game = GAME
    book = game.rulebook(book_rules)
    deck = [card for card in book.cards.values() if isinstance(card, WarCard)]
    by_key = {card.key: card for card in deck}
    used: set[str] = set()
    layout: list[list[WarCard]] = []
    for seat, pile in enumerate(piles):
        cards = [_card(spec, seat, by_key, deck, used) for spec in pile]
        layout.append(cards)

    state = game.skeleton(book, Rng(seed))
    state.journal = []
    for seat, cards in enumerate(layout):
        zone = state.piles[seat]
        state.create_cards(cards, zone, owner=None, pool=POOL)
        zone.cards.reverse()
    state.pools[POOL] = Pool(
        name=POOL, owner=None, manifest=tuple(card.key for card in state.cards), public=True
    )
    state.turn = battle - 1
    empty = [seat for seat in range(state.seats) if not state.piles[seat].cards]
    state.run(*(Leave(seat, NO_CARDS) for seat in empty), TakeStock())
    return state


def _card(
    spec: CardSpec, seat: int, by_key: dict[str, WarCard], deck: Sequence[WarCard], used: set[str]
) -> WarCard:
    if isinstance(spec, bool) or not isinstance(spec, int | str):
        raise ValueError(f"piles[{seat}]: a card is its text or its strength, got {spec!r}")
    if isinstance(spec, int):
        free = [card for card in deck if card.strength == spec and card.key not in used]
        if not free:
            raise ValueError(f"piles[{seat}]: no card of strength {spec} is left in the deck")
        found = free[0]
    else:
        try:
            card = parse_card(spec)
        except CardTextError as error:
            raise ValueError(f"piles[{seat}]: {error.reason}") from None
        key = card.text if isinstance(card, PlayingCard) else ""
        if key not in by_key:
            raise ValueError(f"piles[{seat}]: the ruleset's deck has no {spec!r}")
        found = by_key[key]
        if found.key in used:
            raise ValueError(f"piles[{seat}]: {found.key} is laid out twice")
    used.add(found.key)
    return found


def events(state: WarState, seat: int | None, since: int = 0) -> list[JsonObject]:
    """The state's journal from entry ``since`` on, as ``seat`` may see it (``None``: a
    spectator); the same stream a :class:`~cardtable.engine.Match` gives for its state."""
    shown = []
    for action in (state.journal or [])[since:]:
        event = action.event(seat)
        if event is not None:
            shown.append(event)
    return shown
