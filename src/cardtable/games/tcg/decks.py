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

A deck is built a card at a time with the same checks (:func:`add_cards`,
:func:`remove_cards`), and its contents have a one-line text form for command lines:

>>> rules, classic = TcgRules(), load_set("classic")
>>> deck = add_cards(deck, classic, rules, "d3", 3)
>>> counts_text(deck), deck.size
('d1=2,d3=3', 5)
>>> parse_counts("d1=2,d3=3") == deck.counts
True
>>> try:
...     add_cards(deck, classic, rules, "d3", 2)
... except RulesetError as error:
...     print(error.reason)
the deck would hold 5 copies of 'd3'; at most 4 are allowed (it holds 3)
>>> mana_curve(deck, classic)
((0, 0), (1, 2), (2, 0), (3, 3))
"""

from __future__ import annotations

import difflib
import json
import os
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cardtable.config.tomlfile import key_lines, read_toml
from cardtable.engine.errors import RulesetError
from cardtable.games.tcg.cardsets import CardSet, builtin_sets, load_set
from cardtable.games.tcg.cardspec import CardSpec
from cardtable.games.tcg.cardtext import card_text
from cardtable.games.tcg.config import TcgRules

_KEY = re.compile(r"^\s*\"?([A-Za-z0-9_-]+)\"?\s*=")
_COUNT = re.compile(r"\s*([^=\s]+)\s*=\s*([0-9]+)\s*")

DEFAULT_SET = "classic"
"""The built-in set whose cards are the Kata TCG's pool unless a match plays ``--cards SET``."""


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

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return sum(count for _, count in self.counts)

    def count(self, card: str) -> int:
        """How many copies of ``card`` the deck holds."""
        return sum(count for held, count in self.counts if held == card)


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
        raise RulesetError(
            f"{path}: cannot write it ({error.strerror or error})",
            code="unwritable_file",
            file=str(path),
        ) from None


def load_deck(path: Path, rules: TcgRules | None = None) -> tuple[Deck, CardSet]:
    """Read and check a deck file and load its set (``RulesetError`` saying what is wrong)."""
    text = _read(path)
    deck = parse_deck(text, source=str(path))
    card_set = _load_set_for(deck, path, line=key_lines(text).get("set"))
    check_deck(deck, card_set, rules or TcgRules(), text=text, source=str(path), file=str(path))
    return deck, card_set


def read_deck(path: Path) -> Deck:
    """A deck file's deck, unchecked: its shape only (``RulesetError`` when it is unreadable)."""
    return parse_deck(_read(path), source=str(path))


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _unreadable(f"{path}: no such deck file", path) from None
    except IsADirectoryError:
        raise _unreadable(f"{path}: that is a folder, not a deck file", path) from None
    except OSError as error:
        raise _unreadable(f"{path}: cannot read it ({error.strerror or error})", path) from None
    except UnicodeDecodeError:
        raise _unreadable(f"{path}: not a text file", path) from None


def _unreadable(reason: str, path: Path) -> RulesetError:
    return RulesetError(reason, code="unreadable_file", file=str(path))


def parse_deck(text: str, *, source: str) -> Deck:
    """The deck a deck file's text describes (its shape only; see :func:`check_deck`)."""
    data = read_toml(text, source=source)
    return deck_from_data(data, source=source, text=text, file=source)


def deck_from_data(
    data: Mapping[str, object], *, source: str, text: str = "", file: str | None = None
) -> Deck:
    """The deck a deck file's data describes, read from TOML or sent as JSON (its shape only;
    ``text``: the file's, to name the line of a mistake; ``file``: its path, for the error).

    >>> deck_from_data({"name": "Fire", "set": "kata", "cards": {"bolt": 2}}, source="x")
    Deck(name='Fire', set='kata', counts=(('bolt', 2),))
    >>> deck_from_data({"set": "kata", "cards": {"bolt": 0}}, source="seat 1's deck")
    Traceback (most recent call last):
    ...
    cardtable.engine.errors.RulesetError: seat 1's deck: bolt = 0: a count is a whole number \
of copies, at least 1
    """
    keys = key_lines(text)

    def refused(reason: str, code: str, field: str, line: int | None = None) -> RulesetError:
        where = line if line is not None else keys.get(field)
        return RulesetError(reason, code=code, field=field, line=where, file=file)

    unknown = sorted(set(data) - {"name", "set", "cards"})
    if unknown:
        raise refused(
            f"{source}: {unknown[0]!r} is not part of a deck file (name, set, cards)",
            "unknown_field",
            unknown[0],
        )
    name = check_name(data.get("name", path_name(source)), source, file=file, line=keys.get("name"))
    card_set, cards = data.get("set"), data.get("cards")
    if not isinstance(card_set, str) or not card_set.strip():
        raise refused(
            f"{source}: set must name the card set the deck is built from",
            _shape_code(card_set, str, "bad_value"),
            "set",
        )
    if not isinstance(cards, dict) or not cards:
        raise refused(
            f"{source}: a [cards] table must list each card's copies (bolt = 4)",
            _shape_code(cards, dict, "out_of_range"),
            "cards",
        )
    lines = _lines_of(text)
    counts: list[tuple[str, int]] = []
    for card, count in cards.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise refused(
                f"{_where(source, lines, card)}: {card} = {count!r}: a count is a whole number "
                "of copies, at least 1",
                "out_of_range"
                if isinstance(count, int) and not isinstance(count, bool)
                else "wrong_type",
                f"cards.{card}",
                lines.get(card),
            )
        counts.append((card, count))
    return Deck(name=name, set=card_set.strip(), counts=tuple(counts))


def _shape_code(value: object, kind: type, empty: str) -> str:
    """The code for a value that is not what a deck file needs: missing, of another kind, or
    ``empty`` (of the kind but empty)."""
    if value is None:
        return "missing_field"
    return empty if isinstance(value, kind) else "wrong_type"


def check_name(
    name: object, source: str, *, file: str | None = None, line: int | None = None
) -> str:
    """A deck's name without the spaces around it; ``RulesetError`` unless it is one line of
    text (a name is a label in tables: the file's name when the file gives none).

    >>> check_name("  Bolts & Co ", "fire.toml")
    'Bolts & Co'
    >>> check_name("Bolts\\nand walls", "fire.toml")
    Traceback (most recent call last):
    ...
    cardtable.engine.errors.RulesetError: fire.toml: name must be one line of text (it holds '\\n')
    """
    if not isinstance(name, str) or not name.strip():
        raise RulesetError(
            f"{source}: name must be text",
            code="wrong_type" if not isinstance(name, str) else "bad_value",
            field="name",
            line=line,
            file=file,
        )
    control = next((char for char in name if unicodedata.category(char) == "Cc"), None)
    if control is not None:
        raise RulesetError(
            f"{source}: name must be one line of text (it holds {control!r})",
            code="bad_value",
            field="name",
            line=line,
            file=file,
        )
    return name.strip()


def check_deck(
    deck: Deck,
    card_set: CardSet,
    rules: TcgRules,
    *,
    text: str = "",
    source: str = "deck",
    file: str | None = None,
) -> None:
    """Raise ``RulesetError`` unless ``deck`` is a legal deck of ``card_set`` under ``rules``
    (``text``: the deck file's, to name lines; ``file``: its path, for the error)."""
    lines = _lines_of(text)
    for card, count in deck.counts:
        where = _where(source, lines, card)
        field, line = f"cards.{card}", lines.get(card)
        spec = _deck_card(card, card_set, where, field=field, line=line, file=file)
        allowed = copies_allowed(spec, rules)
        if count > allowed:
            raise RulesetError(
                f"{where}: {count} copies of {card!r}; at most {allowed} are allowed",
                code="deck_rules",
                field=field,
                line=line,
                file=file,
            )
    size = deck.size
    if size != rules.deck_size:
        change = size - rules.deck_size
        fix = f"remove {change}" if change > 0 else f"add {-change} more"
        raise RulesetError(
            f"{source}: the deck holds {size} cards; a deck holds exactly {rules.deck_size} "
            f"({fix})",
            code="deck_rules",
            field="cards",
            line=key_lines(text).get("cards"),
            file=file,
        )


def copies_allowed(card: CardSpec, rules: TcgRules) -> int:
    """The most copies of ``card`` a deck may hold under ``rules`` (none of a token).

    >>> bolt = load_set("kata").card("bolt")
    >>> copies_allowed(bolt, TcgRules()), copies_allowed(bolt.model_copy(update={"token": True}),
    ...     TcgRules())
    (4, 0)
    """
    return 0 if card.token else rules.copies_limit


def add_cards(deck: Deck, card_set: CardSet, rules: TcgRules, card: str, copies: int = 1) -> Deck:
    """``deck`` with ``copies`` more of ``card``; ``RulesetError`` when the deck could not hold
    them (an unknown card or a token, too many copies, more cards than a deck holds)."""
    if copies < 1:
        raise RulesetError(f"add at least one copy of {card!r}", code="out_of_range")
    allowed = copies_allowed(_deck_card(card, card_set, ""), rules)
    held = deck.count(card) + copies
    if held > allowed:
        already = f" (it holds {deck.count(card)})" if deck.count(card) else ""
        raise RulesetError(
            f"the deck would hold {held} copies of {card!r}; at most {allowed} are allowed"
            f"{already}",
            code="deck_rules",
            field=f"cards.{card}",
        )
    size = deck.size + copies
    if deck.size >= rules.deck_size:
        raise RulesetError(
            f"the deck is full: it holds {deck.size} cards, as many as a deck holds; "
            "take one out first",
            code="deck_rules",
            field="cards",
        )
    if size > rules.deck_size:
        raise RulesetError(
            f"the deck would hold {size} cards; a deck holds exactly {rules.deck_size} "
            f"(room for {rules.deck_size - deck.size} more)",
            code="deck_rules",
            field="cards",
        )
    if deck.count(card):
        counts = tuple((c, n + copies if c == card else n) for c, n in deck.counts)
    else:
        counts = (*deck.counts, (card, copies))
    return Deck(name=deck.name, set=deck.set, counts=counts)


def remove_cards(deck: Deck, card: str, copies: int = 1) -> Deck:
    """``deck`` with ``copies`` fewer of ``card`` (``RulesetError`` when it holds fewer).

    >>> deck = Deck(name="Tiny", set="classic", counts=(("d1", 2), ("d2", 1)))
    >>> remove_cards(deck, "d2").counts
    (('d1', 2),)
    """
    held = deck.count(card)
    if held == 0:
        close = difflib.get_close_matches(card, [c for c, _ in deck.counts], n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise RulesetError(
            f"the deck holds no {card!r}{hint}", code="unknown_card", field=f"cards.{card}"
        )
    if copies < 1 or copies > held:
        raise RulesetError(
            f"the deck holds {held} of {card!r}: remove 1 to {held}",
            code="out_of_range",
            field=f"cards.{card}",
        )
    counts = tuple((c, n - copies if c == card else n) for c, n in deck.counts)
    return Deck(name=deck.name, set=deck.set, counts=tuple((c, n) for c, n in counts if n))


def mana_curve(deck: Deck, card_set: CardSet) -> tuple[tuple[int, int], ...]:
    """How many of the deck's cards cost each amount of mana, from 0 to the dearest card."""
    costs = [card_set.card(card).cost for card in deck.cards]
    return tuple((cost, costs.count(cost)) for cost in range(max(costs, default=-1) + 1))


def counts_text(deck: Deck) -> str:
    """The deck's contents on one line, as :func:`parse_counts` reads them: ``bolt=4,d1=2``."""
    return ",".join(f"{card}={count}" for card, count in deck.counts)


def parse_counts(text: str, *, source: str = "--cards") -> tuple[tuple[str, int], ...]:
    """Card counts written ``id=copies,id=copies`` (``RulesetError`` naming what is wrong)."""
    counts: dict[str, int] = {}
    for part in text.split(","):
        found = _COUNT.fullmatch(part)
        if found is None:
            raise RulesetError(
                f"{source}: {part.strip()!r} is not id=copies (write them like bolt=4,d1=2)",
                code="bad_value",
            )
        card, count = found.group(1), int(found.group(2))
        if card in counts:
            raise RulesetError(
                f"{source}: {card!r} is given twice", code="bad_value", field=f"cards.{card}"
            )
        if count < 1:
            raise RulesetError(
                f"{source}: {card}={count}: give at least 1 copy",
                code="out_of_range",
                field=f"cards.{card}",
            )
        counts[card] = count
    return tuple(counts.items())


def card_summary(card: CardSpec) -> str:
    """What a card does, for deck builders: every way it can ever be played, in the words a
    table prints on it (:func:`~cardtable.games.tcg.cardtext.card_text`; a room's table says
    only the ways its rules allow), and whether only effects make it.

    >>> kata = load_set("kata")
    >>> card_summary(kata.card("bolt"))
    'Deal 3 damage to an enemy, heal yourself 1, or play it as a 1/1 minion. Cheap and strong.'
    >>> card_summary(kata.card("scout"))
    'Draw 1 card or play it as a 0/1 minion.'
    >>> card_summary(load_set("legends").card("skeleton"))
    'Minion 1/1. Only other cards make it: never in a deck.'
    """
    text = card_text(card.definition())
    return f"{text} Only other cards make it: never in a deck." if card.token else text


def set_reference(name_or_path: str, deck_path: Path) -> str:
    """What the ``set`` of a deck file saved at ``deck_path`` says for the set ``name_or_path``:
    a built-in set's name, or a set file's path relative to the deck file's folder.

    >>> set_reference("kata", Path("decks/mine.toml"))
    'kata'
    >>> set_reference("sets/mine.toml", Path("decks/fire.toml"))
    '../sets/mine.toml'
    """
    if name_or_path in builtin_sets():
        return name_or_path
    target = Path(name_or_path).resolve()
    try:
        return Path(os.path.relpath(target, deck_path.resolve().parent)).as_posix()
    except ValueError:  # another drive (Windows): only the full path leads there
        return target.as_posix()


def with_decks(rules: TcgRules, card_set: CardSet, decks: tuple[Deck, Deck]) -> TcgRules:
    """``rules`` playing with these decks (both built from ``card_set``, which becomes the pool)."""
    return rules.changed(
        cards=[card.model_dump() for card in card_set.cards],
        decks=[list(deck.cards) for deck in decks],
    )


def with_seat_deck(rules: TcgRules, seat: int, data: Mapping[str, object]) -> TcgRules:
    """``rules`` with seat ``seat`` playing the deck ``data`` (a deck file's data, as JSON),
    built from the cards these rules play with (``RulesetError`` saying what is wrong).

    >>> rules = TcgRules.from_json({"deck": ["d0", "d1", "d2", "d3", "d4"], "deck_size": 5})
    >>> deck = {"name": "Low", "set": "classic", "cards": {"d1": 4, "d2": 1}}
    >>> with_seat_deck(rules, 1, deck).decks[1]
    ('d1', 'd1', 'd1', 'd1', 'd2')
    >>> with_seat_deck(rules, 1, {"set": "classic", "cards": {"d1": 2}})
    Traceback (most recent call last):
    ...
    cardtable.engine.errors.RulesetError: your deck: the deck holds 2 cards; a deck holds \
exactly 5 (add 3 more)
    >>> with_seat_deck(rules, 1, {"set": "classic", "cards": {"dragon": 4, "d1": 1}})
    Traceback (most recent call last):
    ...
    cardtable.engine.errors.RulesetError: your deck: no card 'dragon' in the room's set
    """
    if seat not in range(len(rules.decks)):
        raise RulesetError(f"there is no seat {seat} to bring a deck to", code="out_of_range")
    source = "your deck"  # said to the player who brings it
    deck = deck_from_data(data, source=source)
    pool = CardSet(name="room's", description="", cards=rules.cards, deck=())
    check_deck(deck, pool, rules, source=source)
    decks = [list(held) for held in rules.decks]
    decks[seat] = list(deck.cards)
    return rules.changed(decks=decks)


def path_name(source: str) -> str:
    return Path(source).stem


def _load_set_for(deck: Deck, path: Path, *, line: int | None = None) -> CardSet:
    if deck.set in builtin_sets():
        return load_set(deck.set)
    candidate = path.parent / deck.set
    try:
        found = candidate.is_file()
    except OSError:  # a name the file system refuses: no set file is called that
        found = False
    if found:
        return load_set(candidate.resolve())
    known = ", ".join(builtin_sets())
    raise RulesetError(
        f"{path}: set {deck.set!r} is neither a card set of cardtable ({known}) nor a set file",
        code="unknown_set",
        field="set",
        line=line,
        file=str(path),
    )


def _deck_card(
    card: str,
    card_set: CardSet,
    where: str,
    *,
    field: str | None = None,
    line: int | None = None,
    file: str | None = None,
) -> CardSpec:
    """The set's card ``card`` if a deck may hold it (``RulesetError`` saying why not;
    ``field``, ``line`` and ``file`` say where for programs)."""
    prefix = f"{where}: " if where else ""
    known = [spec.id for spec in card_set.cards]
    if card not in known:
        close = difflib.get_close_matches(card, known, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise RulesetError(
            f"{prefix}no card {card!r} in the {card_set.name} set{hint}",
            code="unknown_card",
            field=field if field is not None else f"cards.{card}",
            line=line,
            file=file,
        )
    spec = card_set.card(card)
    if spec.token:
        raise RulesetError(
            f"{prefix}{card!r} is a token: only effects make it, decks cannot hold it",
            code="deck_rules",
            field=field if field is not None else f"cards.{card}",
            line=line,
            file=file,
        )
    return spec


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
