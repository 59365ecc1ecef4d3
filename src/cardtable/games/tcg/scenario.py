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

from cardtable.engine.cards import Card, CardDef
from cardtable.engine.json import JsonObject
from cardtable.engine.pools import Pool
from cardtable.engine.rng import Rng
from cardtable.engine.stats import Stat
from cardtable.games.tcg.actions import ATTACKS, AWAKE, LIFE, arrive
from cardtable.games.tcg.cards import TcgCard
from cardtable.games.tcg.config import SEATS, TcgRules
from cardtable.games.tcg.game import GAME
from cardtable.games.tcg.state import TcgState

Cards = Sequence[int | str]
PerSeat = tuple[Cards, Cards]
Places = tuple[Sequence[int], Sequence[int]]
"""Per seat, places on that seat's board (0: the first minion its ``boards`` entry lists)."""
Hurts = tuple[Mapping[int, int], Mapping[int, int]]
"""Per seat, the damage each minion has taken, by its place on that seat's board."""


def scenario(
    *,
    hands: PerSeat = ((), ()),
    decks: PerSeat = ((), ()),
    graveyards: PerSeat = ((), ()),
    boards: PerSeat = ((), ()),
    asleep: Places = ((), ()),
    attacked: Places = ((), ()),
    damaged: Hurts = ({}, {}),
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
    * ``boards``: each seat's minions (the ruleset must have minions on). They are awake,
      ready to attack and at full health, unless one of the next three says otherwise; each
      names minions by their place on their seat's board (0 is the first listed):
    * ``asleep``: the minions that arrived in their owner's latest turn and sleep until the
      owner's next turn begins (``awake`` 0, no attack left), as a minion just played does.
    * ``attacked``: the minions that have attacked in their owner's latest turn: awake, with
      no attack left (``awake`` 1, ``attacks`` 0) until the owner's next turn begins. An asleep
      minion cannot have attacked.
    * ``damaged``: ``{place: damage}``, the damage each minion has taken (its ``life`` is its
      health less that; it must stay above 0: a minion at 0 would have died).
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
    _check_minions(boards, asleep, attacked, damaged, cards_of["boards"])
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
    for seat, board in enumerate(state.boards):
        for place, minion in enumerate(board.cards):
            arrive(state, minion)  # asleep, as a minion just played
            if place not in asleep[seat]:
                _track(state, minion, AWAKE).value = 1
                _track(state, minion, ATTACKS).value = 0 if place in attacked[seat] else 1
            _track(state, minion, LIFE).value -= damaged[seat].get(place, 0)
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
    for entry in (state.journal or [])[since:]:
        event = entry.event(seat)
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


def _check_minions(
    boards: PerSeat,
    asleep: Places,
    attacked: Places,
    damaged: Hurts,
    minions: list[list[TcgCard]],
) -> None:
    """``ValueError`` unless ``asleep``, ``attacked`` and ``damaged`` name minions on the
    boards in states a minion can be in."""
    for name, pair in (("asleep", asleep), ("attacked", attacked), ("damaged", damaged)):
        _check_pair(name, pair)
        for seat, places in enumerate(pair):
            for place in places:
                if isinstance(place, bool) or not isinstance(place, int):
                    raise ValueError(
                        f"{name}[{seat}]: a minion is its place on the board, got {place!r}"
                    )
                if not 0 <= place < len(boards[seat]):
                    raise ValueError(
                        f"{name}[{seat}]: there is no minion {place} on board {seat} (it holds "
                        f"{len(boards[seat])})"
                    )
    for seat in range(SEATS):
        both = sorted(set(asleep[seat]) & set(attacked[seat]))
        if both:
            raise ValueError(
                f"boards[{seat}]: minion {both[0]} cannot be asleep and have attacked: an asleep "
                "minion cannot attack"
            )
        for place, damage in damaged[seat].items():
            health = max(minions[seat][place].health, 1)
            if isinstance(damage, bool) or not isinstance(damage, int) or damage < 0:
                raise ValueError(f"damaged[{seat}]: minion {place} cannot take {damage!r} damage")
            if damage >= health:
                raise ValueError(
                    f"damaged[{seat}]: {damage} damage would kill minion {place} ({health} health)"
                )


def _track(state: TcgState, minion: Card, name: str) -> Stat:
    stat = state.tracked(minion, name)
    assert stat is not None
    return stat


def _check_pair(name: str, pair: Sequence[object]) -> None:
    if len(pair) != SEATS:
        raise ValueError(f"{name}: give one entry per seat (seat 0, seat 1), got {len(pair)}")
