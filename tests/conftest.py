"""Whole-run hooks: say plainly which tests were left out for want of a service, and where the
browser tests left their screenshots; and the example game as a fixture for any folder.

These run in the run's main process. With pytest-xdist the tests run in worker processes, so
the main process learns what was left out from the reports of skipped tests, and which
screenshots were saved from the screenshots' folder.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

# the conformance kit's contracts are asserts in the package: rewritten as tests' own are, a
# broken contract shows the values it compared (before anything imports the kit)
pytest.register_assert_rewrite("cardtable.testing")

from cardtable.engine import Game  # noqa: E402
from tests import services  # noqa: E402  (after the rewrite is registered)
from tests.browser import shots  # noqa: E402
from tests.highcard import SOURCE as HIGHCARD_SOURCE  # noqa: E402

_STARTED = time.time()


@pytest.fixture(scope="module")
def highcard() -> Iterator[Game[Any, Any]]:
    """High Card, the example game of docs/writing-a-game.md, imported from its source folder
    (as an editable install would)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(HIGHCARD_SOURCE))
        from highcard import GAME

        yield GAME


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and isinstance(report.longrepr, tuple):
        services.left_out_in(str(report.longrepr[2]))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    saved = [path for path in shots.folder().glob("*.png") if path.stat().st_mtime >= _STARTED]
    if saved:
        terminalreporter.section("screenshots")
        terminalreporter.write_line(
            f"{len(saved)} screenshots of the browser client are in {shots.folder()}"
        )
    if not services.LEFT_OUT:
        return
    terminalreporter.section("left out")
    for service, reason in sorted(services.LEFT_OUT.items()):
        advice = services.ADVICE.get(
            service,
            "Start it (or set CARDTABLE_TEST_POSTGRES / CARDTABLE_TEST_REDIS) to run them.",
        )
        line = f"the tests that need {service} did not run: {reason}. {advice}"
        terminalreporter.write_line(line)
