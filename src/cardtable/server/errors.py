"""The server's refusals: a code the protocol names, and a sentence for a person.

Everything a client may do wrong ends in a :class:`Refused`; the WebSocket sends it as an
``error`` message, the REST routes as a problem document with a fitting HTTP status.

>>> refusal = Refused("not_your_turn", "it is player 1's turn")
>>> refusal.code, refusal.reason, refusal.status
('not_your_turn', "it is player 1's turn", 409)

A refused decision also says which rule refused it, by the engine's or the game's code:

>>> Refused("illegal_decision", "you cannot afford Fireball", refusal="cannot_afford").refusal
'cannot_afford'
"""

from __future__ import annotations

from cardtable.engine.errors import CardtableError

STATUS: dict[str, int] = {
    "bad_message": 422,
    "bad_token": 403,
    "bad_password": 403,
    "forbidden": 403,
    "too_many": 429,
    "not_found": 404,
    "no_match": 404,
    "unknown_game": 404,
    "room_closed": 409,
    "room_full": 409,
    "not_your_turn": 409,
    "stale_version": 409,
    "match_over": 409,
    "illegal_decision": 422,
    "not_seated": 403,
    "bad_rules": 422,
    "bad_deck": 422,
    "unavailable": 503,
    # accounts and sessions
    "not_logged_in": 401,
    "wrong_password": 403,
    "account_disabled": 403,
    "forbidden_origin": 403,
    "username_taken": 409,
    "bad_account": 422,
    "bad_reset_code": 403,
    # invites
    "invite_unknown": 404,
    "invite_expired": 410,
    "invite_revoked": 410,
    "too_many_invites": 409,
    "invite_used": 410,
    "already_seated": 409,
    # friends
    "unknown_account": 404,
    "friend_self": 422,
    "already_friends": 409,
    "request_pending": 409,
    "you_blocked": 409,
    "too_many_pending": 409,
    "no_request": 404,
    "not_friends": 404,
    "not_blocked": 404,
    # notifications
    "notification_unknown": 404,
    "unknown_kind": 422,
    # the activity feed
    "not_your_match": 404,
    "match_not_finished": 409,
    "match_private": 409,
    # ranked play
    "already_queued": 409,
    "in_rated_match": 409,
    # tournaments
    "bad_tournament": 422,
    "tournament_closed": 409,
    "tournament_full": 409,
    "already_entered": 409,
    "not_entered": 404,
    "too_few": 409,
    "method_not_allowed": 405,
    "too_large": 413,
    "internal": 500,
}
"""The HTTP status of each refusal the REST routes can give (409 when unlisted), those HTTP
itself gives included (a wrong method, a body too large, a failure of the server)."""


def status_of(code: str) -> int:
    """The HTTP status of refusal ``code``.

    >>> status_of("not_found"), status_of("too_large"), status_of("something_new")
    (404, 413, 409)
    """
    return STATUS.get(code, 409)


class Refused(CardtableError):
    """A request the server will not carry out; nothing changed."""

    def __init__(
        self,
        code: str,
        reason: str,
        *,
        retry_after: float | None = None,
        refusal: str | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(reason)
        self.code = code
        self.retry_after = retry_after
        """Seconds to wait before trying again (slowed-down passwords, rate limits)."""
        self.refusal = refusal
        """For a refused decision, the engine's or the game's refusal code (``code`` is one
        of the protocol's few; this one says which rule), or a rules or deck error's code."""
        self.field = field
        """For rules or a deck: the field at fault, dotted."""

    @property
    def status(self) -> int:
        return status_of(self.code)
