"""The Kata TCG's observer writes only the parts that changed: an observation made after
many others is exactly the one a fresh encoding makes of the same state; and its compiled
core writes the very bits the Python observer writes."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from cardtable.engine import Rng, State
from cardtable.engine.sight import Sight
from cardtable.envs.encoding import Observation
from cardtable.envs.tcg import TcgEncoding
from cardtable.envs.tcg_layout import Layout
from cardtable.envs.tcg_observer import TcgObserver
from cardtable.games import find
from tests import services

GAME = find("tcg")


def playout(rules: Any, seed: int, limit: int = 400) -> list[State]:
    """Copies of the states of one random match."""
    rng = Rng(seed)
    state = GAME.setup(rules, seed, journal=False)
    states: list[State] = []
    while (seat := GAME.to_act(state)) is not None and len(states) < limit:
        states.append(state.copy())
        moves = GAME.legal(state, seat).moves
        GAME.decide(state, seat, moves[rng.below(len(moves))])
    return states


@pytest.mark.parametrize("index", range(len(GAME.example_rulesets())))
def test_remembered_parts_give_what_a_fresh_encoding_gives(index: int) -> None:
    rules = GAME.example_rulesets()[index]
    kept = TcgEncoding(rules)
    states = [state for seed in (1, 2) for state in playout(rules, seed)]
    rng = Rng(index)
    # in order, then jumping between the states of two matches, back and forth
    for state in states + [states[rng.below(len(states))] for _ in range(len(states))]:
        for seat in (0, 1):
            expected = TcgEncoding(rules).observe(GAME.view(state, seat))
            by_sight = kept.observe(GAME.sight(state, seat))
            assert np.array_equal(by_sight, expected)
            assert np.array_equal(kept.observe(GAME.view(state, seat)), expected)


def test_an_observation_is_a_new_array_each_time() -> None:
    rules = GAME.default_ruleset()
    encoding = TcgEncoding(rules)
    state = GAME.setup(rules, 3, journal=False)
    first = encoding.observe(GAME.sight(state, 0))
    first[:] = 0.5
    second = encoding.observe(GAME.sight(state, 0))
    assert second.flags.writeable
    assert not np.array_equal(first, second)
    assert np.array_equal(second, TcgEncoding(rules).observe(GAME.view(state, 0)))


# -- the compiled core -------------------------------------------------------------------------


def boardless_rulesets() -> list[Any]:
    return [rules for rules in GAME.example_rulesets() if not TcgEncoding(rules).board]


def counted_core(layout: Layout) -> Any:
    """A compiled core that counts the observations it wrote and those it left to Python."""
    from cardtable.envs.tcg_native import NativeObserver

    class Counted(NativeObserver):
        written = declined = 0

        def observe(self, digest: Any, seat: int) -> Observation | None:
            made = super().observe(digest, seat)
            if made is None:
                self.declined += 1
            else:
                self.written += 1
            return made

    return Counted(layout)


def bits(observation: np.ndarray[Any, Any]) -> list[int]:
    return [int(word) for word in observation.view(np.uint32)]


@pytest.mark.parametrize("index", range(len(boardless_rulesets())))
def test_the_compiled_core_writes_the_python_observers_bits(index: int) -> None:
    services.need_compiled()
    rules = boardless_rulesets()[index]
    layout = TcgEncoding(rules).layout
    native, python = TcgObserver(layout, native=True), TcgObserver(layout, native=False)
    assert native.native is not None
    assert python.native is None
    counted = native.native = counted_core(layout)
    states = [state for seed in (5, 6) for state in playout(rules, seed)]
    rng = Rng(100 + index)
    for state in states + [states[rng.below(len(states))] for _ in range(len(states))]:
        for seat in (0, 1):
            sight = GAME.sight(state, seat)
            assert bits(native.observe(sight)) == bits(python.observe(sight))
    # most observations are the compiled core's own (not a vacuous comparison)
    assert counted.written > 4 * counted.declined, (counted.written, counted.declined)


def test_the_environment_uses_the_compiled_core_for_rulesets_without_boards() -> None:
    services.need_compiled()
    plain = TcgEncoding(GAME.default_ruleset()).layout
    assert TcgObserver(plain).native is not None
    with_boards = [rules for rules in GAME.example_rulesets() if TcgEncoding(rules).board]
    assert with_boards, "an example ruleset with boards is needed here"
    assert TcgObserver(TcgEncoding(with_boards[0]).layout, native=True).native is None


def test_a_compiled_write_that_fails_half_way_is_made_afresh_next_time() -> None:
    services.need_compiled()
    rules = GAME.default_ruleset()
    layout = TcgEncoding(rules).layout
    native, python = TcgObserver(layout, native=True), TcgObserver(layout, native=False)
    assert native.native is not None
    states = playout(rules, 8, limit=60)
    for state in states[:30]:
        native.observe(GAME.sight(state, 0))
    digest = GAME.sight(states[30], 0).digest()
    stranger = SimpleNamespace(key="no such card", pool="p0")
    grown = digest._replace(graveyard=(*digest.graveyard, stranger))
    with pytest.raises(KeyError):
        native.native.observe(grown, 0)
    with pytest.raises(ValueError, match="16 hero numbers"):
        native.native.observe(digest._replace(numbers=digest.numbers[:8]), 0)
    for state in states[30:]:
        sight = GAME.sight(state, 0)
        assert bits(native.observe(sight)) == bits(python.observe(sight))


def test_a_deck_list_key_of_no_pool_card_counts_for_nothing_in_both_observers() -> None:
    services.need_compiled()

    class Doctored(Sight):
        """A sight whose digest's deck list names a card the pool does not hold."""

        __slots__ = ()

        def digest(self) -> Any:
            found = super().digest()
            return found._replace(deck_list=(*found.deck_list, "no such card"))

    rules = GAME.default_ruleset()
    layout = TcgEncoding(rules).layout
    native, python = TcgObserver(layout, native=True), TcgObserver(layout, native=False)
    for state in playout(rules, 9, limit=12):
        sight = Doctored(GAME, state, GAME.to_act(state) or 0)
        assert bits(native.observe(sight)) == bits(python.observe(sight))
