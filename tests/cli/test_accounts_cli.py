"""``cardtable login``, ``logout``, ``whoami`` and ``signup`` against a real server (uvicorn in
a thread of this process), and the session file: owner-only, written atomically, refused
clearly (and kept) when broken or readable by others; passwords never echoed nor printed."""

from __future__ import annotations

import asyncio
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from cardtable.cli import account
from cardtable.cli.app import app
from cardtable.cli.credentials import Credentials, CredentialsProblem, origin_of, sessions_path
from cardtable.cli.remote_options import remote_settings
from cardtable.client import Accounts, ServerRefused
from cardtable.games import find
from tests.cli.helpers import PLAIN_ENV
from tests.client.test_accounts_client import served
from tests.server.accounts.test_routes import PASSWORD
from tests.server.conftest import database_url, postgres_url, sqlite_url
from tests.server.processes import free_port

__all__ = ["database_url", "postgres_url", "sqlite_url"]


@pytest.fixture
def config(tmp_path: Path) -> Path:
    """A configuration directory of the test's own (``XDG_CONFIG_HOME``)."""
    folder = tmp_path / "config"
    folder.mkdir()
    return folder


@pytest.fixture
def url(sqlite_url: str) -> Iterator[str]:
    with served(sqlite_url) as found:
        yield found


def cli(
    config: Path, *args: str, password: str | None = PASSWORD, input: str | None = None
) -> Result:
    env = {**PLAIN_ENV, "XDG_CONFIG_HOME": str(config), "CARDTABLE_PASSWORD": password}
    return CliRunner().invoke(app, list(args), input=input, env=env)


def stored(config: Path) -> Credentials:
    return Credentials(config / "cardtable" / "sessions.json")


def sign_up(url: str, username: str = "Fox", display_name: str | None = None) -> None:
    async def run() -> None:
        async with Accounts(url) as accounts:
            await accounts.sign_up(username, PASSWORD, display_name)

    asyncio.run(run())


def session_works(url: str, token: str) -> bool:
    async def run() -> bool:
        async with Accounts(url, session=token) as accounts:
            try:
                await accounts.whoami()
            except ServerRefused:
                return False
            return True

    return asyncio.run(run())


def test_login_whoami_and_logout(database_url: str, config: Path) -> None:
    with served(database_url) as url:
        sign_up(url, display_name="Fox M.")
        login = cli(config, "login", "--server", url, "--username", "fox")
        assert login.exit_code == 0, login.output
        assert f"Logged in as Fox (Fox M.) on {origin_of(url)}" in login.output
        kept = stored(config).get(url)
        assert kept is not None
        assert kept.username == "Fox"
        assert session_works(url, kept.token)

        who = cli(config, "whoami")  # the one server: no --server needed
        assert who.exit_code == 0, who.output
        assert "Fox" in who.output
        assert "Fox M." in who.output
        assert origin_of(url) in who.output
        for result in (login, who):
            assert kept.token not in result.output
            assert PASSWORD not in result.output

        logout = cli(config, "logout", "--server", url)
        assert logout.exit_code == 0, logout.output
        assert "Logged out" in logout.output
        assert stored(config).get(url) is None
        assert not session_works(url, kept.token)
        gone = cli(config, "whoami")
        assert gone.exit_code == 1
        assert "Not logged in" in gone.output


def test_the_session_file_is_for_its_owner_alone(url: str, config: Path) -> None:
    sign_up(url)
    assert cli(config, "login", "--server", url, "--username", "Fox").exit_code == 0
    path = config / "cardtable" / "sessions.json"
    assert sessions_path({"XDG_CONFIG_HOME": str(config)}) == path
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert [entry.name for entry in path.parent.iterdir()] == ["sessions.json"]  # no leftovers
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(data["sessions"]) == [origin_of(url)]


def test_the_password_is_asked_without_echo_on_a_terminal(
    url: str, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sign_up(url)
    monkeypatch.setattr(account, "interactive", lambda: True)
    result = cli(config, "login", "--server", url, password=None, input=f"Fox\n{PASSWORD}\n")
    assert result.exit_code == 0, result.output
    assert "Username" in result.output
    assert "Password" in result.output
    assert PASSWORD not in result.output
    assert "Logged in as Fox" in result.output


def test_signup_asks_the_password_twice(
    url: str, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(account, "interactive", lambda: True)
    typed = f"{PASSWORD}\n{PASSWORD}\n"
    result = cli(config, "signup", "--server", url, "--username", "Wolf", input=typed,
                 password=None)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Repeat" in result.output
    assert PASSWORD not in result.output
    assert "Signed up and logged in as Wolf" in result.output
    assert stored(config).get(url) is not None


def test_signup_refusals_name_the_rule(url: str, config: Path) -> None:
    result = cli(config, "signup", "--server", url, "--username", "Fox", password="Password123!")
    assert result.exit_code == 1
    assert "error:" in result.output
    assert "password" in result.output
    assert "Password123!" not in result.output
    assert stored(config).sessions() == {}


def test_without_a_terminal_the_password_comes_from_the_environment_or_nowhere(
    url: str, config: Path
) -> None:
    sign_up(url)
    result = cli(config, "login", "--server", url, "--username", "Fox", password=None)
    assert result.exit_code == 2
    assert "CARDTABLE_PASSWORD" in result.output
    assert stored(config).sessions() == {}


def test_a_wrong_password_keeps_nothing(url: str, config: Path) -> None:
    sign_up(url)
    result = cli(config, "login", "--server", url, "--username", "Fox",
                 password="not the right one at all")  # fmt: skip
    assert result.exit_code == 1
    assert "error: wrong username or password" in result.output
    assert "not the right one" not in result.output
    assert stored(config).sessions() == {}


def test_logging_in_again_ends_the_earlier_session(url: str, config: Path) -> None:
    sign_up(url)
    assert cli(config, "login", "--server", url, "--username", "Fox").exit_code == 0
    first = stored(config).get(url)
    assert first is not None
    assert cli(config, "login", "--server", url, "--username", "Fox").exit_code == 0
    second = stored(config).get(url)
    assert second is not None
    assert second.token != first.token
    assert not session_works(url, first.token)
    assert session_works(url, second.token)


def test_logout_forgets_the_session_when_the_server_is_away(config: Path) -> None:
    away = f"http://127.0.0.1:{free_port()}"
    stored(config).remember(away, "a" * 43, "Fox")
    result = cli(config, "logout")
    assert result.exit_code == 0, result.output
    assert "here only" in result.output
    assert stored(config).sessions() == {}
    again = cli(config, "logout", "--server", away)
    assert again.exit_code == 0
    assert "not logged in" in again.output


def test_several_servers_need_server(config: Path) -> None:
    stored(config).remember("http://127.0.0.1:1", "a" * 43, "Fox")
    stored(config).remember("http://127.0.0.1:2", "b" * 43, "Fox")
    result = cli(config, "whoami")
    assert result.exit_code == 2
    assert "--server" in result.output
    assert "a" * 43 not in result.output


def test_whoami_without_any_session_exits_1(config: Path) -> None:
    result = cli(config, "whoami")
    assert result.exit_code == 1
    assert "Not logged in" in result.output
    assert cli(config, "whoami", "--server", "http://127.0.0.1:9").exit_code == 1


@pytest.mark.parametrize(
    "text", ["{not json", "[]", '{"sessions": {"http://a:80": {"token": 7}}}', "\udcff"]
)
def test_a_broken_file_is_refused_clearly_and_kept(config: Path, text: str) -> None:
    path = config / "cardtable" / "sessions.json"
    path.parent.mkdir(mode=0o700)
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    path.chmod(0o600)
    before = path.read_bytes()
    for args in (["whoami"], ["login", "--server", "http://127.0.0.1:9", "--username", "Fox"]):
        result = cli(config, *args)
        assert result.exit_code == 1, result.output
        assert "error: the session file" in result.output
        assert "log in again" in result.output
    assert path.read_bytes() == before


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX's")
def test_a_file_others_may_read_is_refused_and_kept(config: Path) -> None:
    stored(config).remember("http://127.0.0.1:1", "a" * 43, "Fox")
    path = config / "cardtable" / "sessions.json"
    path.chmod(0o644)
    before = path.read_bytes()
    result = cli(config, "whoami")
    assert result.exit_code == 1
    assert "may be read by others (mode 0644)" in result.output
    assert f"chmod 600 {path}" in result.output.replace("\n", "")
    assert path.read_bytes() == before
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_a_failed_write_leaves_the_file_as_it_was(
    config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    credentials = stored(config)
    credentials.remember("http://127.0.0.1:1", "a" * 43, "Fox")
    before = credentials.path.read_bytes()

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(CredentialsProblem, match="cannot be written"):
        credentials.remember("http://127.0.0.1:2", "b" * 43, "Wolf")
    assert credentials.path.read_bytes() == before
    assert [entry.name for entry in credentials.path.parent.iterdir()] == ["sessions.json"]


def test_servers_are_keyed_by_origin(config: Path) -> None:
    credentials = stored(config)
    credentials.remember("HTTP://LocalHost", "a" * 43, "Fox")
    kept = credentials.get("http://localhost:80/")
    assert kept is not None
    assert kept.username == "Fox"
    assert "a" * 43 not in repr(kept)
    assert credentials.get("https://localhost") is None
    assert credentials.forget("localhost:80") == kept
    assert credentials.sessions() == {}


def test_play_on_a_server_takes_the_session_kept_for_it(config: Path) -> None:
    credentials = stored(config)
    credentials.remember("http://127.0.0.1:8000", "a" * 43, "Fox")
    settings = remote_settings(find("war"), server="127.0.0.1:8000", room="r7", name="Fox",
                               password=None, seats=None, rules=None, args=[],
                               credentials=credentials)  # fmt: skip
    assert settings.session == "a" * 43
    assert "a" * 43 not in repr(settings)
    other = remote_settings(find("war"), server="127.0.0.1:8001", room="r7", name="Fox",
                            password=None, seats=None, rules=None, args=[],
                            credentials=credentials)  # fmt: skip
    assert other.session is None
