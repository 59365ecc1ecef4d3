"""A match being played: a state with its journal, and the record of its decisions.

>>> from cardtable.games import find
>>> game = find("tcg")
>>> match = Match(game, game.default_ruleset(), seed=1)
>>> seat = match.to_act
>>> match.decide(seat, "end")
>>> match.record().decisions == ((seat, "end"),)
True
>>> Match.replay(game, match.record()).hash() == match.hash()
True

A match may also begin from a position built beforehand (a game's ``scenario()``, a state
loaded from a file); its record then holds that position instead of a seed:

>>> built = Match(game, game.default_ruleset(), seed=5).state
>>> later = Match.from_position(game, built)
>>> later.decide(later.to_act, "end")
>>> Match.replay(game, later.record()).hash() == later.hash()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.errors import DecisionError, IllegalDecision, RecordError, RulesetError
from cardtable.engine.game import Game
from cardtable.engine.json import JsonObject, digest
from cardtable.engine.outcome import Outcome
from cardtable.engine.record import ENGINE_VERSION, Record
from cardtable.engine.state import State
from cardtable.engine.view import View

S = TypeVar("S", bound=State)


class Match(Generic[S]):
    """One playing of a game: decisions go in, views, events and a record come out."""

    def __init__(
        self,
        game: Game[S, Any],
        ruleset: Any,
        seed: int,
        *,
        seats: Sequence[str] = (),
        journal: bool = True,
        start: S | None = None,
    ) -> None:
        self.game = game
        self.ruleset = ruleset
        self.seed = seed
        self.seats = tuple(seats)
        self.start: JsonObject | None = None
        """The position the match began from, when it did not begin from ``seed``."""
        if start is None:
            self.state: S = game.setup(ruleset, seed, journal=journal)
        else:
            self.start = game.state_to_json(start)
            self.state = start.copy()
            self.state.journal = [] if journal else None
        self.decisions: list[tuple[int, Decision]] = []
        self.failure: Exception | None = None
        """Set when applying a decision failed for a reason other than the decision being
        refused (a broken game definition, runaway reactions): the state may then be half
        changed, so the match is over without an outcome and takes no further decisions; its
        record and state can still be saved for diagnosis."""

    @property
    def to_act(self) -> int | None:
        return None if self.failure is not None else self.game.to_act(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    @property
    def over(self) -> bool:
        return self.state.outcome is not None or self.failure is not None

    def legal(self, seat: int) -> Decisions:
        if self.failure is not None:
            return Decisions(seat, (), None, False)
        return self.game.legal(self.state, seat)

    def verify(self, seat: int, decision: Decision | str) -> None:
        """Raise ``DecisionError`` with the reason unless ``seat`` may make ``decision`` now;
        change nothing either way."""
        if self.failure is not None:
            raise IllegalDecision(
                f"this match stopped after an error: {self.failure}", code="match_stopped"
            )
        if isinstance(decision, str):
            decision = self.game.parse_decision(decision)
        self.game.verify(self.state, seat, decision)

    def can(self, seat: int, decision: Decision | str) -> bool:
        """Whether ``seat`` may make ``decision`` now."""
        return self.why_not(seat, decision) is None

    def why_not(self, seat: int, decision: Decision | str) -> DecisionError | None:
        """Why ``seat`` may not make ``decision`` (or its text) now: the refusal, with its
        ``code`` and ``reason``, as deciding would raise it; ``None`` when it may. Nothing
        changes either way.

        >>> from cardtable.games import find
        >>> tcg = find("tcg")
        >>> match = Match(tcg, tcg.default_ruleset(), seed=3)
        >>> match.why_not(1 - match.to_act, "end").code, match.why_not(0, "fly").code
        ('not_your_turn', 'invalid_decision')
        """
        try:
            self.verify(seat, decision)
        except DecisionError as error:
            return error
        return None

    def unplayable(self, seat: int, legal: Decisions | None = None) -> dict[int, IllegalDecision]:
        """Why each card in ``seat``'s hand that no legal decision plays cannot be played, by
        card id (see :meth:`Game.unplayable <cardtable.engine.game.Game.unplayable>`);
        ``legal``: the seat's legal decisions, when the caller has them already."""
        if self.failure is not None:
            return {}
        return self.game.unplayable(self.state, seat, legal)

    def decide(self, seat: int, decision: Decision | str) -> IllegalDecision | None:
        """Apply a decision (or its text). Raises ``DecisionError`` and changes nothing when it
        is refused; returns the error when the ruleset penalised it instead."""
        if self.failure is not None:
            raise IllegalDecision(
                f"this match stopped after an error: {self.failure}", code="match_stopped"
            )
        if isinstance(decision, str):
            decision = self.game.parse_decision(decision)
        try:
            penalised = self.game.decide(self.state, seat, decision)
        except DecisionError:
            raise
        except Exception as error:
            self.failure = error
            self.state.queue.clear()
            raise
        self.decisions.append((seat, decision))
        return penalised

    def view(self, seat: int | None) -> View[Any]:
        return self.game.view(self.state, seat)

    def events(self, seat: int | None, since: int = 0) -> list[JsonObject]:
        """The journal from entry ``since`` on, as ``seat`` may see it.

        ``since`` counts journal entries, not the events one seat was shown (some entries
        show nothing to some seats): remember :attr:`journal_length` to ask for what is new.
        """
        journal = self.state.journal or []
        shown = []
        for entry in journal[since:]:
            event = entry.event(seat)
            if event is not None:
                shown.append(event)
        return shown

    @property
    def journal_length(self) -> int:
        """How many journal entries there are: a cursor for :meth:`events`, counting entries
        some seats cannot see, so it is for the program, never to be shown to a seat."""
        return len(self.state.journal or [])

    def hash(self) -> str:
        """SHA-256 of the canonical JSON of the whole state."""
        return digest(self.game.state_to_json(self.state))

    @classmethod
    def from_position(
        cls,
        game: Game[S, Any],
        state: S,
        *,
        seats: Sequence[str] = (),
        journal: bool = True,
    ) -> Match[S]:
        """A match that begins from ``state`` (copied; its ruleset and generator are the
        match's), whose record holds that position: a game's ``scenario()``, a loaded
        state. ``RecordError`` when ``state`` is not at rest or is of another game's rules.
        """
        if state.rules.game.newest is not game.newest:
            raise RecordError(f"the position is of {state.rules.game.name}, not {game.name}")
        if state.queue:
            raise RecordError("a match cannot begin from a position with actions queued")
        played = game.at_version(state.rules.game.version)
        return cls(played, state.rules.ruleset, 0, seats=seats, journal=journal, start=state)

    def record(self, meta: JsonObject | None = None) -> Record:
        return Record(
            game=self.game.name,
            ruleset=self.ruleset.to_json(),
            seed=self.seed,
            seats=self.seats,
            decisions=tuple((seat, decision.text()) for seat, decision in self.decisions),
            outcome=self.state.outcome,
            final_hash=self.hash(),
            meta=meta or {},
            engine_version=ENGINE_VERSION,
            game_version=self.game.version,
            start=self.start,
        )

    @classmethod
    def replay(
        cls, game: Game[S, Any], record: Record, *, upto: int | None = None, check: bool = True
    ) -> Match[S]:
        """Replay ``record`` (its first ``upto`` decisions); ``RecordError`` if it does not.

        The match plays the version of the rules the record was made with, when ``game``
        still knows it (see :meth:`Game.at_version`), whichever version ``game`` is at."""
        if record.game != game.name:
            raise RecordError(f"the record is a match of {record.game!r}, not {game.name!r}")
        if record.engine_version != ENGINE_VERSION:
            raise RecordError(
                f"the record was made on engine version {record.engine_version}; this "
                f"cardtable runs engine version {ENGINE_VERSION}, which may replay it differently"
            )
        try:
            game = game.at_version(record.game_version)
        except RecordError as error:
            raise RecordError(f"the record cannot be replayed: {error.reason}") from None
        try:
            ruleset = game.load_ruleset(record.ruleset)
        except RulesetError as error:
            raise RecordError(f"the record's ruleset is not valid: {error.reason}") from None
        if record.start is None:
            match = cls(game, ruleset, record.seed, seats=record.seats)
        else:
            start = game.state_from_json(record.start)
            if start.rules.ruleset.to_json() != ruleset.to_json():
                raise RecordError("the record's position is not under the record's ruleset")
            match = cls(game, ruleset, record.seed, seats=record.seats, start=start)
        decisions = record.decisions if upto is None else record.decisions[:upto]
        for number, (seat, text) in enumerate(decisions, start=1):
            try:
                match.decide(seat, text)
            except DecisionError as error:
                raise RecordError(
                    f"decision {number} (player {seat}: {text!r}) does not replay: {error.reason}"
                ) from None
        if (
            check
            and upto is None
            and record.final_hash is not None
            and match.hash() != record.final_hash
        ):
            raise RecordError("the replayed match does not end in the recorded final state")
        return match
