"""A server's addresses: its base URL as given on a command line, and a room's WebSocket.

>>> server_url("localhost:8000")
'http://localhost:8000'
>>> socket_url("https://cards.example/", "r7")
'wss://cards.example/ws/rooms/r7'
"""

from __future__ import annotations

from urllib.parse import quote, urlsplit

from cardtable.client.errors import BadServerUrl

__all__ = ["server_url", "socket_url"]


def server_url(text: str) -> str:
    """The server's base URL, ``http://`` added when no scheme is given (``BadServerUrl``
    for anything but an http or https address)."""
    url = text.strip().rstrip("/")
    if "://" not in url:
        url = f"http://{url}"
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadServerUrl(f"{text!r} is not a server address: give one like http://host:8000")
    try:
        parts.port  # noqa: B018 - reading it checks it
    except ValueError:
        raise BadServerUrl(f"{text!r} has a port that is not a number from 0 to 65535") from None
    return url


def socket_url(base: str, room: str) -> str:
    """The WebSocket address of ``room`` on the server at ``base``."""
    url = server_url(base)
    scheme = "wss" if url.startswith("https://") else "ws"
    return f"{scheme}://{url.split('://', 1)[1]}/ws/rooms/{quote(room, safe='')}"
