"""The generic encoding: any game as numbers, read from what every game declares.

A game with no research encoding of its own (see :mod:`cardtable.envs.encodings`) gets this
one. It knows nothing of the game's rules: it reads the zones the game declares (their kind,
owner and visibility), the card definitions of the ruleset (its *card pool*), the typed shape
of the game's public data (``Game.public_type``) and its decision classes
(``Game.decision_types``). Everything is laid out once per ruleset, from a match set up with
seed 0 (only its zones and how many copies of each card it holds are read), so ``size`` and
``actions`` are fixed for the ruleset.

**Observation**, written only from the seat's :class:`~cardtable.engine.sight.Seen`:

* every zone the new match has, **seat-relative** when every seat owns zones of the same
  kinds and visibilities in the same order (your zones first, then the next seat's round the
  table; unowned zones before them), else in the game's own order. For each zone: its size,
  as a share of the cards of the match; for a zone the seat can see (public, or its own
  owner-only zone), the count of each card of the pool in it as a share of that card's
  copies in the match; for a visible stack, also which card is on top (one-hot).
* the public data, walked along its declared type: a boolean is 0 or 1; a number ``x`` reads
  as ``0.5 + x / (2 (|x| + 10))`` (0 is 0.5, 10 is 0.75, -10 is 0.25; monotone, never
  leaves ``(0, 1)``); an optional value adds whether it is there; a literal string one flag
  per possible value; a list its length (as a number) and its first ``seats`` entries, in
  the game's order (not turned to the seat: a list of scores by seat and a list of seats
  look alike, so the observation says which seat is yours instead); a nested shape its
  fields. Free text, mappings and untyped data are left out.
* your seat (one-hot), the seat to act relative to yours (one-hot; all 0 when nobody is),
  and the turn number read as a number.

**Actions**, a fixed enumeration for the ruleset: for every decision class of the game
(conceding and time-outs left out), one slot per card of the pool when the class names a
card (``play 7H``), else one slot (``end``); then ``spares`` spare slots. A legal decision
takes the slot of its class and the card it names: read from its
:meth:`~cardtable.engine.decisions.Decision.named_cards`, a card id turned into the card's
key through the zones the seat can see, never hidden ones. The slot goes to the first such
decision in the game's order; a decision that finds its slot taken (the same card twice, the
same card aimed at another target, a class whose decisions differ only in details), that
names several cards, a card the seat cannot see or one outside the pool, or whose class the
game did not declare, takes a spare slot: the one its :func:`signature` (its class, the keys
of the cards it names as far as the seat sees them, its targets, mode and other fields) hashes
to, or the next free one after it. Two legal decisions thus never share an index, and the same
decision mostly finds the same spare slot from one state to the next (a spare slot means "the
decisions hashed here", which is less than a slot of its own). Should a state offer more such
decisions than there are spare slots, the mask leaves the rest out
(:attr:`GenericEncoding.left_out` counts them, and :meth:`~GenericEncoding.indices` refuses
them). ``spares`` defaults to four per card of a match, at least 32: the built-in games never
ran short in random matches (Karata's finishing decisions, up to 118 at once, need most).

**What it cannot capture**, and a game's own encoding can: card stats that change during a
match (a damaged minion reads as printed), the order of cards within a zone beyond the top of
a stack, zones made after set-up, what the game's text fields and untyped data hold, and any
meaning of a decision beyond its class and its one card (targets, modes and choices live in
spare slots whose meaning shifts from state to state). ``longest`` is a generous
:data:`LONGEST`, not derived from the rules, and several seats may win a match together
(``shared_wins``), as the encoding cannot tell.

>>> from cardtable.games import find
>>> war = find("war")
>>> rules = war.load_ruleset({"suits": 2, "ranks": 4})
>>> encoding = GenericEncoding(war, rules)
>>> encoding.actions, encoding.action_text(0), encoding.action_text(1), encoding.pool[:3]
(33, 'turn', 'spare 0', ('JC', 'QC', 'KC'))
>>> from cardtable.engine import Match
>>> match = Match(war, rules, seed=1)
>>> observation = encoding.observe(match.view(0))
>>> observation.shape == (encoding.size,), str(observation.dtype)
(True, 'float32')
>>> bool(0.0 <= observation.min() <= observation.max() <= 1.0)
True
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal
from zlib import crc32

from cardtable.engine.decisions import NAMES_CARD, Concede, Decision, Decisions, Timeout
from cardtable.engine.game import Game
from cardtable.engine.sight import Seen
from cardtable.engine.zones import OWNER, PUBLIC, Zone
from cardtable.envs.encoding import Encoding, EncodingError, Mask, unit

LONGEST = 100_000
"""The bound on a match's decisions the generic encoding gives (``Encoding.longest``)."""

SCALE = 10.0
"""A public number ``x`` reads as ``0.5 + x / (2 (|x| + SCALE))``."""

SPARES_PER_CARD = 4
"""Spare action slots per card of a match, by default (at least :data:`FEWEST_SPARES`)."""

FEWEST_SPARES = 32

_DEPTH = 4
_LEFT_OUT = frozenset({Concede.kind, Timeout.kind})
_ROLE, _CARD = next(iter(NAMES_CARD.items()))

Path = tuple[str | int, ...]


def number(value: float) -> float:
    """A public number read into ``(0, 1)``, keeping its sign and order.

    >>> number(0), number(10), number(-10), number(1e9) < 1.0
    (0.5, 0.75, 0.25, True)
    """
    return unit(0.5 + value / (2.0 * (abs(value) + SCALE)))


@dataclass(frozen=True, slots=True)
class Reading:
    """One number of the public data: where it is and how it is read (``flag``: a boolean;
    ``number``; ``present``: whether a value is there; ``equals``: whether it is ``value``;
    ``length``: the length of a list, as a number)."""

    path: Path
    how: Literal["flag", "number", "present", "equals", "length"]
    value: str = ""

    def read(self, public: Any) -> float:
        """The number this reading gives from ``public`` (0 where the path leads nowhere)."""
        found = public
        for step in self.path:
            if isinstance(step, int):
                if not isinstance(found, list) or step >= len(found):
                    return 0.0
            elif not isinstance(found, dict):
                return 0.0
            found = found[step] if isinstance(step, int) else found.get(step)
            if found is None:
                return 0.0
        how = self.how
        if how == "present":
            return 1.0
        if how == "flag":
            return 1.0 if found is True else 0.0
        if how == "equals":
            return 1.0 if found == self.value else 0.0
        if how == "length":
            return number(len(found)) if isinstance(found, list) else 0.0
        if isinstance(found, bool):
            return float(found)
        return number(found) if isinstance(found, int | float) else 0.0


def public_readings(shape: Any, seats: int) -> list[Reading]:
    """The numbers read from public data of type ``shape`` (see the module).

    >>> @dataclass
    ... class Table:
    ...     scores: list[int]
    ...     last: bool | None
    >>> [(r.path, r.how) for r in public_readings(Table, 2)]  # doctest: +NORMALIZE_WHITESPACE
    [(('scores',), 'length'), (('scores', 0), 'number'), (('scores', 1), 'number'),
     (('last',), 'present'), (('last',), 'flag')]
    """
    found: list[Reading] = []
    _walk(shape, (), seats, _DEPTH, found)
    return found


def _walk(shape: Any, path: Path, seats: int, depth: int, found: list[Reading]) -> None:
    if depth < 0:
        return
    origin, args = typing.get_origin(shape), typing.get_args(shape)
    if shape is bool:
        found.append(Reading(path, "flag"))
    elif shape is int or shape is float:
        found.append(Reading(path, "number"))
    elif origin is Literal:
        found.extend(Reading(path, "equals", value) for value in args if isinstance(value, str))
    elif origin is typing.Union or origin is types.UnionType:
        kinds = [arg for arg in args if arg is not type(None)]
        if len(kinds) < len(args):
            found.append(Reading(path, "present"))
        if len(kinds) == 1:
            _walk(kinds[0], path, seats, depth, found)
    elif origin is list and len(args) == 1:
        found.append(Reading(path, "length"))
        for index in range(seats):
            _walk(args[0], (*path, index), seats, depth - 1, found)
    elif isinstance(shape, type) and dataclasses.is_dataclass(shape):
        try:
            hints = typing.get_type_hints(shape)
        except Exception:  # a game's own annotations: unreadable ones are left out
            return
        for item in dataclasses.fields(shape):
            if item.name in hints:
                _walk(hints[item.name], (*path, item.name), seats, depth - 1, found)


@dataclass(frozen=True, slots=True)
class _Block:
    """Where one zone, as one seat sees it, is written: its size, and for a zone the seat
    sees its card counts and (stacks) its top card (``-1``: not written)."""

    zone: str
    size_at: int
    counts_at: int
    top_at: int


def _relative(zones: Sequence[Zone], seats: int) -> dict[int, list[Zone]] | None:
    """The zones each seat owns, when every seat owns the same kinds of zone in the same
    order (else ``None``: the layout stays in the game's order)."""
    owned: dict[int, list[Zone]] = {seat: [] for seat in range(seats)}
    for zone in zones:
        if zone.owner is not None:
            if zone.owner not in owned:
                return None
            owned[zone.owner].append(zone)
    forms = {tuple((z.kind, z.visibility) for z in mine) for mine in owned.values()}
    return owned if len(forms) == 1 else None


def signature(decision: Decision, keys: dict[int, str]) -> str:
    """What a decision without a slot of its own is hashed by: its shape, with the cards
    it names (and card targets, ``#12``) as their keys where ``keys`` (the cards the seat
    sees, by id) knows them, else ``?``: nothing that changes from match to match.

    >>> signature(Concede(), {})
    '{"cards": [], "details": {}, "kind": "concede", "mode": null, "targets": []}'
    """
    shape = decision.shape()
    cards = [card if isinstance(card, str) else keys.get(card, "?") for card in shape.cards]
    targets = [
        keys.get(int(target[1:]), "?") if target[1:].isdigit() and target[0] == "#" else target
        for target in shape.targets
    ]
    data = {**shape.to_json(), "text": None, "cards": cards, "targets": targets}
    del data["text"]
    return json.dumps(data, sort_keys=True, default=str)


class GenericEncoding(Encoding):
    """Any game's actions and observations under one ruleset, read from its declarations
    (see the module)."""

    def __init__(
        self, game: Game[Any, Any], rules: Any, *, spares: int | None = None, longest: int = LONGEST
    ) -> None:
        super().__init__()
        self.game = game
        self.rules = rules
        self.seats = game.seats(rules)
        self.shared_wins = True
        self.longest = longest
        self.left_out = 0
        """How many legal decisions masks have left out for want of spare slots."""
        book = game.rulebook(rules)
        state = game.setup(rules, 0, journal=False)
        zones = list(state.zones.values())
        copies = Counter(card.key for zone in zones for card in zone.cards)
        self.pool: tuple[str, ...] = tuple(dict.fromkeys([*book.cards, *copies]))
        """The keys of the cards the encoding knows, in the order of their columns."""
        self._card = {key: index for index, key in enumerate(self.pool)}
        self._share = [1.0 / copies.get(key, 1) for key in self.pool]
        self._cards = float(max(1, sum(copies.values())))
        self._layout(zones)
        if spares is None:
            spares = max(FEWEST_SPARES, SPARES_PER_CARD * int(self._cards))
        self._actions(spares)

    # -- the observation ------------------------------------------------------------------

    def _layout(self, zones: list[Zone]) -> None:
        seats, width = self.seats, len(self.pool)
        owned = _relative(zones, seats)
        self.relative = owned is not None
        """Whether zones are laid out from the observing seat round the table."""
        at = 0
        # per observing seat, in layout order: (zone, size_at, counts_at, top_at)
        self._blocks: list[list[_Block]] = [[] for _ in range(seats)]
        self._visible: list[list[str]] = [[] for _ in range(seats)]

        def place(zone_of: list[Zone], shows: list[bool]) -> None:
            """Lay out one position, held by ``zone_of[me]``, visible to ``me`` when
            ``shows[me]``: a card block when any seat sees it there."""
            nonlocal at
            size_at, at = at, at + 1
            counts_at = top_at = -1
            if any(shows):
                counts_at, at = at, at + width
                if zone_of[0].kind == "stack":
                    top_at, at = at, at + width
            for me in range(seats):
                zone = zone_of[me]
                seen = shows[me]
                self._blocks[me].append(
                    _Block(zone.name, size_at, counts_at if seen else -1, top_at if seen else -1)
                )
                if seen:
                    self._visible[me].append(zone.name)

        def sees(zone: Zone, me: int) -> bool:
            return zone.visibility == PUBLIC or (zone.visibility == OWNER and zone.owner == me)

        for zone in zones:
            if owned is None or zone.owner is None:
                place([zone] * seats, [sees(zone, me) for me in range(seats)])
        if owned is not None:
            for ahead in range(seats):
                for index in range(len(owned[0])):
                    zone_of = [owned[(me + ahead) % seats][index] for me in range(seats)]
                    place(zone_of, [sees(zone_of[me], me) for me in range(seats)])
        self._zone_names = [[block.zone for block in blocks] for blocks in self._blocks]
        self._readings = public_readings(getattr(self.game, "public_type", None), seats)
        self._public_at = at
        self._seat_at = at + len(self._readings)
        self._to_act_at = self._seat_at + seats
        self._turn_at = self._to_act_at + seats
        self.size = self._turn_at + 1

    def write(self, seen: Seen, me: int, out: list[float]) -> None:
        blocks = self._blocks[me]
        cards, card, share = self._cards, self._card, self._share
        for block, size in zip(blocks, seen.sizes(self._zone_names[me]), strict=True):
            out[block.size_at] = unit(size / cards)
        visible = self._visible[me]
        shown = iter(seen.faces_of(visible)) if visible else iter(())
        for block in blocks:
            if block.counts_at < 0:
                continue
            faces = next(shown)
            at = block.counts_at
            for face in faces:
                column = card.get(face.key)
                if column is not None:
                    out[at + column] = unit(out[at + column] + share[column])
            if block.top_at >= 0 and faces:
                column = card.get(faces[-1].key)
                if column is not None:
                    out[block.top_at + column] = 1.0
        public = seen.public
        at = self._public_at
        for offset, reading in enumerate(self._readings):
            out[at + offset] = reading.read(public)
        out[self._seat_at + me] = 1.0
        to_act = seen.to_act
        if to_act is not None:
            out[self._to_act_at + (to_act - me) % self.seats] = 1.0
        out[self._turn_at] = number(seen.turn)

    # -- the actions ----------------------------------------------------------------------

    def _actions(self, spares: int) -> None:
        if spares < 1:
            raise ValueError(f"a generic encoding needs at least one spare slot, not {spares}")
        texts: list[str] = []
        self._kinds: dict[str, tuple[int, bool]] = {}
        """For each decision kind: its first slot, and whether it has one per card."""
        for kind in self.game.decision_types:
            if kind.kind in _LEFT_OUT or kind.kind in self._kinds:
                continue
            names_card = any(item.metadata.get(_ROLE) == _CARD for item in dataclasses.fields(kind))
            self._kinds[kind.kind] = (len(texts), names_card)
            if names_card:
                texts.extend(f"{kind.kind} {key}" for key in self.pool)
            else:
                texts.append(kind.kind)
        self.spare_at = len(texts)
        """The first spare slot: indices below it are the slots of a class and a card."""
        self.spares = spares
        texts.extend(f"spare {n}" for n in range(spares))
        self._texts = texts
        self.actions = len(texts)

    def action_text(self, index: int) -> str:
        if 0 <= index < self.actions:
            return self._texts[index]
        raise EncodingError(f"no action {index}: {self.game.title} here has {self.actions}")

    def slots(self, seen: Seen, decisions: Sequence[Decision]) -> list[int | None]:
        """The index of each of ``decisions`` (legal decisions of ``seen.seat``), ``None``
        for those left out when the spare slots ran short (see the module)."""
        found: list[int | None] = []
        taken: set[int] = set()
        keys: dict[int, str] | None = None
        for decision in decisions:
            slot: int | None = None
            known = self._kinds.get(decision.kind)
            if known is not None:
                first, names_card = known
                if not names_card:
                    slot = first
                else:
                    named = decision.named_cards()
                    if len(named) == 1:
                        key = named[0]
                        if isinstance(key, int):
                            if keys is None:
                                keys = self._keys(seen)
                            key = keys.get(key, "")
                        column = self._card.get(key)
                        slot = None if column is None else first + column
            if slot is not None and slot not in taken:
                taken.add(slot)
                found.append(slot)
            else:
                found.append(None)
        spare_at, spares, used = self.spare_at, self.spares, 0
        for place, slot in enumerate(found):
            if slot is not None or used == spares:
                continue
            if keys is None:
                keys = self._keys(seen)
            bucket = crc32(signature(decisions[place], keys).encode()) % spares
            while spare_at + bucket in taken:  # probe on: a free spare slot is certain
                bucket = (bucket + 1) % spares
            found[place] = spare_at + bucket
            taken.add(spare_at + bucket)
            used += 1
        return found

    def _keys(self, seen: Seen) -> dict[int, str]:
        """The key of each card the seat can see, by id."""
        if seen.seat is None:
            return {}
        visible = self._visible[seen.seat]
        return {face.id: face.key for faces in seen.faces_of(visible) for face in faces}

    def action(self, seen: Seen, decision: Decision) -> int:
        """The index ``decision`` has when it is the only one of its slot: the same as among
        all the legal decisions for a decision with a slot of its own (below
        :attr:`spare_at`); a spare slot depends on the others (ask :meth:`indices` with all
        of them, or :meth:`mask`)."""
        return self.indices(seen, (decision,))[0]

    def indices(self, seen: Seen, decisions: Sequence[Decision]) -> list[int]:
        found = self.slots(seen, decisions)
        for decision, slot in zip(decisions, found, strict=True):
            if slot is None:
                raise EncodingError(
                    f"{decision.text()!r} has no index: more decisions needed a spare slot "
                    f"than the {self.spares} there are"
                )
        return [slot for slot in found if slot is not None]

    def mask(self, seen: Seen, legal: Decisions) -> tuple[Mask, dict[int, Decision]]:
        """As :meth:`Encoding.mask`, but decisions left without a slot (more than the spare
        slots hold) are left out of the mask and counted in :attr:`left_out`."""
        decisions = legal.moves
        kept = [
            (slot, decision)
            for slot, decision in zip(self.slots(seen, decisions), decisions, strict=True)
            if slot is not None
        ]
        self.left_out += len(decisions) - len(kept)
        indices = [slot for slot, _ in kept]
        mask = self._masks.get(tuple(indices))
        if mask is None:
            mask = self._new_mask(legal.seat, [decision for _, decision in kept], indices)
        return mask, dict(kept)
