"""Without Chromium the browser tests are left out and the run says so; CI requires them."""

from __future__ import annotations

import pytest

from tests import services


def test_without_chromium_the_tests_are_left_out_and_said_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(services, "chromium", lambda: None)
    monkeypatch.setattr(services, "REQUIRED", False)
    monkeypatch.setattr(services, "LEFT_OUT", {})
    with pytest.raises(pytest.skip.Exception, match="no chromium") as skipped:
        services.need_browser()
    # The run's main process reads the skip's reason (with pytest-xdist, from a worker).
    services.left_out_in(f"Skipped: {skipped.value.msg}")
    assert "no chromium" in services.LEFT_OUT[services.BROWSER]
    assert "apt-get install chromium" in services.ADVICE[services.BROWSER]


def test_ci_fails_without_chromium(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(services, "chromium", lambda: None)
    monkeypatch.setattr(services, "REQUIRED", True)
    monkeypatch.setattr(services, "LEFT_OUT", {})
    with pytest.raises(pytest.fail.Exception, match="CARDTABLE_REQUIRE_SERVICES=1 requires it"):
        services.need_browser()
    assert services.LEFT_OUT == {}
