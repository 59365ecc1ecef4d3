"""Karata's ruleset: the house rules a room may choose, each a field with the usual default.

>>> rules = KarataRules(players=3, fine=2)
>>> rules.hand_size, rules.pick_counts, rules.fines
(4, {'2': 2, '3': 3, 'J': 5}, True)
>>> KarataRules.from_json({"players": 5})
Traceback (most recent call last):
...
cardtable.engine.errors.RulesetError: 5 players, but these rules allow at most 4 (raise \
max_players, up to 6)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Self

from pydantic import Field, model_validator

from cardtable.config import RulesetModel
from cardtable.config.ruleset import refuse

MIN_PLAYERS = 2
MAX_PLAYERS = 6
DECK_SIZE = 54


class KarataRules(RulesetModel):
    """The rules of a Karata match. Every field has our default (see docs/rules/karata.md)."""

    field_groups: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "Players and deal": ("players", "max_players", "hand_size", "random_start"),
        "Bombs": ("pick_two", "pick_three", "pick_joker", "cumulative_bombs", "anything_answers"),
        "Last card and fines": ("last_card_check", "fine"),
    }

    players: int = Field(
        2, ge=MIN_PLAYERS, le=MAX_PLAYERS, description="How many players sit down (2 to 6)."
    )
    max_players: int = Field(
        4,
        ge=MIN_PLAYERS,
        le=MAX_PLAYERS,
        description="The most players these rules allow at one table (4 by default, 6 at most).",
    )
    hand_size: int = Field(4, ge=1, le=10, description="Cards dealt to each player.")
    random_start: bool = Field(
        False, description="Whether a random player starts (otherwise the first seat does)."
    )
    pick_two: int = Field(2, ge=1, le=10, description="Cards a Two makes the next player pick.")
    pick_three: int = Field(3, ge=1, le=10, description="Cards a Three makes the next player pick.")
    pick_joker: int = Field(5, ge=1, le=10, description="Cards a Joker makes the next player pick.")
    cumulative_bombs: bool = Field(
        False,
        description="Whether bombs add up (a Two on a pending Three makes the next player pick "
        "5) instead of only the top bomb counting.",
    )
    anything_answers: bool = Field(
        False, description="Whether any card answers a question (Queen or Eight)."
    )
    last_card_check: bool = Field(
        True,
        description="Whether a player holding an Ace, a bomb, a Jack or a King is refused when "
        "declaring last card.",
    )
    fine: int = Field(
        0,
        ge=0,
        le=2,
        description="Cards an invalid turn or last-card declaration costs (0: fines off, the "
        "move is simply refused).",
    )

    @property
    def fines(self) -> bool:
        """Whether fines are on."""
        return self.fine > 0

    @property
    def pick_counts(self) -> dict[str, int]:
        """Cards each bomb face makes the next player pick (``J`` stands for a Joker)."""
        return {"2": self.pick_two, "3": self.pick_three, "J": self.pick_joker}

    @model_validator(mode="after")
    def _fits(self) -> Self:
        if self.players > self.max_players:
            raise refuse(
                "out_of_range",
                f"{self.players} players, but these rules allow at most {self.max_players} "
                f"(raise max_players, up to {MAX_PLAYERS})",
                field="players",
            )
        if self.players * self.hand_size > DECK_SIZE - 10:
            raise refuse(
                "out_of_range",
                f"{self.players} hands of {self.hand_size} leave too few cards to play with: "
                f"deal at most {(DECK_SIZE - 10) // self.players} each",
                field="hand_size",
            )
        return self
