"""A game plays the older versions of its rules it declares, so that their records replay;
new matches play the newest."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from cardtable.engine import Match, RecordError, Rng, RuleBook
from cardtable.engine.numbering import shuffle_ids
from cardtable.games.war import WarGame, WarRules
from cardtable.games.war.state import WarState
from tests.engine.test_game import TICK

RULES = WarRules(suits=2, ranks=5, turn_limit=300)


class SecretWar(WarGame):
    """War with a deck whose list nobody knows (a toy): its version 2 numbers the cards at
    random, its version 1 numbered them in the order they were made."""

    version = 2
    older_versions = (1,)

    def skeleton(self, book: RuleBook, rng: Rng) -> WarState:
        state = super().skeleton(book, rng)
        state.pools = {name: replace(pool, public=False) for name, pool in state.pools.items()}
        return state

    def number_cards(self, state: WarState, seed: int) -> None:
        if self.version >= 2:
            shuffle_ids(state, seed)


GAME = SecretWar()


def faces(state: WarState) -> list[tuple[int, str]]:
    return [(card.id, card.key) for card in state.cards]


def places(state: WarState, field: str) -> dict[str, list[object]]:
    """Each zone's cards by ``field`` (their ids or their keys), bottom first."""
    return {name: [getattr(c, field) for c in zone.cards] for name, zone in state.zones.items()}


def played(game: Any, seed: int) -> Match[Any]:
    match: Match[Any] = Match(game, RULES, seed)
    while not match.over:
        seat = match.to_act
        assert seat is not None
        match.decide(seat, match.legal(seat).moves[0])
    return match


def test_a_game_at_an_older_version_is_made_once_and_knows_its_newest() -> None:
    older = GAME.at_version(1)
    assert (older.version, GAME.version) == (1, 2)
    assert older is GAME.at_version(1)
    assert GAME.at_version(2) is GAME
    assert older.at_version(2) is GAME
    assert older.newest is GAME
    assert GAME.newest is GAME
    assert older.versions == GAME.versions == (1, 2)
    assert isinstance(older, SecretWar)
    assert older.name == GAME.name


def test_a_version_the_game_does_not_know_is_refused_by_name() -> None:
    for version in (0, 3):
        with pytest.raises(RecordError, match=f"version {version} of the War rules .* 1, 2"):
            GAME.at_version(version)
    with pytest.raises(RecordError, match=r"plays version 1\)"):
        TICK.at_version(2)  # a game of one version


def test_each_version_sets_up_with_its_own_numbering() -> None:
    new, old = GAME.setup(RULES, 4), GAME.at_version(1).setup(RULES, 4)
    assert places(old, "id") != places(new, "id")
    assert places(old, "key") == places(new, "key")  # the same deal: only the ids differ
    assert faces(old) == faces(WarGame().setup(RULES, 4))  # version 1: in order, as War
    assert new.rules is not old.rules  # each version keeps its own rule book and template


def test_an_older_record_replays_at_its_version_and_a_new_match_plays_the_newest() -> None:
    old = played(GAME.at_version(1), seed=9)
    record = old.record()
    assert record.game_version == 1
    again = Match.replay(GAME, record)  # given the newest game, it replays version 1
    assert again.game.version == 1
    assert again.hash() == record.final_hash
    assert again.record().game_version == 1
    new = played(GAME, seed=9)
    assert new.record().game_version == 2
    assert Match.replay(GAME.at_version(1), new.record()).hash() == new.hash()
    with pytest.raises(RecordError, match="cannot be replayed: version 7 of the War rules"):
        Match.replay(GAME, replace(record, game_version=7))
