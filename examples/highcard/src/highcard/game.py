"""High Card on the cardtable engine: everyone plays a card face down, the highest wins."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from pydantic import Field, model_validator

from cardtable.cards import ACE_HIGH, ACE_LOW, PlayingCardDef, standard_52
from cardtable.config import RulesetModel
from cardtable.engine import (
    NAMES_CARD,
    NOBODY,
    OWNER,
    PUBLIC,
    Action,
    Card,
    CardHints,
    Decision,
    EventShape,
    Game,
    Hand,
    IllegalDecision,
    Outcome,
    Pool,
    Rng,
    RuleBook,
    Stack,
    State,
    event,
    public_field,
    reaction,
    secret,
)
from cardtable.engine.wording import Names


class HighCardRules(RulesetModel):
    """The rules of a High Card match; every field has a default."""

    players: int = Field(2, ge=2, le=8, description="How many players sit down.")
    hand_size: int = Field(5, ge=1, le=26, description="Cards dealt to each player.")
    aces_high: bool = Field(True, description="Whether an ace beats a king (else it is lowest).")

    @model_validator(mode="after")
    def _enough_cards(self) -> Self:
        if self.players * self.hand_size > 52:
            raise ValueError(f"{self.players} hands of {self.hand_size} cards need more than 52")
        return self


@dataclass(frozen=True, slots=True, kw_only=True)
class RankedCard(PlayingCardDef):
    """A playing card and its ``strength``: 1 for the lowest rank, 13 for the highest."""

    strength: int


def deck(rules: HighCardRules) -> dict[str, RankedCard]:
    """The 52 cards by key (``"QH"`` is the queen of hearts), ranked as the rules say."""
    order = ACE_HIGH if rules.aces_high else ACE_LOW
    return {
        card.text: RankedCard(**PlayingCardDef.fields_of(card), strength=order.strength(card.rank))
        for card in standard_52()
    }


DECK = "deck"
TABLE = "table"


def hand(seat: int) -> str:
    return f"hand:{seat}"


def played(seat: int) -> str:
    return f"played:{seat}"


class HighCardState(State):
    """Every card lies in a zone; the public data is the score and who has still to play."""

    scores: list[int] = public_field(per_seat=0)
    to_play: list[int] = public_field(factory=list, seats=True)


@event
class Dealt(EventShape):
    kind = "deal"

    def words(self, names: Names) -> str:
        return "The cards are dealt"


@event
class NewTrick(EventShape):
    kind = "trick"

    def words(self, names: Names) -> str:
        return "-- a new trick --"


@event
class Played(EventShape):
    """A card was played face down: only its player sees which (the others see ``None``)."""

    kind = "play"
    seat: int
    card: str | None = secret(to="seat")

    def words(self, names: Names) -> str:
        return f"{names.seat(self.seat)} plays {self.card or 'a card'} face down"


@event
class Revealed(EventShape):
    """The cards turned face up, in seat order, and who scored."""

    kind = "reveal"
    cards: list[str]
    winners: list[int]

    def words(self, names: Names) -> str:
        won = " and ".join(names.seat(winner) for winner in self.winners)
        return f"Face up: {', '.join(self.cards)}; the trick goes to {won}"


class Deal(Action[HighCardState]):
    """Shuffle the deck and deal every player a hand, one card at a time."""

    __slots__ = ()

    def execute(self, state: HighCardState) -> Dealt:
        cards = state.zones[DECK].cards
        state.rng.shuffle(cards)
        for _ in range(state.rules.ruleset.hand_size):
            for seat in range(state.seats):
                state.zones[hand(seat)].add(cards.pop())
        return Dealt()


class NextTrick(Action[HighCardState]):
    """A new trick: everyone is to play, in seat order."""

    __slots__ = ()

    def execute(self, state: HighCardState) -> NewTrick:
        state.turn += 1
        state.to_play = list(range(state.seats))
        return NewTrick()


class PlayCard(Action[HighCardState]):
    """A player puts a card from their hand face down on the table."""

    __slots__ = ("card", "seat")

    def __init__(self, seat: int, card: Card) -> None:
        self.seat = seat
        self.card = card

    def execute(self, state: HighCardState) -> Played:
        state.move(self.card, state.zones[played(self.seat)])
        state.to_play.remove(self.seat)
        return Played(seat=self.seat, card=self.card.key)


class Reveal(Action[HighCardState]):
    """Turn the played cards face up: the highest takes the trick (every tied player scores)."""

    __slots__ = ()

    def execute(self, state: HighCardState) -> Revealed:
        turned = [state.zones[played(seat)].cards[-1] for seat in range(state.seats)]
        for card in turned:
            state.move(card, state.zones[TABLE])
        best = max(card.printed("strength") for card in turned)
        winners = [s for s, card in enumerate(turned) if card.printed("strength") == best]
        for seat in winners:
            state.scores[seat] += 1
        return Revealed(cards=[card.key for card in turned], winners=winners)


@reaction(PlayCard)
def everyone_played(
    state: HighCardState, action: PlayCard, source: Card | None
) -> list[Action[Any]]:
    """The last card of a trick is played: reveal them all."""
    return [] if state.to_play else [Reveal()]


@reaction(Deal, Reveal)
def next_trick(state: HighCardState, action: Action[Any], source: Card | None) -> list[Action[Any]]:
    """After the deal and after each trick, the next trick (the check below may end the
    match first: then the engine drops what is still queued)."""
    return [NextTrick()]


@reaction(Reveal)
def hands_empty(state: HighCardState, action: Reveal, source: Card | None) -> None:
    """A check: once the hands are empty, the most points win (ties share)."""
    if any(state.zones[hand(seat)].cards for seat in range(state.seats)):
        return
    best = max(state.scores)
    winners = tuple(seat for seat, score in enumerate(state.scores) if score == best)
    state.outcome = Outcome(winners=winners, reason=f"the most points: {best}")


@dataclass(frozen=True, slots=True)
class Play(Decision):
    """Play card ``card`` from your hand, face down."""

    kind: ClassVar[str] = "play"
    form: ClassVar[str] = "play #{card}"
    card: int = field(metadata=NAMES_CARD)


class HighCardCards(CardHints[HighCardState]):
    """A held card is played by its id: with that, the conformance suite checks that
    ``legal`` lists every card the seat to act may play."""

    def plays_of(self, state: HighCardState, seat: int, card: Card) -> Sequence[Decision]:
        return (Play(card.id),)


class HighCardGame(Game[HighCardState, HighCardRules]):
    """High Card for two to eight players."""

    name = "highcard"
    title = "High Card"
    summary = "Everyone plays a card face down; the highest card scores."
    rules_resource = ("highcard", "rules.md")
    ruleset_type = HighCardRules
    decision_types = (Play,)
    event_types = (Dealt, NewTrick, Played, Revealed)
    state_type = HighCardState
    card_hints = HighCardCards()

    def example_rulesets(self) -> list[HighCardRules]:
        """What the conformance suite plays: the default, aces low, a single trick."""
        return [
            HighCardRules(),
            HighCardRules(players=4, hand_size=4, aces_high=False),
            HighCardRules(players=3, hand_size=1),
        ]

    def build_rulebook(self, ruleset: HighCardRules) -> RuleBook:
        return RuleBook(
            game=self,
            ruleset=ruleset,
            cards=deck(ruleset),
            rules=(everyone_played, next_trick),
            checks=(hands_empty,),
        )

    def skeleton(self, book: RuleBook, rng: Rng) -> HighCardState:
        state = HighCardState(book, rng, seats=book.ruleset.players)
        state.add_zone(Stack(DECK, visibility=NOBODY, pool=DECK))
        for seat in range(state.seats):
            state.add_zone(Hand(hand(seat), owner=seat, pool=DECK))
            state.add_zone(Stack(played(seat), owner=seat, visibility=OWNER, pool=DECK))
        state.add_zone(Stack(TABLE, visibility=PUBLIC, pool=DECK))
        state.add_pool(Pool(name=DECK, owner=None, manifest=tuple(book.cards)))
        return state

    def create_cards(self, state: HighCardState) -> None:
        state.create_cards(state.rules.cards.values(), state.zones[DECK], owner=None, pool=DECK)

    def opening(self, state: HighCardState) -> Sequence[Action[Any]]:
        return (Deal(),)

    def to_act(self, state: HighCardState) -> int | None:
        if state.outcome is not None or not state.to_play:
            return None
        return state.to_play[0]

    def moves(self, state: HighCardState, seat: int) -> Sequence[Decision]:
        return [Play(card.id) for card in state.zones[hand(seat)].cards]

    def plan(self, state: HighCardState, seat: int, decision: Decision) -> Sequence[Action[Any]]:
        assert isinstance(decision, Play)  # the engine refuses other decisions before
        for card in state.zones[hand(seat)].cards:
            if card.id == decision.card:
                return (PlayCard(seat, card),)
        raise IllegalDecision(f"card #{decision.card} is not in your hand", code="not_your_card")


GAME = HighCardGame()
