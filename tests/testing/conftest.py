"""The example game of docs/writing-a-game.md, which the kit's tests break on purpose."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import Game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "highcard" / "src"


@pytest.fixture(scope="module")
def highcard() -> Iterator[Game[Any, Any]]:
    """High Card, imported from its source folder (as an editable install would)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(EXAMPLE))
        from highcard import GAME

        yield GAME
