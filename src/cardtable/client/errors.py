"""The client's errors: the server cannot be reached, or it refused, with its code and sentence.

Each carries a plain sentence (``reason``) for people; a refusal also carries the server's
``code`` for programs, so a caller can tell a wrong password from a full room.

>>> refusal = ServerRefused("bad_password", "wrong password for this room", status=403)
>>> refusal.code, refusal.reason, refusal.status
('bad_password', 'wrong password for this room', 403)
>>> isinstance(Unreachable("no answer"), ClientError)
True
>>> isinstance(GaveUp("internal", "the server kept failing", attempts=9), ServerRefused)
True
"""

from __future__ import annotations

from cardtable.engine.errors import CardtableError


class ClientError(CardtableError):
    """Something the client could not do; ``reason`` says what, in a plain sentence."""


class Unreachable(ClientError):
    """The server did not answer: a wrong address, nothing listening, or the network is down."""


class ServerRefused(ClientError):
    """The server refused a request (a REST problem, or a WebSocket error that ends the
    connection, such as ``bad_token``)."""

    def __init__(
        self,
        code: str,
        reason: str,
        *,
        status: int | None = None,
        refusal: str | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(reason)
        self.code = code
        self.status = status
        """The HTTP status for a REST refusal; ``None`` for one sent over the WebSocket."""
        self.refusal = refusal
        """A finer code than ``code``, when the server gave one (``password_common``)."""
        self.field = field
        """The field of the request at fault, when the server named one (``password``)."""


class GaveUp(ServerRefused):
    """The server kept failing on a request (``internal``, ``unavailable``) through every
    retry: ``code`` is the last failure's, ``attempts`` how many tries were made in all."""

    def __init__(self, code: str, reason: str, *, attempts: int) -> None:
        super().__init__(code, reason)
        self.attempts = attempts


class BadServerUrl(ClientError):
    """The server's address is not an ``http://`` or ``https://`` URL."""
