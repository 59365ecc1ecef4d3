"""The game registry, including plug-ins found through entry points."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

from cardtable import extensions
from cardtable.engine import UnknownGame
from cardtable.games import find, names, plugin_problems, registry


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[EntryPoint]]:
    found: list[EntryPoint] = []

    def fake(group: str) -> list[EntryPoint]:
        assert group == registry.ENTRY_POINT_GROUP
        return found

    monkeypatch.setattr(extensions, "entry_points", fake)
    registry.GAMES.forget()
    yield found
    registry.GAMES.forget()


def test_our_games_are_registered() -> None:
    assert names()[0] == "tcg"
    assert find(" TCG ").name == "tcg"


def test_an_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match="no game is called 'chess'; the games are: tcg"):
        find("chess")


def test_a_plugin_game_joins_the_registry(plugins: list[EntryPoint]) -> None:
    plugins.append(EntryPoint("mytcg", "tests.games.plugin_game:MyGame", "cardtable.games"))
    assert names() == ["tcg", "war", "karata", "mytcg"]
    assert find("mytcg").title == "My TCG"
    assert plugin_problems() == {}


def test_broken_plugins_are_reported_not_raised(plugins: list[EntryPoint]) -> None:
    plugins.append(EntryPoint("gone", "no_such_module_here:Game", "cardtable.games"))
    plugins.append(EntryPoint("dumps", "json:dumps", "cardtable.games"))
    plugins.append(EntryPoint("clash", "tests.games.plugin_game:Clash", "cardtable.games"))
    assert names() == ["tcg", "war", "karata"]
    problems = plugin_problems()
    assert "failed to load (ModuleNotFoundError" in problems["gone"]
    assert problems["dumps"] == "json:dumps is not a cardtable game"
    assert problems["clash"] == "its name 'tcg' is taken by a built-in game"
    with pytest.raises(UnknownGame, match="'gone' is installed but it failed to load"):
        find("gone")
    assert find("tcg").name == "tcg"


def test_plugin_problems_are_found_whatever_the_case(plugins: list[EntryPoint]) -> None:
    plugins.append(EntryPoint("Broken", "no_such_module_here:Game", "cardtable.games"))
    with pytest.raises(UnknownGame, match="'broken' is installed but it failed to load"):
        find("Broken")


def test_two_plugins_cannot_share_a_name(plugins: list[EntryPoint]) -> None:
    plugins.append(EntryPoint("mytcg", "tests.games.plugin_game:MyGame", "cardtable.games"))
    plugins.append(EntryPoint("again", "tests.games.plugin_game:MyGame", "cardtable.games"))
    assert names() == ["tcg", "war", "karata", "mytcg"]
    assert plugin_problems() == {"again": "another plug-in already provides a game named 'mytcg'"}
