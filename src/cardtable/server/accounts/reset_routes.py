"""Redeeming a one-time password reset code over REST: ``POST /api/account/reset``.

The server has no e-mail: its operator issues a code with ``cardtable admin reset-code
USERNAME`` (:func:`~.admin.issue_reset_code`) and hands it over; the person sends it back with
a new password (:class:`~cardtable.protocol.account_reset.RedeemResetCode`), from the browser
or any program. On success (204) the password is the new one and every session of the account
has ended, in one transaction; the code is spent. The app includes :data:`router`.

- ``bad_reset_code`` (403): the code is wrong, used or expired, or the account does not exist
  or is disabled: all alike, so that the answer tells no more than "this code does not work".
- ``bad_account`` (422, ``field`` ``new_password``): a new password the rules refuse, as for
  signing up; the code is not spent.
- ``too_many`` (429): each try counts as a sign-in try does, per username and per client
  address (the same counters as signing in, so guesses at codes and at passwords add up); a
  code that works forgets the username's count and takes its own try off the address's.
- ``forbidden_origin`` (403): a request from another site's page.
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from cardtable.protocol.account_reset import RedeemResetCode
from cardtable.server.accounts.admin import redeem_reset_code
from cardtable.server.accounts.errors import AccountError
from cardtable.server.accounts.names import check_username, username_key
from cardtable.server.accounts.passwords import check_new_password
from cardtable.server.accounts.routes import check_origin
from cardtable.server.accounts.service import refused
from cardtable.server.errors import Refused
from cardtable.server.routes import Server, client_of, refusals

__all__ = ["router"]

router = APIRouter(prefix="/api")


@router.post(
    "/account/reset",
    status_code=204,
    summary="Set a new password with a one-time reset code: every session ends",
    description="The code comes from the server's operator (`cardtable admin reset-code`). "
    "A wrong, used or expired code is refused with `bad_reset_code`; tries are slowed down "
    "per username and per address, as sign-ins are.",
    responses=refusals("forbidden_origin", "bad_reset_code", "bad_account", "too_many"),
)
async def reset_password(body: RedeemResetCode, request: Request, server: Server) -> None:
    check_origin(request, server, required=False)
    _check_new_password(body)  # before counting a try: a weak password is no guess
    people = server.people
    key, address = username_key(body.username), client_of(request)
    people.reserve(key, address)
    account = await redeem_reset_code(
        people.store,
        people.hashing,
        username=body.username,
        code=body.code,
        new_password=body.new_password,
        now=people.clock(),
    )
    if account is None:
        raise Refused(
            "bad_reset_code",
            "this reset code does not work: it is wrong, used or expired (ask the server's "
            "operator for a new one)",
        )
    people.forgive(key, address)


def _check_new_password(body: RedeemResetCode) -> None:
    """Refuse ``bad_account`` for a new password the rules refuse (for a username that can
    be an account's: another one's code will not work anyway)."""
    try:
        name = check_username(body.username)
    except AccountError:
        return
    try:
        check_new_password(body.new_password, username=name.name)
    except AccountError as error:
        raise refused(error, "new_password") from None
