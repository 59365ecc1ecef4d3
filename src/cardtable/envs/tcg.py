"""The Kata TCG as numbers: actions by hand slot and board slot, observations from a view.

**Actions** (``H`` is the hand limit, ``B`` the board size when minions are on, else 0):

* ``0``: end the turn.
* ``1 + h * W + w``: play the card in hand slot ``h`` in way ``w``. The ways are: as it is;
  as a heal (healing on); as a minion (minions on); then, when some card or rule lets a
  player choose a target, aimed at each character: your hero, the opposing hero, your
  minions in board slots ``0..B-1``, theirs in slots ``0..B-1``.
* ``1 + H * W + m * (1 + B) + t``: your minion in board slot ``m`` attacks the opposing hero
  (``t = 0``) or their minion in board slot ``t - 1``.

A card's slot is its position in your hand, so the same index means "the third card I
hold" in every match, whatever the card's id.

**Observation**, seat-relative (you first, then your opponent), every number scaled into
``[0, 1]``: each hero's health, mana slots, mana, attack, hand, deck and graveyard sizes and
discount; each card of your hand (present, which card of the pool, its current cost, damage,
heal and draw); each minion on either board (present, which card, attack, health, shield,
awake, attacks left); how many copies of each pool card lie in each graveyard; and how many
of each your deck still holds (when your deck list is known to you, as it always is).

>>> from cardtable.games.tcg.config import TcgRules
>>> encoding = TcgEncoding(TcgRules(minions=True))
>>> encoding.actions, encoding.action_text(0), encoding.action_text(1)
(63, 'end', 'play hand[0]')
>>> encoding.action_text(10), encoding.action_text(62)
('play hand[0] @their-minion[2]', 'minion[2] attacks their-minion[2]')
"""

from __future__ import annotations

import operator
import struct
from collections import Counter
from collections.abc import Callable, Sequence
from typing import cast

from cardtable.engine.characters import Target
from cardtable.engine.decisions import Decision
from cardtable.engine.sight import Face, Seen
from cardtable.engine.view import CardView
from cardtable.envs.encoding import Encoding, EncodingError, Observation, floats, unit
from cardtable.games.tcg.cards import TcgCard
from cardtable.games.tcg.config import TcgRules
from cardtable.games.tcg.decisions import HEAL, MINION, Attack, End, Play

_Part = tuple[bytes, tuple[int, ...]]
"""A part of an observation as bytes, and the pool indices of your own cards it shows."""
_Make = Callable[[Seen, Sequence[Face], str], _Part]
_PARTS_LIMIT = 16_384
"""How many heroes' and decks' parts an encoding remembers before it starts afresh."""
_HERO = ("life", "slots", "mana", "attack", "hand", "deck", "graveyard", "discount")
"""Each hero's numbers, in order (see ``TcgEncoding._hero_scale`` for what each is out of)."""
_HAND_STATS = (("cost", 10.0), ("damage", 10.0), ("heal", 10.0), ("draw", 5.0))
_MINION_STATS = (
    ("attack", 10.0),
    ("life", 10.0),
    ("shield", 1.0),
    ("awake", 1.0),
    ("attacks", 1.0),
)


class TcgEncoding(Encoding):
    """The Kata TCG's actions and observations under one ruleset (see the module)."""

    def __init__(self, rules: TcgRules) -> None:
        super().__init__()
        self.rules = rules
        self.seats = 2
        self.longest = 10_000
        self.hand = rules.hand_limit
        self.board = rules.board_size if rules.minions else 0
        definitions = [spec.definition() for spec in rules.cards]
        aims = rules.minions or any(card.chooses is not None for card in definitions)
        board = self.board
        self.targets = (
            ["me", "them"]
            + [f"my-minion[{slot}]" for slot in range(board)]
            + [f"their-minion[{slot}]" for slot in range(board)]
            if aims
            else []
        )
        self.ways = (
            [""]
            + ([HEAL] if rules.healing else [])
            + ([MINION] if rules.minions else [])
            + [f"@{target}" for target in self.targets]
        )
        self._way = {way: index for index, way in enumerate(self.ways)}
        self._aim = len(self.ways) - len(self.targets)
        self._attacks = 1 + self.hand * len(self.ways)
        self.actions = self._attacks + board * (1 + board)
        self.keys = {card.key: index for index, card in enumerate(definitions)}
        pool = len(self.keys)
        self._hand_at = 2 * len(_HERO)
        self._hand_width = 1 + pool + len(_HAND_STATS)
        self._board_at = self._hand_at + self.hand * self._hand_width
        self._minion_width = 1 + pool + len(_MINION_STATS)
        self._graves_at = self._board_at + 2 * board * self._minion_width
        self._deck_at = self._graves_at + 2 * pool
        self.size = self._deck_at + pool
        self._hero_scale = [
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
        ] * 2
        """What each hero number is multiplied by (it is out of the rule or number shown)."""
        self._step = 1.0 / rules.copies_limit
        self._manifests: dict[tuple[str, ...], list[float]] = {}
        self._no_cards = [0.0] * pool
        slot_floats = struct.Struct(f"={self._hand_width}f").pack
        self._printed = {card.key: slot_floats(*self._printed_row(card)) for card in definitions}
        """Each card's numbers in a hand slot, as printed (a card nothing has changed), as
        bytes."""
        self._empty_slots = [
            bytes(4 * self._hand_width * (self.hand - held)) for held in range(self.hand + 1)
        ]
        """The bytes of the hand's empty slots after ``held`` cards (zeros)."""
        self._deck_parts: dict[tuple[tuple[str, ...], tuple[int, ...]], bytes] = {}
        self._zone_parts: dict[tuple[object, ...], _Part] = {}
        self._pack_heroes = struct.Struct(f"={2 * len(_HERO)}f").pack
        self._pack_hand = struct.Struct(f"={self.hand * self._hand_width}f").pack
        self._pack_board = struct.Struct(f"={board * self._minion_width}f").pack
        self._pack_pool = struct.Struct(f"={pool}f").pack
        self._pools = [f"p{seat}" for seat in range(2)]
        self._hands = [f"hand:{seat}" for seat in range(2)]
        self._decks = [f"deck:{seat}" for seat in range(2)]
        self._graveyards = [f"graveyard:{seat}" for seat in range(2)]
        self._boards = [f"board:{seat}" for seat in range(2)]

    # -- actions ------------------------------------------------------------------------------

    def indices(self, seen: Seen, decisions: Sequence[Decision]) -> list[int]:
        seat = seen.seat
        if seat is None:
            raise EncodingError("a spectator decides nothing")
        hand = {card.id: slot for slot, card in enumerate(seen.faces(self._hands[seat]))}
        mine: dict[int, int] = {}
        theirs: dict[int, int] = {}
        if self.board:
            mine = {card.id: slot for slot, card in enumerate(seen.faces(self._boards[seat]))}
            theirs = {card.id: slot for slot, card in enumerate(seen.faces(self._boards[1 - seat]))}
        found = []
        width, ways = len(self.ways), self._way
        for decision in decisions:
            kind = type(decision)
            if kind is Play or (kind is not End and isinstance(decision, Play)):
                play = cast(Play, decision)
                slot = hand.get(play.card)
                if slot is None or slot >= self.hand:
                    raise EncodingError(f"{play.text()!r}: the card is not in a hand slot")
                if play.target is None:
                    way = ways.get(play.mode)
                    if way is None:
                        raise EncodingError(f"{play.text()!r}: a way these rules lack")
                else:
                    way = self._aim + self._target(play.target, seat, mine, theirs)
                found.append(1 + slot * width + way)
            elif kind is End or isinstance(decision, End):
                found.append(0)
            elif isinstance(decision, Attack):
                minion = mine.get(decision.minion)
                aimed = decision.target
                if aimed.card is None:
                    target = 0 if aimed.seat == 1 - seat else -1
                else:
                    target = 1 + theirs.get(aimed.card, -2)
                if minion is None or target < 0:
                    raise EncodingError(f"{decision.text()!r} does not fit the board")
                found.append(self._attacks + minion * (1 + self.board) + target)
            else:
                raise EncodingError(f"{decision.text()!r} is not a Kata TCG move")
        return found

    def _target(
        self, target: Target, seat: int, mine: dict[int, int], theirs: dict[int, int]
    ) -> int:
        if not self.targets:
            raise EncodingError(f"@{target.text()}: these rules aim at nothing")
        if target.seat is not None:
            return 0 if target.seat == seat else 1
        if target.card in mine:
            return 2 + mine[target.card]
        if target.card in theirs:
            return 2 + self.board + theirs[target.card]
        raise EncodingError(f"@{target.text()} is on no board")

    def action_text(self, index: int) -> str:
        if index == 0:
            return "end"
        if 0 < index < self._attacks:
            slot, way = divmod(index - 1, len(self.ways))
            return " ".join(filter(None, [f"play hand[{slot}]", self.ways[way]]))
        if self._attacks <= index < self.actions:
            minion, target = divmod(index - self._attacks, 1 + self.board)
            aimed = "them" if target == 0 else f"their-minion[{target - 1}]"
            return f"minion[{minion}] attacks {aimed}"
        raise EncodingError(f"no action {index}: the Kata TCG has {self.actions} here")

    # -- observations -------------------------------------------------------------------------

    def observe(self, seen: Seen) -> Observation:
        """The observation of ``seen.seat``, made of parts: each hero's numbers, then one part
        per zone (your hand, the boards, the graveyards), then what your deck still holds.
        Parts are remembered as bytes by what they were made from (the numbers, or the cards
        of a zone that all look as printed), so a part seen before costs a look-up."""
        seat = seen.seat
        if seat is None:
            raise EncodingError("observations are for seats, not spectators")
        own = self._pools[seat]
        parts = [self._heroes_part(seen, seat)]
        hand, owned = self._zone_part(seen, seen.faces(self._hands[seat]), own, self._hand_part)
        parts.append(hand)
        if self.board:
            for who in (seat, 1 - seat):
                part, shown = self._zone_part(
                    seen, seen.faces(self._boards[who]), own, self._board_part
                )
                parts.append(part)
                owned += shown
        for who in (seat, 1 - seat):
            part, shown = self._zone_part(
                seen, seen.faces(self._graveyards[who]), own, self._graveyard_part
            )
            parts.append(part)
            owned += shown
        parts.append(self._deck_part(seen.manifest(own), owned))
        return floats(b"".join(parts))

    def _heroes_part(self, seen: Seen, seat: int) -> bytes:
        """Each hero's numbers, yours first, each scaled and kept within ``[0, 1]``."""
        public = seen.public
        heroes, discounts = public["heroes"], public["discounts"]
        size = seen.size
        mine, theirs, other = heroes[seat], heroes[1 - seat], 1 - seat
        numbers = (
            mine["life"][1],
            mine["mana"][0],
            mine["mana"][1],
            mine["attack"][1],
            size(self._hands[seat]),
            size(self._decks[seat]),
            size(self._graveyards[seat]),
            discounts[seat],
            theirs["life"][1],
            theirs["mana"][0],
            theirs["mana"][1],
            theirs["attack"][1],
            size(self._hands[other]),
            size(self._decks[other]),
            size(self._graveyards[other]),
            discounts[other],
        )
        scaled = list(map(operator.mul, numbers, self._hero_scale))
        if min(scaled) < 0.0 or max(scaled) > 1.0:  # rare: a dead hero, a bigger hand...
            scaled = [unit(share) for share in scaled]
        return self._pack_heroes(*scaled)

    def _zone_part(self, seen: Seen, cards: Sequence[Face], own: str, make: _Make) -> _Part:
        """``make(seen, cards, own)``, remembered for the same cards while every one of them
        looks as printed (then nothing else goes into the part). A sight's cards are
        immutable and hashable; a view's card views are not, so their parts are made afresh."""
        if not seen.plain(cards):
            return make(seen, cards, own)
        key = (make, own, cards)
        try:
            known = self._zone_parts.get(key)
        except TypeError:  # unhashable: card views
            return make(seen, cards, own)
        if known is None:
            if len(self._zone_parts) >= _PARTS_LIMIT:
                self._zone_parts.clear()
            known = self._zone_parts[key] = make(seen, cards, own)
        return known

    def _hand_part(self, seen: Seen, cards: Sequence[Face], own: str) -> _Part:
        held = cards[: self.hand]
        if seen.plain(held):  # each card's numbers as printed, already bytes
            printed = self._printed
            rows = [printed[card.key] for card in held]
            rows.append(self._empty_slots[len(held)])
            return b"".join(rows), self._owned(cards, own)
        row = [0.0] * (self.hand * self._hand_width)
        for slot, card in enumerate(held):
            self._card(row, slot * self._hand_width, seen.looks(card), _HAND_STATS)
        return self._pack_hand(*row), self._owned(cards, own)

    def _board_part(self, seen: Seen, cards: Sequence[Face], own: str) -> _Part:
        row = [0.0] * (self.board * self._minion_width)
        for slot, card in enumerate(cards[: self.board]):
            self._card(row, slot * self._minion_width, seen.looks(card), _MINION_STATS)
        return self._pack_board(*row), self._owned(cards, own)

    def _graveyard_part(self, seen: Seen, cards: Sequence[Face], own: str) -> _Part:
        row = [0.0] * len(self.keys)
        keys, step = self.keys, self._step
        for card in cards:
            row[keys[card.key]] += step
        if max(row) > 1.0:  # more copies than the limit: made cards
            row = [unit(share) for share in row]
        return self._pack_pool(*row), self._owned(cards, own)

    def _owned(self, cards: Sequence[Face], own: str) -> tuple[int, ...]:
        """The pool indices of the cards of deck list ``own`` among ``cards``."""
        keys = self.keys
        return tuple([keys[card.key] for card in cards if card.pool == own])

    def _deck_part(self, manifest: tuple[str, ...] | None, owned: tuple[int, ...]) -> bytes:
        """What your deck still holds: your list less the cards of it you see (``owned``:
        their pool indices), or nothing when your list is unknown to you."""
        if manifest is None:
            return self._pack_pool(*self._no_cards)
        key = (manifest, owned)
        known = self._deck_parts.get(key)
        if known is None:
            deck = self._deck(manifest)[:]
            step = self._step
            for index in owned:
                deck[index] -= step
            if len(self._deck_parts) >= _PARTS_LIMIT:
                self._deck_parts.clear()
            known = self._deck_parts[key] = self._pack_pool(
                *[share if share >= 0.0 else 0.0 for share in deck]
            )
        return known

    def _deck(self, manifest: tuple[str, ...]) -> list[float]:
        """What a deck list holds, as shares of the copies limit per card of the pool."""
        shares = self._manifests.get(manifest)
        if shares is None:
            shares = [0.0] * len(self.keys)
            for key, count in Counter(manifest).items():
                shares[self.keys[key]] = unit(count * self._step)
            self._manifests[manifest] = shares
        return shares

    def _printed_row(self, card: TcgCard) -> list[float]:
        row = [0.0] * self._hand_width
        row[0] = 1.0
        row[1 + self.keys[card.key]] = 1.0
        for offset, (name, top) in enumerate(_HAND_STATS):
            row[1 + len(self.keys) + offset] = unit(card.stat(name) / top)
        return row

    def _card(
        self, out: list[float], at: int, card: CardView, stats: tuple[tuple[str, float], ...]
    ) -> None:
        out[at] = 1.0
        out[at + 1 + self.keys[card.key]] = 1.0
        at += 1 + len(self.keys)
        values = card.stats
        for offset, (name, top) in enumerate(stats):
            out[at + offset] = unit(values.get(name, 0) / top)
