"""Where the command line keeps its sessions: one token per server, readable by you alone.

``cardtable login`` signs in and keeps the session's token in ``sessions.json`` in the user's
configuration directory (:func:`sessions_path`: ``$XDG_CONFIG_HOME/cardtable``, else
``~/.config/cardtable``), keyed by the server's origin (:func:`origin_of`: scheme, host and
port, normalised, so ``HTTP://Localhost`` and ``http://localhost:80/`` are one server). The
file is written whole and atomically (a temporary file beside it, then ``os.replace``) with
mode 0600, in a directory of mode 0700; a token is never printed.

A file that others may read, or that is not what this module writes, is refused with a
:class:`CredentialsProblem` saying what to do, and left as it is: nothing is lost.

>>> origin_of("HTTP://Cards.Example/"), origin_of("https://cards.example:443/lobby")
('http://cards.example:80', 'https://cards.example:443')
>>> origin_of("[::1]:8000")
'http://[::1]:8000'
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

from cardtable.client import BadServerUrl, server_url
from cardtable.engine.errors import CardtableError

__all__ = [
    "FILE_MODE",
    "FOLDER_MODE",
    "Credentials",
    "CredentialsProblem",
    "StoredSession",
    "origin_of",
    "sessions_path",
]

FILE_MODE: Final = 0o600
"""The session file: read and written by its owner alone."""
FOLDER_MODE: Final = 0o700
"""cardtable's configuration directory: entered by its owner alone."""
FILE_NAME: Final = "sessions.json"
_VERSION: Final = 1
_CHECKS_MODES: Final = os.name == "posix"
"""Whether file modes mean anything here (they do not on Windows)."""


class CredentialsProblem(CardtableError):
    """The session file cannot be used as it is (others may read it, or it is broken)."""


def sessions_path(environ: Mapping[str, str] = os.environ) -> Path:
    """The session file: ``$XDG_CONFIG_HOME/cardtable/sessions.json``, or
    ``~/.config/cardtable/sessions.json`` where ``XDG_CONFIG_HOME`` is unset or not absolute
    (as the XDG base directory specification says).

    >>> sessions_path({"XDG_CONFIG_HOME": "/cfg"}).as_posix()
    '/cfg/cardtable/sessions.json'
    """
    base = environ.get("XDG_CONFIG_HOME") or ""
    folder = Path(base) if base and Path(base).is_absolute() else Path.home() / ".config"
    return folder / "cardtable" / FILE_NAME


def origin_of(url: str) -> str:
    """The origin of a server's address, ``scheme://host:port``, lowercased, the port always
    written (80 and 443 by default); :class:`~cardtable.client.BadServerUrl` for no server
    address."""
    parts = urlsplit(server_url(url))
    host = (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return f"{parts.scheme}://{host}:{port}"


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A session kept for a server: its address, the token, and who it signs in."""

    server: str
    """The server's base URL, as given when logging in (its origin is the file's key)."""
    token: str
    username: str

    def __repr__(self) -> str:  # the token is not written to logs by accident
        return f"StoredSession(server={self.server!r}, token=..., username={self.username!r})"


class Credentials:
    """The session file at ``path`` (by default :func:`sessions_path`), read afresh at each
    call and written whole at each change."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else sessions_path()

    # -- reading ----------------------------------------------------------------------------

    def sessions(self) -> dict[str, StoredSession]:
        """Every session kept, by the origin of its server (none when there is no file)."""
        try:
            info = self.path.stat()
        except FileNotFoundError:
            return {}
        except OSError as error:
            raise self._problem(f"cannot be read ({error.strerror})") from None
        if _CHECKS_MODES and stat.S_IMODE(info.st_mode) & 0o077:
            raise self._problem(
                f"may be read by others (mode {stat.S_IMODE(info.st_mode):04o}): it holds "
                f"session tokens. Run: chmod 600 {self.path}  (or log in again after "
                "removing it)"
            )
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except OSError as error:
            raise self._problem(f"cannot be read ({error.strerror})") from None
        except (ValueError, UnicodeDecodeError):
            raise self._problem(_BROKEN) from None
        return _parse(data, self._problem)

    def get(self, server: str) -> StoredSession | None:
        """The session kept for ``server`` (any address of it), if any."""
        return self.sessions().get(origin_of(server))

    # -- changing ---------------------------------------------------------------------------

    def remember(self, server: str, token: str, username: str) -> StoredSession:
        """Keep a session for ``server``, in place of any earlier one."""
        found = self.sessions()
        kept = StoredSession(server=server_url(server), token=token, username=username)
        found[origin_of(server)] = kept
        self._write(found)
        return kept

    def forget(self, server: str) -> StoredSession | None:
        """Forget the session kept for ``server``; the one forgotten, if any."""
        found = self.sessions()
        gone = found.pop(origin_of(server), None)
        if gone is not None:
            self._write(found)
        return gone

    def _write(self, found: dict[str, StoredSession]) -> None:
        folder = self.path.parent
        try:
            folder.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
            if _CHECKS_MODES:
                folder.chmod(FOLDER_MODE)
            data = {
                "version": _VERSION,
                "sessions": {
                    origin: {"server": kept.server, "token": kept.token, "username": kept.username}
                    for origin, kept in sorted(found.items())
                },
            }
            handle, temporary = tempfile.mkstemp(prefix=".sessions-", suffix=".tmp", dir=folder)
        except OSError as error:
            raise self._problem(f"cannot be written ({error.strerror})") from None
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                if _CHECKS_MODES:
                    os.fchmod(file.fileno(), FILE_MODE)
                json.dump(data, file, indent=2)
                file.write("\n")
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.path)
        except OSError as error:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise self._problem(f"cannot be written ({error.strerror})") from None
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def _problem(self, what: str) -> CredentialsProblem:
        return CredentialsProblem(f"the session file {self.path} {what}")


_BROKEN: Final = (
    "is not a session file cardtable wrote (broken JSON): it was left as it is; move it "
    "away (or remove it) and log in again"
)


def _parse(data: Any, problem: Callable[[str], CredentialsProblem]) -> dict[str, StoredSession]:
    """The sessions in the file's JSON, checked (``problem(what)`` for what is wrong)."""
    sessions = data.get("sessions") if isinstance(data, dict) else None
    if not isinstance(sessions, dict):
        raise problem(_BROKEN.replace("broken JSON", "no sessions in it"))
    found: dict[str, StoredSession] = {}
    for origin, entry in sessions.items():
        fields = entry if isinstance(entry, dict) else {}
        values = [fields.get(name) for name in ("server", "token", "username")]
        texts = [value for value in values if isinstance(value, str) and value]
        if len(texts) != len(values):
            raise problem(_BROKEN.replace("broken JSON", f"the entry of {origin} is broken"))
        server, token, username = texts
        try:
            key = origin_of(server)
        except BadServerUrl:
            raise problem(_BROKEN.replace("broken JSON", f"{server!r} is no address")) from None
        found[key] = StoredSession(server=server, token=token, username=username)
    return found
