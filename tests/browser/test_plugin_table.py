"""A plug-in game's own table in the browser: the High Card example, installed on a real
server, is drawn by the module its package brings (not the generic table), under the
client's content security policy, and a person plays it to the end against its own
computer player."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests import highcard
from tests.browser import shots
from tests.browser.conftest import _people
from tests.browser.ui import Person
from tests.server.processes import Served

if TYPE_CHECKING:
    from playwright.sync_api import Browser

HAND = ".table.highcard #controls button.card"


@pytest.fixture(scope="module")
def plugin_site(tmp_path_factory: pytest.TempPathFactory, chromium_path: str) -> Iterator[Served]:
    """A server with the High Card example installed (as ``pip install`` would leave it)."""
    folder: Path = tmp_path_factory.mktemp("plugin-server")
    served = Served(
        f"sqlite+aiosqlite:///{folder / 'cardtable.db'}",
        log=folder / "server.log",
        env=highcard.install(folder),
    )
    try:
        yield served
    finally:
        served.stop()


@pytest.fixture
def players(browser: Browser, plugin_site: Served) -> Iterator[Callable[..., Person]]:
    yield from _people(browser, plugin_site)


def test_a_plugin_games_own_table_draws_it_and_plays_it_to_the_end(
    players: Callable[..., Any],
) -> None:
    fox: Person = players("Fox")
    fox.create_room("highcard", {"hand_size": 3}, ("open", "strongest"))
    fox.start()
    page = fox.page
    page.wait_for_selector(".table.highcard")  # the plug-in's table, not the generic one
    assert page.locator(".table.generic").count() == 0
    assert page.locator(HAND).count() == 3
    assert page.locator(".highcard-seats li").count() == 2
    shots.save(page, "plugin-highcard-table")
    for _ in range(3):
        page.wait_for_selector(f"{HAND}.playable")
        before = fox.version()
        page.locator(f"{HAND}.playable").first.click()
        fox.acted(before)
    page.wait_for_selector("#turn[data-state='over']")
    points = page.locator(".highcard-seats li").all_inner_texts()
    assert sum(int(text.split()[-2]) for text in points) >= 3, points  # each trick scored
    assert page.locator(".highcard-trick .card").count() == 2
    page.wait_for_function("() => document.getAnimations().length === 0")  # the trick settled
    shots.save(page, "plugin-highcard-over")
