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
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardtable.engine.characters import Target
from cardtable.engine.decisions import Decision
from cardtable.engine.view import CardView, View, ZoneView
from cardtable.envs.encoding import Encoding, EncodingError, unit
from cardtable.games.tcg.cards import TcgCard
from cardtable.games.tcg.config import TcgRules
from cardtable.games.tcg.decisions import HEAL, MINION, Attack, End, Play

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
        self._printed = {card.key: self._printed_row(card) for card in definitions}
        """Each card's numbers in a hand slot, as printed (a card nothing has changed)."""
        self._hands = [f"hand:{seat}" for seat in range(2)]
        self._decks = [f"deck:{seat}" for seat in range(2)]
        self._graveyards = [f"graveyard:{seat}" for seat in range(2)]
        self._boards = [f"board:{seat}" for seat in range(2)]

    # -- actions ------------------------------------------------------------------------------

    def indices(self, view: View[Any], decisions: Sequence[Decision]) -> list[int]:
        seat = view.seat
        if seat is None:
            raise EncodingError("a spectator decides nothing")
        hand = {card.id: slot for slot, card in enumerate(view.cards(f"hand:{seat}"))}
        mine: dict[int, int] = {}
        theirs: dict[int, int] = {}
        if self.board:
            mine = {card.id: slot for slot, card in enumerate(view.cards(f"board:{seat}"))}
            theirs = {card.id: slot for slot, card in enumerate(view.cards(f"board:{1 - seat}"))}
        found = []
        for decision in decisions:
            if isinstance(decision, End):
                found.append(0)
            elif isinstance(decision, Play):
                slot = hand.get(decision.card)
                if slot is None or slot >= self.hand:
                    raise EncodingError(f"{decision.text()!r}: the card is not in a hand slot")
                if decision.target is None:
                    way = self._way.get(decision.mode)
                    if way is None:
                        raise EncodingError(f"{decision.text()!r}: a way these rules lack")
                else:
                    way = self._aim + self._target(decision.target, seat, mine, theirs)
                found.append(1 + slot * len(self.ways) + way)
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

    def write(self, view: View[Any], seat: int, out: list[float]) -> None:
        public = view.public
        heroes = public["heroes"]
        discounts = public["discounts"]
        zones = view.zones
        numbers: list[float] = []
        for who in (seat, 1 - seat):
            hero = heroes[who]
            numbers += (
                hero["life"][1],
                hero["mana"][0],
                hero["mana"][1],
                hero["attack"][1],
                zones[self._hands[who]].size,
                zones[self._decks[who]].size,
                zones[self._graveyards[who]].size,
                discounts[who],
            )
        values = [
            (share if share <= 1.0 else 1.0) if share >= 0.0 else 0.0
            for share in map(operator.mul, numbers, self._hero_scale)
        ]
        hand, seen = self._hand_row(zones[self._hands[seat]], seat)
        values += hand
        if self.board:
            for who in (seat, 1 - seat):
                row, shown = self.segment(zones[self._boards[who]], seat, self._board_row)
                values += row
                seen = seen + shown
        for who in (seat, 1 - seat):
            row, shown = self.segment(zones[self._graveyards[who]], seat, self._graveyard_row)
            values += row
            seen = seen + shown
        manifest = view.pools.get(f"p{seat}")
        if manifest is None:
            values += self._no_cards
        else:  # what your deck still holds: your list less the cards of it you see
            deck = self._deck(manifest)[:]
            step = self._step
            for index in seen:
                deck[index] -= step
            values += [share if share >= 0.0 else 0.0 for share in deck]
        out[:] = values

    def _hand_row(self, zone: ZoneView, seat: int) -> tuple[list[float], list[int]]:
        row = [0.0] * (self.hand * self._hand_width)
        for slot, card in enumerate((zone.cards or ())[: self.hand]):
            at = slot * self._hand_width
            if card.live is None and not card.components:
                row[at : at + self._hand_width] = self._printed[card.key]
            else:
                self._card(row, at, card, _HAND_STATS)
        return row, self._seen(zone, seat)

    def _board_row(self, zone: ZoneView, seat: int) -> tuple[list[float], list[int]]:
        row = [0.0] * (self.board * self._minion_width)
        for slot, card in enumerate((zone.cards or ())[: self.board]):
            self._card(row, slot * self._minion_width, card, _MINION_STATS)
        return row, self._seen(zone, seat)

    def _graveyard_row(self, zone: ZoneView, seat: int) -> tuple[list[float], list[int]]:
        row = [0.0] * len(self.keys)
        keys, step = self.keys, self._step
        for card in zone.cards or ():
            row[keys[card.key]] += step
        return [unit(share) for share in row], self._seen(zone, seat)

    def _seen(self, zone: ZoneView, seat: int) -> list[int]:
        """The pool indices of the cards of ``seat``'s deck list in ``zone``."""
        own, keys = f"p{seat}", self.keys
        return [keys[card.key] for card in zone.cards or () if card.pool == own]

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
