"""The Kata TCG on the engine: a two-player duel of damage cards and growing mana.

>>> from cardtable.engine import Match
>>> game = TcgGame()
>>> match = Match(game, game.default_ruleset(), seed=3)
>>> view = match.view(match.to_act)
>>> view.public["heroes"][match.to_act]["mana"]
[1, 1]
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.actions import Action
from cardtable.engine.characters import Hero
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.errors import IllegalDecision
from cardtable.engine.game import Game
from cardtable.engine.pools import Pool
from cardtable.engine.rng import Rng
from cardtable.engine.rulebook import RuleBook
from cardtable.engine.zones import NOBODY, PUBLIC, Hand, Stack
from cardtable.games.tcg import decisions
from cardtable.games.tcg.actions import ChooseFirst, EndTurn, PlayCard, ShuffleDeck
from cardtable.games.tcg.cards import TcgCard, damage_card
from cardtable.games.tcg.config import TcgRules
from cardtable.games.tcg.decisions import END, End, Play, plays
from cardtable.games.tcg.events import TCG_EVENTS, TcgPublic
from cardtable.games.tcg.rules import CHECKS, RULES
from cardtable.games.tcg.state import TcgState

SEATS = 2


@functools.cache
def _manifest(deck: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(damage_card(cost).key for cost in deck)


class TcgGame(Game[TcgState, TcgRules]):
    """The Kata TCG: reduce the other player from 30 health to 0 with damage cards."""

    name = "tcg"
    title = "Kata TCG"
    summary = "A two-player duel of damage cards paid for with mana slots that grow each turn."
    rules_resource = ("cardtable.games.tcg", "rules.md")
    ruleset_type = TcgRules
    decision_types = (Play, End)
    event_types = TCG_EVENTS
    public_type = TcgPublic

    def default_ruleset(self) -> TcgRules:
        return TcgRules()

    def load_ruleset(self, data: Mapping[str, object]) -> TcgRules:
        return TcgRules.from_json(data)

    def example_rulesets(self) -> list[TcgRules]:
        default = self.default_ruleset()
        return [
            default,
            # Tiny decks: everyone bleeds out.
            TcgRules(starting_health=12, deck=(0, 1, 2, 3), first_hand=1, second_hand=2),
            # A one-card hand: constant overload.
            TcgRules(hand_limit=1, mana_slot_cap=3),
            # Opening hands that overflow the hand limit.
            TcgRules(hand_limit=2, first_hand=4, second_hand=5, starting_health=1),
        ]

    def seats(self, ruleset: TcgRules) -> int:
        return SEATS

    def build_rulebook(self, ruleset: TcgRules) -> RuleBook:
        cards: dict[str, TcgCard] = {}
        for cost in range(100):
            card = damage_card(cost)
            cards[card.key] = card
        return RuleBook(game=self, ruleset=ruleset, rules=RULES, cards=cards, checks=CHECKS)

    # -- setting up -------------------------------------------------------------------------

    def skeleton(self, book: RuleBook, rng: Rng) -> TcgState:
        rules: TcgRules = book.ruleset
        state = TcgState(book, rng, seats=SEATS)
        for seat in range(SEATS):
            pool = f"p{seat}"
            state.add_zone(Stack(f"deck:{seat}", owner=seat, visibility=NOBODY, pool=pool))
            state.add_zone(Hand(f"hand:{seat}", owner=seat, capacity=rules.hand_limit, pool=pool))
            state.add_zone(Stack(f"graveyard:{seat}", owner=seat, visibility=PUBLIC))
            state.add_pool(Pool(name=pool, owner=seat, manifest=_manifest(rules.deck)))
            state.heroes.append(Hero(seat, rules.starting_health))
        state.bind_zones()
        return state

    def create_cards(self, state: TcgState) -> None:
        rules: TcgRules = state.rules.ruleset
        cards = [damage_card(cost) for cost in rules.deck]
        for seat in range(SEATS):
            state.create_cards(cards, state.decks[seat], owner=seat, pool=f"p{seat}")

    def opening(self, state: TcgState) -> Sequence[Action[Any]]:
        return (ShuffleDeck(0), ShuffleDeck(1), ChooseFirst())

    # -- playing ----------------------------------------------------------------------------

    def to_act(self, state: TcgState) -> int | None:
        return None if state.outcome is not None else state.active

    def legal(self, state: TcgState, seat: int) -> Decisions:
        if state.outcome is not None or not 0 <= seat < SEATS:
            return Decisions(seat, (), None, False)
        if seat != state.active:
            return Decisions(seat, (), None)
        mana = state.heroes[seat].mana.value
        table = plays(len(state.cards))
        moves: list[Decision] = []
        if state.live or state.components:
            for card in state.hands[seat].cards:
                if state.stat(card, "cost") <= mana:
                    moves.append(table[card.id])
        else:  # no card of the match is modified: printed costs are the costs
            for card in state.hands[seat].cards:
                if getattr(card.definition, "cost", 0) <= mana:
                    moves.append(table[card.id])
        moves.append(END)
        return Decisions(seat, tuple(moves), END)

    def plan(self, state: TcgState, seat: int, decision: Decision) -> Sequence[Action[Any]]:
        if seat != state.active:
            raise IllegalDecision(f"it is not your turn: player {state.active} is playing")
        if isinstance(decision, End):
            return (EndTurn(seat),)
        if isinstance(decision, Play):
            if not 0 <= decision.card < len(state.cards):
                raise IllegalDecision(f"there is no card #{decision.card}")
            card = state.cards[decision.card]
            if card not in state.hands[seat].cards:
                raise IllegalDecision(f"card #{decision.card} is not in your hand")
            cost = state.stat(card, "cost")
            mana = state.heroes[seat].mana.value
            if cost > mana:
                raise IllegalDecision(
                    f"you cannot afford {card.definition.name}: it costs {cost} mana "
                    f"and you have {mana}"
                )
            return (PlayCard(seat, card),)
        raise IllegalDecision(f"{decision.text()!r} is not a decision of the Kata TCG")

    def parse(self, text: str) -> Decision:
        return decisions.parse(text)


GAME = TcgGame()
"""The Kata TCG (the instance the registry lists)."""
