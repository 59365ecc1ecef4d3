"""A Python client of the match server: the lobby over HTTP and a seat over the WebSocket.

It speaks only the wire protocol (:mod:`cardtable.protocol`) and knows no rules: the terminal's
``cardtable play GAME --server URL`` and the load script's bots are built on it.

* :class:`Lobby`: games, rooms, seats, matches and records over REST (signed in to an account
  with ``session=TOKEN``), and :meth:`Lobby.seat` to open a seat that carries the session;
* :class:`Accounts`: signing up, in and out, who is signed in, sessions, a reset code;
* :class:`Friends`: a signed-in account's friends, requests and blocks;
* :class:`Notifications`: a signed-in account's inbox: pages, unread count, read, delete, mute;
* :class:`Feed`: a signed-in account's activity feed: friends' activity, a person's, shares of
  replays and decks, and who may see one's own;
* :class:`Tournaments`: tournaments: the list, one's page, creating, entering, withdrawing, and
  the host's actions;
* :class:`Seat`: one connection to a room that says hello, gives the server's messages typed
  and in order, and reconnects after a drop without losing or repeating an event; signed in
  (``session=TOKEN``), it sends the session on the handshake (:data:`SESSION_HEADER`), so
  that a person resumes their account's seat from any device with no seat token;
* :func:`play_seat`, :class:`Bot`, :func:`first_legal`, :func:`agent_chooser`: seats played by
  a program to the end of a match;
* :func:`view_from_json`, :func:`decisions_from`: a view message back as the engine's objects;
* :class:`Backoff`: how long a bot waits before trying a decision the server failed on again;
* :class:`ClientError`, :class:`Unreachable`, :class:`ServerRefused`, :class:`GaveUp`: what can
  go wrong.

>>> server_url("127.0.0.1:8000")
'http://127.0.0.1:8000'
"""

from cardtable.client.accounts import Accounts
from cardtable.client.address import server_url, socket_url
from cardtable.client.backoff import DEFAULT_BACKOFF, Backoff
from cardtable.client.bot import Bot, Chooser, Listener, agent_chooser, first_legal, play_seat
from cardtable.client.errors import (
    BadServerUrl,
    ClientError,
    GaveUp,
    ServerRefused,
    Unreachable,
)
from cardtable.client.feed import Feed
from cardtable.client.friends import Friends
from cardtable.client.lobby import SESSION_HEADER, Lobby
from cardtable.client.notifications import Notifications
from cardtable.client.seat import FATAL, Seat
from cardtable.client.tournaments import Tournaments
from cardtable.client.views import decisions_from, view_from_json

__all__ = [
    "DEFAULT_BACKOFF",
    "FATAL",
    "SESSION_HEADER",
    "Accounts",
    "Backoff",
    "BadServerUrl",
    "Bot",
    "Chooser",
    "ClientError",
    "Feed",
    "Friends",
    "GaveUp",
    "Listener",
    "Lobby",
    "Notifications",
    "Seat",
    "ServerRefused",
    "Tournaments",
    "Unreachable",
    "agent_chooser",
    "decisions_from",
    "first_legal",
    "play_seat",
    "server_url",
    "socket_url",
    "view_from_json",
]
