"""What ``cardtable play --server URL [--room ID]`` was asked for, checked before connecting
(with the session ``cardtable login`` kept for that server, if any).

>>> from cardtable.games import find
>>> settings = remote_settings(find("war"), server="127.0.0.1:8000", room=None, name="Fox",
...     password=None, seats="human,random", rules=None, args=["--ranks", "6"])
>>> settings.server, [spec.text() for spec in settings.seats], settings.ruleset.ranks
('http://127.0.0.1:8000', ['human', 'random'], 6)
>>> remote_settings(find("war"), server=None, room="r7", name="Fox", password=None,
...     seats=None, rules=None, args=[])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.cli.errors.UsageProblem: --room needs --server: ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.agents import SeatSpec, check_seats, parse_seats
from cardtable.agents.registry import default_seats
from cardtable.cli.credentials import Credentials
from cardtable.cli.errors import UsageProblem
from cardtable.cli.play import players_from_seats, rules_from_options
from cardtable.client import BadServerUrl, server_url
from cardtable.engine.game import Game
from cardtable.games import load_rules


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoteSettings:
    """What ``cardtable play --server`` was asked for, already checked."""

    game: Game[Any, Any]
    server: str
    room: str | None
    """The room to join; ``None``: create one."""
    name: str
    password: str | None = None
    ruleset: Any = None
    """The rules of a room to create (``None`` with ``room``)."""
    seats: tuple[SeatSpec, ...] = ()
    """The seats of a room to create (``human``: open for a person, the first one yours)."""
    session: str | None = None
    """The token of the session ``cardtable login`` kept for this server, if any: the lobby
    and the seat's WebSocket send it (``X-Cardtable-Session``), so that the server knows the
    account, and the seat the account holds in ``room`` is resumed without its token."""
    username: str | None = None
    """The username the kept session signs in (``None`` signed out)."""

    def __repr__(self) -> str:  # the session's token is not written to logs by accident
        return (
            f"RemoteSettings(game={self.game.name!r}, server={self.server!r}, "
            f"room={self.room!r}, name={self.name!r}, username={self.username!r}, "
            f"signed_in={self.session is not None})"
        )


def remote_settings(
    game: Game[Any, Any],
    *,
    server: str | None,
    room: str | None,
    name: str,
    password: str | None,
    seats: str | None,
    rules: Path | None,
    args: Sequence[str],
    local_only: Sequence[str] = (),
    credentials: Credentials | None = None,
) -> RemoteSettings:
    """Check what ``play --server`` was asked for (``UsageProblem`` says what cannot be).

    ``local_only`` names the options given that only a local match takes (``--seed``...).
    The session kept for the server (in ``credentials``, by default the user's session file)
    goes along, with the username it signs in.
    """
    if server is None:
        raise UsageProblem("--room needs --server: the address of the server the room is on")
    if local_only:
        raise UsageProblem(f"{', '.join(local_only)}: only for a local match, not with --server")
    try:
        url = server_url(server)
    except BadServerUrl as error:
        raise UsageProblem(error.reason) from None
    kept = (credentials or Credentials()).get(url)
    session, username = (None, None) if kept is None else (kept.token, kept.username)
    if room is not None:
        if seats is not None or rules is not None or args:
            raise UsageProblem(
                "the room's host chose its seats and rules: leave out --seats, --rules and "
                "rule options with --room"
            )
        return RemoteSettings(
            game=game, server=url, room=room, name=name, password=password, session=session,
            username=username,
        )  # fmt: skip
    ruleset = rules_from_options(game, load_rules(game, rules), args)
    if seats is not None:
        specs = parse_seats(seats)
        ruleset = players_from_seats(ruleset, len(specs), args, rules is not None)
    else:
        specs = default_seats(game, game.seats(ruleset))
    check_seats(specs, game, game.seats(ruleset))
    if not any(spec.human for spec in specs):
        raise UsageProblem("--seats needs a human seat for you when playing on a server")
    return RemoteSettings(
        game=game,
        server=url,
        room=None,
        name=name,
        password=password,
        ruleset=ruleset,
        seats=tuple(specs),
        session=session,
        username=username,
    )
