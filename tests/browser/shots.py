"""Where the browser tests save their screenshots: ``.artifacts/screenshots`` at the top of the
checkout (or ``CARDTABLE_SCREENSHOTS``), named after what they show; the end of the test run
says where they are (counting those written since it started)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol

ROOT = Path(__file__).resolve().parents[2]


class Screenshooter(Protocol):
    def screenshot(self, *, path: str, full_page: bool) -> bytes: ...


def folder() -> Path:
    """The screenshots' folder (made when first needed)."""
    place = Path(os.environ.get("CARDTABLE_SCREENSHOTS", ROOT / ".artifacts" / "screenshots"))
    place.mkdir(parents=True, exist_ok=True)
    return place


def save(page: Screenshooter, name: str, *, full_page: bool = True) -> Path:
    """A screenshot of ``page`` as ``NAME.png``: the whole page, or (``full_page=False``)
    what the screen shows, where fixed parts sit as a person sees them."""
    path = folder() / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
