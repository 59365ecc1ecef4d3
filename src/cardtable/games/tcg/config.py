"""The Kata TCG's ruleset: the seed's core game by default, every variation a switch.

The card pool and both decks are part of the ruleset (so a record replays whatever happens to
card files later). A rules file may give ``deck`` for both seats at once.

>>> rules = TcgRules(starting_health=20)
>>> rules.starting_health, rules.hand_limit, len(rules.decks[0]), rules.minions
(20, 5, 20, False)
>>> TcgRules.from_json({"deck": ["d1"] * 4, "deck_size": 4}).decks[1]
('d1', 'd1', 'd1', 'd1')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal, Self, get_args

from pydantic import Field, Strict, model_validator

from cardtable.config import RulesetModel
from cardtable.config.ruleset import refuse
from cardtable.games.tcg.cardsets import CARD_TABLES, load_set
from cardtable.games.tcg.cardspec import CardSpec

_CLASSIC = load_set("classic")

DEFAULT_DECK: tuple[str, ...] = _CLASSIC.deck
"""The seed's 20 damage cards: 0,0,1,1,2,2,2,3,3,3,3,4,4,4,5,5,6,6,7,8 (classic card ids)."""

SEATS = 2

Deck = Annotated[tuple[str, ...], Strict(False)]
"""A deck: card ids (a list in JSON and TOML)."""

Variation = Literal["healing", "minions"]
"""The rule variations a Kata TCG ruleset may switch on, by name."""


class TcgRules(RulesetModel):
    """The rules of a Kata TCG match. The defaults are the seed's core game."""

    field_groups: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "Heroes and mana": ("starting_health", "mana_slot_cap"),
        "Hands": ("hand_limit", "first_hand", "second_hand"),
        "Variations": ("healing", "minions", "board_size"),
        "Cards and decks": ("deck_size", "copies_limit", "open_decklists", "cards", "decks"),
    }

    item_names: ClassVar[Mapping[str, str]] = CARD_TABLES

    starting_health: int = Field(
        30,
        ge=1,
        le=999,
        description="Health each player starts with, and the most a heal can bring them to.",
    )
    mana_slot_cap: int = Field(
        10, ge=1, le=99, description="The most mana slots a player can have."
    )
    hand_limit: int = Field(
        5,
        ge=1,
        le=50,
        description="Cards a hand can hold; a card drawn into a full hand is discarded.",
    )
    first_hand: int = Field(
        3, ge=0, le=200, description="Cards the starting player draws before the first turn."
    )
    second_hand: int = Field(
        4, ge=0, le=200, description="Cards the other player draws before the first turn."
    )
    healing: bool = Field(
        False, description="Cards may be played to heal their owner instead (healing variation)."
    )
    minions: bool = Field(
        False, description="Cards may be played as minions that attack (minions variation)."
    )
    board_size: int = Field(
        3, ge=1, le=10, description="The most minions a player can have on the board."
    )
    # Lists stand for these tuples, also after the ``deck`` shorthand is expanded.
    cards: tuple[CardSpec, ...] = Field(
        _CLASSIC.cards, min_length=1, max_length=500, strict=False, description="The card pool."
    )
    decks: tuple[Deck, Deck] = Field(
        (DEFAULT_DECK, DEFAULT_DECK),
        strict=False,
        description="Each seat's deck: card ids of the pool, in any order (it is shuffled).",
    )
    deck_size: int = Field(20, ge=1, le=200, description="How many cards a deck holds exactly.")
    copies_limit: int = Field(
        4, ge=1, le=200, description="The most copies of one card a deck may hold."
    )
    open_decklists: bool = Field(
        True, description="Whether each player's deck list is known to the other player."
    )

    @model_validator(mode="before")
    @classmethod
    def _one_deck_for_both(cls, data: Any) -> Any:
        if isinstance(data, dict) and "deck" in data:
            data = dict(data)
            if "decks" in data:
                raise refuse(
                    "bad_value",
                    "give either deck (for both seats) or decks, not both",
                    field="deck",
                )
            deck = data.pop("deck")
            data["decks"] = [deck, deck]
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        ids = [card.id for card in self.cards]
        twice = sorted(card_id for card_id, count in Counter(ids).items() if count > 1)
        if twice:
            second = [index for index, card_id in enumerate(ids) if card_id == twice[0]][1]
            raise refuse(
                "duplicate_card",
                f"the pool has two cards with the id {twice[0]!r}",
                field=f"cards.{second}.id",
            )
        known = set(ids)
        for index, card in enumerate(self.cards):
            made = [effect.card for effect in card.effects if effect.card] + [
                effect.card for t in card.triggers for effect in t.effects if effect.card
            ]
            for other in made:
                if other not in known:
                    raise refuse(
                        "unknown_card",
                        f"card {card.id!r} makes {other!r}, which is not in the pool",
                        field=f"cards.{index}",
                    )
        tokens = {card.id for card in self.cards if card.token}
        minion_cards = {card.id for card in self.cards if card.kind == "minion"}
        for seat, deck in enumerate(self.decks):
            in_deck = set(deck)
            if in_deck & tokens:
                token = sorted(in_deck & tokens)[0]
                raise refuse(
                    "deck_rules",
                    f"deck {seat} holds {token!r}, a token only effects make",
                    field=f"decks.{seat}",
                )
            if in_deck & minion_cards and not self.minions:
                minion = sorted(in_deck & minion_cards)[0]
                raise refuse(
                    "deck_rules",
                    f"deck {seat} holds the minion {minion!r}: switch minions on",
                    field=f"decks.{seat}",
                )
            unknown = sorted(set(deck) - known)
            if unknown:
                raise refuse(
                    "unknown_card",
                    f"deck {seat} names {unknown[0]!r}, which is not in the pool",
                    field=f"decks.{seat}",
                )
            if len(deck) != self.deck_size:
                raise refuse(
                    "deck_rules",
                    f"deck {seat} holds {len(deck)} cards; a deck holds exactly "
                    f"{self.deck_size} (deck_size)",
                    field=f"decks.{seat}",
                )
            excess = [(card, n) for card, n in Counter(deck).items() if n > self.copies_limit]
            if excess:
                card_id, count = sorted(excess)[0]
                raise refuse(
                    "deck_rules",
                    f"deck {seat} holds {count} copies of {card_id!r}; at most "
                    f"{self.copies_limit} are allowed (copies_limit)",
                    field=f"decks.{seat}",
                )
        for name in ("first_hand", "second_hand"):
            if getattr(self, name) > self.deck_size:
                raise refuse(
                    "out_of_range",
                    f"{name} ({getattr(self, name)}) cannot be larger than the deck "
                    f"({self.deck_size} cards)",
                    field=name,
                )
        return self

    def card(self, card_id: str) -> CardSpec:
        """The pool's card with this id (``KeyError`` when there is none)."""
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    @property
    def variations(self) -> list[Variation]:
        """The names of the variations switched on."""
        return [name for name in get_args(Variation) if getattr(self, name)]
