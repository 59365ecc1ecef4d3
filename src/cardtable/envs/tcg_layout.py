"""Where each part of a Kata TCG observation lies, and the bytes worked out ahead for it.

The observation (see :mod:`cardtable.envs.tcg`) is ``float32`` numbers: 8 for each hero,
then your hand's slots, the boards' slots, both graveyards and your deck. Most of what goes
into it is known before a match starts: a card's numbers in a hand slot as printed, each
hero number's bytes for every value it usually takes, a zone's **code** (one integer adding
up a weight per card of the pool, ``1 << (32 * index)``, whose bytes are its counts).

>>> from cardtable.games.tcg.config import TcgRules
>>> layout = Layout(TcgRules())
>>> layout.hand_at, layout.graves_at, layout.deck_at, layout.size
(16, 86, 104, 113)
>>> code = 2 * layout.weights["d1"] + layout.weights["d8"]
>>> list(layout.counts(code))
[0, 2, 0, 0, 0, 0, 0, 0, 1]
>>> struct.unpack("=f", layout.hero_tables[0][15])[0]  # life 15 of 30
0.5
"""

from __future__ import annotations

import operator
import struct
import sys
from collections.abc import Sequence

from cardtable.envs.encoding import unit
from cardtable.games.tcg.cards import TcgCard
from cardtable.games.tcg.config import TcgRules

HERO_NUMBERS = 8
"""Each hero's numbers: life, mana slots, mana, attack, hand, deck and graveyard sizes,
discount."""
HAND_STATS = (("cost", 10.0), ("damage", 10.0), ("heal", 10.0), ("draw", 5.0))
"""A hand slot's stats, each out of the number beside it."""
MINION_STATS = (
    ("attack", 10.0),
    ("life", 10.0),
    ("shield", 1.0),
    ("awake", 1.0),
    ("attacks", 1.0),
)
"""A board slot's stats, each out of the number beside it."""
CODE_BITS = 32
"""Bits per pool card in a zone's code (an unsigned 32-bit count each, read back all at once
from the code's bytes)."""
_GETITEM = operator.getitem
TABLE_RANGE = range(-64, 256)
"""The values of a hero number whose bytes are worked out ahead (others are packed when
met)."""


class Layout:
    """The observation's layout under one ruleset (see the module)."""

    def __init__(self, rules: TcgRules) -> None:
        definitions = [spec.definition() for spec in rules.cards]
        self.keys = {card.key: index for index, card in enumerate(definitions)}
        """Each card of the pool by key: its index."""
        self.hand = rules.hand_limit
        self.board = rules.board_size if rules.minions else 0
        pool = len(self.keys)
        self.pool = pool
        self.hand_at = 2 * HERO_NUMBERS
        self.hand_width = 1 + pool + len(HAND_STATS)
        self.board_at = self.hand_at + self.hand * self.hand_width
        self.minion_width = 1 + pool + len(MINION_STATS)
        self.graves_at = self.board_at + 2 * self.board * self.minion_width
        self.deck_at = self.graves_at + 2 * pool
        self.size = self.deck_at + pool
        self.step = 1.0 / rules.copies_limit
        """One copy's share of a card's numbers in a graveyard or a deck."""
        self.scale = [
            1 / top
            for top in (
                rules.starting_health,
                rules.mana_slot_cap,
                rules.mana_slot_cap,
                10,
                rules.hand_limit,
                rules.deck_size,
                rules.deck_size,
                5,
            )
        ]
        """What each hero number is multiplied by (it is out of the rule or number shown)."""
        one = struct.Struct("=f").pack
        self.hero_tables = [
            {value: one(unit(value * share)) for value in TABLE_RANGE} for share in self.scale
        ]
        """Each hero number's bytes, by value, for the values of ``TABLE_RANGE``."""
        self.copies = [one(unit(count * self.step)) for count in range(64)]
        """The bytes of a share of ``count`` copies in a graveyard, by ``count``."""
        self.weights = {key: 1 << (CODE_BITS * index) for key, index in self.keys.items()}
        """Each card's weight in a zone's code."""
        slot = struct.Struct(f"={self.hand_width}f").pack
        self.printed = {card.key: slot(*self.printed_row(card)) for card in definitions}
        """Each card's numbers in a hand slot as printed (nothing changed), as bytes."""
        self.empty_slots = [
            bytes(4 * self.hand_width * (self.hand - held)) for held in range(self.hand + 1)
        ]
        """The bytes of the hand's empty slots after ``held`` cards (zeros)."""
        self.pack_hero = struct.Struct(f"={HERO_NUMBERS}f").pack
        self.pack_hand = struct.Struct(f"={self.hand * self.hand_width}f").pack
        self.pack_board = struct.Struct(f"={self.board * self.minion_width}f").pack
        self.pack_pool = struct.Struct(f"={pool}f").pack

    def printed_row(self, card: TcgCard) -> list[float]:
        """A card's numbers in a hand slot, as printed."""
        row = [0.0] * self.hand_width
        row[0] = 1.0
        row[1 + self.keys[card.key]] = 1.0
        for offset, (name, top) in enumerate(HAND_STATS):
            row[1 + self.pool + offset] = unit(card.stat(name) / top)
        return row

    def counts(self, code: int) -> Sequence[int]:
        """How many copies of each pool card a code adds up."""
        return memoryview(code.to_bytes(4 * self.pool, sys.byteorder)).cast("I")

    def hero(self, numbers: tuple[int, ...]) -> bytes:
        """A hero's part from its 8 numbers, each scaled and kept within ``[0, 1]`` (what
        ``hero_tables`` hold, for any value)."""
        return self.pack_hero(
            *[unit(value * share) for value, share in zip(numbers, self.scale, strict=True)]
        )

    def graveyard(self, code: int) -> bytes:
        """A graveyard's part from its code: copies of each pool card, as shares of the
        copies limit."""
        counts = self.counts(code)
        try:
            return b"".join(map(self.copies.__getitem__, counts))
        except IndexError:  # more copies than the table holds
            return self.pack_pool(*[unit(count * self.step) for count in counts])

    def deck(self, tables: list[list[bytes]], seen_code: int) -> bytes:
        """What your deck still holds: your list less your cards seen (``seen_code``), from
        ``tables`` (:meth:`deck_tables` of your list)."""
        counts = self.counts(seen_code)
        try:
            return b"".join(map(_GETITEM, tables, counts))
        except IndexError:  # more copies seen than the list holds
            return b"".join(
                table[min(count, len(table) - 1)]
                for table, count in zip(tables, counts, strict=True)
            )

    def deck_tables(self, manifest: tuple[str, ...] | None) -> list[list[bytes]]:
        """For each pool card, the bytes of what a deck list (``None``: one unknown) still
        holds of it after ``count`` copies seen, by ``count`` (the last: none left)."""
        one = struct.Struct("=f").pack
        step = self.step
        tables = []
        for key in self.keys:
            listed = manifest.count(key) if manifest is not None else 0
            share = unit(listed * step)
            tables.append([one(max(share - seen * step, 0.0)) for seen in range(listed + 1)])
        return tables
