"""The Kata TCG on the engine: a two-player duel of cards paid for with growing mana.

>>> from cardtable.engine import Match
>>> match = Match(GAME, GAME.default_ruleset(), seed=3)
>>> view = match.view(match.to_act)
>>> view.public["heroes"][match.to_act]["mana"]
[1, 1]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card
from cardtable.engine.characters import Hero
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.errors import IllegalDecision
from cardtable.engine.facets import CardHints
from cardtable.engine.game import Game, RulesetOption
from cardtable.engine.json import JsonObject
from cardtable.engine.numbering import shuffle_ids
from cardtable.engine.outcome import ALL_FELL, CONCEDED, FELL, outcome_codes
from cardtable.engine.pools import Pool
from cardtable.engine.public import public_shape
from cardtable.engine.rng import Rng
from cardtable.engine.rulebook import RuleBook
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.zones import NOBODY, PUBLIC, Board, Hand, Stack
from cardtable.games.tcg import decisions
from cardtable.games.tcg.actions import ChooseFirst, EndTurn, MinionAttack, PlayCard, ShuffleDeck
from cardtable.games.tcg.cards import TcgCard
from cardtable.games.tcg.cardsets import load_set
from cardtable.games.tcg.cardspec import DAMAGE_WITH_DRAW
from cardtable.games.tcg.cardtext import card_text
from cardtable.games.tcg.config import SEATS, TcgRules, Variation
from cardtable.games.tcg.decisions import END, Attack, End, Play, play, plays
from cardtable.games.tcg.decks import with_seat_deck
from cardtable.games.tcg.events import TCG_EVENTS
from cardtable.games.tcg.facts import TcgReadings
from cardtable.games.tcg.options import OPTIONS
from cardtable.games.tcg.rules import CHECKS, DISCOUNT_RULES, MINION_RULES, RULES
from cardtable.games.tcg.search import TcgSearch
from cardtable.games.tcg.state import TcgState
from cardtable.games.tcg.triggers import trigger_reactions
from cardtable.games.tcg.turns import attack_problem, moves, payable, play_problem


def _discounts(card: TcgCard) -> bool:
    """Whether any effect of ``card`` (its own or a trigger's) discounts drawn cards."""
    effects = card.effects + tuple(e for trigger in card.triggers for e in trigger.effects)
    return any(effect.do == "discount" for effect in effects)


_PLAYS = plays(0)
"""The shared untargeted plays by card id, which :func:`~.decisions.plays` extends in place:
the core game's legal moves read it without a call once it is long enough."""

OUTCOMES = outcome_codes(CONCEDED, FELL, ALL_FELL)
"""The ways a match of the Kata TCG ends: a player concedes, a hero falls, or both fall."""


class TcgCards(CardHints[TcgState]):
    """A held card is played by its id (``play #12``); its words say only the ways of
    playing it that the match's rules allow."""

    def plays_of(self, state: TcgState, seat: int, card: Card) -> Sequence[Decision]:
        return (play(card.id),)

    def text(self, state: TcgState, card: Card) -> str | None:
        definition = card.definition
        assert isinstance(definition, TcgCard)
        rules: TcgRules = state.rules.ruleset
        return card_text(definition, healing=rules.healing, minions=rules.minions)


class TcgGame(Game[TcgState, TcgRules]):
    """The Kata TCG: reduce the other player from 30 health to 0 with cards."""

    name = "tcg"
    title = "Kata TCG"
    summary = "A two-player duel of cards paid for with mana slots that grow each turn."
    rules_resource = ("cardtable.games.tcg", "rules.md")
    version = 6
    older_versions = (2, 3, 4, 5)
    """Version 2 numbered each deck's cards in the order of its list, closed or not (see
    :meth:`number_cards`). Versions 2 and 3 took a card with both damage and a draw count
    (played, it drew and dealt nothing), which version 4 refuses (see :meth:`load_ruleset`).
    Versions before 5 ended a match with an outcome of a sentence alone; version 5's carries
    a code (:attr:`outcome_codes`). Version 6 places both seats when a match ends: the
    winner first and the other second, both first in a draw (:meth:`Game.placings`)."""
    outcome_codes = OUTCOMES
    outcome_codes_since = 5
    placings_since = 6
    ruleset_type = TcgRules
    decision_types = (Play, Attack, End)
    event_types = TCG_EVENTS
    refusal_codes: ClassVar[Mapping[str, str]] = {
        "cannot_afford": "the card costs more mana than you have",
        "board_full": "your board holds as many minions as it may",
        "not_in_these_rules": "the decision plays a part of the game these rules leave out "
        "(healing, minions)",
        "wrong_mode": "the card cannot be played that way (heal, minion)",
        "takes_no_target": "the card, played this way, takes no target",
        "target_needed": "the card, played this way, needs a target",
        "invalid_target": "the target named is not one the card or the minion may choose",
        "asleep": "the minion came into play this turn: it attacks from your next turn",
        "already_attacked": "the minion has attacked this turn already",
    }
    state_type = TcgState
    public_type = public_shape(TcgState, extra={"variations": list[Variation]})
    search_hints = TcgSearch()
    card_hints = TcgCards()
    readings = TcgReadings()
    """The state's public data, and the variations these rules switch on (see
    :meth:`public_view`)."""

    def default_ruleset(self) -> TcgRules:
        return TcgRules()

    def load_ruleset(self, data: Mapping[str, object]) -> TcgRules:
        """The ruleset ``data`` describes, as this version of the rules takes it: before
        version 4, a card may have both damage and a draw count (its records replay)."""
        if self.version < 4:
            return TcgRules.from_json(data, context={DAMAGE_WITH_DRAW: True})
        return TcgRules.from_json(data)

    def ruleset_options(self) -> Mapping[str, RulesetOption]:
        return OPTIONS

    def with_seat_deck(self, ruleset: Ruleset, seat: int, deck: JsonObject) -> TcgRules:
        """``ruleset`` with ``seat`` playing ``deck`` (a deck file's data as JSON); see
        :class:`cardtable.engine.decks.SeatDecks`."""
        assert isinstance(ruleset, TcgRules)
        return with_seat_deck(ruleset, seat, deck)

    def example_rulesets(self) -> list[TcgRules]:
        kata = load_set("kata")
        legends = load_set("legends")
        return [
            self.default_ruleset(),
            # Tiny decks: everyone bleeds out.
            TcgRules(
                starting_health=12,
                decks=(("d0", "d1", "d2", "d3"),) * 2,
                deck_size=4,
                first_hand=1,
                second_hand=2,
            ),
            # A one-card hand: constant overload.
            TcgRules(hand_limit=1, mana_slot_cap=3),
            # Opening hands that overflow the hand limit.
            TcgRules(hand_limit=2, first_hand=4, second_hand=5, starting_health=1),
            # Each variation alone.
            TcgRules(healing=True),
            TcgRules(minions=True),
            TcgRules(cards=kata.cards, decks=(kata.deck, kata.deck)),
            # Every variation at once, on a crowded small board.
            TcgRules(healing=True, minions=True, cards=kata.cards, decks=(kata.deck, kata.deck)),
            TcgRules(minions=True, board_size=1, starting_health=15),
            # Cards written in the vocabulary: spells, triggers, shields and tokens.
            TcgRules(minions=True, cards=legends.cards, decks=(legends.deck, legends.deck)),
            # Closed deck lists: hidden cards are imagined from the pool, tokens included.
            TcgRules(
                minions=True,
                cards=legends.cards,
                decks=(legends.deck, legends.deck),
                open_decklists=False,
            ),
        ]

    def seats(self, ruleset: TcgRules) -> int:
        return SEATS

    def build_rulebook(self, ruleset: TcgRules) -> RuleBook:
        cards = {card.id: card.definition() for card in ruleset.cards}
        rules = RULES + (MINION_RULES if ruleset.minions else ())
        if any(_discounts(card) for card in cards.values()):
            rules += DISCOUNT_RULES
        triggers = trigger_reactions(cards.values())
        return RuleBook(
            game=self,
            ruleset=ruleset,
            rules=rules,
            cards=cards,
            checks=CHECKS,
            catalogue={reaction.name: reaction for reaction in triggers},
        )

    # -- setting up -------------------------------------------------------------------------

    def skeleton(self, book: RuleBook, rng: Rng) -> TcgState:
        rules: TcgRules = book.ruleset
        state = TcgState(book, rng, seats=SEATS)
        for seat in range(SEATS):
            pool = f"p{seat}"
            state.add_zone(Stack(f"deck:{seat}", owner=seat, visibility=NOBODY, pool=pool))
            state.add_zone(Hand(f"hand:{seat}", owner=seat, capacity=rules.hand_limit, pool=pool))
            state.add_zone(Stack(f"graveyard:{seat}", owner=seat, visibility=PUBLIC))
            if rules.minions:
                state.add_zone(Board(f"board:{seat}", owner=seat, capacity=rules.board_size))
            state.add_pool(
                Pool(
                    name=pool,
                    owner=seat,
                    manifest=rules.decks[seat],
                    public=rules.open_decklists,
                )
            )
            state.heroes.append(Hero(seat, rules.starting_health))
        state.bind_zones()
        return state

    def create_cards(self, state: TcgState) -> None:
        rules: TcgRules = state.rules.ruleset
        book = state.rules
        for seat in range(SEATS):
            definitions = [book.card(card_id) for card_id in rules.decks[seat]]
            state.create_cards(definitions, state.decks[seat], owner=seat, pool=f"p{seat}")

    def number_cards(self, state: TcgState, seed: int) -> None:
        """Under closed deck lists, each deck's cards take its ids in an order drawn at random
        (from version 3), so that a seen card's id says nothing of the list; version 2
        numbered them in the list's order (as open lists still are: everyone knows them)."""
        if self.version >= 3:
            shuffle_ids(state, seed)

    def opening(self, state: TcgState) -> Sequence[Action[Any]]:
        return (ShuffleDeck(0), ShuffleDeck(1), ChooseFirst())

    # -- playing ----------------------------------------------------------------------------

    def public_view(self, state: TcgState, seat: int | None) -> Any:
        """Both heroes, and the variations these rules switch on (public knowledge)."""
        public = state.public()
        public["variations"] = list(state.rules.ruleset.variations)
        return public

    def timed_out_words(self, decision: str) -> str:
        """A seat out of time makes its default decision, which ends its turn.

        >>> from cardtable.engine.wording import Names
        >>> names = Names(["Ann", "Bob"].__getitem__)
        >>> GAME.describe_event({"type": "timed_out", "seat": 1, "decision": "end"}, names)
        'Bob ran out of time; their turn ended'
        """
        return "their turn ended"

    def to_act(self, state: TcgState) -> int | None:
        return None if state.outcome is not None else state.active

    def legal(self, state: TcgState, seat: int) -> Decisions:
        """What ``seat`` may do: the decisions no check of :mod:`.turns` refuses (those
        :meth:`plan` takes), and ending the turn."""
        if state.outcome is not None or not 0 <= seat < SEATS:
            return Decisions(seat, (), None, False)
        if seat != state.active:
            return Decisions(seat, (), None)
        rules: TcgRules = state.rules.ruleset
        if rules.healing or rules.minions:
            return Decisions(seat, (*moves(state, seat), END), END)
        # The core game, the hot path of simulations: ``moves`` in short. There a value card
        # has no way but its own, which aims at nothing (see ``turns.aim``): its one play is
        # the shared untargeted one. A spell's choice of target takes the long way.
        table = _PLAYS if len(_PLAYS) >= len(state.cards) else plays(len(state.cards))
        found: list[Decision] = []
        for card in payable(state, seat):
            definition: Any = card.definition
            if definition.kind != "value":
                return Decisions(seat, (*moves(state, seat), END), END)
            found.append(table[card.id])
        found.append(END)
        return Decisions(seat, tuple(found), END)

    def plan(self, state: TcgState, seat: int, decision: Decision) -> Sequence[Action[Any]]:
        """The actions of ``decision``, or the refusal of the first check of :mod:`.turns` it
        fails."""
        if seat != state.active:
            raise IllegalDecision(
                f"it is not your turn: player {state.active} is playing", code="not_your_turn"
            )
        if isinstance(decision, End):
            return (EndTurn(seat),)
        if isinstance(decision, Play):
            problem = play_problem(state, seat, decision)
            if problem is not None:
                raise problem
            card = state.cards[decision.card]
            return (PlayCard(seat, card, decision.mode, decision.target),)
        if isinstance(decision, Attack):
            problem = attack_problem(state, seat, decision)
            if problem is not None:
                raise problem
            return (MinionAttack(seat, state.cards[decision.minion], decision.target),)
        raise IllegalDecision(
            f"{decision.text()!r} is not a decision of the Kata TCG", code="unknown_decision"
        )

    def parse(self, text: str) -> Decision:
        return decisions.parse(text)


GAME = TcgGame()
"""The Kata TCG (the instance the registry lists)."""
