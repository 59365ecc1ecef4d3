"""A live match in the server's memory: the engine's match rebuilt from its stored record.

The stored record is the truth; a :class:`LiveMatch` is a cache of it that a process keeps so
as not to replay the whole record for every decision. It catches up with decisions another
process stored (:meth:`LiveMatch.catch_up`), and says what each seat may see: its view, its
legal decisions and its own stream of events (the journal as that seat may see it; a seat's
``n``-th event is the same whichever process computes it, so a client that saw ``n`` events
can resume from there anywhere).

>>> from cardtable.games import find
>>> game = find("war")
>>> live = LiveMatch.new(game, "m1", game.default_ruleset(), seed=7, seats=("ann", "bob"))
>>> live.version, live.to_act in (0, 1)
(0, True)
>>> seat = live.to_act
>>> _ = live.decide(seat, "turn")
>>> live.version, [decision for decision in live.texts()]
(1, [(0, 'turn')])
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.decisions import Decision
from cardtable.engine.errors import IllegalDecision
from cardtable.engine.game import Game
from cardtable.engine.json import JsonObject
from cardtable.engine.match import Match
from cardtable.engine.record import Record
from cardtable.engine.view import view_to_json
from cardtable.engine.wording import Names, seat_namer, with_text
from cardtable.protocol import messages as wire

LEGAL_DECISIONS_REMEMBERED = 4096
"""How many decisions' wire forms a process keeps (see :func:`legal_decision`): a few
hundred bytes each."""


@dataclass(frozen=True, slots=True)
class SeatState:
    """What one seat (``None``: a spectator) may know of the match now."""

    version: int
    view: JsonObject
    legal: list[wire.LegalDecision]
    to_act: int | None
    default: str | None
    outcome: JsonObject | None
    outcome_text: str | None
    """The outcome in words for this seat, with the table's names (``None`` until the end)."""
    events: int
    """How many events this seat's stream holds."""
    unplayable: list[wire.Unplayable]
    """While the seat is to act: why each card in its hand that no legal decision plays
    cannot be played."""
    card_text: dict[int, str]
    """What each card the view shows does, in words, under this match's rules."""


class LiveMatch:
    """One match, rebuilt from its record and kept in step with it."""

    def __init__(self, match_id: str, match: Match[Any]) -> None:
        self.id = match_id
        self.match = match
        self._events: dict[int | None, tuple[int, list[JsonObject]]] = {}
        """Per seat: the journal length read so far, and that seat's events up to there."""
        self._names: dict[int | None, Names] = {}
        """Per seat: what its events' lines call seats and cards (the cards its stream
        showed so far)."""

    @classmethod
    def new(
        cls, game: Game[Any, Any], match_id: str, ruleset: Any, *, seed: int, seats: Sequence[str]
    ) -> LiveMatch:
        """A match with no decisions yet."""
        return cls(match_id, Match(game, ruleset, seed, seats=seats))

    @classmethod
    def rebuild(
        cls,
        game: Game[Any, Any],
        match_id: str,
        ruleset: Any,
        *,
        seed: int,
        seats: Sequence[str],
        decisions: Sequence[tuple[int, str]],
    ) -> LiveMatch:
        """The match after ``decisions`` (stored ones: each must replay)."""
        live = cls.new(game, match_id, ruleset, seed=seed, seats=seats)
        for seat, text in decisions:
            live.replay(seat, text)
        return live

    # -- the match --------------------------------------------------------------------------

    @property
    def game(self) -> Game[Any, Any]:
        return self.match.game

    @property
    def version(self) -> int:
        """How many decisions the match has taken (the stored match's version)."""
        return len(self.match.decisions)

    @property
    def to_act(self) -> int | None:
        return self.match.to_act

    @property
    def over(self) -> bool:
        return self.match.over

    def texts(self) -> list[tuple[int, str]]:
        """The decisions taken, as the record stores them."""
        return [(seat, decision.text()) for seat, decision in self.match.decisions]

    def parse(self, text: str) -> Decision:
        """A decision from its text (``InvalidDecision`` with the reason when it is none)."""
        return self.game.parse_decision(text)

    def decide(self, seat: int, decision: Decision | str) -> IllegalDecision | None:
        """Apply a decision; see :meth:`Match.decide` (raises and changes nothing when it is
        refused; returns the error when the rules penalised it instead)."""
        return self.match.decide(seat, decision)

    def replay(self, seat: int, text: str) -> None:
        """Apply a decision the record holds (another process accepted it)."""
        self.match.decide(seat, text)

    def record(self, meta: JsonObject | None = None) -> Record:
        return self.match.record(meta)

    def outcome_json(self) -> JsonObject | None:
        outcome = self.match.outcome
        return None if outcome is None else outcome.to_json()

    def outcome_text(self, seat: int | None) -> str | None:
        """How the match ended, in words for ``seat`` (``None``: a spectator), the seats called
        by their names: ``You won — Bob conceded`` (``None`` while it goes on)."""
        outcome = self.match.outcome
        if outcome is None:
            return None
        return self.game.describe_outcome(outcome, seat_namer(self.match.seats), seat)

    # -- what a seat sees -------------------------------------------------------------------

    def events(self, seat: int | None, first: int = 0) -> list[JsonObject]:
        """Seat ``seat``'s events from its ``first`` on."""
        return self._shown(seat)[first:]

    def event_count(self, seat: int | None) -> int:
        """How many events seat ``seat`` has been shown so far."""
        return len(self._shown(seat))

    def _shown(self, seat: int | None) -> list[JsonObject]:
        """Every event ``seat`` may see, each with its line in the game's words (``text``),
        made once each (the list grows as the match goes). A line names the cards the
        seat's stream showed before it, so it is the same whichever process words it."""
        read, shown = self._events.get(seat, (0, []))
        length = self.match.journal_length
        if read < length:
            names = self._names.get(seat)
            if names is None:
                names = self._names[seat] = Names(seat_namer(self.match.seats), {})
            shown.extend(with_text(self.game, self.match.events(seat, read), names))
            self._events[seat] = (length, shown)
        return shown

    def seat_state(self, seat: int | None) -> SeatState:
        """Everything ``seat`` may know now (``None``: a spectator)."""
        to_act = self.to_act
        legal: list[wire.LegalDecision] = []
        unplayable: list[wire.Unplayable] = []
        default: str | None = None
        if seat is not None and to_act == seat:
            decisions = self.match.legal(seat)
            legal = [legal_decision(move) for move in decisions.moves]
            default = None if decisions.default is None else decisions.default.text()
            unplayable = [
                wire.Unplayable.model_construct(card=card, code=why.code, reason=why.reason)
                for card, why in self.match.unplayable(seat, decisions).items()
            ]
        view = self.match.view(seat)
        return SeatState(
            version=self.version,
            view=view_to_json(view),
            legal=legal,
            to_act=to_act,
            default=default,
            outcome=self.outcome_json(),
            outcome_text=self.outcome_text(seat),
            events=self.event_count(seat),
            unplayable=unplayable,
            card_text=self.game.card_texts(self.match.state, view),
        )


@functools.lru_cache(maxsize=LEGAL_DECISIONS_REMEMBERED)
def legal_decision(decision: Decision) -> wire.LegalDecision:
    """A legal decision as the view message lists it (made from the engine's own values,
    valid by construction, so not checked again). Decisions are frozen and the same ones come
    up turn after turn, so the last few thousand are remembered.

    >>> from cardtable.games.tcg.decisions import Play
    >>> legal_decision(Play(12, "heal")).model_dump()["mode"]
    'heal'
    """
    shape = decision.shape()
    return wire.LegalDecision.model_construct(
        kind=shape.kind,
        text=shape.text,
        cards=list(shape.cards),
        targets=list(shape.targets),
        mode=shape.mode,
        details=dict(shape.details),
    )
