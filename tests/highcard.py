"""The High Card example (``examples/highcard``) installed as a plug-in, for tests: its entry
points, as its ``pyproject.toml`` declares them, seen by this process or by a new one.

``pip install -e examples/highcard`` would fetch its build backend from the network; what the
install leaves behind is simple, so it is made here: a ``.dist-info`` folder with the entry
points, which the real :mod:`importlib.metadata` finds, and the package's source folder on
the path.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from cardtable import extensions

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "examples" / "highcard"
SOURCE = PACKAGE / "src"


def project() -> dict[str, object]:
    found: dict[str, object] = tomllib.loads(
        (PACKAGE / "pyproject.toml").read_text(encoding="utf-8")
    )["project"]
    return found


def entry_points() -> dict[str, dict[str, str]]:
    """The entry points the example declares, by group."""
    found = project()["entry-points"]
    assert isinstance(found, dict)
    return found


def install(folder: Path, env: dict[str, str] | None = None) -> dict[str, str]:
    """The environment (``env``, else this process's) of a new process in which the example
    is installed, its ``.dist-info`` made in ``folder``."""
    name, version = project()["name"], project()["version"]
    info = folder / f"{name}-{version}.dist-info"
    info.mkdir(exist_ok=True)
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    (info / "METADATA").write_text(metadata, encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "".join(
            f"[{group}]\n" + "".join(f"{key} = {value}\n" for key, value in entries.items())
            for group, entries in entry_points().items()
        ),
        encoding="utf-8",
    )
    made = dict(os.environ if env is None else env)
    paths = [str(folder), str(SOURCE), made.get("PYTHONPATH", "")]
    made["PYTHONPATH"] = os.pathsep.join(path for path in paths if path)
    return made


@contextmanager
def registered(monkeypatch: pytest.MonkeyPatch, also: Sequence[EntryPoint] = ()) -> Iterator[None]:
    """This process sees the example installed (and the entry points ``also``): its source on
    the path, its entry points found by every kind of extra (each found again, with it and
    after it)."""
    found = [
        EntryPoint(key, value, group)
        for group, entries in entry_points().items()
        for key, value in entries.items()
    ] + list(also)
    monkeypatch.syspath_prepend(str(SOURCE))
    monkeypatch.setattr(
        extensions, "entry_points", lambda group: [e for e in found if e.group == group]
    )
    forget_all()
    try:
        yield
    finally:
        forget_all()  # the entry points this test gave are forgotten with it


def forget_all() -> None:
    """Every kind of extra finds its entries again when next asked."""
    for kind in extensions.every_kind():
        kind.forget()
