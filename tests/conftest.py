"""Whole-run hooks: say plainly which tests were left out for want of a service, and where the
browser tests left their screenshots."""

from __future__ import annotations

import pytest

from tests import services
from tests.browser import shots


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if shots.SAVED:
        terminalreporter.section("screenshots")
        terminalreporter.write_line(
            f"{len(shots.SAVED)} screenshots of the browser client are in {shots.folder()}"
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
