"""The view cache of a rule book: bounded, and keeping the views of the matches being played."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import Match, viewcache
from cardtable.games import find


def step(match: Match[Any]) -> None:
    seat = match.to_act
    assert seat is not None
    match.decide(seat, next(iter(match.legal(seat))))


def test_the_views_of_a_match_being_played_stay_while_others_come_and_go(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(viewcache, "CARD_LIMIT", 16)
    monkeypatch.setattr(viewcache, "ZONE_LIMIT", 16)
    war = find("war")
    rules = war.load_ruleset({"suits": 2, "ranks": 6, "won_cards": "shuffled"})
    watched = Match(war, rules, seed=1)
    cache = watched.state.rules.views
    shown = watched.view(0)
    made = 0
    for seed in range(2, 40):  # other matches of the same ruleset, sharing the cache
        other = Match(war, rules, seed=seed)
        for _ in range(6):
            if other.over:
                break
            step(other)
            other.view(0), other.view(1)
            made += 1
            again = watched.view(0)  # the watched match is looked at all along
            assert all(again.zones[name] is shown.zones[name] for name in shown.zones)
            assert len(cache) <= 2 * (16 + 16)
    assert made > 50
