"""War's ruleset: a standard 52-card deck between two players by default, every choice a field.

>>> rules = WarRules(players=4, face_down=3)
>>> rules.deck_size, rules.dealing, rules.won_cards
(52, 'round-robin', 'fixed')
>>> WarRules.from_json({"players": 3, "dealing": "blocks"})
Traceback (most recent call last):
...
cardtable.engine.errors.RulesetError: block dealing needs a deck that splits evenly: 52 cards \
do not split among 3 players (deal round-robin, or change the suits or ranks)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal, Self

from pydantic import Field, model_validator

from cardtable.cards import MAX_RANK, MAX_SUITS
from cardtable.config import RulesetModel
from cardtable.config.ruleset import refuse

MAX_PLAYERS = 64
MAX_FACE_DOWN = 20
MAX_TURN_LIMIT = 1_000_000
MAX_DECK = 1_000
"""The most cards a deck may hold (suits times ranks): every view lists the deck's cards."""


class WarRules(RulesetModel):
    """The rules of a War match. Every field has the usual game's value as its default."""

    field_groups: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "Players and deck": ("players", "suits", "ranks", "dealing"),
        "Battles": ("face_down", "won_cards", "turn_limit"),
    }

    suits: int = Field(
        4,
        ge=1,
        le=MAX_SUITS,
        description="Suits in the deck (clubs, diamonds, hearts, spades, then moons, towers, "
        "wheels, leaves, then numbered suits from 9). Suits never decide a battle.",
    )
    ranks: int = Field(
        13,
        ge=1,
        le=MAX_RANK,
        description="Ranks in each suit: the highest of two to ace (8 gives seven to ace); "
        "beyond 13, numbered ranks from 14 rank between the king and the ace.",
    )
    players: int = Field(2, ge=1, le=MAX_PLAYERS, description="How many players sit down.")
    face_down: int = Field(
        1,
        ge=0,
        le=MAX_FACE_DOWN,
        description="Cards each player in a war puts down face down before turning one face up.",
    )
    dealing: Literal["round-robin", "blocks"] = Field(
        "round-robin",
        description="round-robin: one card at a time from the first seat (earlier seats get "
        "the extra cards); blocks: each player's equal share in one go.",
    )
    turn_limit: int = Field(
        10_000,
        ge=1,
        le=MAX_TURN_LIMIT,
        description="Battles before the match stops; then the most cards wins (ties share).",
    )
    won_cards: Literal["fixed", "shuffled"] = Field(
        "fixed",
        description="How won cards go under the winner's pile: fixed (in the order they were "
        "played) or shuffled with the match's randomness.",
    )

    @property
    def deck_size(self) -> int:
        return self.suits * self.ranks

    @model_validator(mode="after")
    def _deck_fits(self) -> Self:
        if self.deck_size > MAX_DECK:
            raise refuse(
                "out_of_range",
                f"a deck of {self.suits} suits of {self.ranks} ranks holds {self.deck_size} "
                f"cards; War plays with at most {MAX_DECK:,} (fewer suits or ranks)",
            )
        return self

    @model_validator(mode="after")
    def _blocks_split_evenly(self) -> Self:
        if self.dealing == "blocks" and self.deck_size % self.players:
            raise refuse(
                "bad_value",
                f"block dealing needs a deck that splits evenly: {self.deck_size} cards do not "
                f"split among {self.players} players (deal round-robin, or change the suits "
                "or ranks)",
                field="dealing",
            )
        return self
