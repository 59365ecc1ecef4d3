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
from cardtable.engine.characters import Hero, Target
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
from cardtable.engine.wording import Names, timed_out
from cardtable.engine.zones import NOBODY, PUBLIC, Board, Hand, Stack
from cardtable.games.tcg import decisions
from cardtable.games.tcg.actions import (
    ATTACKS,
    AWAKE,
    ChooseFirst,
    EndTurn,
    MinionAttack,
    PlayCard,
    ShuffleDeck,
    valid_target,
)
from cardtable.games.tcg.cards import TcgCard
from cardtable.games.tcg.cardsets import load_set
from cardtable.games.tcg.cardspec import DAMAGE_WITH_DRAW
from cardtable.games.tcg.cardtext import card_text
from cardtable.games.tcg.config import SEATS, TcgRules, Variation
from cardtable.games.tcg.decisions import END, HEAL, MINION, Attack, End, Play, play, plays
from cardtable.games.tcg.decks import with_seat_deck
from cardtable.games.tcg.events import TCG_EVENTS
from cardtable.games.tcg.facts import TcgReadings
from cardtable.games.tcg.options import OPTIONS
from cardtable.games.tcg.rules import CHECKS, DISCOUNT_RULES, MINION_RULES, RULES
from cardtable.games.tcg.search import TcgSearch
from cardtable.games.tcg.state import TcgState
from cardtable.games.tcg.targets import characters, price
from cardtable.games.tcg.triggers import trigger_reactions


def _discounts(card: TcgCard) -> bool:
    """Whether any effect of ``card`` (its own or a trigger's) discounts drawn cards."""
    effects = card.effects + tuple(e for trigger in card.triggers for e in trigger.effects)
    return any(effect.do == "discount" for effect in effects)


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

    def describe_event(self, event: JsonObject, names: Names) -> str | None:
        """One log line for ``event``: each of the Kata TCG's events words itself (see
        :mod:`.events`) and the engine words its own, but a timeout is told in this game's
        words (the seat's default decision ends its turn).

        >>> names = Names(["Ann", "Bob"].__getitem__)
        >>> GAME.describe_event({"type": "timed_out", "seat": 1, "decision": "end"}, names)
        'Bob ran out of time; their turn ended'
        >>> GAME.describe_event({"type": "turn_ended", "seat": 1}, names)
        'Bob ends the turn'
        """
        if event.get("type") == "timed_out":
            return timed_out(event, names, "their turn ended")
        return super().describe_event(event, names)

    def to_act(self, state: TcgState) -> int | None:
        return None if state.outcome is not None else state.active

    def legal(self, state: TcgState, seat: int) -> Decisions:
        if state.outcome is not None or not 0 <= seat < SEATS:
            return Decisions(seat, (), None, False)
        if seat != state.active:
            return Decisions(seat, (), None)
        rules: TcgRules = state.rules.ruleset
        mana = state.heroes[seat].mana.value
        moves: list[Decision] = []
        if not rules.healing and not rules.minions:
            table = plays(len(state.cards))
            if state.live or state.components:
                for card in state.hands[seat].cards:
                    if state.stat(card, "cost") <= mana:
                        moves.append(table[card.id])
            else:  # no card of the match is modified: printed costs are the costs
                for card in state.hands[seat].cards:
                    if getattr(card.definition, "cost", 0) <= mana:
                        moves.append(table[card.id])
        else:
            moves.extend(self._variation_moves(state, seat, rules, mana))
        moves.append(END)
        return Decisions(seat, tuple(moves), END)

    def _variation_moves(
        self, state: TcgState, seat: int, rules: TcgRules, mana: int
    ) -> list[Decision]:
        opponent = 1 - seat
        targets = [Target.hero(opponent)]
        if rules.minions:
            targets.extend(Target.minion(minion.id) for minion in state.boards[opponent].cards)
        room = rules.minions and not state.boards[seat].full
        moves: list[Decision] = []
        for card in state.hands[seat].cards:
            if price(state, card) > mana:
                continue
            definition = card.definition
            assert isinstance(definition, TcgCard)
            if definition.kind != "value":
                moves.extend(self._data_moves(state, seat, card.id, definition, room))
                continue
            if rules.minions and state.stat(card, "draw") == 0 and state.stat(card, "damage") > 0:
                moves.extend(Play(card.id, "", target) for target in targets)
            else:
                moves.append(Play(card.id))
            if rules.healing:  # any card heals, by its heal value (0 for a 0 card)
                moves.append(Play(card.id, HEAL))
            if room:
                moves.append(Play(card.id, MINION))
        if rules.minions:
            for minion in state.boards[seat].cards:
                awake, attacks = state.tracked(minion, AWAKE), state.tracked(minion, ATTACKS)
                if awake is not None and awake.value > 0 and attacks is not None and attacks.value:
                    moves.extend(Attack(minion.id, target) for target in targets)
        return moves

    def _data_moves(
        self, state: TcgState, seat: int, card: int, definition: TcgCard, room: bool
    ) -> list[Decision]:
        """The ways to play a spell or a minion card: aimed at each character it may choose."""
        if definition.kind == "minion" and not room:
            return []
        chooses = definition.chooses
        if chooses is None:
            return [Play(card)]
        targets = characters(state, seat, chooses)
        if not targets:
            return [Play(card)] if definition.kind == "minion" else []
        return [Play(card, "", target) for target in targets]

    def plan(self, state: TcgState, seat: int, decision: Decision) -> Sequence[Action[Any]]:
        if seat != state.active:
            raise IllegalDecision(
                f"it is not your turn: player {state.active} is playing", code="not_your_turn"
            )
        if isinstance(decision, End):
            return (EndTurn(seat),)
        rules: TcgRules = state.rules.ruleset
        if isinstance(decision, Play):
            return (self._plan_play(state, seat, rules, decision),)
        if isinstance(decision, Attack):
            return (self._plan_attack(state, seat, rules, decision),)
        raise IllegalDecision(
            f"{decision.text()!r} is not a decision of the Kata TCG", code="unknown_decision"
        )

    def _plan_play(self, state: TcgState, seat: int, rules: TcgRules, play: Play) -> PlayCard:
        if not 0 <= play.card < len(state.cards):
            raise IllegalDecision(f"there is no card #{play.card}", code="no_such_card")
        card = state.cards[play.card]
        if card not in state.hands[seat].cards:
            raise IllegalDecision(f"card #{play.card} is not in your hand", code="not_your_card")
        definition = card.definition
        assert isinstance(definition, TcgCard)
        name = definition.name
        cost = price(state, card)
        mana = state.heroes[seat].mana.value
        if cost > mana:
            raise IllegalDecision(
                f"you cannot afford {name}: it costs {cost} mana and you have {mana}",
                code="cannot_afford",
            )
        if definition.kind != "value":
            return self._plan_data(state, seat, rules, play, definition)
        if not play.mode and play.target is None and not rules.minions:
            return PlayCard(seat, card)  # the core game: nothing more to check
        if play.mode == HEAL:
            if not rules.healing:
                raise IllegalDecision(
                    "these rules have no healing: play the card as it is", code="not_in_these_rules"
                )
        elif play.mode == MINION:
            if not rules.minions:
                raise IllegalDecision(
                    "these rules have no minions: play the card as it is", code="not_in_these_rules"
                )
            if state.boards[seat].full:
                raise IllegalDecision(
                    f"your board is full: at most {rules.board_size} minions at a time",
                    code="board_full",
                )
        elif play.mode:
            raise IllegalDecision(f"{play.mode!r} is not a way to play a card", code="wrong_mode")
        if play.mode or state.stat(card, "draw") > 0 or state.stat(card, "damage") <= 0:
            if play.target is not None:
                raise IllegalDecision(
                    f"{name} played this way takes no target", code="takes_no_target"
                )
        elif rules.minions:
            if play.target is None:
                raise IllegalDecision(
                    f"choose what {name} attacks: @p{1 - seat} or one of their minions (@#ID)",
                    code="target_needed",
                )
            self._check_target(state, seat, play.target)
        elif play.target is not None:
            raise IllegalDecision(
                "without minions an attack always hits the opposing hero", code="takes_no_target"
            )
        return PlayCard(seat, card, play.mode, play.target)

    def _plan_data(
        self, state: TcgState, seat: int, rules: TcgRules, play: Play, definition: TcgCard
    ) -> PlayCard:
        card = state.cards[play.card]
        name = definition.name
        if play.mode:
            raise IllegalDecision(
                f"{name} is a {definition.kind}: play it as it is", code="wrong_mode"
            )
        if definition.kind == "minion" and state.boards[seat].full:
            raise IllegalDecision(
                f"your board is full: at most {rules.board_size} minions at a time",
                code="board_full",
            )
        chooses = definition.chooses
        if chooses is None:
            if play.target is not None:
                raise IllegalDecision(f"{name} takes no target", code="takes_no_target")
            return PlayCard(seat, card)
        targets = characters(state, seat, chooses)
        if play.target is None:
            if targets or definition.kind != "minion":
                choices = " ".join(f"@{target.text()}" for target in targets) or "none now"
                raise IllegalDecision(
                    f"choose a target for {name}: {choices}", code="target_needed"
                )
            return PlayCard(seat, card)
        if play.target not in targets:
            raise IllegalDecision(
                f"{play.target.text()} is not a target {name} may choose", code="invalid_target"
            )
        return PlayCard(seat, card, "", play.target)

    def _plan_attack(
        self, state: TcgState, seat: int, rules: TcgRules, attack: Attack
    ) -> MinionAttack:
        if not rules.minions:
            raise IllegalDecision("these rules have no minions", code="not_in_these_rules")
        if not 0 <= attack.minion < len(state.cards):
            raise IllegalDecision(f"there is no card #{attack.minion}", code="no_such_card")
        minion = state.cards[attack.minion]
        if minion not in state.boards[seat].cards:
            raise IllegalDecision(
                f"#{attack.minion} is not one of your minions", code="not_your_card"
            )
        name = minion.definition.name
        awake, attacks = state.tracked(minion, AWAKE), state.tracked(minion, ATTACKS)
        if awake is None or awake.value <= 0:
            raise IllegalDecision(
                f"{name} is asleep: a minion cannot attack in its first turn", code="asleep"
            )
        if attacks is None or attacks.value <= 0:
            raise IllegalDecision(f"{name} has already attacked this turn", code="already_attacked")
        self._check_target(state, seat, attack.target)
        return MinionAttack(seat, minion, attack.target)

    def _check_target(self, state: TcgState, seat: int, target: Target) -> None:
        if not valid_target(state, seat, target):
            raise IllegalDecision(
                f"{target.text()} cannot be attacked: choose the opposing hero "
                f"(@p{1 - seat}) or one of their minions",
                code="invalid_target",
            )

    def parse(self, text: str) -> Decision:
        return decisions.parse(text)


GAME = TcgGame()
"""The Kata TCG (the instance the registry lists)."""
