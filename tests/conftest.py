"""Whole-run hooks: say plainly which tests were left out for want of a service."""

from __future__ import annotations

import pytest

from tests import services


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not services.LEFT_OUT:
        return
    terminalreporter.section("left out")
    for service, reason in sorted(services.LEFT_OUT.items()):
        terminalreporter.write_line(
            f"the tests that need {service} did not run: {reason}. Start it (or set "
            "CARDTABLE_TEST_POSTGRES / CARDTABLE_TEST_REDIS) to run them."
        )
