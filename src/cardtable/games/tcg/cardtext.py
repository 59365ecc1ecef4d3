"""What a Kata TCG card does, in the words printed on it: one text for every front end.

A value card (the kata's) says each way the rules let it be played, and nothing the rules
leave out: with healing and minions off, a Classic card only deals its damage; with them on,
it may also heal or become a minion. A spell says its effects; a minion its attack, health
and triggers. The card's own words (its flavour, or the text its designer wrote) follow.

>>> from cardtable.games.tcg.cardsets import load_set
>>> three = load_set("classic").card("d3").definition()
>>> card_text(three, healing=False, minions=False)
'Deal 3 damage to the enemy hero.'
>>> card_text(three, healing=True, minions=True)
'Deal 3 damage to an enemy, heal yourself 3, or play it as a 3/3 minion.'
>>> card_text(load_set("legends").card("fireball").definition())
'Spell: deal 6 damage to a chosen character.'
>>> card_text(load_set("legends").card("sniper").definition())
'Minion 2/2. When played: deal 2 damage to a chosen enemy minion.'
"""

from __future__ import annotations

from functools import lru_cache

from cardtable.games.tcg.cards import TcgCard

__all__ = ["card_text"]


@lru_cache(maxsize=4096)
def card_text(card: TcgCard, *, healing: bool = True, minions: bool = True) -> str:
    """The words for ``card`` under rules with (or without) ``healing`` and ``minions``;
    both on (the default) says every way the card can ever be played, as a card pool lists
    it."""
    if card.kind == "spell":
        return _sentence(f"Spell: {_lower(card.text)}")
    if card.kind == "minion":
        stats = f"Minion {card.attack}/{max(card.health, 1)}"
        return f"{stats}. {_sentence(card.text)}" if card.text else f"{stats}."
    ways = [_played_as_it_is(card, minions)]
    if healing and card.heal > 0:  # a heal of 0 is allowed, and worth no words
        ways.append(f"heal yourself {card.heal}")
    if minions:
        health = max(card.health, 1)
        ways.append(f"play it as {_a(card.attack)} {card.attack}/{health} minion")
    said = _sentence(_or(ways))
    restated = card.draws and card.text.lower().startswith("draw")  # the kata's "Draw a card."
    return f"{said} {_sentence(card.text)}" if card.text and not restated else said


def _played_as_it_is(card: TcgCard, minions: bool) -> str:
    if card.draws:
        return f"draw {card.draw} card{'s' if card.draw != 1 else ''}"
    return f"deal {card.damage} damage to {'an enemy' if minions else 'the enemy hero'}"


def _a(number: int) -> str:
    """The article before a number said aloud: ``an`` 8, 11, 18, 80..., else ``a``."""
    return "an" if str(number).startswith("8") or number in (11, 18) else "a"


def _or(ways: list[str]) -> str:
    """``a``; ``a or b``; ``a, b, or c``."""
    if len(ways) <= 2:
        return " or ".join(ways)
    return ", ".join(ways[:-1]) + ", or " + ways[-1]


def _sentence(text: str) -> str:
    """``text`` with a capital first letter and a closing full stop."""
    text = text.strip()
    if not text:
        return ""
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:] if text[1:2].islower() else text
