"""The rating scale: how one match moves ratings, and what it refuses."""

from __future__ import annotations

import pytest

from cardtable.ratings.scale import MU, Standing, from_ladder, rate, win_chance


def test_six_seats_move_by_where_they_placed() -> None:
    fresh = (Standing.new(),) * 6
    after = rate(fresh, placings=(1, 2, 3, 4, 5, 6))
    mus = [s.mu for s in after]
    assert mus == sorted(mus, reverse=True)
    assert mus[0] > MU > mus[-1]
    assert all(s.matches == 1 and s.sigma < fresh[0].sigma for s in after)


def test_shared_places_move_alike() -> None:
    a, b, c = rate((Standing.new(),) * 3, placings=(1, 1, 3))
    assert a == b
    assert a.mu > MU > c.mu


def test_beating_a_stronger_player_gains_more() -> None:
    fresh = Standing.new()
    strong = Standing(mu=2000.0, sigma=100.0)
    weak = Standing(mu=1000.0, sigma=100.0)
    over_strong = rate((fresh, strong), (1, 2), fixed=(False, True))[0]
    over_weak = rate((fresh, weak), (1, 2), fixed=(False, True))[0]
    assert over_strong.mu > over_weak.mu > MU
    assert win_chance(strong, weak) > 0.9


def test_a_fixed_rating_never_moves() -> None:
    bot = Standing(mu=1700.0, sigma=80.0, matches=0)
    assert rate((Standing.new(), bot), (1, 2), fixed=(False, True))[1] == bot


@pytest.mark.parametrize(
    ("standings", "placings", "fixed"),
    [
        ((Standing.new(),), (1,), None),
        ((Standing.new(),) * 2, (1,), None),
        ((Standing.new(),) * 2, (0, 1), None),
        ((Standing.new(),) * 2, (1, 2), (True,)),
    ],
)
def test_a_match_that_does_not_fit_is_refused(
    standings: tuple[Standing, ...], placings: tuple[int, ...], fixed: tuple[bool, ...] | None
) -> None:
    with pytest.raises(ValueError, match=r"seat|places"):
        rate(standings, placings, fixed)


def test_a_ladder_rating_lands_on_the_scale_by_its_anchor() -> None:
    anchor = from_ladder(20.0, 2.0, anchor_mu=20.0, anchor_at=1000.0)
    better = from_ladder(30.0, 2.0, anchor_mu=20.0, anchor_at=1000.0)
    assert anchor.mu == 1000.0
    assert better.mu == pytest.approx(1420.0)
