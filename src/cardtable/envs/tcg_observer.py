"""The Kata TCG's observations, written in place: each seat's last observation is kept and
only the parts whose sources changed are written again.

For each seat the observer keeps the ``float32`` array it wrote last and what each part was
made from: each hero's numbers, the cards of your hand and of each graveyard (a sight's cards
are immutable, so the same cards in the same order are the same part; a view's card views
compare by value).
A part is written again only when its source differs, and an observation is a copy of the
array. A hero's part is made from its numbers, each number's bytes worked out ahead per value
(:mod:`cardtable.envs.tcg_layout`). A graveyard's part comes from its code, kept up to date
as cards are put on top; what your deck still holds from your deck list and the code of your
cards seen (in your hand, on the boards, in the graveyards), made once per code.

A sight is read through the game's digest of it (``Sight.digest``: the seat's hand, both
graveyards, its deck list and the heroes' numbers in one call); a view, zone by zone. Where
cardtable was built with its compiled module, a digest of a ruleset without boards whose
cards all look as printed (most observations) is written by the compiled core
(:mod:`cardtable.envs.tcg_native`) into its own arrays, the same numbers bit for bit, in half
the time (the digest's reading included); everything else is written here.
Everything is read from the seat's sight or view alone, so nothing hidden can get in: what
is kept between observations is only what earlier sights showed the same seat, and every
part is checked against its source at every observation.

>>> from cardtable.engine import Match
>>> from cardtable.games.tcg.config import TcgRules
>>> from cardtable.games.tcg.game import GAME
>>> from cardtable.envs.tcg import TcgEncoding
>>> encoding = TcgEncoding(TcgRules())
>>> match = Match(GAME, encoding.rules, seed=3)
>>> observation = encoding.observe(GAME.sight(match.state, 0))
>>> observation.shape, float(observation[0])
((113,), 1.0)
>>> bool((observation == encoding.observe(match.view(0))).all())
True
"""

from __future__ import annotations

import importlib
import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from cardtable.engine.sight import Face, Seen, Sight
from cardtable.engine.view import CardView
from cardtable.envs.encoding import EncodingError, Observation, unit
from cardtable.envs.tcg_layout import HAND_STATS, HERO_NUMBERS, MINION_STATS, Layout
from cardtable.games.tcg.facts import TcgFacts, facts_of

if TYPE_CHECKING:
    from cardtable.envs.tcg_native import NativeObserver

_LIMIT = 16_384
"""How many graveyards', decks' and cards' entries an observer remembers before it starts
afresh."""
_UNSEEN = object()
"""A memo's deck list before its first observation."""
_KEY = operator.attrgetter("key")
_HEROES_BYTES = 2 * 4 * HERO_NUMBERS
_GETITEM = operator.getitem
_Read = tuple[
    Sequence[Face], Sequence[Face], Sequence[Face], tuple[str, ...] | None, bool, tuple[int, ...]
]
"""What an observation is made from: your hand, your graveyard and the other, your deck list,
whether every card looks as printed, and the heroes' numbers (a
:class:`~cardtable.games.tcg.facts.TcgDigest`'s fields)."""


def compiled() -> bool:
    """Whether the compiled core (:mod:`cardtable.envs.tcg_native`) was built and loads."""
    try:
        importlib.import_module("cardtable.envs.tcg_native")
    except ImportError:  # installed without a C compiler
        return False
    return True


class _Memo:
    """One seat's last observation and what its parts were made from (``None``: make the
    part afresh next time)."""

    __slots__ = (
        "array",
        "board_own",
        "boards",
        "deck",
        "decks",
        "grave_codes",
        "graves",
        "hand",
        "hand_own",
        "heroes",
        "manifest",
        "out",
        "owned",
        "tables",
    )

    def __init__(self, size: int) -> None:
        self.array = np.zeros(size, np.float32)
        self.out = memoryview(self.array.data).cast("B")
        """The array's bytes, written part by part."""
        self.heroes: tuple[int, ...] | None = None
        """The numbers of your hero and of the other that their parts were made from."""
        self.hand: Sequence[Face] | None = None
        self.hand_own = 0
        """The code of your own cards in your hand."""
        self.boards: list[Sequence[Face] | None] = [None, None]
        self.board_own = [0, 0]
        self.graves: list[Sequence[Face] | None] = [None, None]
        self.grave_codes = [(0, 0), (0, 0)]
        """Each graveyard's code, and the code of your own cards in it."""
        self.owned: dict[Any, int] = {}
        """Each card seen by this seat: its weight when it is of the seat's deck list, else
        0."""
        self.manifest: object = _UNSEEN
        self.tables: list[list[bytes]] = []
        self.decks: dict[int, bytes] = {}
        self.deck: int | None = None
        """The code of your cards seen that the deck part was made from."""


class TcgObserver:
    """Writes the observations of the seats of one ruleset (see the module). An observer
    serves one thread at a time, as an environment does. ``native`` says whether the compiled
    core writes the cases it takes (rulesets without boards): where it is built (``None``,
    the default), yes (``True``: ``ImportError`` where it is not built) or no (``False``)."""

    def __init__(self, layout: Layout, native: bool | None = None) -> None:
        self.layout = layout
        self.native: NativeObserver | None = None
        """The compiled core writing this ruleset's common observations, if any."""
        if native is not False and not layout.board and (native or compiled()):
            from cardtable.envs.tcg_native import NativeObserver

            self.native = NativeObserver(layout)
        self._memos = [_Memo(layout.size) for _ in range(2)]
        self._graves: dict[int, bytes] = {}
        self._decks: dict[tuple[str, ...], dict[int, bytes]] = {}
        self._shown = [
            (f"hand:{seat}", f"graveyard:{seat}", f"graveyard:{1 - seat}") for seat in range(2)
        ]
        """The zones each seat sees whole: its hand, its graveyard, the other one."""
        self._counted = [
            (f"deck:{seat}", f"hand:{1 - seat}", f"deck:{1 - seat}") for seat in range(2)
        ]
        """The zones each seat counts: its deck, the other hand and deck."""
        self._boards = [f"board:{seat}" for seat in range(2)]
        self._pools = [f"p{seat}" for seat in range(2)]
        at = 4 * layout.hand_at
        self._hand_bytes = slice(at, at + 4 * layout.hand * layout.hand_width)
        at, width = 4 * layout.graves_at, 4 * layout.pool
        self._grave_bytes = [slice(at, at + width), slice(at + width, at + 2 * width)]
        self._deck_bytes = slice(4 * layout.deck_at, 4 * layout.size)
        self._printed = layout.printed.__getitem__
        self._weight = layout.weights.__getitem__
        self._hero_tables = layout.hero_tables * 2
        """Each of the heroes' sixteen numbers' bytes by value (yours, then the other's)."""

    def observe(self, seen: Seen) -> Observation:
        """A new observation of what ``seen`` (a sight or a view of a seat) shows."""
        seat = seen.seat
        if seat is None:
            raise EncodingError("observations are for seats, not spectators")
        found: _Read | None = seen.digest() if isinstance(seen, Sight) else None
        if found is None:
            found = self._read(seen, seat)
        elif self.native is not None:
            made = self.native.observe(found, seat)
            if made is not None:
                return made
        hand, mine, theirs, manifest, plain, numbers = found
        if not plain:  # some card of the match is changed: is one in your hand?
            plain = seen.plain(hand)
        memo = self._memos[seat]
        layout = self.layout
        out = memo.out
        if numbers != memo.heroes:
            try:
                out[:_HEROES_BYTES] = b"".join(map(_GETITEM, self._hero_tables, numbers))
            except KeyError:  # a number beyond the tables
                out[:_HEROES_BYTES] = layout.hero(numbers[:HERO_NUMBERS]) + layout.hero(
                    numbers[HERO_NUMBERS:]
                )
            memo.heroes = numbers
        if not plain or hand != memo.hand:
            memo.hand = None
            if plain and len(hand) <= layout.hand:  # each card's numbers as printed: bytes
                out[self._hand_bytes] = b"".join(
                    [*map(self._printed, map(_KEY, hand)), layout.empty_slots[len(hand)]]
                )
            else:
                out[self._hand_bytes] = self._hand(seen, hand)
            memo.hand_own = self._owned(memo, hand, seat)
            memo.hand = hand if plain else None
        if layout.board:
            self._write_boards(seen, memo, seat)
        if mine != memo.graves[0]:
            self._write_graveyard(memo, 0, mine, seat)
        if theirs != memo.graves[1]:
            self._write_graveyard(memo, 1, theirs, seat)
        if manifest is not memo.manifest:
            self._new_manifest(memo, manifest)
        codes = memo.grave_codes
        seen_code = memo.hand_own + codes[0][1] + codes[1][1]
        if layout.board:
            seen_code += memo.board_own[0] + memo.board_own[1]
        if seen_code != memo.deck:
            part = memo.decks.get(seen_code)
            if part is None:
                part = self._deck(memo, seen_code)
            out[self._deck_bytes] = part
            memo.deck = seen_code
        return memo.array.copy()

    def _read(self, seen: Seen, seat: int) -> _Read:
        """What a digest holds, read from the zones and the facts of a view (or of a sight
        whose game offers no digest); whether the cards look as printed is left to ask."""
        hand, mine, theirs = seen.faces_of(self._shown[seat])
        deck, held, other_deck = seen.sizes(self._counted[seat])
        facts: TcgFacts = seen.facts() if isinstance(seen, Sight) else facts_of(seen.public)
        life, slots, mana, attack, discounts = (
            facts.life,
            facts.slots,
            facts.mana,
            facts.attack,
            facts.discounts,
        )
        other = 1 - seat
        numbers = (
            life[seat],
            slots[seat],
            mana[seat],
            attack[seat],
            len(hand),
            deck,
            len(mine),
            discounts[seat],
            life[other],
            slots[other],
            mana[other],
            attack[other],
            held,
            other_deck,
            len(theirs),
            discounts[other],
        )
        return hand, mine, theirs, seen.manifest(self._pools[seat]), False, numbers

    def _owned(self, memo: _Memo, cards: Sequence[Face], seat: int) -> int:
        """The code of the cards of ``seat``'s deck list among ``cards``."""
        owned = memo.owned
        try:
            return sum(map(owned.__getitem__, cards))
        except (KeyError, TypeError):  # a card not met yet, or unhashable card views
            pass
        own = self._pools[seat]
        weight = self._weight
        code = 0
        for card in cards:
            mine = weight(card.key) if card.pool == own else 0
            code += mine
            if not isinstance(card, CardView):
                if len(owned) >= _LIMIT:
                    owned.clear()
                owned[card] = mine
        return code

    def _hand(self, seen: Seen, hand: Sequence[Face]) -> bytes:
        """Your hand's part, the cards as they look now (some not as printed)."""
        layout = self.layout
        row = [0.0] * (layout.hand * layout.hand_width)
        for slot, card in enumerate(hand[: layout.hand]):
            self._card(row, slot * layout.hand_width, seen.looks(card), HAND_STATS)
        return layout.pack_hand(*row)

    def _write_boards(self, seen: Seen, memo: _Memo, seat: int) -> None:
        layout = self.layout
        width = 4 * layout.board * layout.minion_width
        for index, who in enumerate((seat, 1 - seat)):
            board = seen.faces(self._boards[who])
            plain = seen.plain(board)
            if plain and board == memo.boards[index]:
                continue
            memo.boards[index] = None
            row = [0.0] * (layout.board * layout.minion_width)
            for slot, card in enumerate(board[: layout.board]):
                self._card(row, slot * layout.minion_width, seen.looks(card), MINION_STATS)
            start = 4 * layout.board_at + index * width
            memo.out[start : start + width] = layout.pack_board(*row)
            memo.board_own[index] = self._owned(memo, board, seat)
            memo.boards[index] = board if plain else None

    def _write_graveyard(self, memo: _Memo, index: int, grave: Sequence[Face], seat: int) -> None:
        """Write a graveyard's part from its code: that of its cards last seen plus the cards
        put on top since, or counted afresh."""
        before = memo.graves[index]
        memo.graves[index] = None
        every = mine = 0
        new = grave
        if before is not None and len(grave) > len(before) and grave[: len(before)] == before:
            every, mine = memo.grave_codes[index]
            new = grave[len(before) :]
        every += sum(map(self._weight, map(_KEY, new)))
        mine += self._owned(memo, new, seat)
        part = self._graves.get(every)
        if part is None:
            part = self.layout.graveyard(every)
            if len(self._graves) >= _LIMIT:
                self._graves.clear()
            self._graves[every] = part
        memo.out[self._grave_bytes[index]] = part
        memo.grave_codes[index] = (every, mine)
        memo.graves[index] = grave

    def _new_manifest(self, memo: _Memo, manifest: tuple[str, ...] | None) -> None:
        """Your deck list is another (a new match): its deck parts, remembered per list."""
        memo.manifest = manifest
        memo.deck = None
        memo.tables = self.layout.deck_tables(manifest)
        memo.decks = {} if manifest is None else self._decks.setdefault(manifest, {})

    def _deck(self, memo: _Memo, seen_code: int) -> bytes:
        """What your deck still holds, made and remembered for your deck list."""
        part = self.layout.deck(memo.tables, seen_code)
        if len(memo.decks) >= _LIMIT:
            memo.decks.clear()
        memo.decks[seen_code] = part
        return part

    def _card(
        self, out: list[float], at: int, card: CardView, stats: tuple[tuple[str, float], ...]
    ) -> None:
        keys = self.layout.keys
        out[at] = 1.0
        out[at + 1 + keys[card.key]] = 1.0
        at += 1 + len(keys)
        values: dict[str, Any] = card.stats
        for offset, (name, top) in enumerate(stats):
            out[at + offset] = unit(values.get(name, 0) / top)
