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

from collections.abc import Sequence
from typing import Any

from cardtable.engine.characters import Target
from cardtable.engine.decisions import Decision
from cardtable.engine.view import CardView, View
from cardtable.envs.encoding import Encoding, EncodingError, Observation
from cardtable.games.tcg.config import TcgRules
from cardtable.games.tcg.decisions import HEAL, MINION, Attack, End, Play

_HERO = ("life", "slots", "mana", "attack", "hand", "deck", "graveyard", "discount")
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
        self.rules = rules
        self.seats = 2
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
        self._scale = {
            "life": float(rules.starting_health),
            "slots": float(rules.mana_slot_cap),
            "mana": float(rules.mana_slot_cap),
            "attack": 10.0,
            "hand": float(rules.hand_limit),
            "deck": float(rules.deck_size),
            "graveyard": float(rules.deck_size),
            "discount": 5.0,
        }
        self._copies = float(rules.copies_limit)

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
                target = 0 if aimed.seat == 1 - seat else 1 + theirs.get(aimed.card, -2)
                if minion is None or target < 0 or aimed.seat == seat:
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

    def write(self, view: View[Any], seat: int, out: Observation) -> None:
        heroes = view.public["heroes"]
        discounts = view.public["discounts"]
        zones = view.zones
        scale = self._scale
        keys = self.keys
        for side, who in enumerate((seat, 1 - seat)):
            hero = heroes[who]
            at = side * len(_HERO)
            values = (
                hero["life"][1],
                hero["mana"][0],
                hero["mana"][1],
                hero["attack"][1],
                zones[f"hand:{who}"].size,
                zones[f"deck:{who}"].size,
                zones[f"graveyard:{who}"].size,
                discounts[who],
            )
            for offset, (name, value) in enumerate(zip(_HERO, values, strict=True)):
                out[at + offset] = value / scale[name]
            graveyard = zones[f"graveyard:{who}"].cards or ()
            base = self._graves_at + side * len(keys)
            for card in graveyard:
                out[base + keys[card.key]] += 1.0 / self._copies
            if self.board:
                board = zones[f"board:{who}"].cards or ()
                at = self._board_at + side * self.board * self._minion_width
                for slot, card in enumerate(board[: self.board]):
                    self._card(out, at + slot * self._minion_width, card, _MINION_STATS)
        for slot, card in enumerate(view.cards(f"hand:{seat}")[: self.hand]):
            self._card(out, self._hand_at + slot * self._hand_width, card, _HAND_STATS)
        pool = f"p{seat}"
        if pool in view.pools:
            for key, count in view.unseen(pool).items():
                out[self._deck_at + keys[key]] = count / self._copies

    def _card(
        self, out: Observation, at: int, card: CardView, stats: tuple[tuple[str, float], ...]
    ) -> None:
        out[at] = 1.0
        out[at + 1 + self.keys[card.key]] = 1.0
        at += 1 + len(self.keys)
        values = card.stats
        for offset, (name, top) in enumerate(stats):
            out[at + offset] = values.get(name, 0) / top
