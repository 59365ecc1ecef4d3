"""War on the engine: turn cards, the highest takes them, ties go to war.

>>> from cardtable.engine import Match
>>> game = WarGame()
>>> match = Match(game, WarRules(players=3, suits=2, ranks=6), seed=4)
>>> [len(match.state.piles[seat].cards) for seat in range(3)], match.to_act
([4, 4, 4], 0)
>>> match.decide(0, "turn")
>>> match.events(None)[-1]["type"], match.to_act
('turn', 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.engine.actions import Action
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.errors import IllegalDecision, RulesetError
from cardtable.engine.game import Game, Preset, RatedRuleset
from cardtable.engine.outcome import Outcome, ranked
from cardtable.engine.pools import Pool
from cardtable.engine.rng import Rng
from cardtable.engine.rulebook import RuleBook
from cardtable.engine.zones import NOBODY, PUBLIC, Stack
from cardtable.games.war import decisions
from cardtable.games.war.actions import CONCEDED, Deal, Leave, ShuffleDeck, TurnCard
from cardtable.games.war.cards import war_deck
from cardtable.games.war.config import WarRules
from cardtable.games.war.decisions import TURN, Turn
from cardtable.games.war.events import WAR_EVENTS
from cardtable.games.war.rules import CHECKS, OUTCOMES, OUTCOMES_SINCE, RULES, older_outcome
from cardtable.games.war.search import WarSearch
from cardtable.games.war.state import ASIDE, DECK, PLACINGS_SINCE, POOL, WarState, zone_names


class WarGame(Game[WarState, WarRules]):
    """War for any number of players: the last player holding cards wins."""

    name = "war"
    title = "War"
    summary = "Everyone turns a card, the highest takes them all, and ties go to war."
    rules_resource = ("cardtable.games.war", "rules.md")
    ruleset_type = WarRules
    decision_types = (Turn,)
    event_types = WAR_EVENTS
    state_type = WarState
    refusal_codes: ClassVar[Mapping[str, str]] = {
        "not_in_round": "a war is on among other players: you wait until the next round",
        "already_turned": "you have turned your card in this round: the others turn theirs",
    }
    version = 3
    older_versions: ClassVar[tuple[int, ...]] = (1, 2)
    """Version 3 places every seat when a match ends (:meth:`placings`), keeping the battle
    each seat went out in and who conceded; version 2 ends a match with an outcome of a code
    (see :data:`~cardtable.games.war.rules.OUTCOMES`); version 1's outcomes were sentences
    alone (its records replay to them)."""
    outcome_codes = OUTCOMES
    outcome_codes_since = OUTCOMES_SINCE
    placings_since = PLACINGS_SINCE
    auto_play = True
    """Turning one's card is the only decision War offers: a seat may be turned for."""
    search_hints = WarSearch()

    def timed_out_words(self, decision: str) -> str:
        """A seat out of time has its card turned for it (its default decision).

        >>> from cardtable.engine.wording import Names, seat_namer
        >>> names = Names(seat_namer(("ann", "bob")))
        >>> GAME.describe_event({"type": "timed_out", "seat": 1, "decision": "turn"}, names)
        'bob ran out of time; their card was turned for them'
        """
        return "their card was turned for them"

    def default_ruleset(self) -> WarRules:
        return WarRules()

    def placings(self, state: WarState, outcome: Outcome) -> tuple[int, ...]:
        """The players still holding cards first, more cards first (the winner alone, unless
        the turn limit ended the match); then those who ran out, the last out first (out in
        the same battle: a shared place); those who conceded last.

        >>> from cardtable.engine.match import Match
        >>> match = Match(GAME, WarRules(players=3), seed=1)
        >>> _ = match.decide(0, "concede")
        >>> match.outcome is None, match.state.conceded
        (True, [0])
        """
        cards = [len(pile.cards) for pile in state.piles]
        went_out = dict(zip(state.out, state.out_at, strict=False))

        def key(seat: int) -> tuple[int, int]:
            if seat in state.conceded:
                return (2, 0)
            if seat in went_out:
                return (1, -went_out[seat])
            return (0, -cards[seat])

        return ranked([key(seat) for seat in range(state.seats)])

    def rated_rulesets(self) -> Sequence[RatedRuleset[WarRules]]:
        """None: turning one's card is War's only decision, so a rating would measure luck."""
        return ()

    def presets(self) -> Sequence[Preset[WarRules]]:
        """A full deck's War lasts thousands of battles (or stops at the turn limit): the
        quick table deals 28 cards, shuffles the cards won and stops after 100 battles, the
        most cards winning then (about 90 battles at the median, in a few minutes)."""
        quick = WarRules(ranks=7, won_cards="shuffled", turn_limit=100)
        return (
            Preset("quick", "Quick War", "28 cards, at most 100 battles: a few minutes.", quick),
            Preset("full", "Full War", "The whole deck until one player holds it.", WarRules()),
        )

    def load_ruleset(self, data: Mapping[str, object]) -> WarRules:
        return WarRules.from_json(data)

    def example_rulesets(self) -> list[WarRules]:
        """Small, quick decks that reach every corner of the rules."""
        return [
            # Two players, two suits: frequent wars and wars inside wars.
            WarRules(suits=2, ranks=5, turn_limit=300),
            # Three players: three-way wars, players waiting, running out in a war.
            WarRules(suits=3, ranks=4, players=3, turn_limit=80),
            # Four players, blocks, no face-down cards, won cards shuffled.
            WarRules(
                suits=4, ranks=3, players=4, face_down=0, dealing="blocks", won_cards="shuffled"
            ),
            # Three face-down cards from a tiny deck: contenders run out, nobody turns up.
            WarRules(suits=4, ranks=2, face_down=3, turn_limit=200),
            # Five players and an uneven deal; two face-down cards.
            WarRules(suits=2, ranks=4, players=5, face_down=2, won_cards="shuffled"),
            # A full deck stopped by a tiny turn limit: the most cards win.
            WarRules(turn_limit=3),
        ]

    def reseated(self, ruleset: WarRules, seats: int) -> WarRules | None:
        """The same rules with ``seats`` players, if they allow that many."""
        try:
            return WarRules.from_json({**ruleset.to_json(), "players": seats})
        except RulesetError:
            return None

    def build_rulebook(self, ruleset: WarRules) -> RuleBook:
        cards = {card.key: card for card in war_deck(ruleset.suits, ruleset.ranks)}
        return RuleBook(game=self, ruleset=ruleset, rules=RULES, cards=cards, checks=CHECKS)

    # -- setting up -------------------------------------------------------------------------

    def skeleton(self, book: RuleBook, rng: Rng) -> WarState:
        rules: WarRules = book.ruleset
        seats = rules.players
        state = WarState(book, rng, seats=seats)
        state.add_zone(Stack(DECK, visibility=NOBODY, pool=POOL))
        piles, ups, downs = zone_names(seats)
        for seat in range(seats):
            state.add_zone(Stack(piles[seat], owner=seat, visibility=NOBODY, pool=POOL))
            state.add_zone(Stack(ups[seat], owner=seat, visibility=PUBLIC, pool=POOL))
            state.add_zone(Stack(downs[seat], owner=seat, visibility=NOBODY, pool=POOL))
        state.add_zone(Stack(ASIDE, visibility=NOBODY, pool=POOL))
        state.add_pool(Pool(name=POOL, owner=None, manifest=tuple(book.cards)))
        state.bind_zones()
        return state

    def create_cards(self, state: WarState) -> None:
        state.create_cards(state.rules.cards.values(), state.deck, owner=None, pool=POOL)

    def opening(self, state: WarState) -> Sequence[Action[Any]]:
        return (ShuffleDeck(), Deal())

    # -- playing ----------------------------------------------------------------------------

    def to_act(self, state: WarState) -> int | None:
        if state.outcome is not None or not state.to_turn:
            return None
        return state.to_turn[0]

    def legal(self, state: WarState, seat: int) -> Decisions:
        if state.outcome is not None or not 0 <= seat < state.seats or seat in state.out:
            return Decisions(seat, (), None, False)
        if state.to_turn and state.to_turn[0] == seat:
            return Decisions(seat, (TURN,), TURN)
        return Decisions(seat, (), None)

    def plan(self, state: WarState, seat: int, decision: Decision) -> Sequence[Action[Any]]:
        if not isinstance(decision, Turn):
            raise IllegalDecision(
                f"{decision.text()!r} is not a decision of War", code="unknown_decision"
            )
        if seat in state.out:
            raise IllegalDecision("you are out of the match", code="out_of_match")
        pending = state.to_turn
        if not pending or pending[0] != seat:
            if seat not in state.contenders:
                raise IllegalDecision(
                    "you are waiting: you are not in this round", code="not_in_round"
                )
            if seat not in pending:
                raise IllegalDecision(
                    "you have turned already in this round", code="already_turned"
                )
            raise IllegalDecision(
                f"it is not your turn: player {pending[0]} turns first", code="not_your_turn"
            )
        return (TurnCard(seat),)

    def parse(self, text: str) -> Decision:
        return decisions.parse(text)

    def older_outcome(self, state: WarState, outcome: Outcome) -> Outcome:
        return older_outcome(state, outcome)

    def concede(self, state: WarState, seat: int) -> Sequence[Action[Any]]:
        """The conceding player leaves the match and the others play on (with two players
        that leaves one: the winner). Their pile is set aside."""
        if seat in state.out:
            raise IllegalDecision("you are out of the match already", code="out_of_match")
        return (Leave(seat, CONCEDED),)


GAME = WarGame()
"""War (the instance the registry lists)."""
