"""The Kata TCG's public data, typed: the heroes' numbers and the discounts, one per seat;
and a seat's digest: what it sees of the table, read in one call.

``public_view`` gives the same facts as JSON (``TcgGame.public_type``), which a server sends and an
agent keeps. A reader that turns them into numbers after every decision (a research
environment) reads them from a sight as :class:`TcgFacts` instead: a few small tuples read
straight off the heroes, nothing to parse. Everything in it is public.

>>> from cardtable.engine import Match
>>> from cardtable.games.tcg.game import GAME
>>> match = Match(GAME, GAME.default_ruleset(), seed=3)
>>> seat = match.to_act
>>> facts = GAME.sight(match.state, seat).facts()
>>> facts.life, facts.slots[seat], facts.mana[seat]
((30, 30), 1, 1)
>>> facts == facts_of(match.view(seat).public)
True

A digest (:class:`TcgDigest`, through ``Sight.digest``) is what a reader that turns a seat's
table into numbers after every decision needs, and only what the seat may see: its hand,
both graveyards, its deck list when it knows it, and the heroes' numbers with the sizes of
the zones.

>>> digest = GAME.sight(match.state, seat).digest()
>>> len(digest.hand) == len(match.view(seat).cards(f"hand:{seat}")), digest.numbers[:4]
(True, (30, 1, 1, 0))
"""

from __future__ import annotations

from typing import NamedTuple

from cardtable.engine.cards import Card
from cardtable.engine.facets import Readings
from cardtable.engine.json import JsonValue, as_int, as_list, as_object
from cardtable.games.tcg.state import TcgState

_new = tuple.__new__
_POOLS = ("p0", "p1")
"""Each seat's pool: its deck list."""


class TcgFacts(NamedTuple):
    """The public numbers of a Kata TCG match, each field one number per seat: a hero's
    current ``life`` out of its ``starting_life``, its mana ``slots`` and the ``mana`` still
    available, its ``attack`` now and its ``base_attack``, and how much cheaper the seat's
    next drawn card will be (``discounts``)."""

    life: tuple[int, ...]
    starting_life: tuple[int, ...]
    slots: tuple[int, ...]
    mana: tuple[int, ...]
    attack: tuple[int, ...]
    base_attack: tuple[int, ...]
    discounts: tuple[int, ...]


def facts(state: TcgState) -> TcgFacts:
    """The facts of ``state`` now (read off its two heroes)."""
    first, second = state.heroes
    life, other_life = first.life, second.life
    mana, other_mana = first.mana, second.mana
    attack, other_attack = first.attack, second.attack
    found: TcgFacts = _new(
        TcgFacts,
        (
            (life.value, other_life.value),
            (life.base, other_life.base),
            (mana.base, other_mana.base),
            (mana.value, other_mana.value),
            (attack.value, other_attack.value),
            (attack.base, other_attack.base),
            tuple(state.discounts),
        ),
    )
    return found


def facts_of(public: JsonValue) -> TcgFacts:
    """The facts that public data as JSON (``public_view``'s, a view's ``public``) shows."""
    data = as_object(public, "public data")
    heroes = [as_object(hero, "hero") for hero in as_list(data.get("heroes"), "heroes")]

    def numbers(field: str, index: int) -> tuple[int, ...]:
        return tuple(as_int(as_list(hero[field], field)[index], field) for hero in heroes)

    discounts = as_list(data.get("discounts"), "discounts")
    return TcgFacts(
        life=numbers("life", 1),
        starting_life=numbers("life", 0),
        slots=numbers("mana", 0),
        mana=numbers("mana", 1),
        attack=numbers("attack", 1),
        base_attack=numbers("attack", 0),
        discounts=tuple(as_int(amount, "discount") for amount in discounts),
    )


class TcgDigest(NamedTuple):
    """What one seat sees of a Kata TCG match, read in one call: the cards of its ``hand``
    and of the two graveyards (its own, then the other's), its ``deck_list`` (``None`` when
    it does not know it), whether every card of the match looks as ``printed`` (no stat
    changed, no component), and sixteen ``numbers``: for its hero, then for the other, life,
    mana slots, mana, attack, the cards in hand, in the deck and in the graveyard, and the
    discount on the next card drawn."""

    hand: tuple[Card, ...]
    graveyard: tuple[Card, ...]
    other_graveyard: tuple[Card, ...]
    deck_list: tuple[str, ...] | None
    printed: bool
    numbers: tuple[int, ...]


def digest(state: TcgState, seat: int) -> TcgDigest | None:
    """``seat``'s digest of ``state`` (``None`` for a seat of no hero, or zones it may not
    see: read its sight's zones instead)."""
    if not 0 <= seat < len(state.heroes):
        return None
    other = 1 - seat
    hands, graveyards, decks = state.hands, state.graveyards, state.decks
    held, own, others = hands[seat], graveyards[seat], graveyards[other]
    if not (held.visible_to(seat) and own.visible_to(seat) and others.visible_to(seat)):
        return None
    pool = state.pools.get(_POOLS[seat])
    hand, mine, theirs = tuple(held.cards), tuple(own.cards), tuple(others.cards)
    you, them = state.heroes[seat], state.heroes[other]
    discounts = state.discounts
    found: TcgDigest = _new(
        TcgDigest,
        (
            hand,
            mine,
            theirs,
            pool.manifest if pool is not None and pool.visible_to(seat) else None,
            not state.live and not state.components,
            (
                you.life.value,
                you.mana.base,
                you.mana.value,
                you.attack.value,
                len(hand),
                len(decks[seat].cards),
                len(mine),
                discounts[seat],
                them.life.value,
                them.mana.base,
                them.mana.value,
                them.attack.value,
                len(hands[other].cards),
                len(decks[other].cards),
                len(theirs),
                discounts[other],
            ),
        ),
    )
    return found


class TcgReadings(Readings[TcgState]):
    """The Kata TCG's typed readings: :class:`TcgFacts` and :class:`TcgDigest`."""

    def facts(self, state: TcgState, seat: int) -> TcgFacts:
        """The heroes' numbers and the discounts, typed."""
        return facts(state)

    digest = staticmethod(digest)
    """The seat's hand, both graveyards, its deck list and the heroes' numbers, in one read
    (the function itself: a research environment reads it after every decision)."""
