"""The protocol's version and the limits every message is held to.

>>> PROTOCOL_VERSION, PROTOCOL_VERSIONS, MAX_MESSAGE_BYTES, MAX_CHAT_CHARS
(10, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 16384, 500)
"""

from __future__ import annotations

from typing import Final

PROTOCOL_VERSION: Final = 10
"""The version of the messages. It grows by one whenever a change could make an existing
client misread a message or be refused (a field added to a server message, or removed, renamed
or retyped, a meaning changed, a new error code, a limit tightened); a new server message type
(which clients skip), a new optional client field or a loosened limit keep it.

Version 2 carries a seat's new events inside its ``view`` (``new_events``) instead of in an
``events`` message before it: one message a seat for each decision instead of two.

Version 3 adds the error code ``unavailable``: the server's storage or fan-out is away for a
moment, and the message changed nothing (older clients are told ``internal`` instead).

Version 4 lists a view's legal decisions as objects (their kind, the cards, targets and mode
they name, and their text) instead of texts, adds ``unplayable`` to a view (why each card in
the hand of the seat to act cannot be played), and gives an ``error`` about a decision its
``refusal`` code (the engine's or the game's) and ``penalised`` (the rules took it and fined
it).

Version 5 tells which kind of person holds a seat: a seat's ``kind`` is ``account`` (a
signed-in person) or ``guest`` (a person without an account) where it was ``guest`` for both,
and a seat carries the ``username`` of the account holding it (in ``room`` and ``presence``
messages). Older versions are sent ``guest`` for both, and no ``username``.

Version 6 says how a match ended as a code: a view's ``outcome`` carries ``code`` (one of the
game's outcome codes, listed on its rules page) and ``seats`` (the seats it concerns) beside
``winners`` and ``reason``, and the view carries ``outcome_text``, the outcome in words for
its seat with the table's names ("You won — Bob conceded"). A turn whose time ran out is a
``timeout`` decision of the server's timer (a client that sends one is refused, with the
refusal ``timer_only``), told by a ``timed_out`` event. Older versions are sent the outcome
as ``winners`` and ``reason`` alone, and no ``outcome_text``.

Version 7 lets a seat hand its turns to the server where the game offers no real choice
(:attr:`~cardtable.engine.game.Game.auto_play`, War's): the client messages ``auto`` (turn my
seat's cards for me, or stop) and ``pace`` (the room's pace of automatic turns: ``normal`` or
``fast``), the error codes ``not_your_seat`` and ``no_auto_play``, and a seat's ``auto`` in
``room`` and ``presence`` messages (true for computer players; a person's choice). It also
keeps a room's running score and its rematches: a seat's ``wins`` (the room's matches it has
won) and ``rematch`` (its person has accepted a rematch: one starts once every person at the
table has), and a room's ``pace`` and ``name`` (the name its host gave it). Older versions
are sent seats without ``auto``, ``wins`` or ``rematch`` and rooms without ``pace`` or
``name``, and their ``auto`` and ``pace`` messages are refused as ``unknown_type``.

Version 8 brings correspondence play: a room's ``kind`` (``live``, or ``correspondence``:
each person acts whenever they like within a deadline of hours or days) and its ``timeout``
policy (what a turn whose time runs out does: ``default``, ``forfeit`` or ``agent``), and a
``timed_out`` event whose ``decision`` is ``concede`` (the seat forfeited) or ``agent`` (a
computer player took the seat). Older versions are sent rooms without ``kind`` or
``timeout``.

Version 9 brings ranked play: a finished match's ``outcome`` carries ``placings``, every
seat's place (1 first, equal places shared: 1, 1, 3), in a view's outcome and the one inside
its ``view``, and a room says whether its matches are ``rated``. Older versions are sent
outcomes without ``placings`` and rooms without ``rated``.

Version 10 brings tournaments: a room that plays a tournament's table says so (``tournament``:
the tournament's id and name, the round and the table), so that its players and spectators can
find the tournament's page. Older versions are sent rooms without ``tournament``."""

PROTOCOL_VERSIONS: Final = (1, 2, 3, 4, 5, 6, 7, 8, 9, PROTOCOL_VERSION)
"""The versions a server speaks: a client that says hello with an older one is still served in
the messages of its version."""

MAX_MESSAGE_BYTES: Final = 16 * 1024
"""The largest client message, in bytes of its UTF-8 text; a larger one is refused unread."""

MAX_CHAT_CHARS: Final = 500
"""The longest chat line, in characters, after cleaning (see :mod:`.text`)."""

MAX_NAME_CHARS: Final = 32
"""The longest display name, in characters, after trimming."""

MAX_ROOM_NAME_CHARS: Final = 60
"""The longest name of a room, in characters, after trimming."""

MAX_PASSWORD_CHARS: Final = 128
"""The longest room password, in characters."""

MAX_TOKEN_CHARS: Final = 256
"""The longest seat or spectator token a client may present."""

MAX_DECISION_CHARS: Final = 1000
"""The longest decision text a client may send."""
