"""Card sets: TOML files of cards (and a starter deck), validated when loaded.

A set file lists its cards as ``[[cards]]`` tables and may name a starter ``deck``::

    name = "Mine"
    deck = ["spark", "spark", ...]

    [[cards]]
    id = "spark"
    name = "Spark"
    cost = 1
    damage = 2

Sets ship with the package (``classic``, ``kata``) and users write their own; every error
names the file, the line of the card's table when it can, the card and what is wrong.

>>> classic = load_set("classic")
>>> len(classic.cards), len(classic.deck), classic.cards[3].id
(9, 20, 'd3')
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable.config.rulesfile import explain_errors, table_lines
from cardtable.config.tomlfile import key_lines, read_toml
from cardtable.engine.errors import RulesetError
from cardtable.games.tcg.cardspec import CARD_ID, CardSpec

PACKAGE = "cardtable.games.tcg"

CARD_TABLES: Mapping[str, str] = {"cards": "card"}
"""A set file's or a rules file's ``[[cards]]`` tables hold cards: an error in one names the
card by its id and the line of its table."""


class _SetFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    name: str = Field(min_length=1, max_length=60)
    description: str = Field("", max_length=300)
    deck: tuple[str, ...] = ()
    cards: tuple[CardSpec, ...] = Field(min_length=1, max_length=500)


@dataclass(frozen=True, slots=True)
class CardSet:
    """A named pool of cards and its starter deck (card ids; may be empty)."""

    name: str
    description: str
    cards: tuple[CardSpec, ...]
    deck: tuple[str, ...]

    def card(self, card_id: str) -> CardSpec:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)


def builtin_sets() -> list[str]:
    """The names of the sets that ship with cardtable."""
    folder = resources.files(PACKAGE).joinpath("sets")
    return sorted(item.name[:-5] for item in folder.iterdir() if item.name.endswith(".toml"))


@functools.cache
def _builtin(name: str) -> CardSet:
    text = resources.files(PACKAGE).joinpath("sets", f"{name}.toml").read_text(encoding="utf-8")
    return parse_set(text, source=f"{name}.toml")


def load_set(name_or_path: str | Path) -> CardSet:
    """A built-in set by name, or a set file by path (``RulesetError`` saying what is wrong)."""
    if isinstance(name_or_path, str) and re.fullmatch(CARD_ID, name_or_path):
        if name_or_path in builtin_sets():
            return _builtin(name_or_path)
        if not Path(name_or_path).exists():
            known = ", ".join(builtin_sets())
            raise RulesetError(
                f"no card set is called {name_or_path!r}; the sets are: {known}",
                code="unknown_set",
            )
    path = Path(name_or_path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _unreadable(f"{path}: no such card set file", path) from None
    except OSError as error:
        raise _unreadable(f"{path}: cannot read it ({error.strerror or error})", path) from None
    except UnicodeDecodeError:
        raise _unreadable(f"{path}: not a text file", path) from None
    return parse_set(text, source=str(path))


def _unreadable(reason: str, path: Path) -> RulesetError:
    return RulesetError(reason, code="unreadable_file", file=str(path))


def parse_set(text: str, *, source: str) -> CardSet:
    """Validate the text of a set file."""
    data = read_toml(text, source=source)
    tables = _card_tables(text)
    try:
        model = _SetFile.model_validate_json(json.dumps(data))
    except (TypeError, ValueError) as error:
        if not isinstance(error, ValidationError):
            raise RulesetError(
                f"{source}: cards hold numbers, text and lists only",
                code="wrong_type",
                file=source,
            ) from None
        raise _explain(error, data, text, source) from None
    seen: set[str] = set()
    for index, card in enumerate(model.cards):
        if card.id in seen:
            raise RulesetError(
                f"{source}: two cards have the id {card.id!r}",
                code="duplicate_card",
                field=f"cards.{index}.id",
                line=tables[index] if index < len(tables) else None,
                file=source,
            )
        seen.add(card.id)
    for card_id in model.deck:
        if card_id not in seen:
            raise RulesetError(
                f"{source}: the deck names {card_id!r}, which is not a card here",
                code="unknown_card",
                field="deck",
                line=key_lines(text).get("deck"),
                file=source,
            )
    return CardSet(model.name, model.description, model.cards, model.deck)


def _card_tables(text: str) -> list[int]:
    """The line of each ``[[cards]]`` table, in order."""
    return table_lines(text, "cards")


def _explain(error: ValidationError, data: Any, text: str, source: str) -> RulesetError:
    """Name each bad card by id and by the line of its ``[[cards]]`` table, as a rules file
    does; the error's line is that of the first problem (a card's table, or a top-level key)."""
    return explain_errors(
        error, _SetFile, data=data, text=text, source=source, items=CARD_TABLES, key_line=False
    )
