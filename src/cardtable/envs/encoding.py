"""Encodings: how one game under one ruleset becomes numbers a learner can use.

An :class:`Encoding` fixes, for a ruleset, two things that never change during a match:

* an **action enumeration**: every decision the game can ever offer a seat under that
  ruleset gets an integer in ``range(actions)``. Indices are relative to the deciding seat
  (``play the card in hand slot 2``, not ``play card #17``), so the same index means the same
  kind of move in every match. Conceding is left out: it is always legal and never a move
  worth learning, so a random player would mostly resign.
* an **observation**: a flat ``float32`` vector of ``size`` numbers in ``[0, 1]``, written
  only from what one seat may know: its :class:`~cardtable.engine.view.View`, or its
  :class:`~cardtable.engine.sight.Sight` (the same, read from the live state when asked;
  both are :class:`~cardtable.engine.sight.Seen`). Neither holds anything the seat may not
  know, so the observation cannot either.

The legal decisions of a seat become an action mask (:meth:`Encoding.mask`); an index chosen
from the mask goes back to the decision it stands for. Two legal decisions sharing an index
would be a bug in the encoding, so :meth:`~Encoding.mask` refuses it loudly.

>>> from cardtable.envs.encodings import encoding_for
>>> from cardtable.games import find
>>> from cardtable.engine import Match
>>> game = find("war")
>>> match = Match(game, game.default_ruleset(), seed=1)
>>> encoding = encoding_for(game, game.default_ruleset())
>>> view = match.view(match.to_act)
>>> mask, moves = encoding.mask(view, match.legal(match.to_act))
>>> mask.tolist(), moves[0].text()
([1], 'turn')
"""

from __future__ import annotations

import struct
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.errors import CardtableError
from cardtable.engine.sight import Seen

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


MASKS_LIMIT = 65_536
"""How many masks an encoding remembers before it starts afresh."""


class EncodingError(CardtableError):
    """A decision or a view does not fit the encoding (a bug in the encoding, or a ruleset
    the encoding cannot express)."""


class Encoding(ABC):
    """The action enumeration and observation layout of one game under one ruleset."""

    def __init__(self) -> None:
        self._floats: Callable[..., bytes] | None = None
        self._masks: dict[tuple[int, ...], Mask] = {}

    actions: int
    """How many action indices there are (the size of the ``Discrete`` action space)."""
    size: int
    """How many numbers an observation holds."""
    seats: int
    """How many seats a match under the ruleset has."""
    shared_wins: bool = False
    """Whether several seats can win one match together (then no two-seat game is zero-sum)."""
    longest: int
    """A bound on the decisions of a match, for tools that ask (OpenSpiel's game information);
    not a rule of the game."""

    @abstractmethod
    def indices(self, seen: Seen, decisions: Sequence[Decision]) -> list[int]:
        """The index of each of ``decisions``, legal decisions of ``seen.seat`` (the seat to
        act)."""

    def action(self, seen: Seen, decision: Decision) -> int:
        """The index of one legal decision of ``seen.seat``."""
        return self.indices(seen, (decision,))[0]

    @abstractmethod
    def action_text(self, index: int) -> str:
        """A short description of what index ``index`` means, for any index."""

    def write(self, seen: Seen, seat: int, out: list[float]) -> None:
        """Write the observation of ``seat`` (``seen.seat``) into ``out`` (zeros, ``size``
        of them), reading nothing but ``seen``; every number within ``[0, 1]`` (see
        :func:`unit`). An encoding writes it here or overrides :meth:`observe`."""
        raise NotImplementedError(f"{type(self).__name__} writes no observation")

    def observe(self, seen: Seen) -> Observation:
        """A new observation of what ``seen`` (a view or a sight of a seat) shows."""
        if seen.seat is None:
            raise EncodingError("observations are for seats, not spectators")
        values = [0.0] * self.size
        self.write(seen, seen.seat, values)
        return floats(self.pack(values))

    def pack(self, values: list[float]) -> bytes:
        """``values`` (``size`` of them) as the bytes of ``float32`` numbers."""
        if self._floats is None:
            self._floats = struct.Struct(f"={self.size}f").pack
        return self._floats(*values)

    def mask(self, seen: Seen, legal: Decisions) -> tuple[Mask, dict[int, Decision]]:
        """The action mask of ``legal`` (conceding left out) and the decision of each index
        set in it. The mask is read-only: one array per set of indices, made once (copy it
        to change it)."""
        decisions = legal.moves
        indices = self.indices(seen, decisions)
        key = tuple(indices)
        mask = self._masks.get(key)
        if mask is None:
            mask = self._new_mask(legal.seat, decisions, indices)
        return mask, dict(zip(indices, decisions, strict=True))

    def _new_mask(self, seat: int, decisions: Sequence[Decision], indices: list[int]) -> Mask:
        """The mask of ``indices`` (checked: distinct, within the actions), remembered."""
        if not indices:
            raise EncodingError(f"seat {seat} has nothing to decide but conceding")
        if len(set(indices)) < len(indices) or min(indices) < 0 or max(indices) >= self.actions:
            raise EncodingError(_misfit(decisions, indices, self.actions))
        flags = np.zeros(self.actions, np.int8)
        flags[indices] = 1
        flags.flags.writeable = False
        if len(self._masks) >= MASKS_LIMIT:
            self._masks.clear()
        self._masks[tuple(indices)] = flags
        return flags


def floats(data: bytes) -> Observation:
    """A new observation from the bytes of ``float32`` numbers (the cheapest way to an
    array: packing Python floats with :mod:`struct` costs half of ``np.fromiter``).

    >>> floats(struct.pack("=2f", 0.5, 1.0)).tolist()
    [0.5, 1.0]
    """
    return np.frombuffer(bytearray(data), np.float32)


def _misfit(decisions: Sequence[Decision], indices: list[int], actions: int) -> str:
    """What is wrong with the indices of some legal decisions."""
    seen: dict[int, Decision] = {}
    for decision, index in zip(decisions, indices, strict=True):
        if not 0 <= index < actions:
            return f"{decision.text()!r} has index {index}, outside 0..{actions - 1}"
        if index in seen:
            return f"{decision.text()!r} and {seen[index].text()!r} share index {index}"
        seen[index] = decision
    raise AssertionError("the indices fit")


def unit(value: float) -> float:
    """``value`` clamped into ``[0, 1]``, for a number that can leave it (a hero below 0
    health, more tokens than a deck holds).

    >>> unit(-0.5), unit(0.25), unit(3.0)
    (0.0, 0.25, 1.0)
    """
    return value if 0.0 <= value <= 1.0 else (0.0 if value < 0.0 else 1.0)
