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
from collections.abc import Sequence

from cardtable.engine.characters import Target
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.sight import Face, Seen
from cardtable.envs.encoding import Encoding, EncodingError, Mask, Observation
from cardtable.envs.tcg_layout import Layout
from cardtable.envs.tcg_observer import TcgObserver
from cardtable.games.tcg.config import TcgRules
from cardtable.games.tcg.decisions import HEAL, MINION, Attack, End, Play

_Slots = tuple[Sequence[Face] | None, dict[int, int]]
"""The cards of a zone and the slot of each of them by id."""
_ID = operator.attrgetter("id")


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
        self.layout = Layout(rules)
        self.keys = self.layout.keys
        self.size = self.layout.size
        self._observer = TcgObserver(self.layout)
        self._hands = [f"hand:{seat}" for seat in range(2)]
        self._boards = [f"board:{seat}" for seat in range(2)]
        self._slots: dict[str, _Slots] = {}
        """The last cards seen in each hand and board, with their slots by card id."""

    # -- actions ------------------------------------------------------------------------------

    def mask(self, seen: Seen, legal: Decisions) -> tuple[Mask, dict[int, Decision]]:
        """As :meth:`Encoding.mask`; without aims or attacks (the core game, healing), each
        play's index comes from its card's place in your hand, found in one pass, and
        anything unusual (a new mask, a decision that does not fit) goes the general way,
        which says what is wrong."""
        seat = seen.seat
        if self.targets or seat is None:
            return super().mask(seen, legal)
        held = list(map(_ID, seen.faces(self._hands[seat])))
        ways, width, slots = self._way, len(self.ways), self.hand
        decisions = legal.moves
        moves: dict[int, Decision] = {}
        try:
            for decision in decisions:
                if type(decision) is Play:
                    slot = held.index(decision.card)
                    if slot >= slots:
                        return super().mask(seen, legal)
                    moves[1 + slot * width + ways[decision.mode]] = decision
                elif type(decision) is End:
                    moves[0] = decision
                else:
                    return super().mask(seen, legal)
        except (KeyError, ValueError):  # a way these rules lack, a card not in your hand
            return super().mask(seen, legal)
        mask = self._masks.get(tuple(moves))
        if mask is None or len(moves) < len(decisions):
            return super().mask(seen, legal)
        return mask, moves

    def indices(self, seen: Seen, decisions: Sequence[Decision]) -> list[int]:
        seat = seen.seat
        if seat is None:
            raise EncodingError("a spectator decides nothing")
        plays = self._slots_of(seen, self._hands[seat], 1, len(self.ways), self.hand)
        if not self.targets:  # no aims, no attacks: plays by hand slot and way, or the end
            ways = self._way
            found = []
            try:
                for decision in decisions:
                    if type(decision) is Play:
                        found.append(plays[decision.card] + ways[decision.mode])
                    elif type(decision) is End:
                        found.append(0)
                    else:
                        found.append(self._index(decision, seat, plays, {}, {}))
            except KeyError:  # a card in no hand slot, a way these rules lack: say which
                return [self._index(decision, seat, plays, {}, {}) for decision in decisions]
            return found
        mine = theirs = {}
        if self.board:
            mine = self._slots_of(seen, self._boards[seat], 0, 1, self.board)
            theirs = self._slots_of(seen, self._boards[1 - seat], 0, 1, self.board)
        return [self._index(decision, seat, plays, mine, theirs) for decision in decisions]

    def _index(
        self,
        decision: Decision,
        seat: int,
        plays: dict[int, int],
        mine: dict[int, int],
        theirs: dict[int, int],
    ) -> int:
        """The index of one decision, with the hand's (``plays``) and the boards' slots."""
        if isinstance(decision, Play):
            at = plays.get(decision.card)
            if at is None:
                raise EncodingError(f"{decision.text()!r}: the card is not in a hand slot")
            if decision.target is None:
                way = self._way.get(decision.mode)
                if way is None:
                    raise EncodingError(f"{decision.text()!r}: a way these rules lack")
            else:
                way = self._aim + self._target(decision.target, seat, mine, theirs)
            return at + way
        if isinstance(decision, End):
            return 0
        if isinstance(decision, Attack):
            minion = mine.get(decision.minion)
            aimed = decision.target
            if aimed.card is None:
                target = 0 if aimed.seat == 1 - seat else -1
            else:
                target = 1 + theirs.get(aimed.card, -2)
            if minion is None or target < 0:
                raise EncodingError(f"{decision.text()!r} does not fit the board")
            return self._attacks + minion * (1 + self.board) + target
        raise EncodingError(f"{decision.text()!r} is not a Kata TCG move")

    def _slots_of(
        self, seen: Seen, zone: str, start: int, width: int, slots: int
    ) -> dict[int, int]:
        """``start + slot * width`` for each card of ``zone`` by id, within the first
        ``slots`` slots (remembered while it holds the same cards)."""
        cards = seen.faces(zone)
        known = self._slots.get(zone)
        if known is not None and known[0] == cards:
            return known[1]
        found = {card.id: start + slot * width for slot, card in enumerate(cards[:slots])}
        self._slots[zone] = (cards, found)
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
        """The observation of ``seen.seat``, written in place by the encoding's observer: only
        the parts whose sources changed since the seat's last observation are made again
        (see :mod:`cardtable.envs.tcg_observer`)."""
        return self._observer.observe(seen)
