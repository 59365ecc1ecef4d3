"""The Kata TCG's ruleset options beyond plain fields: card sets and deck files.

* ``cards SET``: play with a card set (a built-in set's name or a set file): its cards are the
  pool and its starter deck is both players' deck; minions switch on when that deck holds
  minion cards.
* ``deck [SEAT=]FILE``: a deck file for seat 0 (or the seat named). A deck built from another
  set than the classic one brings its set along when no ``cards`` option chose the pool.
  Reports call the deck by its name (:func:`deck_name`).

>>> rules = OPTIONS["cards"].apply(TcgRules(), "kata")
>>> len(rules.cards), rules.decks[0] == load_set("kata").deck
(24, True)
"""

from __future__ import annotations

import re
from pathlib import Path

from cardtable.engine.errors import RulesetError
from cardtable.engine.game import Choice, RulesetOption
from cardtable.games.tcg.cardsets import CardSet, builtin_sets, load_set
from cardtable.games.tcg.config import TcgRules
from cardtable.games.tcg.decks import check_deck, load_deck, read_deck


def with_cards(rules: TcgRules, name: str) -> TcgRules:
    """``rules`` with the card set ``name`` as the pool and its starter deck for both seats."""
    return _with_set(rules, load_set(name))


def _with_set(rules: TcgRules, card_set: CardSet) -> TcgRules:
    if not card_set.deck:
        raise RulesetError(
            f"the {card_set.name} set has no starter deck: give decks with --deck",
            code="missing_field",
            field="deck",
        )
    minions = rules.minions or any(card_set.card(card).kind == "minion" for card in card_set.deck)
    size = len(card_set.deck)
    return rules.changed(
        cards=[card.model_dump() for card in card_set.cards],
        decks=[list(card_set.deck), list(card_set.deck)],
        deck_size=size,
        minions=minions,
        first_hand=min(rules.first_hand, size),
        second_hand=min(rules.second_hand, size),
    )


def deck_seat(text: str) -> tuple[int, str]:
    """The seat and the file of a ``deck`` option's value: ``1=FILE`` is seat 1's deck, just
    ``FILE`` seat 0's.

    >>> deck_seat("1=decks/fire.toml"), deck_seat("fire.toml")
    ((1, 'decks/fire.toml'), (0, 'fire.toml'))
    """
    found = re.fullmatch(r"([01])=(.+)", text.strip())
    return (int(found.group(1)), found.group(2)) if found else (0, text.strip())


def deck_name(text: str) -> str:
    """The name of the deck a ``deck`` option's value reads: the file's ``name``, or the file's
    name without ``.toml`` when it gives none (``RulesetError`` for a file that cannot be read).
    """
    return read_deck(Path(deck_seat(text)[1])).name


def with_deck_file(rules: TcgRules, text: str) -> TcgRules:
    """``rules`` with a seat's deck from a deck file (``0=FILE``, ``1=FILE`` or just ``FILE``
    for seat 0); the deck's set must be the pool's."""
    seat, path = deck_seat(text)
    deck, card_set = load_deck(Path(path), rules)
    if not _same_pool(rules, card_set):
        if rules.cards != TcgRules().cards:
            raise RulesetError(
                f"{path}: the deck is built from the {card_set.name} set, but the match plays "
                "with other cards (give the deck's set with --cards)",
                code="bad_value",
                field="set",
                file=path,
            )
        rules = _with_set(rules, card_set)
    check_deck(deck, card_set, rules, source=path, file=path)
    decks = [list(rules.decks[0]), list(rules.decks[1])]
    decks[seat] = list(deck.cards)
    return rules.changed(decks=decks)


def _same_pool(rules: TcgRules, card_set: CardSet) -> bool:
    """Whether every card of ``card_set`` is in the pool of ``rules``, just as the set has it."""
    pool = {card.id: card for card in rules.cards}
    return all(pool.get(card.id) == card for card in card_set.cards)


def builtin_choices() -> list[Choice]:
    """The built-in card sets, as the ``cards`` option offers them.

    >>> [choice.value for choice in builtin_choices()]
    ['classic', 'kata', 'legends']
    """
    choices = []
    for name in builtin_sets():
        found = load_set(name)
        choices.append(Choice(name, found.name, found.description))
    return choices


OPTIONS = {
    "cards": RulesetOption(
        "cards",
        "play with a card set: a built-in set (classic, kata, legends) or a set file",
        with_cards,
        order=-1,
        choices=builtin_choices,
    ),
    "deck": RulesetOption(
        "deck",
        "a deck file for seat 0, or SEAT=FILE for another seat",
        with_deck_file,
        order=1,
        label=deck_name,
    ),
}
