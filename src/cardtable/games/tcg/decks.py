"""Deck files: a deck built from a card set, saved to disk and loaded before a match.

A deck file is TOML that a person can read and edit: the set it is built from (a built-in
set's name, or a set file's path relative to the deck file) and how many copies of each
card it holds::

    name = "Bolts and walls"
    set = "kata"

    [cards]
    bolt = 4
    wall = 2
    d3 = 4

Loading checks everything a deck must be under a ruleset's limits (exactly ``deck_size``
cards, at most ``copies_limit`` copies of a card, only cards of its set), with errors that
name the file, the line and the card.

>>> deck = Deck(name="Tiny", set="classic", counts=(("d1", 2),))
>>> print(deck_text(deck), end="")
name = "Tiny"
set = "classic"
<BLANKLINE>
[cards]
d1 = 2
>>> deck.cards
('d1', 'd1')
"""

from __future__ import annotations

import difflib
import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from cardtable.engine.errors import RulesetError
from cardtable.games.tcg.cardsets import CardSet, builtin_sets, load_set
from cardtable.games.tcg.config import TcgRules

_KEY = re.compile(r"^\s*\"?([A-Za-z0-9_-]+)\"?\s*=")


@dataclass(frozen=True, slots=True)
class Deck:
    """A named deck: (card id, copies) pairs from the set ``set``."""

    name: str
    set: str
    counts: tuple[tuple[str, int], ...]

    @property
    def cards(self) -> tuple[str, ...]:
        """Every card id of the deck, one per copy, in the file's order."""
        return tuple(card for card, count in self.counts for _ in range(count))


def deck_text(deck: Deck) -> str:
    """The TOML text of a deck file."""
    lines = [f"name = {json.dumps(deck.name)}", f"set = {json.dumps(deck.set)}", "", "[cards]"]
    lines += [f"{card} = {count}" for card, count in deck.counts]
    return "\n".join(lines) + "\n"


def save_deck(deck: Deck, path: Path) -> None:
    """Write a deck file (``RulesetError`` when it cannot be written)."""
    try:
        path.write_text(deck_text(deck), encoding="utf-8")
    except OSError as error:
        raise RulesetError(f"{path}: cannot write it ({error.strerror or error})") from None


def load_deck(path: Path, rules: TcgRules | None = None) -> tuple[Deck, CardSet]:
    """Read and check a deck file and load its set (``RulesetError`` saying what is wrong)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesetError(f"{path}: no such deck file") from None
    except OSError as error:
        raise RulesetError(f"{path}: cannot read it ({error.strerror or error})") from None
    except UnicodeDecodeError:
        raise RulesetError(f"{path}: not a text file") from None
    deck = parse_deck(text, source=str(path))
    card_set = _load_set_for(deck, path)
    check_deck(deck, card_set, rules or TcgRules(), text=text, source=str(path))
    return deck, card_set


def parse_deck(text: str, *, source: str) -> Deck:
    """The deck a deck file's text describes (its shape only; see :func:`check_deck`)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesetError(f"{source}: not valid TOML: {error}") from None
    except (ValueError, RecursionError) as error:
        raise RulesetError(f"{source}: values this program cannot read ({error})") from None
    unknown = sorted(set(data) - {"name", "set", "cards"})
    if unknown:
        raise RulesetError(
            f"{source}: {unknown[0]!r} is not part of a deck file (name, set, cards)"
        )
    name, card_set, cards = data.get("name", path_name(source)), data.get("set"), data.get("cards")
    if not isinstance(name, str) or not name.strip():
        raise RulesetError(f"{source}: name must be text")
    if not isinstance(card_set, str) or not card_set.strip():
        raise RulesetError(f"{source}: set must name the card set the deck is built from")
    if not isinstance(cards, dict) or not cards:
        raise RulesetError(f"{source}: a [cards] table must list each card's copies (bolt = 4)")
    lines = _lines_of(text)
    counts: list[tuple[str, int]] = []
    for card, count in cards.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise RulesetError(
                f"{_where(source, lines, card)}: {card} = {count!r}: a count is a whole number "
                "of copies, at least 1"
            )
        counts.append((card, count))
    return Deck(name=name.strip(), set=card_set.strip(), counts=tuple(counts))


def check_deck(
    deck: Deck, card_set: CardSet, rules: TcgRules, *, text: str = "", source: str = "deck"
) -> None:
    """Raise ``RulesetError`` unless ``deck`` is a legal deck of ``card_set`` under ``rules``."""
    lines = _lines_of(text)
    known = [card.id for card in card_set.cards]
    for card, count in deck.counts:
        if card not in known:
            close = difflib.get_close_matches(card, known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise RulesetError(
                f"{_where(source, lines, card)}: no card {card!r} in the {card_set.name} set{hint}"
            )
        if count > rules.copies_limit:
            raise RulesetError(
                f"{_where(source, lines, card)}: {count} copies of {card!r}; at most "
                f"{rules.copies_limit} are allowed"
            )
    size = sum(count for _, count in deck.counts)
    if size != rules.deck_size:
        raise RulesetError(
            f"{source}: the deck holds {size} cards; a deck holds exactly {rules.deck_size}"
        )


def with_decks(rules: TcgRules, card_set: CardSet, decks: tuple[Deck, Deck]) -> TcgRules:
    """``rules`` playing with these decks (both built from ``card_set``, which becomes the pool)."""
    return rules.changed(
        cards=[card.model_dump() for card in card_set.cards],
        decks=[list(deck.cards) for deck in decks],
    )


def path_name(source: str) -> str:
    return Path(source).stem


def _load_set_for(deck: Deck, path: Path) -> CardSet:
    if deck.set in builtin_sets():
        return load_set(deck.set)
    candidate = (path.parent / deck.set).resolve()
    if candidate.exists():
        return load_set(candidate)
    known = ", ".join(builtin_sets())
    raise RulesetError(
        f"{path}: set {deck.set!r} is neither a card set of cardtable ({known}) nor a set file"
    )


def _lines_of(text: str) -> dict[str, int]:
    """The line of each key in the [cards] table."""
    found: dict[str, int] = {}
    inside = False
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("["):
            inside = stripped == "[cards]"
            continue
        match = _KEY.match(line)
        if inside and match and match.group(1) not in found:
            found[match.group(1)] = number
    return found


def _where(source: str, lines: dict[str, int], card: str) -> str:
    return f"{source}, line {lines[card]}" if card in lines else source
