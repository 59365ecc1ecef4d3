"""Facets: the optional parts of a game definition, each for one kind of reader.

A game's rules contract (:class:`~cardtable.engine.game.Game`: set-up, who acts, what is
legal, what a decision does, what a seat sees) is all a game must write: with it alone a game
plays, serves, replays, simulates and trains. What a game may add beyond it lives in facets,
one object per kind of reader, each a class whose every method has a default that says
nothing special, so a game writes only the facet methods it has something to say in:

- :class:`SearchHints` (``Game.search_hints``), for the search player: which moves are worth
  weighing, a quick move for playouts, how well a seat stands, when a position is quiet enough
  to judge, what a seat infers about hidden cards, and what a closed deck could hold;
- :class:`CardHints` (``Game.card_hints``), for front ends: a seat's hand, the ways to play a
  held card (so that a table can say *why* a card cannot be played) and a card's words;
- :class:`Readings` (``Game.readings``), for research environments that read a seat's table
  after every decision: typed public facts and a one-call digest instead of JSON.

A facet is stateless and shared by every version of its game (``Game.at_version``): it reads
only the state, the rule book and the view it is given. A game sets one as a class attribute:

>>> from cardtable.engine.state import State
>>> class Even(SearchHints[State]):
...     def estimate(self, state: State, seat: int) -> float:
...         return 0.5
>>> Even().estimate(State.__new__(State), 0), Even().exploration
(0.5, 0.7)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cardtable.engine.cards import Card
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.rng import Rng
from cardtable.engine.state import State
from cardtable.engine.view import View

if TYPE_CHECKING:
    from cardtable.engine.determinise import Beliefs
    from cardtable.engine.rulebook import RuleBook

S = TypeVar("S", bound=State)


class SearchHints(Generic[S]):
    """What a game may tell a search player (``ismcts``, see docs/agents.md) so that it spends
    its budget where choices matter and judges positions it does not play to the end. Without
    any, search weighs every legal move, plays random playouts to the end, and deals unseen
    cards uniformly; it plays every game correctly, only less well."""

    exploration: float = 0.7
    """UCB1's exploration constant (rewards lie between 0 and 1): how readily a search tries
    again the moves that have done worse so far. A game that sets its own should show the
    measurement that chose it (see docs/agents.md)."""

    def weighed(self, state: S, legal: Decisions) -> tuple[Decision, ...]:
        """The legal moves a search player weighs in a world it dealt itself (default: all).

        A game may leave out moves that are never better than one it keeps. What it keeps must
        depend only on what the acting seat can see, never on the hidden cards of the world,
        and never be empty.
        """
        return legal.moves

    def playout_move(self, state: S, legal: Decisions, rng: Rng) -> Decision:
        """A quick move for a playout from a world the search dealt itself (default:
        uniformly random). A game may play more like its players, so that playouts end sooner
        and say more."""
        moves = legal.moves
        return moves[rng.below(len(moves))]

    def estimate(self, state: S, seat: int) -> float:
        """How well ``seat`` stands in the unfinished ``state``, from 0 to 1, for a playout
        stopped before the end (the estimates of all seats should add up to about 1). The
        default has no opinion: an equal share."""
        return 1 / state.seats

    def quiet(self, state: S) -> bool:
        """Whether ``state`` is a fair place for a playout to stop and ask :meth:`estimate`
        (default: always). A game whose estimate misreads positions in the middle of something
        (a turn being built card by card) says no there, and a playout that has reached its
        limit goes on until it says yes."""
        return True

    def beliefs(self, book: RuleBook, seat: int) -> Beliefs | None:
        """A fresh tracker of what ``seat`` may infer about hidden cards from the views it is
        shown during one match, for dealing worlds (see
        :class:`~cardtable.engine.determinise.Beliefs`). The default, ``None``, infers
        nothing: worlds deal the unseen cards uniformly."""
        return None

    def sample_unseen(
        self, book: RuleBook, view: View[Any], pool: str, count: int, rng: Rng
    ) -> list[str] | None:
        """``count`` card keys that ``pool``, whose manifest ``view.seat`` does not know (a
        closed deck list), could hold besides what the seat has seen, drawn with ``rng``, for
        determinisation. The default, ``None``, says the game cannot tell (determinising a
        view with such a pool then fails): a game with closed pools says what they may hold.
        """
        return None


class CardHints(Generic[S]):
    """What a front end may ask about cards without knowing the rules: with them, the engine
    says why each held card cannot be played now (``Game.unplayable``: "not enough mana") and
    words every card a view shows (``Game.card_texts``), and the server sends both with the
    view. Without any, a table shows cards by name and greys out nothing it cannot explain."""

    def hand(self, state: S, seat: int) -> Sequence[Card]:
        """The cards ``seat`` holds to play from (default: its ``hand:SEAT`` zone, if any)."""
        zone = state.zones.get(f"hand:{seat}")
        return () if zone is None else zone.cards

    def plays_of(self, state: S, seat: int, card: Card) -> Sequence[Decision]:
        """The decisions that would play ``card`` from ``seat``'s hand, in the order a player
        would think of them: the refusal of the first says why the card cannot be played. The
        default, none, says nothing about cards."""
        return ()

    def text(self, state: S, card: Card) -> str | None:
        """What ``card`` does, in words, under this match's rules, for a front end to print on
        its face (``None``, the default: its name says it all, as a playing card's does). Only
        the ways of playing it that these rules allow are said."""
        return None


class Readings(Generic[S]):
    """Typed readings of what a seat sees, for a reader that turns a seat's table into numbers
    after every decision (the research environments), read through a
    :class:`~cardtable.engine.sight.Sight`. Without any, such a reader reads the sight's zones
    and the public data as JSON: the same facts, only slower."""

    def facts(self, state: S, seat: int) -> Any:
        """The game's public data as ``seat`` sees it, typed: the same facts the view's public
        data gives, as an object cheaper to make and to read than JSON. ``None``, the default,
        has none (:meth:`Sight.facts <cardtable.engine.sight.Sight.facts>` then gives the JSON
        itself)."""
        return None

    def digest(self, state: S, seat: int) -> Any:
        """What ``seat`` sees of ``state``, typed and read in one call (only what the seat may
        see belongs in it). ``None``, the default, offers none."""
        return None
