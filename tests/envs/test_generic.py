"""The generic encoding: a research environment for any game, the High Card example's
included, and a plug-in's own encoding through the ``cardtable.encodings`` group.

The example is not installed: it is imported from its folder, and its entry points are
stood in for by patching the entry points cardtable reads (as the page's own test does).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test, seed_test

from cardtable import extensions
from cardtable.engine import Game, Rng
from cardtable.engine.errors import UnknownGame
from cardtable.envs import aec, encoding_for, env, games, resolve
from cardtable.envs.encoding import EncodingError
from cardtable.envs.encodings import ENCODINGS, own
from cardtable.envs.generic import GenericEncoding, number, public_readings
from cardtable.envs.openspiel import load
from cardtable.games import find, registry
from cardtable.testing import shuffle_hidden
from tests.envs.helpers import states
from tests.envs.test_aec import DICT_OBSERVATIONS

PACKAGE = Path(__file__).resolve().parents[2] / "examples" / "highcard"
HIGHCARD_GAME = "highcard:GAME"
OWN = "highcard.encoding:HighCardEncoding"
NOT_CALLABLE = 3
"""What a broken encoding entry names."""


# -- fixtures --------------------------------------------------------------------------


Plugins = Callable[..., None]


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[Plugins]:
    """Stand in entry points (``group=[(name, value), ...]``, groups named with ``_`` for
    ``.``), the High Card example importable, the registries made to find them again."""
    monkeypatch.syspath_prepend(str(PACKAGE / "src"))

    def install(**groups: list[tuple[str, str]]) -> None:
        found = [
            EntryPoint(name, value, group.replace("_", "."))
            for group, entries in groups.items()
            for name, value in entries
        ]

        def entry_points(group: str) -> list[EntryPoint]:
            return [entry for entry in found if entry.group == group]

        monkeypatch.setattr(extensions, "entry_points", entry_points)
        registry.GAMES.forget()
        ENCODINGS.forget()

    yield install
    registry.GAMES.forget()
    ENCODINGS.forget()


@pytest.fixture
def highcard(plugins: Plugins) -> Game[Any, Any]:
    """The High Card example, registered as a game, with no encoding of its own."""
    plugins(cardtable_games=[("highcard", HIGHCARD_GAME)])
    return find("highcard")


@pytest.fixture
def generic_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """Environments made with the generic encoding, even for games with their own."""
    monkeypatch.setattr(aec, "encoding_for", GenericEncoding)


def _quick(game: Game[Any, Any]) -> list[Any]:
    """A few small rulesets of a game (the first two examples)."""
    return game.example_rulesets()[:2]


# -- High Card through the generic encoding ------------------------------------------------


def test_a_registered_game_without_an_encoding_gets_the_generic_one(
    highcard: Game[Any, Any],
) -> None:
    assert "highcard" in games()
    assert not own("highcard")
    assert own("war")
    game, rules = resolve("highcard", {"players": 3})
    encoding = encoding_for(game, rules)
    assert isinstance(encoding, GenericEncoding)
    assert (encoding.seats, encoding.pool[:2], encoding.relative) == (3, ("AC", "2C"), True)
    assert encoding.action_text(0) == "play AC"
    with pytest.raises(UnknownGame, match="'chess'; choose from highcard, karata, tcg, war"):
        resolve("chess", None)


@pytest.mark.filterwarnings(*DICT_OBSERVATIONS)
def test_high_card_passes_pettingzoo_api_test(highcard: Game[Any, Any]) -> None:
    for rules in highcard.example_rulesets():
        table = env("highcard", rules)
        assert isinstance(table.encoding, GenericEncoding)
        api_test(table, num_cycles=100)
        seed_test(lambda rules=rules: env("highcard", rules), num_cycles=100)


def test_high_card_passes_openspiel_random_simulation_check(highcard: Game[Any, Any]) -> None:
    for rules in highcard.example_rulesets():
        pyspiel.random_sim_test(load("highcard", rules), num_sims=2, serialize=False, verbose=False)


def test_a_policy_gradient_loop_trains_on_high_card(
    highcard: Game[Any, Any],
) -> None:
    """A linear softmax policy for every seat, trained by REINFORCE over many episodes:
    every episode ends with the outcome's rewards, every observation stays in its space,
    and every action the masked policy picks is legal (``step`` refuses others)."""
    table = env("highcard", {"players": 2, "hand_size": 3})
    space = table.observation_space("player_0")
    encoding = table.encoding
    rng = np.random.default_rng(0)
    weights = np.zeros((encoding.actions, encoding.size), np.float64)
    episodes, rewarded, lengths = 300, 0, []
    for episode in range(episodes):
        table.reset(seed=episode)
        trail: dict[str, list[tuple[np.ndarray, np.ndarray, int]]] = {}
        returns: dict[str, float] = {}
        steps = 0
        for agent in table.agent_iter(max_iter=encoding.longest):
            observation, reward, terminated, truncated, _ = table.last()
            assert space.contains(observation)
            if terminated or truncated:
                returns[agent] = reward
                table.step(None)
                continue
            mask = observation["action_mask"].astype(bool)
            logits = weights @ observation["observation"]
            logits[~mask] = -np.inf
            chances = np.exp(logits - logits[mask].max())
            chances /= chances.sum()
            action = int(rng.choice(encoding.actions, p=chances))
            trail.setdefault(agent, []).append((observation["observation"], chances, action))
            table.step(action)
            steps += 1
        assert table.outcome is not None
        assert not table.agents
        assert set(returns) == {"player_0", "player_1"}
        assert sorted(returns.values()) in ([-1.0, 1.0], [1.0, 1.0])  # ties share the win
        rewarded += any(returns.values())
        lengths.append(steps)
        for agent, moves in trail.items():
            for features, chances, action in moves:
                gradient = -np.outer(chances, features)
                gradient[action] += features
                weights += 0.05 * returns[agent] * gradient
    assert rewarded == episodes
    assert set(lengths) == {6}
    assert np.abs(weights).sum() > 0.0


def test_high_card_observations_do_not_depend_on_hidden_cards(highcard: Game[Any, Any]) -> None:
    _hidden_cards_change_nothing(highcard, highcard.example_rulesets())


def test_a_plugins_own_encoding_is_used_instead_of_the_generic_one(plugins: Plugins) -> None:
    plugins(cardtable_games=[("highcard", HIGHCARD_GAME)], cardtable_encodings=[("highcard", OWN)])
    assert own("highcard")
    assert ENCODINGS.plugins() == ["highcard"]
    table = env("highcard")
    assert type(table.encoding).__name__ == "HighCardEncoding"
    assert type(table.encoding).__module__ == "highcard.encoding"
    table.reset(seed=1)
    hand = table.observe("player_0")["observation"][:52]
    assert hand.sum() == 5


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("tests.envs.test_generic:NOT_CALLABLE", "is not callable"),
        ("tests.envs.no_such_module:Encoding", "failed to load (ModuleNotFoundError"),
    ],
)
def test_a_broken_encoding_entry_is_a_problem_and_the_game_keeps_the_generic_one(
    plugins: Plugins, value: str, said: str
) -> None:
    plugins(
        cardtable_games=[("highcard", HIGHCARD_GAME)], cardtable_encodings=[("highcard", value)]
    )
    table = env("highcard")
    assert isinstance(table.encoding, GenericEncoding)
    assert said in ENCODINGS.problems()["highcard"]
    assert said in extensions.every_problem()["cardtable.encodings"]["highcard"]


def test_an_encoding_entry_that_makes_no_encoding_is_refused_when_used(plugins: Plugins) -> None:
    plugins(
        cardtable_games=[("highcard", HIGHCARD_GAME)],
        cardtable_encodings=[("highcard", "builtins:str")],
    )
    with pytest.raises(EncodingError, match="made a str, not an Encoding"):
        env("highcard")


def test_a_plugin_encoding_cannot_take_a_built_in_games_name(plugins: Plugins) -> None:
    plugins(cardtable_encodings=[("war", OWN)])
    assert "taken by a built-in encoding" in ENCODINGS.problems()["war"]
    assert type(encoding_for(find("war"), find("war").default_ruleset())).__name__ == "WarEncoding"


# -- the generic encoding on cardtable's own games, as a check that it is generic ----------


@pytest.mark.filterwarnings(*DICT_OBSERVATIONS)
@pytest.mark.parametrize("name", ["war", "karata", "tcg"])
def test_the_generic_encoding_passes_api_test_on_the_built_in_games(
    name: str, generic_everywhere: None
) -> None:
    for rules in _quick(find(name)):
        table = env(name, rules)
        assert isinstance(table.encoding, GenericEncoding)
        api_test(table, num_cycles=100)


@pytest.mark.parametrize("name", ["war", "karata", "tcg"])
def test_generic_indices_are_distinct_within_bounds_and_lead_back(name: str) -> None:
    game = find(name)
    for rules in game.example_rulesets():
        encoding = GenericEncoding(game, rules)
        texts = [encoding.action_text(index) for index in range(encoding.actions)]
        assert len(set(texts)) == len(texts)
        for state, seat in states(game, rules, 1):
            legal = game.legal(state, seat)
            sight = game.sight(state, seat)
            mask, moves = encoding.mask(sight, legal)
            assert mask.sum() == len(moves) == len(legal.moves)
            assert sorted(moves) == np.flatnonzero(mask).tolist()
            assert encoding.indices(sight, legal.moves) == list(moves)
            for index, move in moves.items():  # a slot of its own means the same alone
                assert index >= encoding.spare_at or encoding.action(sight, move) == index
            observation = encoding.observe(sight)
            assert observation.dtype == np.float32
            assert observation.shape == (encoding.size,)
            assert observation.min() >= 0.0
            assert observation.max() <= 1.0
            assert np.array_equal(observation, encoding.observe(game.view(state, seat)))
        assert encoding.left_out == 0


@pytest.mark.parametrize("name", ["war", "karata", "tcg"])
def test_generic_observations_do_not_depend_on_hidden_cards(name: str) -> None:
    game = find(name)
    _hidden_cards_change_nothing(game, _quick(game))


def _hidden_cards_change_nothing(game: Game[Any, Any], rulesets: list[Any]) -> None:
    """For random states: shuffling the cards a seat cannot see changes neither its
    observation nor (for the seat to act) its mask and the decisions behind it."""
    rng = Rng(11)
    differed = 0
    for rules in rulesets:
        encoding = GenericEncoding(game, rules)
        for state, to_act in states(game, rules, 5):
            for seat in range(state.seats):
                twin = shuffle_hidden(state, seat, rng)
                differed += _keys(twin) != _keys(state)
                seen, imagined = game.sight(state, seat), game.sight(twin, seat)
                assert np.array_equal(encoding.observe(seen), encoding.observe(imagined))
                if seat == to_act:
                    real = encoding.mask(seen, game.legal(state, seat))
                    other = encoding.mask(imagined, game.legal(twin, seat))
                    assert np.array_equal(real[0], other[0])
                    assert real[1] == other[1]
    assert differed, "no shuffle moved a hidden card"


def _keys(state: Any) -> list[list[str]]:
    return [[card.key for card in zone.cards] for zone in state.zones.values()]


# -- the public data, read along its declared type ------------------------------------------


def test_public_numbers_keep_their_order_and_sign_within_the_unit_interval() -> None:
    values = [-1e9, -50, -1, 0, 1, 2, 50, 1e9]
    read = [number(value) for value in values]
    assert read == sorted(read)
    assert len(set(read)) == len(read)
    assert all(0.0 <= value <= 1.0 for value in read)


def test_the_public_data_of_high_card_is_read_along_its_type(highcard: Game[Any, Any]) -> None:
    readings = public_readings(highcard.public_type, 2)
    assert [(reading.path, reading.how) for reading in readings] == [
        (("scores",), "length"),
        (("scores", 0), "number"),
        (("scores", 1), "number"),
        (("to_play",), "length"),
        (("to_play", 0), "number"),
        (("to_play", 1), "number"),
    ]
    public = {"scores": [3, 0], "to_play": [1]}
    assert [reading.read(public) for reading in readings] == [
        number(2),
        number(3),
        number(0),
        number(1),
        number(1),
        0.0,
    ]
