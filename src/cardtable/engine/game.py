"""The game interface: one definition per game, used by every front end.

A game subclasses :class:`Game` and fills in the rules; the base class provides the parts
that are the same for every game: verify/can/decide, views, conceding, state JSON, and the
rule book cache. The contract, in short::

    state = game.setup(ruleset, seed)        # a new match
    seat = game.to_act(state)                # who decides now (None: nobody, or over)
    legal = game.legal(state, seat)          # the seat's legal decisions
    game.decide(state, seat, legal.moves[0]) # verify, then apply (raises, or changes state)
    game.view(state, seat)                   # what a seat may see
    state.outcome                            # an Outcome once the match is over
"""

from __future__ import annotations

import copy
import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar, Generic, Self, TypeVar

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card, Component
from cardtable.engine.decisions import (
    CONCEDE,
    TIMEOUT_THENS,
    Concede,
    Decision,
    Decisions,
    Timeout,
    TimeoutThen,
)
from cardtable.engine.errors import (
    ENGINE_REFUSAL_CODES,
    IllegalDecision,
    InvalidDecision,
    RecordError,
    RulesetError,
)
from cardtable.engine.events import ConcededEvent, EventShape, TimedOutEvent
from cardtable.engine.facets import CardHints, Readings, SearchHints
from cardtable.engine.json import (
    JsonObject,
    as_int,
    as_list,
    as_object,
    as_optional_int,
    as_optional_str,
    as_str,
)
from cardtable.engine.outcome import CONCEDED, Outcome, OutcomeCode, outcome_codes, ranked
from cardtable.engine.pools import Pool
from cardtable.engine.processor import process
from cardtable.engine.public import public_shape
from cardtable.engine.rng import Rng
from cardtable.engine.rulebook import RULESETS_REMEMBERED as RULESETS_REMEMBERED
from cardtable.engine.rulebook import RuleBook, RuleBooks
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.sight import Sight
from cardtable.engine.state import State
from cardtable.engine.stats import Stat
from cardtable.engine.view import View, make_view
from cardtable.engine.wording import Names, SeatNamer, describe, describe_outcome, timed_out

S = TypeVar("S", bound=State)
R = TypeVar("R", bound=Ruleset)

STATE_FORMAT = "cardtable-state"
STATE_FORMAT_VERSION = 1


class Conceded(Action[State]):
    """A seat gives up. By default every other seat shares the win (games may override)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def execute(self, state: State) -> ConcededEvent:
        winners = tuple(seat for seat in range(state.seats) if seat != self.seat)
        state.outcome = CONCEDED.outcome(winners=winners, seats=(self.seat,))
        return ConcededEvent(seat=self.seat)


class TimedOut(Action[State]):
    """A seat's time to decide ran out: an event that says so, before its default decision
    (``decision``, in its text form) is made for it."""

    __slots__ = ("seat", "decision")

    def __init__(self, seat: int, decision: str) -> None:
        self.seat = seat
        self.decision = decision

    def execute(self, state: State) -> TimedOutEvent:
        return TimedOutEvent(seat=self.seat, decision=self.decision)


@dataclass(frozen=True, slots=True)
class Choice:
    """A value a :class:`RulesetOption` offers by name, for front ends to list.

    >>> Choice("kata", "Kata", "the original kata's cards").title
    'Kata'
    """

    value: str
    title: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class RulesetOption:
    """A way to change a ruleset from one piece of text, beyond setting a field (loading a
    card set, a deck file...). Front ends offer it as ``--name VALUE``; ``order`` says when it
    applies among the others (lower first; setting plain fields is order 0); ``label``, when
    given, says what reports call a value (a deck file's own name rather than its path);
    ``choices``, when given, lists the values it knows by name (the built-in card sets), so
    that a front end can offer them without knowing the game (other values may still apply:
    a file's path)."""

    name: str
    help: str
    apply: Callable[[Any, str], Any]
    order: int = 0
    label: Callable[[str], str] | None = None
    choices: Callable[[], Sequence[Choice]] | None = None


@dataclass(frozen=True, slots=True)
class Preset(Generic[R]):
    """A named ruleset a front end offers in one click: the ``quick`` table every game has
    (short enough to finish in minutes) and any others a game names.

    >>> from cardtable.games import find
    >>> quick = find("war").preset("quick")
    >>> quick.title, quick.ruleset.turn_limit
    ('Quick War', 100)
    """

    name: str
    title: str
    description: str
    ruleset: R


@dataclass(frozen=True, slots=True)
class RatedRuleset(Generic[R]):
    """A ruleset whose matches are rated: a game's standard rules (for a game of several
    table sizes, one per size). Each has its own ratings and leaderboards; a match under any
    other ruleset is unrated.

    >>> from cardtable.games import find
    >>> [rated.name for rated in find("karata").rated_rulesets()]
    ['standard-2', 'standard-3', 'standard-4']
    >>> find("karata").rated_ruleset(find("karata").default_ruleset()).title
    'Karata, 2 players'
    """

    name: str
    """Its name within the game (``standard``, ``standard-3``), as ratings are filed under."""
    title: str
    ruleset: R


class Game(ABC, Generic[S, R]):
    """Base of every game definition. Subclasses are stateless: all state is in ``S``."""

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    rules_resource: ClassVar[tuple[str, str]]
    """(package, file name) of the rules document written in our own words."""
    version: int = 1
    """Bumped whenever a change of this game's rules would make an existing record replay
    differently (records carry the version they were made with). New matches play the newest;
    :meth:`at_version` gives the game as it played an older one it still knows."""
    older_versions: ClassVar[tuple[int, ...]] = ()
    """The earlier versions this game can still play, so that their records replay and their
    stored matches resume (see :meth:`at_version`): the game reads ``self.version`` wherever
    its rules differ from one to the next."""
    _newest: Any = None
    """On a game :meth:`at_version` made: the newest game it comes from."""
    ruleset_type: ClassVar[type[Any]]
    """The class of this game's rulesets (a validated, frozen model whose fields all have
    defaults, read from JSON by its ``from_json``: see :mod:`cardtable.config`)."""
    decision_types: ClassVar[tuple[type[Decision], ...]]
    """This game's decision classes (conceding is added for every game)."""
    event_types: ClassVar[tuple[type[Any], ...]]
    """This game's own events (the engine's are added): classes made with
    :func:`~cardtable.engine.events.event`, each declaring its JSON, what each seat sees of
    it and its words (or, for an event an action still writes by hand, the dataclass of its
    JSON)."""
    _events_by_kind: ClassVar[Mapping[str, type[EventShape]]] = {}
    state_type: ClassVar[type[State]] = State
    """The class of this game's states, whose annotated fields are its public data (see
    :mod:`~cardtable.engine.public`)."""
    public_type: ClassVar[type[Any]]
    """Dataclass giving the shape of the game's public data in views (``View.public``):
    made from :attr:`state_type`'s fields unless the game gives it (a game whose views show
    more than its state keeps: :func:`~cardtable.engine.public.public_shape` with ``extra``)."""
    outcome_codes: ClassVar[Mapping[str, OutcomeCode]] = outcome_codes(CONCEDED)
    """The closed set of ways this game's matches end, by code, each with its words (see
    :mod:`~cardtable.engine.outcome`): every outcome its rules make carries one of them (the
    conformance suite checks it), and its rules page lists them. The default, for a game that
    ends only by the engine's conceding: ``conceded``."""
    outcome_codes_since: ClassVar[int] = 1
    """The first version of this game's rules whose outcomes carry codes. A match played under
    an older version ends with the outcome of that version's form (:meth:`older_outcome`),
    so that its records replay to the same final state."""
    placings_since: ClassVar[int] = 1
    """The first version of this game's rules whose outcomes place every seat (see
    :meth:`placings`). A match of an older version ends unplaced, so that its records replay
    to the same final state."""
    refusal_codes: ClassVar[Mapping[str, str]] = {}
    """This game's own refusal codes, each with a one-line meaning: every refusal its rules
    raise carries one of them as ``code`` (``IllegalDecision(reason, code=...)``), or one of
    the engine's (:data:`~cardtable.engine.errors.ENGINE_REFUSAL_CODES`). The rules page lists
    them; the conformance suite checks that refusals keep to them."""
    auto_play: ClassVar[bool] = False
    """Whether a person may hand their seat's decisions to the server because the game offers
    no real choice (every decision is the seat's default: War's ``turn``): the server then
    makes the seat's default decision whenever it is to act, as it does a computer player's.
    False for a game with choices to make (the server refuses to play a person's seat)."""
    search_hints: ClassVar[SearchHints[Any]] = SearchHints()
    """What the game tells the search player (see :class:`~cardtable.engine.facets.SearchHints`;
    the default weighs every move and judges nothing before the end)."""
    card_hints: ClassVar[CardHints[Any]] = CardHints()
    """What front ends may ask about cards: hands, ways to play a card, a card's words (see
    :class:`~cardtable.engine.facets.CardHints`)."""
    readings: ClassVar[Readings[Any]] = Readings()
    """Typed readings of a seat's table for research environments (see
    :class:`~cardtable.engine.facets.Readings`)."""

    _own_turns: ClassVar[bool] = False
    """Whether the game writes its own :meth:`legal` (else the engine refuses a seat not to
    act before planning)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._own_turns = cls.legal is not Game.legal
        if "state_type" in cls.__dict__ and "public_type" not in cls.__dict__:
            cls.public_type = public_shape(cls.state_type)
        if "event_types" in cls.__dict__:
            cls._events_by_kind = {
                told.kind: told for told in cls.event_types if issubclass(told, EventShape)
            }

    @property
    def all_refusal_codes(self) -> Mapping[str, str]:
        """Every code a refusal of this game may carry, with its meaning: the engine's, then
        the game's own.

        >>> from cardtable.games import find
        >>> codes = find("tcg").all_refusal_codes
        >>> codes["not_your_turn"], codes["cannot_afford"]
        ('another seat is to decide now', 'the card costs more mana than you have')
        """
        return {**ENGINE_REFUSAL_CODES, **self.refusal_codes}

    # -- versions ---------------------------------------------------------------------------

    @property
    def versions(self) -> tuple[int, ...]:
        """Every version of the rules this game can play, the newest last."""
        return (*sorted(self.older_versions), self.newest.version)

    @property
    def newest(self) -> Self:
        """This game at its newest version (itself, unless :meth:`at_version` made it)."""
        return self if self._newest is None else self._newest

    def at_version(self, version: int) -> Self:
        """This game as it played ``version`` of its rules (``RecordError`` for a version it
        does not know): the game itself for the newest, else one made once per version,
        whose ``version`` the rules read and whose matches' records carry.

        >>> from cardtable.games import find
        >>> game = find("tcg")
        >>> game.at_version(2).version, game.at_version(2) is game.at_version(2)
        (2, True)
        >>> game.at_version(2).at_version(game.version) is game
        True
        """
        newest = self.newest
        if version == newest.version:
            return newest
        if version not in self.versions:
            known = ", ".join(map(str, self.versions))
            raise RecordError(
                f"version {version} of the {self.title} rules is not one this cardtable can "
                f"play (it plays version{'s' if len(self.versions) > 1 else ''} {known})"
            )
        made: dict[int, Self] = newest.__dict__.setdefault("_older", {})
        older = made.get(version)
        if older is None:
            older = made[version] = copy.copy(newest)
            older.version = version
            older._newest = newest
            older.__dict__.pop("_books", None)  # its rules differ: so do its rule books
            older.__dict__.pop("_older", None)
        return older

    # -- rulesets ---------------------------------------------------------------------------

    def default_ruleset(self) -> R:
        """The ruleset with every field at its default."""
        made: R = self.ruleset_type()
        return made

    def load_ruleset(self, data: Mapping[str, object]) -> R:
        """Validate ``data`` into a ruleset (``RulesetError`` naming each bad field)."""
        loaded: R = self.ruleset_type.from_json(data)
        return loaded

    def ruleset_options(self) -> Mapping[str, RulesetOption]:
        """Named ways to change a ruleset from text (see :class:`RulesetOption`); none by
        default."""
        return {}

    def presets(self) -> Sequence[Preset[R]]:
        """The rulesets a front end offers by name, the ``quick`` one first (default: the
        game's own rules, as the quick table: a game whose matches are long says otherwise)."""
        return (
            Preset("quick", f"Quick {self.title}", "The game's own rules.", self.default_ruleset()),
        )

    def rated_rulesets(self) -> Sequence[RatedRuleset[R]]:
        """The rulesets whose matches are rated (default: the game's own rules, as
        ``standard``). A game whose outcome is luck alone (War: its only decision is turning
        a card) rates none."""
        return (RatedRuleset("standard", self.title, self.default_ruleset()),)

    def rated_ruleset(self, ruleset: R) -> RatedRuleset[R] | None:
        """The rated ruleset ``ruleset`` is, if it is one (compared field by field)."""
        wanted = ruleset.to_json()
        for rated in self.rated_rulesets():
            if rated.ruleset.to_json() == wanted:
                return rated
        return None

    def preset(self, name: str) -> Preset[R]:
        """The preset called ``name`` (``KeyError`` when there is none)."""
        for found in self.presets():
            if found.name == name:
                return found
        raise KeyError(name)

    def example_rulesets(self) -> list[R]:
        """Rulesets that exercise the rules' corners (the conformance suite plays them all)."""
        return [self.default_ruleset()]

    def seats(self, ruleset: R) -> int:
        """How many seats a match under ``ruleset`` has: by default its ``players`` field (a
        game of a fixed count, or that counts otherwise, says so).

        >>> from cardtable.games import find
        >>> karata = find("karata")
        >>> karata.seats(karata.default_ruleset().changed(players=4))
        4
        """
        players = getattr(ruleset, "players", None)
        if not isinstance(players, int):
            raise NotImplementedError(
                f"{type(self).__name__} must say how many seats its rulesets have: they have "
                "no players field"
            )
        return players

    def reseated(self, ruleset: R, seats: int) -> R | None:
        """The same rules at a table of ``seats`` (``None``: they cannot seat that many). A
        tournament seats tables of several sizes under one ruleset. Default: the rules seat
        their own count only; a game whose rules count their players says otherwise.

        >>> from cardtable.games import find
        >>> tcg = find("tcg")
        >>> tcg.reseated(tcg.default_ruleset(), 2) == tcg.default_ruleset()
        True
        >>> tcg.reseated(tcg.default_ruleset(), 3) is None
        True
        """
        return ruleset if self.seats(ruleset) == seats else None

    @property
    def rulebooks(self) -> RuleBooks:
        """The rule books this game (at this version of its rules) has built and keeps."""
        books: RuleBooks | None = self.__dict__.get("_books")
        if books is None:
            books = self.__dict__["_books"] = RuleBooks(self.build_rulebook)
        return books

    def rulebook(self, ruleset: R) -> RuleBook:
        """The rule book of a ruleset, built once and kept by this game (see
        :class:`~cardtable.engine.rulebook.RuleBooks`)."""
        book: RuleBook = self.rulebooks.get(ruleset)
        return book

    @abstractmethod
    def build_rulebook(self, ruleset: R) -> RuleBook:
        """Assemble the rule reactions, card catalogue and checks for ``ruleset``."""

    # -- setting up -------------------------------------------------------------------------

    @abstractmethod
    def skeleton(self, book: RuleBook, rng: Rng) -> S:
        """A state with the zones, pools and public data of a new match, but no cards."""

    @abstractmethod
    def create_cards(self, state: S) -> None:
        """Create a new match's cards in their starting zones (no randomness: shuffling and
        dealing are opening actions)."""

    def number_cards(self, state: S, seed: int) -> None:
        """Give a new match's cards their ids, after :meth:`create_cards` and before the
        opening (``seed`` is the match's; draw from a generator derived from it for this
        alone, so that numbering changes nothing else chance decides).

        A card's id must carry nothing a seat may not know. The default keeps the order the
        cards were created in, which is right while every seat knows every pool's manifest
        (a standard deck, an open deck list). A game with secret pools (closed deck lists)
        numbers their cards at random with :func:`~cardtable.engine.numbering.shuffle_ids`,
        or a seen card's id would tell where it sat in its owner's list.
        """

    @abstractmethod
    def opening(self, state: S) -> Sequence[Action[Any]]:
        """The set-up actions of a new match (shuffle, choose who starts, deal...)."""

    def setup(self, ruleset: R, seed: int, *, journal: bool = True) -> S:
        """A new match under ``ruleset``; ``seed`` decides every random event of the rules."""
        book = self.rulebook(ruleset)
        template: S | None = book.template
        if template is None:
            template = self.skeleton(book, Rng(0))
            self.create_cards(template)
            book.template = template
        state = template.copy()
        self.number_cards(state, seed)
        state.rng = Rng(seed)
        if journal:
            state.journal = []
        state.run(*self.opening(state))
        self._settle(state)
        return state

    # -- playing ----------------------------------------------------------------------------

    @abstractmethod
    def to_act(self, state: S) -> int | None:
        """The seat that decides next; ``None`` when the match is over."""

    def legal(self, state: S, seat: int) -> Decisions:
        """The legal decisions of ``seat`` now. The default: nothing once the match is over
        (not even conceding), nothing for a seat not to act, else the game's :meth:`moves`,
        the first of them the default decision (the one a timeout makes). A game whose seats
        decide out of turn, or whose default decision is another, writes its own."""
        if state.outcome is not None:
            return Decisions(seat, (), None, can_concede=False)
        if seat != self.to_act(state):
            return Decisions(seat, (), None)
        moves = tuple(self.moves(state, seat))
        return Decisions(seat, moves, moves[0] if moves else None)

    def moves(self, state: S, seat: int) -> Sequence[Decision]:
        """The decisions ``seat``, to act in a running match, may make now, for the default
        :meth:`legal` (a game that writes its own ``legal`` needs none)."""
        raise NotImplementedError(f"{type(self).__name__} must define legal or moves")

    @abstractmethod
    def plan(self, state: S, seat: int, decision: Decision) -> Sequence[Action[Any]]:
        """The actions ``decision`` queues, or ``IllegalDecision`` with a player's reason.

        Planning changes nothing. Called only for the game's own decisions (one of
        :attr:`decision_types`: the engine refuses others as ``unknown_decision``), while the
        match is running and ``seat`` exists; for a game of the default :meth:`legal`, only
        for the seat to act (the engine refuses the others as ``not_your_turn``).
        """

    def _planned(self, state: S, seat: int, decision: Decision) -> Sequence[Action[Any]]:
        """:meth:`plan`, after the refusals the engine makes for every game (see there)."""
        if not isinstance(decision, self.decision_types):
            raise IllegalDecision(
                f"{decision.text()!r} is not a decision of {self.title}", code="unknown_decision"
            )
        if not self._own_turns and seat != self.to_act(state):
            raise IllegalDecision("it is not your turn", code="not_your_turn")
        return self.plan(state, seat, decision)

    def parse(self, text: str) -> Decision:
        """Parse a game decision's canonical text (``InvalidDecision`` when it is not one).
        The default reads the :attr:`~cardtable.engine.decisions.Decision.form` of each of
        the game's decision classes (``'fly' is not a High Card decision: write play
        #CARD`` when none reads it); a game of decisions written otherwise parses them."""
        forms = [kind for kind in self.decision_types if kind.form]
        for kind in forms:
            found = kind.from_text(text)
            if found is not None:
                return found
        written = " or ".join(
            re.sub(r"\{(\w+)\}", lambda name: name.group(1).upper(), kind.form) for kind in forms
        )
        raise InvalidDecision(f"{text.strip()!r} is not a {self.title} decision: write {written}")

    def concede(self, state: S, seat: int) -> Sequence[Action[Any]]:
        """The actions conceding queues (default: the other seats share the win)."""
        return (Conceded(seat),)

    def time_out(self, state: S, seat: int, then: TimeoutThen = "default") -> Sequence[Action[Any]]:
        """The actions of a :class:`~cardtable.engine.decisions.Timeout`: the seat to act ran
        out of time, which an event says (``timed_out``), then (``then``) its default decision
        is made, it concedes, or nothing more (its seat is handed to a computer player, who
        decides next). Refused when the seat is not to act, or has no default decision to
        make."""
        if self.to_act(state) != seat:
            raise IllegalDecision(
                "it is not your turn: no time of yours ran out", code="not_your_turn"
            )
        if then == "forfeit":
            return (TimedOut(seat, CONCEDE.text()), *self.concede(state, seat))
        if then == "agent":
            return (TimedOut(seat, "agent"),)
        default = self.legal(state, seat).default
        if default is None:
            raise IllegalDecision("you have nothing to decide now", code="no_default")
        return (TimedOut(seat, default.text()), *self._planned(state, seat, default))

    def placings(self, state: S, outcome: Outcome) -> tuple[int, ...]:
        """Where each seat placed in the match ``outcome`` ended (1 first; equal places
        shared, see :func:`~cardtable.engine.outcome.ranked`). The default: the winners
        share first place and everyone else the next; when nobody won, all share first. A
        game whose other seats finish in an order (by cards left, by when they ran out)
        says how, and places a seat that conceded or forfeited last."""
        winners = set(outcome.winners)
        return ranked([0 if not winners or seat in winners else 1 for seat in range(state.seats)])

    def older_outcome(self, state: S, outcome: Outcome) -> Outcome:
        """``outcome`` (of a code) as a version before :attr:`outcome_codes_since` ended the
        match: its sentence alone (a game whose sentences read otherwise then says how)."""
        return Outcome(winners=outcome.winners, reason=outcome.reason)

    def penalty(
        self, state: S, seat: int, decision: Decision, error: IllegalDecision
    ) -> Sequence[Action[Any]] | None:
        """Actions that punish an illegal decision, when the ruleset declares a penalty.

        ``None`` (the default) means the decision is simply refused.
        """
        return None

    def parse_decision(self, text: str) -> Decision:
        """Any decision of this game from its text, conceding included."""
        if not isinstance(text, str) or not text.strip():
            raise InvalidDecision("an empty decision: say what you want to do")
        if text.strip().lower() == "concede":
            return Concede()
        words = text.strip().lower().split()
        if words[0] == "timeout":
            then = words[1] if len(words) == 2 else "default" if len(words) == 1 else ""
            if then not in TIMEOUT_THENS:
                raise InvalidDecision(
                    f"{text.strip()!r} is no timeout: it is timeout default, forfeit or agent"
                )
            return Timeout(then)
        return self.parse(text)

    def verify(self, state: S, seat: int, decision: Decision) -> None:
        """Raise ``IllegalDecision`` with the reason and its code unless ``seat`` may make
        ``decision``."""
        if state.outcome is not None:
            raise IllegalDecision("the match is over", code="match_over")
        if not 0 <= seat < state.seats:
            raise IllegalDecision(f"there is no seat {seat} in this match", code="no_such_seat")
        if isinstance(decision, Concede):
            self.concede(state, seat)  # a game may refuse (a player already out)
            return
        if isinstance(decision, Timeout):
            self.time_out(state, seat, decision.then)
            return
        self._planned(state, seat, decision)

    def can(self, state: S, seat: int, decision: Decision) -> bool:
        return self.why_not(state, seat, decision) is None

    def why_not(self, state: S, seat: int, decision: Decision) -> IllegalDecision | None:
        """Why ``seat`` may not make ``decision`` now (the refusal, with its code and
        sentence), without trying it; ``None`` when it may. Nothing changes either way.

        >>> from cardtable.games import find
        >>> war = find("war")
        >>> state = war.setup(war.default_ruleset(), seed=1)
        >>> war.why_not(state, 1 - war.to_act(state), war.parse("turn")).code
        'not_your_turn'
        """
        try:
            self.verify(state, seat, decision)
        except IllegalDecision as error:
            return error
        return None

    def unplayable(
        self, state: S, seat: int, legal: Decisions | None = None
    ) -> dict[int, IllegalDecision]:
        """For each card (by id) in the hand of ``seat``, while it is to act, that no legal
        decision names: the refusal of the first way to play it (``card_hints.plays_of``), so that a
        front end can say "not enough mana" without knowing the rules. Empty when ``seat``
        is not to act or the game names no ways to play cards. ``legal``: the seat's legal
        decisions, when the caller has them already."""
        if self.to_act(state) != seat:
            return {}
        named: set[int | str] = set()
        for move in (legal if legal is not None else self.legal(state, seat)).moves:
            named.update(move.named_cards())
        refusals: dict[int, IllegalDecision] = {}
        hints = self.card_hints
        for card in hints.hand(state, seat):
            if card.id in named or card.key in named:
                continue
            for play in hints.plays_of(state, seat, card):
                refusal = self.why_not(state, seat, play)
                if refusal is not None:
                    refusals[card.id] = refusal
                    break
        return refusals

    def card_texts(self, state: S, view: View[Any]) -> dict[int, str]:
        """The words of every card ``view`` shows (``card_hints.text``), by card id (none for
        a game whose cards need no words).

        >>> from cardtable.games import find
        >>> war = find("war")
        >>> state = war.setup(war.default_ruleset(), 1)
        >>> war.card_texts(state, war.view(state, 0))
        {}
        """
        texts: dict[int, str] = {}
        hints = self.card_hints
        if type(hints).text is CardHints.text:
            return texts
        for zone in view.zones.values():
            for shown in zone.cards or ():
                text = hints.text(state, state.card(shown.id))
                if text is not None:
                    texts[shown.id] = text
        return texts

    def decide(self, state: S, seat: int, decision: Decision) -> IllegalDecision | None:
        """Verify and apply ``decision``.

        Raises ``IllegalDecision`` and leaves the state unchanged when the decision is not
        allowed, unless the ruleset penalises it: then the penalty is applied, the version
        advances and the error is returned (``None`` after a legal decision).
        """
        try:
            if state.outcome is not None or not 0 <= seat < state.seats:
                self.verify(state, seat, decision)
            if isinstance(decision, Concede):
                actions = self.concede(state, seat)
            elif isinstance(decision, Timeout):
                actions = self.time_out(state, seat, decision.then)
            else:
                actions = self._planned(state, seat, decision)
        except IllegalDecision as error:
            if state.outcome is not None:
                raise
            punishment = self.penalty(state, seat, decision, error)
            if punishment is None:
                raise
            state.version += 1
            state.run(*punishment)
            self._settle(state)
            return error
        state.version += 1
        state.queue.extend(actions)
        process(state)
        if state.outcome is not None:
            self._settle(state)
        return None

    def _settle(self, state: S) -> None:
        """Give an outcome the form of this version of the rules (see
        :attr:`outcome_codes_since`), with every seat placed from :attr:`placings_since` on."""
        outcome = state.outcome
        if outcome is None:
            return
        if self.version < self.placings_since:
            outcome = outcome.unplaced
        elif not outcome.placings:
            outcome = outcome.placed(self.placings(state, outcome))
        if outcome.code and self.version < self.outcome_codes_since:
            outcome = self.older_outcome(state, outcome)
        state.outcome = outcome

    # -- words ------------------------------------------------------------------------------

    def describe_event(self, event: JsonObject, names: Names) -> str | None:
        """One log line for ``event`` (as a seat may see it), calling seats and cards by
        ``names``; ``None`` leaves the event out of a log. Read only the event and the names:
        a line must not tell more than the seat knows (see :mod:`~cardtable.engine.wording`).
        The default asks the game's event class of that type for its
        :meth:`~cardtable.engine.events.EventShape.words`, words the engine's own events
        (damage, heals, deaths, moves...) and reads any other field by field
        (:func:`~cardtable.engine.wording.describe`).

        >>> from cardtable.engine.wording import seat_namer
        >>> from cardtable.games import find
        >>> names = Names(seat_namer(("ann", "bob")))
        >>> find("war").describe_event({"type": "won", "seat": 1, "cards": 4, "by": "rank"}, names)
        'bob takes 4 cards'
        """
        kind = event.get("type")
        told = self._events_by_kind.get(str(kind))
        if told is not None:
            try:
                return told.words_from_json(event, names)  # a server's text left unread
            except RecordError:  # not as this game writes it: read it field by field
                pass
        elif kind == "timed_out":
            return timed_out(event, names, self.timed_out_words(str(event.get("decision"))))
        return describe(event, names)

    def timed_out_words(self, decision: str) -> str:
        """What a seat's default ``decision`` (its text) did when the seat ran out of time, in
        this game's words, for the ``timed_out`` event's line in a log (a forfeit or a
        computer player taking the seat is worded by the engine). The default names the
        decision.

        >>> from cardtable.engine.wording import seat_namer
        >>> from cardtable.games import find
        >>> names = Names(seat_namer(("ann", "bob")))
        >>> tcg, war = find("tcg"), find("war")
        >>> tcg.describe_event({"type": "timed_out", "seat": 1, "decision": "end"}, names)
        'bob ran out of time; their turn ended'
        >>> war.describe_event({"type": "timed_out", "seat": 0, "decision": "concede"}, names)
        'ann ran out of time; they forfeit the match'
        """
        return f"{decision} was played for them"

    def describe_outcome(self, outcome: Outcome, names: SeatNamer, viewer: int | None) -> str:
        """The outcome in words for ``viewer`` (``None``: anyone), seats called by ``names``:
        ``You won — Bob fell to 0 health or below``, or ``Ann won — Bob conceded`` (see
        :func:`~cardtable.engine.wording.describe_outcome`).

        >>> from cardtable.games import find
        >>> tcg = find("tcg")
        >>> ended = tcg.outcome_codes["fell"].outcome(winners=(0,), seats=(1,))
        >>> tcg.describe_outcome(ended, ["Ann", "Bob"].__getitem__, 1)
        'You lost — you fell to 0 health or below'
        """
        return describe_outcome(outcome, self.outcome_codes, names, viewer)

    # -- seeing -----------------------------------------------------------------------------

    def public_view(self, state: S, seat: int | None) -> Any:
        """The game's public data as ``seat`` sees it (default: the state's public JSON)."""
        return state.public()

    def view(self, state: S, seat: int | None) -> View[Any]:
        """What ``seat`` may know (``None``: a spectator)."""
        return make_view(state, seat, self.to_act(state), self.public_view(state, seat))

    def sight(self, state: S, seat: int) -> Sight:
        """What ``seat`` may know, read from ``state`` only when asked: the same as
        :meth:`view` gives, without copying it (see :mod:`~cardtable.engine.sight`)."""
        return Sight(self, state, seat)

    def rules_text(self) -> str:
        """The rules of the game in our own words (Markdown)."""
        package, name = self.rules_resource
        return resources.files(package).joinpath(name).read_text(encoding="utf-8")

    # -- state as JSON ----------------------------------------------------------------------

    def state_to_json(self, state: S) -> JsonObject:
        """The whole state (hidden cards and generator included) as JSON."""
        if state.queue:
            raise RuntimeError("cannot serialise a state while actions are queued")
        ruleset: Ruleset = state.rules.ruleset
        return {
            "format": STATE_FORMAT,
            "format_version": STATE_FORMAT_VERSION,
            "game": self.name,
            "ruleset": ruleset.to_json(),
            "rng": state.rng.to_json(),
            "version": state.version,
            "turn": state.turn,
            "active": state.active,
            "outcome": None if state.outcome is None else state.outcome.to_json(),
            "cards": [_card_json(state, card) for card in state.cards],
            "zones": {name: [card.id for card in zone.cards] for name, zone in state.zones.items()},
            "pools": {name: pool.to_json() for name, pool in state.pools.items()},
            "public": state.public(),
        }

    def state_from_json(self, value: object) -> S:
        """Rebuild a state from :meth:`state_to_json` (``RecordError`` when malformed)."""
        data = as_object(value, "state")
        if data.get("format") != STATE_FORMAT:
            raise RecordError("not a cardtable state")
        version = as_int(data.get("format_version"), "state format_version")
        if version != STATE_FORMAT_VERSION:
            raise RecordError(f"state format version {version} is not supported")
        if data.get("game") != self.name:
            raise RecordError(f"the state is of game {data.get('game')!r}, not {self.name!r}")
        try:
            ruleset = self.load_ruleset(as_object(data.get("ruleset"), "state ruleset"))
        except RulesetError as error:
            raise RecordError(f"the state's ruleset is not valid: {error.reason}") from None
        book = self.rulebook(ruleset)
        state = self.skeleton(book, Rng.from_json(data.get("rng")))
        state.version = as_int(data.get("version"), "state version")
        state.turn = as_int(data.get("turn"), "state turn")
        state.active = as_int(data.get("active"), "state active")
        if not 0 <= state.active < state.seats:
            raise RecordError(f"state active: seat {state.active} is not in this match")
        if state.version < 0 or state.turn < 0:
            raise RecordError("state version and turn cannot be negative")
        raw_outcome = data.get("outcome")
        state.outcome = None if raw_outcome is None else Outcome.from_json(raw_outcome)
        if state.outcome is not None and not all(
            0 <= seat < state.seats for seat in state.outcome.winners
        ):
            raise RecordError("state outcome: a winner is not a seat of this match")
        try:
            for index, item in enumerate(as_list(data.get("cards"), "state cards")):
                entry = as_object(item, "card")
                if as_int(entry.get("id"), "card id") != index:
                    raise RecordError(f"card ids must be 0, 1, 2... in order (at {index})")
                owner = as_optional_int(entry.get("owner"), "card owner")
                if owner is not None and not 0 <= owner < state.seats:
                    raise RecordError(f"card #{index}: owner {owner} is not a seat of this match")
                card = Card(
                    index,
                    book.card(as_str(entry.get("key"), "card key")),
                    owner=owner,
                    pool=as_optional_str(entry.get("pool"), "card pool"),
                )
                attached = as_list(entry.get("components", []), "card components")
                if attached:
                    state.components[index] = tuple(Component.from_json(c) for c in attached)
                live = as_object(entry.get("live", {}), "card live stats")
                if live:
                    state.live[index] = {name: Stat.from_json(stat) for name, stat in live.items()}
                state.cards.append(card)
            zones = as_object(data.get("zones"), "state zones")
            if set(zones) != set(state.zones):
                raise RecordError("the state's zones do not match its game and ruleset")
            placed: set[int] = set()
            for name, ids in zones.items():
                zone = state.zones[name]
                for card_id in as_list(ids, f"zone {name}"):
                    index = as_int(card_id, f"zone {name} card")
                    if not 0 <= index < len(state.cards):
                        raise RecordError(f"zone {name} holds card #{index}, which does not exist")
                    if index in placed:
                        raise RecordError(f"card #{index} is in two zones")
                    card = state.cards[index]
                    if zone.pool is not None and card.pool != zone.pool:
                        raise RecordError(
                            f"zone {name} holds card #{index} of pool {card.pool}, "
                            f"but only cards of pool {zone.pool} may lie there"
                        )
                    zone.cards.append(card)
                    placed.add(index)
                if zone.capacity is not None and len(zone.cards) > zone.capacity:
                    raise RecordError(f"zone {name} holds more than {zone.capacity} cards")
            if len(placed) != len(state.cards):
                raise RecordError("some cards of the state are in no zone")
            pools = as_object(data.get("pools"), "state pools")
            if set(pools) != set(state.pools):
                raise RecordError("the state's pools do not match its game and ruleset")
            state.pools = {}
            for name, value in pools.items():
                pool = Pool.from_json(value)
                if pool.name != name:
                    raise RecordError(
                        f"state pools: the pool under {name!r} is named {pool.name!r}"
                    )
                held = Counter(card.key for card in state.cards if card.pool == name)
                if held != Counter(pool.manifest):
                    raise RecordError(f"pool {name}: its manifest does not list its cards")
                state.pools[name] = pool
            state.load_public(as_object(data.get("public"), "state public data"))
            state.reindex_listeners()
        except (KeyError, IndexError) as error:
            raise RecordError(
                f"the state refers to something that does not exist: {error}"
            ) from None
        return state


def _card_json(state: State, card: Card) -> JsonObject:
    data = card.to_json()
    attached = state.components.get(card.id)
    if attached:
        data["components"] = [component.to_json() for component in attached]
    live = state.live.get(card.id)
    if live:
        data["live"] = {name: stat.to_json() for name, stat in live.items()}
    return data
