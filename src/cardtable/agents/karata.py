"""The heuristic Karata player: it looks at every turn its hand can make and plays the best.

At each decision it lists the turns that can still come of the cards played so far (the legal
decisions say which card may come next; the usual rules say what may follow it), scores each
by what it leaves, and takes the first step of the best, or passes when every turn scores
worse than picking. What a turn is worth, in short:

* winning outright beats everything;
* every card shed is worth something, but emptying the hand without winning is not (the
  player is "cardless" and must pick); Aces are kept for when they are needed (blocking a
  bomb, meeting a request), and a plain card is kept to finish on;
* a turn after which it may declare last card is worth more, most when what is left can go in
  one turn; it declares whenever it may;
* bombs are welcome, most of all on a player who is on last card; a turn that ends on an
  unanswered question costs the card it picks.

With Aces to spend it asks for a card it holds (nobody else can meet that request but with an
Ace) or, with one Ace, for the suit it holds most. It sees only its seat's view and plans with
the match's house rules (the usual ones when it was not told them).

>>> from cardtable.engine import Match, Rng
>>> from cardtable.games import find
>>> game = find("karata")
>>> match = Match(game, game.default_ruleset(), seed=4)
>>> agent = HeuristicAgent(Rng(0))
>>> agent.decide(match.view(0), match.legal(0)) in match.legal(0).moves
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.agents.base import Agent
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.game import Game
from cardtable.engine.rng import Rng
from cardtable.engine.state import State
from cardtable.engine.view import View
from cardtable.games.karata.cards import ACE, PLAIN, ace_value, face, special
from cardtable.games.karata.config import KarataRules
from cardtable.games.karata.decisions import Finish, Pass, Play
from cardtable.games.karata.state import KarataState
from cardtable.games.karata.turns import (
    Table,
    last_card_problem,
    may_follow,
    settle,
    usual_request,
    wins,
)

USUAL = KarataRules()
"""The rules the agent plans with when nobody told it the match's (:meth:`Agent.sit`)."""
SEARCH_LIMIT = 4000
"""How many partial turns the agent looks at, at most, before deciding."""
MODEL_LIMIT = 200
"""How many partial turns it looks at when it stands in for a player inside a search, which
asks it hundreds of times a decision (:class:`HeuristicModel`)."""

WIN = 10_000.0
SHED = 10.0
ACE_KEPT = 12.0
PLAIN_KEPT = 6.0
MAY_DECLARE = 20.0
ONE_TURN_LEFT = 25.0
PICK = 10.0
CARDLESS = 30.0
BOMB = 3.0
ON_LAST_CARD = 15.0
AGAIN = 10.0


@dataclass(frozen=True, slots=True)
class Seen:
    """What the agent reads from its view for one decision."""

    seat: int
    hand: tuple[str, ...]
    staged: tuple[str, ...]
    table: Table
    declared: tuple[bool, ...]
    direction: int
    playing: tuple[int, ...]

    @classmethod
    def of(cls, view: View[Any], seat: int) -> Seen:
        public = view.public
        pile = view.cards("pile")
        out = set(public["out"])
        return cls(
            seat=seat,
            hand=tuple(card.key for card in view.cards(f"hand:{seat}")),
            staged=tuple(card.key for card in view.cards("play")),
            table=Table(
                top=pile[-1].key if pile else "",
                request=public["request"],
                bomb=public["bomb"],
            ),
            declared=tuple(public["declared"]),
            direction=public["direction"],
            playing=tuple(s for s in range(len(public["declared"])) if s not in out),
        )

    @classmethod
    def of_state(cls, state: KarataState, seat: int) -> Seen:
        """What ``seat`` reads at ``state`` itself: for a table a search player dealt, where
        every seat may be asked how it would play. The same as :meth:`of` reads from the
        seat's view of that state."""
        return cls(
            seat=seat,
            hand=state.hand_keys(seat),
            staged=state.staged(),
            table=state.table(),
            declared=tuple(state.declared),
            direction=state.direction,
            playing=tuple(state.playing),
        )

    def next_player(self, steps: int, kings: int) -> int:
        """Who plays after a turn that moves ``steps`` seats and turns ``kings`` Kings."""
        direction = self.direction * (-1 if kings % 2 else 1)
        seats = len(self.declared)
        current = self.seat
        for _ in range(steps):
            current = (current + direction) % seats
            while current not in self.playing:
                current = (current + direction) % seats
        return current


class HeuristicAgent(Agent):
    """Karata's heuristic player (see the module's documentation)."""

    name = "heuristic"

    @property
    def rules(self) -> KarataRules:
        """The rules it plans with: the match's, or the usual ones."""
        return self.ruleset if isinstance(self.ruleset, KarataRules) else USUAL

    def decide(self, view: View[Any], legal: Decisions) -> Decision:
        return self.decide_from(Seen.of(view, legal.seat), legal, self.rng)

    def decide_from(
        self, seen: Seen, legal: Decisions, rng: Rng, limit: int = SEARCH_LIMIT
    ) -> Decision:
        """The decision for what ``seen`` shows, looking at up to ``limit`` partial turns;
        ``rng`` orders equal turns."""
        plays = [move for move in legal.moves if isinstance(move, Play)]
        finishes = [move for move in legal.moves if isinstance(move, Finish)]
        rng.shuffle(plays)  # equal turns: the generator chooses
        best: tuple[float, Decision] | None = None
        if finishes and seen.staged:
            best = (self._score(seen, seen.staged), self._finish(seen, finishes))
        budget = [limit]
        for play in plays:
            for cards in self._turns(seen, (*seen.staged, play.card), budget):
                score = self._score(seen, cards)
                if best is None or score > best[0]:
                    best = (score, play)
        if any(isinstance(move, Pass) for move in legal.moves):
            pick = seen.table.bomb or 1
            if best is None or -PICK * pick > best[0]:
                best = (-PICK * pick, Pass())
        if best is None:
            assert legal.default is not None, "a seat to act always has a default"
            return legal.default
        return best[1]

    # -- looking ahead ------------------------------------------------------------------------

    def _turns(
        self, seen: Seen, cards: tuple[str, ...], budget: list[int]
    ) -> Iterator[tuple[str, ...]]:
        """Every turn that starts with ``cards`` (itself included), within ``budget``."""
        budget[0] -= 1
        yield cards
        if budget[0] <= 0:
            return
        left = _without(seen.hand, cards)
        for key in dict.fromkeys(left):
            if may_follow(cards[-1], key, self.rules):
                yield from self._turns(seen, (*cards, key), budget)

    def _score(self, seen: Seen, cards: Sequence[str]) -> float:
        """What finishing the turn ``cards`` is worth to the agent."""
        left = _without(seen.hand, cards)
        if wins(cards, left, seen.declared[seen.seat]):
            return WIN
        settled = settle(cards, seen.table, self.rules)
        score = SHED * len(cards)
        if not left:  # "cardless": it must pick, and can only declare after another turn
            score -= CARDLESS
        aces = sum(1 for card in cards if face(card) == ACE)
        needed = 1 if seen.table.bomb or (seen.table.request and face(cards[0]) == ACE) else 0
        score -= ACE_KEPT * max(aces - needed, 0)
        score += 2.0 * settled.aces_left  # a request of its own softens spending an Ace
        if settled.unanswered:
            score -= PICK
        if any(face(card) in PLAIN for card in left):
            score += PLAIN_KEPT
        if left and last_card_problem(left, self.rules) is None:
            score += MAY_DECLARE
            if len({face(card) for card in left}) == 1:
                score += ONE_TURN_LEFT
        following = seen.next_player(1 + settled.jumps, settled.kings)
        if settled.again:
            score += AGAIN
        elif settled.bomb:
            score += BOMB * settled.bomb + (ON_LAST_CARD if seen.declared[following] else 0)
        elif settled.jumps and seen.declared[seen.next_player(1, settled.kings)]:
            score += ON_LAST_CARD  # jumps over a player on last card
        return score

    def _finish(self, seen: Seen, finishes: Sequence[Finish]) -> Finish:
        """The finish it prefers: its request, declaring last card whenever it may."""
        left = _without(seen.hand, seen.staged)
        asks = {move.request for move in finishes}
        wanted = _request(left, asks)
        for last in (True, False):
            choice = Finish(wanted, last)
            if choice in finishes:
                return choice
        return finishes[0]


class HeuristicModel:
    """The heuristic player standing in for any seat at a table the search player dealt:
    how the search expects the others to play (see :mod:`cardtable.agents.models`). It reads
    the table as that seat would see it, and looks at up to :data:`MODEL_LIMIT` partial
    turns.

    >>> from cardtable.engine import Match
    >>> from cardtable.games import find
    >>> game = find("karata")
    >>> match = Match(game, game.default_ruleset(), seed=4)
    >>> model = HeuristicModel(game, game.default_ruleset())
    >>> model(match.state, match.legal(0), Rng(0)) in match.legal(0).moves
    True
    """

    def __init__(self, game: Game[Any, Any], ruleset: Any) -> None:
        self._player = HeuristicAgent(Rng(0))  # decides with the generator it is given
        self._player.sit(game, ruleset)

    def __call__(self, state: State, legal: Decisions, rng: Rng) -> Decision:
        if not isinstance(state, KarataState):
            raise TypeError(f"the Karata heuristic reads Karata tables, not {type(state)}")
        seen = Seen.of_state(state, legal.seat)
        return self._player.decide_from(seen, legal, rng, MODEL_LIMIT)


def _request(left: Sequence[str], asks: set[str]) -> str:
    """A card it holds (plain ones first) when it may ask for a card, else the suit it holds
    most; nothing when the turn asks for nothing."""
    if asks == {""}:
        return ""
    held = sorted((special(card), card) for card in left if card in asks and ace_value(card) == 0)
    if held:
        return held[0][1]
    wanted = usual_request(left)
    return wanted if wanted in asks else min(asks)


def _without(hand: Sequence[str], cards: Sequence[str]) -> list[str]:
    """``hand`` less ``cards`` (the turn's cards already staged are not in the hand)."""
    played = set(cards)
    return [card for card in hand if card not in played]
