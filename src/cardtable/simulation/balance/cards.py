"""Per-card statistics: which cards win matches, which lose them, which nobody plays.

Over simulated matches, each card (by its key, such as ``bolt``) gets: how many times it was
drawn and played, in how many of its owner's matches it was drawn and played, and the owner's
win rate in those matches, with 95% intervals. The yardstick is the *average*: the owners'
win rate over all their matches (a seat's share of the wins, 50% in a two-player game without
draws). A card is flagged

* ``strong`` when the interval of its owner's win rate in matches where it was played lies
  entirely above the average,
* ``weak`` when it lies entirely below,
* ``unused`` when it was drawn but played in fewer than :data:`UNUSED_SHARE` of the matches
  in which it was drawn.

These are correlations, not causes: a winning player plays more cards, and the cards of a
deck that wins often look strong. Compare cards in decks played by the same player at both
seats, and read the matrix of :mod:`.decks` beside it.

The cards are read in the worker processes from each match's events (``draw`` and ``play``
events carrying a ``card`` with its ``key``: the Kata TCG's), as each seat saw them; each
match returns only its counts (:func:`cards_of`).

>>> from cardtable.agents import parse_seats
>>> from cardtable.games import find
>>> game = find("tcg")
>>> stats = card_stats(game, game.default_ruleset(), parse_seats("greedy,greedy"), 4, seed=1)
>>> stats.matches, stats.average.matches
(4, 8)
>>> d8 = stats.card("d8")
>>> d8.drawn.matches >= d8.played.matches > 0
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from cardtable.agents.registry import SeatSpec
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.simulation.backend import Backend
from cardtable.simulation.batch import (
    MatchResult,
    Progress,
    SimulationError,
    SimulationResult,
    simulate,
)
from cardtable.simulation.documents import DOCUMENT_CONFIG, RESULT_CONFIG
from cardtable.simulation.parts import OMITTED, Part, part_of
from cardtable.simulation.stats import Rate

UNUSED_SHARE = 0.1
"""A card played in fewer than this share of the matches it was drawn in is ``unused``."""

Flag = Literal["strong", "weak", "unused"]

SeatCards = tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]
"""One seat's cards in one match: (card key, times drawn) pairs and (card key, times played)
pairs, each sorted by key."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CardSummary:
    """One card's statistics over every owner's match."""

    __pydantic_config__ = RESULT_CONFIG

    card: str
    """The card's key (``bolt``)."""
    name: str
    """The card's name (``Bolt``)."""
    times_drawn: int
    """How many times a copy was drawn into a hand."""
    times_played: int
    """How many times a copy was played."""
    drawn: Rate
    """Of the owners' matches in which the card was drawn, how many the owner won."""
    played: Rate
    """Of the owners' matches in which the card was played, how many the owner won."""
    flag: Flag | None
    """``strong``, ``weak``, ``unused``, or ``None`` for a card that looks ordinary."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CardStats:
    """Per-card statistics of a simulation (``cardtable balance cards --json``)."""

    __pydantic_config__ = DOCUMENT_CONFIG

    kind: Literal["cards"] = "cards"
    """Always ``cards``: which balance document this is."""
    game: str
    """The game's name (``tcg``)."""
    title: str
    """The game's title (``Kata TCG``)."""
    agents: tuple[str, ...]
    """The computer players, in the order named (they change seats from match to match)."""
    decks: tuple[str | None, ...]
    """Each seat's deck by name (``null``: the deck the rules give that seat)."""
    matches: int
    """Matches simulated."""
    seed: int
    """The seed the results repeat with."""
    workers: int
    """Worker processes that played the matches (the results do not depend on it)."""
    seconds: float
    """Wall-clock time the matches took (not reproducible: everything else is)."""
    average: Rate
    """The owners' win rate over all their matches (each match counts once per seat)."""
    cards: tuple[CardSummary, ...]
    """Every card drawn at least once, by key."""
    part: Annotated[Part | None, OMITTED] = None
    """Only in the document of a part (``--indices A:B``): which part, and its matches, for
    ``cardtable merge`` to rebuild the whole; the figures above are the part's."""

    def card(self, key: str) -> CardSummary:
        """The statistics of the card ``key``."""
        for card in self.cards:
            if card.card == key:
                return card
        raise KeyError(f"no card {key!r} was drawn")

    def flagged(self, flag: Flag) -> list[str]:
        """The keys of the cards flagged ``flag``."""
        return [card.card for card in self.cards if card.flag == flag]


def cards_of(match: Match[Any]) -> tuple[SeatCards, ...]:
    """For each seat, the cards it drew and played in ``match`` (read from the events it
    saw): the compact data a worker returns."""
    seats: list[SeatCards] = []
    for seat in range(match.state.seats):
        drawn: Counter[str] = Counter()
        played: Counter[str] = Counter()
        for event in match.events(seat):
            card = event.get("card")
            if event.get("seat") != seat or not isinstance(card, dict):
                continue
            if event.get("type") == "draw" and event.get("result") == "hand":
                drawn[str(card["key"])] += 1
            elif event.get("type") == "play":
                played[str(card["key"])] += 1
        seats.append((tuple(sorted(drawn.items())), tuple(sorted(played.items()))))
    return tuple(seats)


def card_stats(
    game: Game[Any, Any],
    ruleset: Any,
    agent_specs: Sequence[SeatSpec],
    games: int,
    seed: int,
    workers: int = 1,
    *,
    progress: Progress | None = None,
    decks: Sequence[str | None] = (),
    backend: Backend | None = None,
    indices: range | None = None,
) -> CardStats:
    """Simulate ``games`` matches (as :func:`~cardtable.simulation.batch.simulate` does) and
    gather each card's statistics; the same results for any number of ``workers``, and
    with any ``backend`` (which then plays instead of ``workers`` processes). With
    ``indices``, only those matches are played: a part, whose statistics are the part's and
    whose ``part`` lets :mod:`cardtable.simulation.merge` rebuild the whole.

    ``decks`` names each seat's deck for the report, one per seat (``None`` for a seat that
    plays the ruleset's own deck; ``SimulationError`` for too many or too few names); without
    it no deck is named."""
    seats = game.seats(ruleset)
    if decks and len(decks) != seats:
        raise SimulationError(
            f"give a deck name for each of the {seats} seats, or none (got {len(decks)})"
        )
    result = simulate(
        game,
        ruleset,
        agent_specs,
        games,
        seed,
        workers,
        progress=progress,
        collect=cards_of,
        backend=backend,
        indices=indices,
    )
    return stats_of(result, _card_names(ruleset), tuple(decks) if decks else (None,) * seats, games)


def stats_of(
    result: SimulationResult, names: dict[str, str], decks: tuple[str | None, ...], games: int
) -> CardStats:
    """The card statistics of ``result`` (a simulation of ``games`` matches, or a part of it,
    whose matches kept :func:`cards_of`), with the cards' ``names`` by key and each seat's
    deck's name."""
    tallies = _tally(result.matches)
    wins = sum(len(match.winners) for match in result.matches)
    average = Rate.of(wins, len(result.matches) * result.seats)
    if not tallies:
        raise SimulationError(f"no cards were drawn: {result.title} has no card events to count")
    cards = tuple(
        _summary(key, names.get(key, key), tally, average) for key, tally in sorted(tallies.items())
    )
    part = None
    if result.part is not None:
        part = part_of(
            "balance cards",
            [result],
            agents=result.agents,
            seed=result.seed,
            games=games,
            decks=decks,
            cards=names,
        )
    return CardStats(
        game=result.game,
        title=result.title,
        agents=result.agents,
        decks=decks,
        matches=len(result.matches),
        seed=result.seed,
        workers=result.workers,
        seconds=result.seconds,
        average=average,
        cards=cards,
        part=part,
    )


@dataclass(slots=True)
class _Tally:
    times_drawn: int = 0
    times_played: int = 0
    drawn: int = 0
    drawn_won: int = 0
    played: int = 0
    played_won: int = 0


def _tally(matches: Sequence[MatchResult]) -> dict[str, _Tally]:
    tallies: dict[str, _Tally] = {}
    for match in matches:
        if match.data is None:
            continue
        for seat, (drawn, played) in enumerate(match.data):
            won = seat in match.winners
            for key, times in drawn:
                tally = tallies.setdefault(key, _Tally())
                tally.times_drawn += times
                tally.drawn += 1
                tally.drawn_won += won
            for key, times in played:
                tally = tallies.setdefault(key, _Tally())
                tally.times_played += times
                tally.played += 1
                tally.played_won += won
    return tallies


def _summary(key: str, name: str, tally: _Tally, average: Rate) -> CardSummary:
    played = Rate.of(tally.played_won, tally.played)
    return CardSummary(
        card=key,
        name=name,
        times_drawn=tally.times_drawn,
        times_played=tally.times_played,
        drawn=Rate.of(tally.drawn_won, tally.drawn),
        played=played,
        flag=flag(played, tally.drawn, average.rate),
    )


def flag(played: Rate, drawn_matches: int, average: float) -> Flag | None:
    """What a card looks like, from the win rate when it was played, the matches in which it
    was drawn and the average win rate.

    >>> flag(Rate.of(90, 100), 120, 0.5), flag(Rate.of(10, 100), 120, 0.5)
    ('strong', 'weak')
    >>> flag(Rate.of(1, 2), 120, 0.5), flag(Rate.of(52, 100), 120, 0.5)
    ('unused', None)
    """
    if drawn_matches and played.matches < UNUSED_SHARE * drawn_matches:
        return "unused"
    if played.matches and played.interval.low > average:
        return "strong"
    if played.matches and played.interval.high < average:
        return "weak"
    return None


def _card_names(ruleset: Any) -> dict[str, str]:
    """Card key to name, from the ruleset's card pool when it has one."""
    names: dict[str, str] = {}
    for card in getattr(ruleset, "cards", ()) or ():
        key, name = getattr(card, "id", None), getattr(card, "name", None)
        if isinstance(key, str) and isinstance(name, str):
            names[key] = name
    return names
