"""The built wheel carries everything the package needs, and serves from a fresh environment.

The wheel is built once per session from this checkout (``pip wheel``; with setuptools and
Cython from the package index unless the running environment has them). Then:

- every file of the source package (``src/cardtable``, caches and build outputs aside) is in
  the wheel with the same bytes: the migration scripts and Alembic's template, the card sets,
  the rules documents, ``py.typed``, the compiled module's source and whatever is added later
  (the web files), and nothing else is (no tests, no caches) but the compiled module itself,
  which installs and loads from the fresh environment;
- the wheel installs into a new virtual environment that borrows only the *dependencies* of
  the running environment, and ``cardtable serve`` from there migrates a fresh SQLite
  database with the packaged migrations, creates a room and serves the packaged rules.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import sysconfig
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

import httpx2
import pytest

from tests import services

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "cardtable"
GAMES = ("tcg", "war", "karata")
STARTUP_SECONDS = 30.0
STOP_SECONDS = 15.0

CACHE_PARTS = frozenset(
    {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis", "htmlcov"}
)
CACHE_SUFFIXES = (".pyc", ".pyo")
BUILT_SUFFIXES = (".so", ".pyd")
"""Compiled modules: an editable install builds them into the source tree, a wheel holds its
own."""


def _is_cache(relative: PurePosixPath) -> bool:
    return bool(CACHE_PARTS & set(relative.parts)) or relative.name.endswith(CACHE_SUFFIXES)


def _source_files() -> dict[str, bytes]:
    """Every file of the source package that belongs in a wheel, by its path in the wheel."""
    found: dict[str, bytes] = {}
    for path in sorted(PACKAGE.rglob("*")):
        relative = PurePosixPath(path.relative_to(PACKAGE.parent).as_posix())
        if path.is_file() and not _is_cache(relative) and not path.name.endswith(BUILT_SUFFIXES):
            found[str(relative)] = path.read_bytes()
    return found


def _run(command: list[str], *, env: dict[str, str] | None = None, cwd: Path | None = None,
         timeout: float = 120) -> str:  # fmt: skip
    """Run ``command``; its output, or a failure showing that output."""
    done = subprocess.run(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=cwd,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}"
    return done.stdout


def _clean_environment(home: Path) -> dict[str, str]:
    """The environment for the fresh installation: nothing that would put the source tree or
    the running environment's start-up hooks (coverage) on its path."""
    dropped = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "COVERAGE_", "COV_")
    env = {key: value for key, value in os.environ.items() if not key.startswith(dropped)}
    env["VIRTUAL_ENV"] = str(home)
    env["PATH"] = f"{home / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONNOUSERSITE"] = "1"
    return env


@dataclass(frozen=True)
class Installed:
    """The wheel, and a fresh virtual environment it is installed in."""

    wheel: Path
    home: Path
    env: dict[str, str]

    @property
    def python(self) -> Path:
        return self.home / "bin" / "python"

    @property
    def site_packages(self) -> Path:
        code = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
        return Path(_run([str(self.python), "-c", code], env=self.env).strip())


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of this checkout, built once."""
    out = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check"]
    command += ["--no-input", "--wheel-dir", str(out)]
    if all(importlib.util.find_spec(tool) is not None for tool in ("setuptools", "Cython")):
        command.append("--no-build-isolation")  # else pip fetches the pinned build tools
    _run([*command, str(ROOT)], cwd=out, timeout=300)
    built = sorted(out.glob("cardtable-*.whl"))
    assert len(built) == 1, f"expected one cardtable wheel, found {built}"
    return built[0]


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel installed (without its dependencies) in a new virtual environment that sees
    the running environment's site-packages *after* its own, as a plain path: the running
    environment's ``.pth`` files (the editable install of the source tree) are not run."""
    home = tmp_path_factory.mktemp("venv") / "fresh"
    _run([sys.executable, "-m", "venv", "--without-pip", str(home)])
    env = _clean_environment(home)
    result = Installed(wheel=wheel, home=home, env=env)
    borrowed = sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]})
    (result.site_packages / "zz_dependencies.pth").write_text(
        "".join(f"{path}\n" for path in borrowed), encoding="utf-8"
    )
    _run(
        [sys.executable, "-m", "pip", "--python", str(result.python), "install", "--no-deps",
         "--no-index", "--disable-pip-version-check", "--no-input", str(wheel)],
        env=env,
        timeout=120,
    )  # fmt: skip
    return result


# -- what the wheel holds ---------------------------------------------------------------------


def test_the_source_package_has_the_resources_this_test_is_about() -> None:
    # Guards against a vacuous comparison below: these must exist in the source tree.
    files = _source_files()
    migrations = "cardtable/server/storage/migrations"
    expected = [
        "cardtable/py.typed",
        f"{migrations}/env.py",
        f"{migrations}/script.py.mako",
        "cardtable/games/tcg/sets/kata.toml",
        *(f"cardtable/games/{game}/rules.md" for game in GAMES),
    ]
    assert [name for name in expected if name not in files] == []
    assert any(name.startswith(f"{migrations}/versions/") for name in files)


def test_the_wheel_holds_every_file_of_the_package_and_nothing_else(wheel: Path) -> None:
    source = _source_files()
    with zipfile.ZipFile(wheel) as archive:
        held = {info.filename: archive.read(info) for info in archive.infolist()}
    package = {name: data for name, data in held.items() if name.startswith("cardtable/")}
    metadata = {name for name in held if name.split("/", 1)[0].endswith(".dist-info")}

    missing = sorted(set(source) - set(package))
    assert missing == [], f"the wheel lacks files of src/cardtable: {missing}"
    changed = sorted(name for name in source if package[name] != source[name])
    assert changed == [], f"the wheel's copies differ from the source: {changed}"
    compiled = {name for name in held if name.endswith(BUILT_SUFFIXES)}
    extra = sorted(set(held) - set(source) - metadata - compiled)
    assert extra == [], f"the wheel holds files that are not the package's: {extra}"
    caches = sorted(name for name in held if _is_cache(PurePosixPath(name)))
    assert caches == [], f"the wheel holds caches: {caches}"
    tests = sorted(
        name
        for name in held
        if {"tests", "test"} & set(PurePosixPath(name).parts)
        or PurePosixPath(name).name.startswith(("test_", "conftest"))
    )
    assert tests == [], f"the wheel holds tests: {tests}"


def test_the_wheel_holds_the_compiled_observer_and_it_loads(
    wheel: Path, installed: Installed
) -> None:
    services.need_compiled()  # built here, so the wheel's build had a compiler too
    with zipfile.ZipFile(wheel) as archive:
        compiled = [name for name in archive.namelist() if name.endswith(BUILT_SUFFIXES)]
    assert len(compiled) == 1, compiled
    assert compiled[0].startswith("cardtable/envs/tcg_native."), compiled
    code = "import cardtable.envs.tcg_native as native; print(native.__file__)"
    loaded = Path(_run([str(installed.python), "-c", code], env=installed.env).strip())
    assert loaded.resolve().is_relative_to(installed.home.resolve()), loaded


def test_the_wheel_declares_the_command(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        (entry_points,) = [
            n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt")
        ]
        text = archive.read(entry_points).decode("utf-8")
    assert "cardtable = cardtable.cli.app:main" in text


# -- the installed wheel ----------------------------------------------------------------------


def test_the_fresh_environment_imports_the_installed_package(installed: Installed) -> None:
    code = """if True:
        import json, sys
        import cardtable
        from cardtable.games.tcg.cardsets import builtin_sets, load_set
        from cardtable.server.storage import migrate
        print(json.dumps({
            "prefix": sys.prefix,
            "package": cardtable.__file__,
            "migrations": str(migrate.SCRIPTS),
            "head": migrate.head(),
            "sets": {name: len(load_set(name).cards) for name in builtin_sets()},
        }))
    """
    found = json.loads(
        _run([str(installed.python), "-c", code], env=installed.env, cwd=installed.home)
    )
    home = installed.home.resolve()
    assert Path(found["prefix"]).resolve() == home
    package = Path(found["package"]).resolve()
    assert package.is_relative_to(home), f"cardtable was imported from {package}, not {home}"
    assert not package.is_relative_to(PACKAGE.parent)
    assert Path(found["migrations"]).resolve().is_relative_to(home)
    assert found["head"], "the installed package has no migration head"
    sources = sorted(path.stem for path in (PACKAGE / "games" / "tcg" / "sets").glob("*.toml"))
    assert sorted(found["sets"]) == sources
    assert all(count > 0 for count in found["sets"].values()), found["sets"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``cardtable serve`` of the fresh environment, its output in a log file."""

    def __init__(self, installed: Installed, database: Path, log: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        command = [
            str(installed.home / "bin" / "cardtable"), "serve", "--port", str(self.port),
            "--database", f"sqlite+aiosqlite:///{database}", "--agent-delay", "0",
        ]  # fmt: skip
        with log.open("wb") as output:
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
                env=installed.env,
                cwd=database.parent,
                start_new_session=True,  # its own process group: nothing may outlive it
            )

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")[-4000:]

    def wait_until_ready(self) -> list[dict[str, Any]]:
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(
                    f"the server exited ({self.process.returncode}):\n{self.output()}"
                )
            try:
                answer = httpx2.get(f"{self.url}/api/games", timeout=2)
            except httpx2.HTTPError:
                time.sleep(0.1)
                continue
            assert answer.status_code == 200, f"{answer.text}\n{self.output()}"
            games: list[dict[str, Any]] = answer.json()
            return games
        raise AssertionError(
            f"the server did not answer within {STARTUP_SECONDS} s:\n{self.output()}"
        )

    def stop(self) -> int:
        """SIGINT (as Ctrl-C), then SIGKILL if it will not stop; its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(STOP_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(STOP_SECONDS)
                raise AssertionError(
                    f"the server did not stop within {STOP_SECONDS} s of SIGINT:\n{self.output()}"
                ) from None
        return self.process.returncode

    def left_behind(self) -> bool:
        """Whether any process of the server's process group is still there."""
        try:
            os.killpg(self.process.pid, 0)
        except ProcessLookupError:
            return False
        return True

    def kill_group(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)


@pytest.fixture
def server(installed: Installed, tmp_path: Path) -> Iterator[Server]:
    served = Server(installed, tmp_path / "db.sqlite", tmp_path / "server.log")
    try:
        yield served
    finally:
        if served.process.poll() is None:
            served.process.kill()
            served.process.wait(STOP_SECONDS)
        served.kill_group()


def test_the_installed_server_migrates_creates_rooms_and_serves_the_rules(
    server: Server, tmp_path: Path
) -> None:
    games = server.wait_until_ready()
    assert sorted(game["name"] for game in games) == sorted(GAMES), server.output()
    for game in games:
        rules = (PACKAGE / "games" / game["name"] / "rules.md").read_text(encoding="utf-8")
        assert game["rules"] == rules, f"{game['name']}: the served rules are not the packaged"

    with httpx2.Client(base_url=server.url, timeout=10) as client:
        body = {
            "game": "war",
            "name": "host",
            "ruleset": {"suits": 1, "ranks": 6},
            "seats": [{"kind": "open"}, {"kind": "agent", "agent": "random"}],
        }
        created = client.post("/api/rooms", json=body)
        assert created.status_code == 201, f"{created.text}\n{server.output()}"
        room = created.json()
        assert room["token"]
        assert room["host_token"]
        fetched = client.get(f"/api/rooms/{room['room']['id']}")
        assert fetched.status_code == 200, fetched.text
        assert fetched.json()["game"] == "war"
        assert [seat["kind"] for seat in fetched.json()["seats"]] == ["guest", "agent"]

        karata = client.get("/api/games/karata")
        assert karata.status_code == 200, karata.text
        rules = (PACKAGE / "games" / "karata" / "rules.md").read_text(encoding="utf-8")
        assert karata.json()["rules"] == rules
        assert rules.strip()

    status = server.stop()
    assert status == 0, f"the server exited with {status} on SIGINT:\n{server.output()}"
    assert not server.left_behind(), "a process of the server outlived it"
    assert "Warning" not in server.output(), server.output()  # none at start, as deprecations

    # The packaged migrations made the database: every revision applied, up to a head.
    with sqlite3.connect(tmp_path / "db.sqlite") as database:
        (version,) = database.execute("SELECT version_num FROM alembic_version").fetchone()
        tables = {row[0] for row in database.execute("SELECT name FROM sqlite_master")}
    database.close()
    versions = PACKAGE / "server" / "storage" / "migrations" / "versions"
    assert any(path.name.startswith(f"{version}_") for path in versions.glob("*.py")), version
    assert {"alembic_version", "rooms"} <= tables, tables
