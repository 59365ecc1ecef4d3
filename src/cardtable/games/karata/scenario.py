"""Exact Karata states for tests and puzzles: every hand, the pile and the deck chosen.

:func:`scenario` lays out the cards with the engine's ordinary building blocks and sets the
public data (request, bomb, direction, who is on last card), so the state plays, serialises and
determinises like one reached by playing:

>>> from cardtable.games.karata import GAME as game
>>> state = scenario(hands=[["7S", "7C", "4D"], ["9H", "5H"]], pile=["7H"], deck=["5C", "6C"])
>>> game.decide(state, 0, game.parse_decision("turn 7S 7C"))
>>> state.top, state.active, state.hand_keys(0)
('7C', 1, ('4D',))
>>> game.decide(state, 1, game.parse_decision("pass"))
>>> state.hand_keys(1), [card.key for card in state.deck.cards]
(('9H', '5H', '5C'), ['6C'])
>>> [event["type"] for event in events(state, None)]
['play', 'play', 'finish', 'next', 'pass', 'pick', 'next']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardtable.cards import CardTextError, parse_card
from cardtable.engine.cards import CardDef
from cardtable.engine.json import JsonObject
from cardtable.engine.pools import Pool
from cardtable.engine.rng import Rng
from cardtable.engine.zones import Zone
from cardtable.games.karata.cards import SUITS
from cardtable.games.karata.cards import deck as full_deck
from cardtable.games.karata.config import KarataRules
from cardtable.games.karata.game import GAME
from cardtable.games.karata.state import POOL, KarataState


def scenario(
    *,
    hands: Sequence[Sequence[str]],
    pile: Sequence[str] = ("7H",),
    deck: Sequence[str] | None = None,
    request: str = "",
    bomb: int = 0,
    direction: int = 1,
    active: int = 0,
    declared: Sequence[int] = (),
    out: Sequence[int] = (),
    rules: KarataRules | None = None,
    turn: int = 1,
    seed: int = 0,
) -> KarataState:
    """A Karata state with exactly these cards, ready for ``active`` to build a turn.

    Cards are their keys (``"7H"``, ``"10S"``, ``"AS"``, ``"BJ"``/``"RJ"`` for the jokers);
    each may appear once.

    * ``hands``: one list per seat, oldest card first.
    * ``pile``: the face-up pile, **top card first** (the card the next turn must match);
      at least one card.
    * ``deck``: the deck, **top card first** (the next card picked first). ``None`` (the
      default) puts every card of the 54 not named elsewhere in the deck, shuffled with
      ``seed``; a list makes exactly those cards the deck, and the match has no other cards.
    * ``request``: the active request (a suit letter, a card's key, or ``""``).
    * ``bomb``: the cards the player to act must pick unless they counter or block (0: none);
      never together with a request.
    * ``direction``: 1 (up the seats) or -1 (down); ``active``: the player to act.
    * ``declared``: the seats on last card (declared when finishing their latest turn).
    * ``out``: the seats that left the table (their hands must be empty).
    * ``rules``: the ruleset (default: the standard game for ``len(hands)`` players).
    * ``turn``: the turn counter; ``seed``: the match's generator.

    Card ids follow the order of the arguments: the hands seat by seat, then the pile and the
    deck (top first). The pool lists exactly the cards laid out, the journal is on and empty,
    and nothing is queued. ``ValueError`` says what is wrong with an impossible table.
    """
    players = len(hands)
    book_rules = (
        rules if rules is not None else KarataRules(players=players, max_players=max(4, players))
    )
    if players != book_rules.players:
        raise ValueError(
            f"hands: give one hand per seat ({book_rules.players} players), got {players}"
        )
    if not pile:
        raise ValueError("pile: the pile needs a card on top")
    by_key: dict[str, CardDef] = {card.key: card for card in full_deck()}
    used: set[str] = set()
    hand_cards = [
        [_card(spec, f"hands[{seat}]", by_key, used) for spec in hand]
        for seat, hand in enumerate(hands)
    ]
    pile_cards = [_card(spec, "pile", by_key, used) for spec in pile]
    deck_cards: list[CardDef]
    if deck is None:
        deck_cards = [card for card in full_deck() if card.key not in used]
    else:
        deck_cards = [_card(spec, "deck", by_key, used) for spec in deck]
    _check_public(book_rules, hands, request, bomb, direction, active, declared, out, turn, by_key)

    state = GAME.skeleton(GAME.rulebook(book_rules), Rng(seed))
    state.journal = []
    for seat, cards in enumerate(hand_cards):
        state.create_cards(cards, state.hands[seat], owner=None, pool=POOL)
    _lay_top_first(state, pile_cards, state.pile)
    _lay_top_first(state, deck_cards, state.deck)
    if deck is None:
        state.deck.shuffle(state.rng)
    state.pools[POOL] = Pool(
        name=POOL, owner=None, manifest=tuple(card.key for card in state.cards)
    )
    state.request = request
    state.bomb = bomb
    state.direction = direction
    state.active = active
    state.declared = [seat in declared for seat in range(players)]
    state.out = list(out)
    state.turn = turn
    return state


def events(state: KarataState, seat: int | None, since: int = 0) -> list[JsonObject]:
    """The state's journal (the events its actions returned) from entry ``since`` on, as
    ``seat`` may see it (``None``: a spectator); the same stream a
    :class:`~cardtable.engine.Match` gives for its state."""
    shown = []
    for entry in (state.journal or [])[since:]:
        event = entry.event(seat)
        if event is not None:
            shown.append(event)
    return shown


def _lay_top_first(state: KarataState, cards: Sequence[CardDef], zone: Zone) -> None:
    """Create ``cards`` (top first) in ``zone``, whose top is the end of its list."""
    state.create_cards(cards, zone, owner=None, pool=POOL)
    zone.cards.reverse()


def _card(spec: object, where: str, by_key: Mapping[str, CardDef], used: set[str]) -> CardDef:
    if not isinstance(spec, str):
        raise ValueError(f"{where}: a card is its text (7H, 10S, BJ), got {spec!r}")
    try:
        key = parse_card(spec).text
    except CardTextError as error:
        raise ValueError(f"{where}: {error.reason}") from None
    if key not in by_key:
        raise ValueError(f"{where}: the deck has no {spec!r}")
    if key in used:
        raise ValueError(f"{where}: {key} is laid out twice")
    used.add(key)
    return by_key[key]


def _check_public(
    rules: KarataRules,
    hands: Sequence[Sequence[str]],
    request: str,
    bomb: int,
    direction: int,
    active: int,
    declared: Sequence[int],
    out: Sequence[int],
    turn: int,
    by_key: Mapping[str, CardDef],
) -> None:
    seats = range(rules.players)
    if request and request not in SUITS and request not in by_key:
        raise ValueError(f"request {request!r}: ask for a suit letter (C, D, H, S) or a card")
    if bomb < 0:
        raise ValueError(f"bomb is {bomb}: it cannot be negative")
    if bomb and request:
        raise ValueError("a request and a bomb are never both active")
    if direction not in (1, -1):
        raise ValueError(f"direction is {direction}: it must be 1 or -1")
    for name, listed in (("declared", declared), ("out", out)):
        if any(seat not in seats for seat in listed) or len(set(listed)) != len(listed):
            raise ValueError(f"{name}: each must be a seat of this match, once")
    for seat in out:
        if hands[seat]:
            raise ValueError(f"out: player {seat} left the table, so their hand is empty")
        if seat in declared:
            raise ValueError(f"declared: player {seat} left the table")
    if len(out) >= rules.players - 1:
        raise ValueError("out: at least two players must still be at the table")
    if active not in seats or active in out:
        raise ValueError(f"active is {active}: it must be a seat still at the table")
    if turn < 1:
        raise ValueError(f"turn is {turn}: turns are numbered from 1")
