"""Karata on the engine: build a turn card by card (or give it whole), then finish it.

>>> from cardtable.engine import Match
>>> game = KarataGame()
>>> match = Match(game, KarataRules(players=3), seed=2)
>>> [len(match.state.hands[seat].cards) for seat in range(3)], match.to_act
([4, 4, 4], 0)
>>> match.legal(0).default
Pass()
>>> match.decide(0, "pass")
>>> match.to_act, len(match.state.hands[0].cards)
(1, 5)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.errors import IllegalDecision, RulesetError
from cardtable.engine.facets import CardHints
from cardtable.engine.game import Game, RatedRuleset
from cardtable.engine.outcome import Outcome, ranked
from cardtable.engine.pools import Pool
from cardtable.engine.rng import Rng
from cardtable.engine.rulebook import RuleBook
from cardtable.engine.zones import NOBODY, PUBLIC, Hand, Stack
from cardtable.games.karata import decisions
from cardtable.games.karata.actions import (
    BOMB,
    DECLARATION,
    FINE,
    TURN,
    Advance,
    ChooseStarter,
    Deal,
    Fined,
    FinishTurn,
    Leave,
    Passing,
    PickUp,
    ReturnStaged,
    ShuffleDeck,
    StageCard,
    TurnUp,
)
from cardtable.games.karata.cards import deck
from cardtable.games.karata.config import MIN_PLAYERS, KarataRules
from cardtable.games.karata.decisions import PASS, Finish, Pass, Play, Turn
from cardtable.games.karata.errors import REFUSAL_CODES, BadDeclaration, RuleBroken
from cardtable.games.karata.events import KARATA_EVENTS
from cardtable.games.karata.outcomes import OUTCOMES, OUTCOMES_SINCE, older_outcome
from cardtable.games.karata.rules import CHECKS, RULES
from cardtable.games.karata.search import KarataSearch
from cardtable.games.karata.state import DECK, PILE, PLAY, POOL, KarataState, hand_names
from cardtable.games.karata.turns import (
    first_problem,
    last_card_problem,
    may_follow,
    may_start,
    next_problem,
    request_problem,
    requests,
    settle,
    the,
    turn_problem,
    usual_request,
)


class KarataCards(CardHints[KarataState]):
    """A held card is played by its name (``play 7H``)."""

    def plays_of(self, state: KarataState, seat: int, card: Card) -> Sequence[Decision]:
        return (Play(card.key),)


class KarataGame(Game[KarataState, KarataRules]):
    """Karata, the Kenyan card game: empty your hand on a plain card after declaring last
    card."""

    name = "karata"
    title = "Karata"
    summary = "The Kenyan game of runs, bombs, jumps, kickbacks and requests: niko kadi!"
    rules_resource = ("cardtable.games.karata", "rules.md")
    ruleset_type = KarataRules
    decision_types = (Play, Finish, Pass, Turn)
    event_types = KARATA_EVENTS
    state_type = KarataState
    refusal_codes: ClassVar[Mapping[str, str]] = REFUSAL_CODES
    version = 4
    older_versions = (1, 2, 3)
    """Version 4's public data names the cards everybody saw go into the hidden deck (the
    special cards buried at the opening, the pile's cards last shuffled back: see
    :data:`~cardtable.games.karata.state.PUBLIC_NAMES_SINCE`); version 3 places every seat
    when a match ends (:meth:`placings`); version 2 ends a match with an outcome of a code
    (see :data:`~cardtable.games.karata.outcomes.OUTCOMES`); version 1's outcomes were
    sentences alone (its records replay to them)."""
    outcome_codes = OUTCOMES
    outcome_codes_since = OUTCOMES_SINCE
    placings_since = 3
    search_hints = KarataSearch()
    card_hints = KarataCards()

    def timed_out_words(self, decision: str) -> str:
        """A seat out of time passed, or had the turn under way finished for it (its default
        decision).

        >>> from cardtable.engine.wording import Names, seat_namer
        >>> names = Names(seat_namer(["Ann", "Bob"]))
        >>> GAME.describe_event({"type": "timed_out", "seat": 0, "decision": "pass"}, names)
        'Ann ran out of time; they passed'
        >>> GAME.describe_event({"type": "next", "seat": 1, "again": True}, names)
        'Bob plays again'
        """
        return "they passed" if decision == "pass" else "their turn was finished for them"

    def default_ruleset(self) -> KarataRules:
        return KarataRules()

    def load_ruleset(self, data: Mapping[str, object]) -> KarataRules:
        return KarataRules.from_json(data)

    def example_rulesets(self) -> list[KarataRules]:
        """Tables that reach every corner of the rules."""
        return [
            self.default_ruleset(),
            # Three players, a random starter: jumps and kickbacks around a table.
            KarataRules(players=3, random_start=True),
            # Four players and every house rule that loosens play.
            KarataRules(
                players=4, cumulative_bombs=True, anything_answers=True, last_card_check=False
            ),
            # Fines of one card between two players.
            KarataRules(fine=1),
            # Six full hands: the deck runs out and the pile is shuffled back, or the match
            # ends with no winner; fines of two, heavy bombs.
            KarataRules(players=6, max_players=6, hand_size=7, fine=2, pick_two=4, pick_joker=10),
        ]

    def placings(self, state: KarataState, outcome: Outcome) -> tuple[int, ...]:
        """The winner first; everyone else still at the table by the cards left in their
        hand (and in the turn they were building), fewer first, equal counts sharing; those
        who left the table (conceded, forfeited) last.

        >>> from cardtable.games.karata.scenario import scenario
        >>> state = scenario(hands=[["7H"], ["2C", "3C"], ["4D"]], pile=["9S"])
        >>> GAME.placings(state, Outcome(winners=(2,)))
        (2, 3, 1)
        """
        winners = set(outcome.winners)

        def key(seat: int) -> tuple[int, int]:
            if seat in state.out:
                return (2, 0)
            if seat in winners:
                return (0, 0)
            building = len(state.play.cards) if seat == state.active else 0
            return (1, len(state.hands[seat].cards) + building)

        return ranked([key(seat) for seat in range(state.seats)])

    def rated_rulesets(self) -> Sequence[RatedRuleset[KarataRules]]:
        """The standard rules at each table size they allow (2 to 4 players)."""
        return tuple(
            RatedRuleset(
                f"standard-{players}",
                f"{self.title}, {players} players",
                KarataRules(players=players),
            )
            for players in range(MIN_PLAYERS, KarataRules().max_players + 1)
        )

    def reseated(self, ruleset: KarataRules, seats: int) -> KarataRules | None:
        """The same rules with ``seats`` players, if they allow that many."""
        try:
            return KarataRules.from_json({**ruleset.to_json(), "players": seats})
        except RulesetError:
            return None

    def build_rulebook(self, ruleset: KarataRules) -> RuleBook:
        cards = {card.key: card for card in deck()}
        return RuleBook(game=self, ruleset=ruleset, rules=RULES, cards=cards, checks=CHECKS)

    # -- setting up -------------------------------------------------------------------------

    def skeleton(self, book: RuleBook, rng: Rng) -> KarataState:
        rules: KarataRules = book.ruleset
        state = KarataState(book, rng, seats=rules.players)
        state.add_zone(Stack(DECK, visibility=NOBODY, pool=POOL))
        state.add_zone(Stack(PILE, visibility=PUBLIC, pool=POOL))
        state.add_zone(Stack(PLAY, visibility=PUBLIC, pool=POOL))
        for seat, name in enumerate(hand_names(rules.players)):
            state.add_zone(Hand(name, owner=seat, pool=POOL))
        state.add_pool(Pool(name=POOL, owner=None, manifest=tuple(c.key for c in deck())))
        state.bind_zones()
        return state

    def create_cards(self, state: KarataState) -> None:
        state.create_cards(deck(), state.deck, owner=None, pool=POOL)

    def opening(self, state: KarataState) -> Sequence[Action[Any]]:
        return (ShuffleDeck(), Deal(), TurnUp(), ChooseStarter())

    # -- playing ----------------------------------------------------------------------------

    def to_act(self, state: KarataState) -> int | None:
        return None if state.outcome is not None else state.active

    def legal(self, state: KarataState, seat: int) -> Decisions:
        if state.outcome is not None or not 0 <= seat < state.seats or seat in state.out:
            return Decisions(seat, (), None, False)
        if seat != state.active:
            return Decisions(seat, (), None)
        rules: KarataRules = state.rules.ruleset
        staged = state.staged()
        hand = state.hand_keys(seat)
        if not staged:
            table = state.table()
            firsts = [Play(key) for key in hand if may_start(key, table, rules)]
            return Decisions(seat, (*firsts, PASS), PASS)
        before = staged[-1]
        moves: list[Decision] = [Play(key) for key in hand if may_follow(before, key, rules)]
        aces_left = settle(staged, state.table(), rules).aces_left
        declare = last_card_problem(hand, rules) is None
        for request in requests(aces_left):
            moves.append(Finish(request))
            if declare:
                moves.append(Finish(request, last=True))
        default = Finish(usual_request(hand) if aces_left else "")
        return Decisions(seat, tuple(moves), default)

    def plan(self, state: KarataState, seat: int, decision: Decision) -> Sequence[Action[Any]]:
        if seat in state.out:
            raise IllegalDecision("you have left the table", code="out_of_match")
        if seat != state.active:
            raise IllegalDecision(
                f"it is not your turn: player {state.active} is playing", code="not_your_turn"
            )
        rules: KarataRules = state.rules.ruleset
        staged = state.staged()
        if isinstance(decision, Play):
            card = self._held(state, seat, decision.card)
            problem = (
                next_problem(staged, card.key, rules)
                if staged
                else first_problem(card.key, state.table(), rules)
            )
            if problem is not None:
                raise RuleBroken(problem.reason, code=problem.code)
            return (StageCard(seat, card),)
        if isinstance(decision, Pass):
            if staged:
                raise IllegalDecision(
                    "you have played cards this turn: finish it (finish) instead of passing",
                    code="turn_under_way",
                )
            return (Passing(seat),)
        if isinstance(decision, Finish):
            if not staged:
                raise IllegalDecision("play a card first, or pass to pick", code="nothing_played")
            self._check_finish(state, seat, staged, decision.request, decision.last)
            return (FinishTurn(seat, staged, decision.request, decision.last),)
        if isinstance(decision, Turn):
            if staged:
                raise IllegalDecision(
                    "you have started this turn card by card: play on, or finish it",
                    code="turn_under_way",
                )
            cards = self._whole_turn(state, seat, decision.cards)
            problem = turn_problem(decision.cards, state.table(), rules)
            if problem is not None:
                raise RuleBroken(problem.reason, code=problem.code)
            try:
                self._check_finish(state, seat, decision.cards, decision.request, decision.last)
            except BadDeclaration as error:
                if rules.fines:
                    raise  # the fine's reason: the turn is played, fined and finished
                raise BadDeclaration(
                    f"{error.reason}; {_kept(decision.cards)}", code=error.code
                ) from None
            staging: list[Action[Any]] = [StageCard(seat, card) for card in cards]
            return (*staging, FinishTurn(seat, decision.cards, decision.request, decision.last))
        raise IllegalDecision(
            f"{decision.text()!r} is not a decision of Karata", code="unknown_decision"
        )

    @staticmethod
    def _held(state: KarataState, seat: int, key: str) -> Card:
        for card in state.hands[seat].cards:
            if card.key == key:
                return card
        raise IllegalDecision(f"you do not hold {the(key)}", code="not_your_card")

    def _whole_turn(self, state: KarataState, seat: int, keys: Sequence[str]) -> list[Card]:
        if len(set(keys)) != len(keys):
            raise IllegalDecision("a card can only be played once in a turn", code="card_repeated")
        return [self._held(state, seat, key) for key in keys]

    @staticmethod
    def _check_finish(
        state: KarataState, seat: int, cards: Sequence[str], request: str, last: bool
    ) -> None:
        """Raise ``RuleBroken`` unless the turn ``cards`` may finish with ``request`` and
        ``BadDeclaration`` unless it may declare last card when ``last``."""
        rules: KarataRules = state.rules.ruleset
        settled = settle(cards, state.table(), rules)
        problem = request_problem(request, settled.aces_left)
        if problem is not None:
            raise RuleBroken(problem.reason, code=problem.code)
        if last:
            played = set(cards)
            left = [key for key in state.hand_keys(seat) if key not in played]
            problem = last_card_problem(left, rules)
            if problem is not None:
                raise BadDeclaration(problem.reason, code=problem.code)

    def penalty(
        self, state: KarataState, seat: int, decision: Decision, error: IllegalDecision
    ) -> Sequence[Action[Any]] | None:
        """With fines on, a move that breaks a rule of play costs the fine: an invalid
        declaration picks it, then finishes the turn without the declaration; any other breach
        takes the turn back and ends it (the fine picked, then a bomb that was pending on the
        player, and play moves on). With fines off, a whole turn whose declaration is
        invalid is not refused whole: its cards are played and the turn stays open, as if
        they had been played card by card and only ``finish last`` refused."""
        rules: KarataRules = state.rules.ruleset
        if not rules.fines and isinstance(error, BadDeclaration) and isinstance(decision, Turn):
            # Fines off: as when the declaration is refused card by card, the turn's cards
            # stay played (RULING 15) and the player finishes without declaring, or plays on.
            if seat != state.active or state.staged():
                return None
            cards = self._whole_turn(state, seat, decision.cards)
            return tuple(StageCard(seat, card) for card in cards)
        if not rules.fines or not isinstance(error, RuleBroken) or seat != state.active:
            return None
        if isinstance(error, BadDeclaration) and isinstance(decision, Finish | Turn):
            # The fine is picked before the turn takes effect: a turn that empties the hand
            # with a refused declaration does not win, and the fine announced is really paid.
            staging: list[Action[Any]] = []
            turn = state.staged()
            if isinstance(decision, Turn):
                cards = self._whole_turn(state, seat, decision.cards)
                staging = [StageCard(seat, card) for card in cards]
                turn = decision.cards
            return (
                *staging,
                Fined(seat, rules.fine, error.reason, DECLARATION, code=error.code),
                PickUp(seat, rules.fine, FINE),
                FinishTurn(seat, turn, decision.request, last=False),
            )
        # An invalid turn ends it: the fine is picked, then a bomb that was pending on the
        # player (the fine's event tells it), and play moves on.
        bomb = (PickUp(seat, state.bomb, BOMB),) if state.bomb else ()
        return (
            ReturnStaged(seat),
            Fined(seat, rules.fine, error.reason, TURN, code=error.code),
            PickUp(seat, rules.fine, FINE),
            *bomb,
            Advance(seat),
        )

    def parse(self, text: str) -> Decision:
        return decisions.parse(text)

    def older_outcome(self, state: KarataState, outcome: Outcome) -> Outcome:
        return older_outcome(outcome)

    def concede(self, state: KarataState, seat: int) -> Sequence[Action[Any]]:
        """The player leaves the table; play goes on without them."""
        if seat in state.out:
            raise IllegalDecision("you have left the table already", code="out_of_match")
        return (Leave(seat),)


def _kept(cards: Sequence[str]) -> str:
    """What a whole turn whose declaration was refused (fines off) tells its player."""
    named = [the(key) for key in cards]
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
    verb = "stays" if len(named) == 1 else "stay"
    return f"{listed} {verb} played: finish the turn without declaring (finish), or play on"


GAME = KarataGame()
"""Karata (the instance the registry lists)."""
