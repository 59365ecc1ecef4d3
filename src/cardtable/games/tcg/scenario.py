"""Exact Kata TCG states for tests and puzzles: every card, health and mana point chosen.

:func:`scenario` builds a state in the middle of a match from plain numbers (a card is given by
its id in the ruleset's pool, or by a number N for the classic card ``dN`` that costs N) with
the engine's ordinary building blocks, so the state plays, serialises and determinises like one
reached by playing:

>>> from cardtable.games.tcg import GAME as game
>>> state = scenario(hands=([3, 5], [1]), decks=([2, 4], [0]), health=(30, 4), slots=(5, 4))
>>> [card.id for card in state.hands[0].cards]
[0, 1]
>>> game.decide(state, 0, game.parse_decision("play #0"))
>>> state.heroes[1].life.value, state.heroes[0].mana.value
(1, 2)
>>> game.decide(state, 0, game.parse_decision("end"))
>>> state.active, state.heroes[1].mana.value, [c.printed("cost") for c in state.hands[1].cards]
(1, 5, [1, 0])
>>> [event["type"] for event in events(state, None)][:3]
['play', 'damage', 'turn_ended']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardtable.engine.cards import CardDef
from cardtable.engine.json import JsonObject
from cardtable.engine.pools import Pool
from cardtable.engine.rng import Rng
from cardtable.games.tcg.actions import ATTACKS, AWAKE, arrive
from cardtable.games.tcg.cards import TcgCard
from cardtable.games.tcg.config import SEATS, TcgRules
from cardtable.games.tcg.game import GAME
from cardtable.games.tcg.state import TcgState

Cards = Sequence[int | str]
PerSeat = tuple[Cards, Cards]


def scenario(
    *,
    hands: PerSeat = ((), ()),
    decks: PerSeat = ((), ()),
    graveyards: PerSeat = ((), ()),
    boards: PerSeat = ((), ()),
    health: tuple[int, int] | None = None,
    slots: tuple[int, int] = (0, 0),
    mana: tuple[int, int] | None = None,
    active: int = 0,
    turn: int = 1,
    rules: TcgRules | None = None,
    seed: int = 0,
) -> TcgState:
    """A Kata TCG state with exactly these cards and numbers, ready for ``active`` to decide.

    Every ``(seat 0, seat 1)`` pair lists cards: ids of the ruleset's pool, or numbers N for
    the classic cards ``dN``.

    * ``hands``: the cards in each hand, oldest first (at most the ruleset's hand limit).
    * ``decks``: each deck from the **bottom to the top**: the *last* card is drawn first.
    * ``graveyards``: each graveyard from the bottom to the top.
    * ``boards``: each seat's minions, awake, ready to attack and at full health (the ruleset
      must have minions on).
    * ``health``: each hero's health (default: the ruleset's starting health, which stays the
      base). It must be at least 1: a hero at 0 or below would already have lost.
    * ``slots``: each hero's mana slots (0 to the ruleset's cap).
    * ``mana``: the mana each hero has left this turn (default: every slot full).
    * ``active``: whose turn it is; ``turn``: the turn counter.
    * ``rules``: the ruleset (default: the core game's); ``seed``: the match's generator.

    Card ids follow the order of the arguments: seat 0's hand, seat 1's hand, then both decks
    (seat 0's, then seat 1's, bottom to top), then both graveyards, then both boards. The
    state's pools list the cards each seat really has (public unless the rules close deck
    lists), the journal is on and nothing is queued. ``ValueError`` says what is wrong with
    impossible numbers.
    """
    book_rules = rules if rules is not None else TcgRules()
    book = GAME.rulebook(book_rules)
    places = (("hands", hands), ("decks", decks), ("graveyards", graveyards), ("boards", boards))
    cards_of: dict[str, list[list[TcgCard]]] = {}
    for name, pair in places:
        _check_pair(name, pair)
        cards_of[name] = [
            [_card(book.cards, name, seat, card) for card in listed]
            for seat, listed in enumerate(pair)
        ]
    if any(boards) and not book_rules.minions:
        raise ValueError("boards: these rules have no minions (set minions=True)")
    for seat, listed in enumerate(boards):
        if len(listed) > book_rules.board_size:
            raise ValueError(
                f"boards[{seat}]: {len(listed)} minions, but a board holds at most "
                f"{book_rules.board_size}"
            )
    for seat, costs in enumerate(hands):
        if len(costs) > book_rules.hand_limit:
            raise ValueError(
                f"hands[{seat}]: {len(costs)} cards, but a hand holds at most "
                f"{book_rules.hand_limit}"
            )
    lives = health if health is not None else (book_rules.starting_health,) * SEATS
    _check_pair("health", lives)
    for seat, life in enumerate(lives):
        if life < 1:
            raise ValueError(f"health[{seat}] is {life}: a hero at 0 or below has already lost")
    _check_pair("slots", slots)
    for seat, count in enumerate(slots):
        if not 0 <= count <= book_rules.mana_slot_cap:
            raise ValueError(
                f"slots[{seat}] is {count}: slots go from 0 to {book_rules.mana_slot_cap}"
            )
    left = mana if mana is not None else slots
    _check_pair("mana", left)
    for seat, (count, available) in enumerate(zip(slots, left, strict=True)):
        if not 0 <= available <= count:
            raise ValueError(f"mana[{seat}] is {available}: it must be 0 to the {count} slot(s)")
    if active not in range(SEATS):
        raise ValueError(f"active is {active}: it must be 0 or 1")
    if turn < 0:
        raise ValueError(f"turn is {turn}: it cannot be negative")

    state = GAME.skeleton(book, Rng(seed))
    state.journal = []
    for name, zones in (
        ("hands", state.hands),
        ("decks", state.decks),
        ("graveyards", state.graveyards),
        ("boards", state.boards),
    ):
        for seat, zone in enumerate(zones):
            state.create_cards(cards_of[name][seat], zone, owner=seat, pool=f"p{seat}")
    for board in state.boards:
        for minion in board.cards:
            arrive(state, minion)
            for name in (AWAKE, ATTACKS):
                ready = state.tracked(minion, name)
                assert ready is not None
                ready.value = ready.base
    for seat in range(SEATS):
        pool = f"p{seat}"
        owned = sorted(
            (card for card in state.cards if card.owner == seat), key=lambda c: c.printed("cost")
        )
        state.pools[pool] = Pool(
            name=pool,
            owner=seat,
            manifest=tuple(card.key for card in owned),
            public=book_rules.open_decklists,
        )
        hero = state.heroes[seat]
        hero.life.value = lives[seat]
        hero.mana.base = slots[seat]
        hero.mana.value = left[seat]
    state.active = active
    state.turn = turn
    return state


def events(state: TcgState, seat: int | None, since: int = 0) -> list[JsonObject]:
    """The state's journal from entry ``since`` on, as ``seat`` may see it (``None``: a
    spectator); the same stream a :class:`~cardtable.engine.Match` gives for its state."""
    shown = []
    for action in (state.journal or [])[since:]:
        event = action.event(seat)
        if event is not None:
            shown.append(event)
    return shown


def _card(known: Mapping[str, CardDef], name: str, seat: int, card: object) -> TcgCard:
    """The definition a scenario argument names: a card id, or N for the classic ``dN``."""
    if isinstance(card, bool) or not isinstance(card, int | str):
        raise ValueError(f"{name}[{seat}]: a card is an id or a classic cost, got {card!r}")
    key = f"d{card}" if isinstance(card, int) else card
    if key not in known:
        raise ValueError(f"{name}[{seat}]: no card {key!r} in the pool of these rules")
    definition = known[key]
    assert isinstance(definition, TcgCard)
    return definition


def _check_pair(name: str, pair: Sequence[object]) -> None:
    if len(pair) != SEATS:
        raise ValueError(f"{name}: give one entry per seat (seat 0, seat 1), got {len(pair)}")
