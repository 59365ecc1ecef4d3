"""Fixtures of the browser tests: a real ``cardtable serve`` process, Debian's Chromium driven by
Playwright (never a downloaded browser), and people, each in a browser context of their own.

Without Chromium (or Playwright) the tests are left out, and the run says so at its end;
``CARDTABLE_REQUIRE_SERVICES=1`` (CI) makes that a failure instead.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests import services
from tests.browser.ui import Person
from tests.server.processes import Served

if TYPE_CHECKING:
    from playwright.sync_api import Browser

SERVERS = ("site", "accounts_site")
"""The fixtures of the servers the browsers talk to."""

CLOSED_NETWORK = [
    "--no-sandbox",  # tests may run as root, where Chromium's sandbox cannot start
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-default-apps",
    "--disable-sync",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--metrics-recording-only",
    "--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication",
]
"""Chromium's flags for a machine without a network: nothing it does calls out."""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A browser test that fails shows the end of its server's log beside the failure: what
    the browser waited for is often told there (a refusal, a slow start, an exception)."""
    report = yield
    if report.failed:
        served = getattr(item, "funcargs", {})
        for name in SERVERS:
            if isinstance(served.get(name), Served):
                report.sections.append((f"{name}'s log, its end", served[name].output()))
    return report


@pytest.fixture(scope="session")
def chromium_path() -> str:
    return services.need_browser()


@pytest.fixture(scope="package")
def site(tmp_path_factory: pytest.TempPathFactory, chromium_path: str) -> Iterator[Served]:
    """A server for the browser tests: its own SQLite database, computer players at once.
    (It and the browser stop when the browser tests are done, so no Playwright event loop is
    left behind for the tests that follow.)"""
    folder: Path = tmp_path_factory.mktemp("browser-server")
    served = Served(f"sqlite+aiosqlite:///{folder / 'cardtable.db'}", log=folder / "server.log")
    try:
        yield served
    finally:
        served.stop()


@pytest.fixture(scope="package")
def browser(chromium_path: str) -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path, args=CLOSED_NETWORK)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def people(browser: Browser, site: Served) -> Iterator[Callable[..., Person]]:
    """Makes people (each a browser context at the lobby); when the test ends, any console
    error or uncaught exception any of their pages had fails it."""
    yield from _people(browser, site)


@pytest.fixture(scope="package")
def accounts_database(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The database of :func:`accounts_site` (for ``cardtable admin`` commands)."""
    folder: Path = tmp_path_factory.mktemp("accounts-server")
    return f"sqlite+aiosqlite:///{folder / 'cardtable.db'}"


@pytest.fixture(scope="package")
def accounts_site(accounts_database: str, chromium_path: str) -> Iterator[Served]:
    """A server for the browser tests of accounts: as :func:`site`, but one address (all the
    tests' browsers are 127.0.0.1) may sign up as often as the tests need."""
    folder = Path(accounts_database.removeprefix("sqlite+aiosqlite:///")).parent
    served = Served(
        accounts_database,
        log=folder / "server.log",
        extra=("--signups-per-hour", "10000", "--signup-burst", "1000"),
    )
    try:
        yield served
    finally:
        served.stop()


@pytest.fixture
def members(browser: Browser, accounts_site: Served) -> Iterator[Callable[..., Person]]:
    """As :func:`people`, on :func:`accounts_site`: people who may sign up."""
    yield from _people(browser, accounts_site)


def _people(browser: Browser, site: Served) -> Iterator[Callable[..., Person]]:
    made: list[Person] = []

    def make(name: str, **options: Any) -> Person:
        person = Person(browser, site.url, name, **options)
        made.append(person)
        return person

    yield make
    problems = []
    for person in made:
        problems += [f"{person.name}: {line}" for line in person.unexpected()]
        person.close()
    assert not problems, "the browser console had errors:\n" + "\n".join(problems)
