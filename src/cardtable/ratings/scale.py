"""The rating scale: openskill's Plackett-Luce model with its numbers fixed once, so that
people and computer players are rated on one scale whatever the table size.

Everyone starts at ``MU`` with uncertainty ``SIGMA``; a match moves each rated seat by where
it placed (1 = first; equal places share) against the others' ratings. A rating is shown as
one conservative number, ``mu - Z * sigma`` (a rating its holder is very probably above),
with ``sigma`` beside it; it is *provisional* until ``PROVISIONAL_MATCHES`` rated matches.

>>> fresh = Standing.new()
>>> fresh.shown, fresh.provisional
(800, True)
>>> winner, loser = rate((fresh, fresh), placings=(1, 2))
>>> winner.mu > MU > loser.mu, winner.matches
(True, 1)
>>> round(win_chance(winner, loser), 2)
0.66

Computer players keep fixed ratings (``fixed``): they move people as people of that rating
would, and are never moved themselves.

>>> bot = Standing(mu=2000.0, sigma=100.0, matches=0)
>>> after = rate((fresh, bot), placings=(1, 2), fixed=(False, True))
>>> after[1] == bot, after[0].mu - MU > winner.mu - MU
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MU = 1500.0
"""Where every person starts (the mean of the scale)."""
SIGMA = 350.0
"""A newcomer's uncertainty: about a third of the range between the weakest and strongest
players of a game."""
BETA = SIGMA / 2
"""The spread of performance within one match: the rating gap at which the stronger player
wins about three times in four."""
TAU = SIGMA / 100
"""The uncertainty added before each match, so that a settled rating can still move."""
Z = 2
"""How many ``sigma`` below ``mu`` the shown rating stands."""
PROVISIONAL_MATCHES = 10
"""Rated matches before a rating stops being provisional."""
LADDER_UNIT = SIGMA / (25 / 3)
"""Points of this scale per point of openskill's default scale (``mu`` 25, ``sigma`` 25/3),
which the offline ladder rates on: the model is the same up to this factor."""

MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


@dataclass(frozen=True, slots=True)
class Standing:
    """A rating: ``mu`` and ``sigma`` on this scale, and how many rated matches made it."""

    mu: float
    sigma: float
    matches: int = 0

    @classmethod
    def new(cls) -> Standing:
        """A newcomer's rating."""
        return cls(mu=MU, sigma=SIGMA, matches=0)

    @property
    def shown(self) -> int:
        """The one number shown: ``mu - Z * sigma``, rounded."""
        return round(self.mu - Z * self.sigma)

    @property
    def provisional(self) -> bool:
        return self.matches < PROVISIONAL_MATCHES


def rate(
    standings: Sequence[Standing],
    placings: Sequence[int],
    fixed: Sequence[bool] | None = None,
) -> tuple[Standing, ...]:
    """Every seat's rating after a match where seat ``i`` placed ``placings[i]`` (1 first;
    equal places share). Seats marked ``fixed`` (computer players) take part but keep their
    rating. ``ValueError`` for fewer than two seats or placings that do not fit."""
    if len(standings) < 2 or len(placings) != len(standings):
        raise ValueError("a rated match places every one of its two or more seats")
    if fixed is not None and len(fixed) != len(standings):
        raise ValueError("fixed says, for every seat, whether its rating is fixed")
    if any(place < 1 for place in placings):
        raise ValueError("places count from 1")
    teams = [[MODEL.create_rating([s.mu, s.sigma])] for s in standings]
    rated = MODEL.rate(teams, ranks=[float(place) for place in placings])
    return tuple(
        before
        if fixed is not None and fixed[seat]
        else Standing(mu=after[0].mu, sigma=after[0].sigma, matches=before.matches + 1)
        for seat, (before, after) in enumerate(zip(standings, rated, strict=True))
    )


def win_chance(a: Standing, b: Standing) -> float:
    """The model's chance that ``a`` places ahead of ``b`` in a match of the two."""
    chances = MODEL.predict_win(
        [[MODEL.create_rating([a.mu, a.sigma])], [MODEL.create_rating([b.mu, b.sigma])]]
    )
    return float(chances[0])


def from_ladder(mu: float, sigma: float, anchor_mu: float, anchor_at: float) -> Standing:
    """A rating of the offline ladder (openskill's default scale) on this scale, the
    ladder's ``anchor_mu`` placed at ``anchor_at``: how computer players' measured ratings
    are fixed.

    >>> from_ladder(25.0, 2.0, anchor_mu=20.0, anchor_at=1000.0)
    Standing(mu=1210.0, sigma=84.0, matches=0)
    """
    return Standing(mu=anchor_at + (mu - anchor_mu) * LADDER_UNIT, sigma=sigma * LADDER_UNIT)
