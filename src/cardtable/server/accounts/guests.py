"""Who a request is: a signed-in account, a guest, or a visitor the server has not met.

No one must register to play. A visitor who is not signed in gets a **guest identity** the
first time they create or join a room (never on a mere look around): a row in ``guests`` and
its token in the cookie :data:`GUEST_COOKIE` (``HttpOnly``, ``SameSite=Lax``, ``Path=/``,
``Secure`` over HTTPS, ``Max-Age`` the guests' idle time, renewed at each use), kept only as
its SHA-256. The seats a guest takes are the guest's, and so are the matches played in them;
signing up with the cookie (or the token in the body) moves them to the new account, and the
cookie is cleared then. A guest unused for ``guest_idle_days`` is removed by the server's
periodic purge (:meth:`~cardtable.server.services.Services.purge`); the matches it played keep
the names of their time.

A request is **signed in** by the session cookie (:data:`COOKIE`) or the header
(:data:`HEADER`, which wins). A change signed in by the cookie must come from the server's own
pages (:func:`check_origin`): another site cannot make a browser take a seat in someone's name.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request, Response

from cardtable.protocol.accounts import SESSION_HEADER as HEADER
from cardtable.server.accounts.rows import AccountRow, GuestRow
from cardtable.server.accounts.tokens import new_guest_token, token_hash
from cardtable.server.errors import Refused
from cardtable.server.rooms import NOBODY, TOKEN_SHAPE, Sitter
from cardtable.server.security import origin_allowed
from cardtable.server.services import Services
from cardtable.server.storage import SqlStorage

__all__ = [
    "COOKIE",
    "GUEST_COOKIE",
    "HEADER",
    "Identity",
    "check_origin",
    "clear_guest_cookie",
    "guest_token",
    "identify",
    "known_guest",
    "presented",
    "signed_in_account",
]

COOKIE = "cardtable_session"
"""The cookie that holds a browser's session token."""
GUEST_COOKIE = "cardtable_guest"
"""The cookie that holds a guest's token."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing: a cookie alone may sign them in."""


@dataclass(frozen=True, slots=True)
class Identity:
    """Who a request is: an account (signed in), else a guest, else nobody known."""

    account: AccountRow | None = None
    guest: GuestRow | None = None

    @property
    def sitter(self) -> Sitter:
        """Who takes a seat, as the rooms know people."""
        if self.account is not None:
            return Sitter(account_id=self.account.id, name=self.account.display_name)
        if self.guest is not None:
            return Sitter(guest_id=self.guest.id)
        return NOBODY


def check_origin(request: Request, server: Services, *, required: bool) -> None:
    """Refuse ``forbidden_origin`` for a request from a foreign page (or, when ``required``,
    one that does not say where it comes from)."""
    origin = request.headers.get("origin")
    if origin is None and not required:
        return
    if origin is None or not origin_allowed(
        origin, request.headers.get("host"), server.config.origins
    ):
        raise Refused(
            "forbidden_origin",
            "this request must come from the server's own pages (its Origin header says "
            "otherwise, or is missing), or carry the session in the X-Cardtable-Session header",
        )


def presented(header: str | None, cookie: str | None) -> tuple[str | None, bool]:
    """The session token a request presents, and whether it is the cookie's."""
    if header is not None:
        return header, False
    return cookie, cookie is not None


def _session_token(request: Request, server: Services, *, checked: bool) -> str | None:
    """The session token of the request (header first); when ``checked``, refusing a change
    signed in by the cookie from a foreign page."""
    token, by_cookie = presented(request.headers.get(HEADER), request.cookies.get(COOKIE))
    if token is None or not TOKEN_SHAPE.fullmatch(token):
        return None
    if checked and by_cookie and request.method not in SAFE_METHODS:
        check_origin(request, server, required=True)
    return token


def _has_accounts(server: Services) -> bool:
    """Whether the server keeps accounts (a store that is not SQL, as some tests use, has
    none)."""
    return isinstance(server.storage, SqlStorage)


async def signed_in_account(
    request: Request, server: Services, *, checked: bool = True
) -> AccountRow | None:
    """The account the request is signed in as, if it presents a live session (nothing is
    looked up when it presents none). ``checked``: the session is what the request acts by,
    so a change signed in by the cookie must come from the server's own pages; without, the
    session only narrows what a token the request carries may do (another site can make a
    browser send the cookie, not a token)."""
    token = _session_token(request, server, checked=checked)
    if token is None or not _has_accounts(server):
        return None
    current = await server.people.authenticate(token)
    return None if current is None else current.account


def guest_token(request: Request) -> str | None:
    token = request.cookies.get(GUEST_COOKIE)
    return token if token is not None and TOKEN_SHAPE.fullmatch(token) else None


async def known_guest(request: Request, server: Services) -> GuestRow | None:
    """The guest of the request's cookie, if it is one the server knows (none is made)."""
    token = guest_token(request)
    if token is None or not _has_accounts(server):
        return None
    return await server.accounts.guest_by_token_hash(token_hash(token))


async def identify(request: Request, response: Response, server: Services) -> Identity:
    """Who is taking a seat: the signed-in account; else the guest of the cookie (marked as
    seen); else a new guest, whose cookie the response sets."""
    account = await signed_in_account(request, server)
    if account is not None:
        return Identity(account=account)
    if not _has_accounts(server):
        return Identity()
    store = server.accounts
    now = server.clock()
    token = guest_token(request)
    if token is not None:
        guest = await store.guest_by_token_hash(token_hash(token))
        if guest is not None:
            await store.touch_guest(guest.id, now)
            _set_guest_cookie(response, request, token, server)
            return Identity(guest=guest)
    issued = new_guest_token()
    guest = await store.create_guest(issued.hash, now)
    _set_guest_cookie(response, request, issued.secret, server)
    return Identity(guest=guest)


def _set_guest_cookie(response: Response, request: Request, token: str, server: Services) -> None:
    response.set_cookie(
        GUEST_COOKIE,
        token,
        max_age=int(server.config.guest_idle_days * 24 * 3600),
        path="/",
        secure=request.url.scheme == "https",
        httponly=True,
        samesite="lax",
    )


def clear_guest_cookie(response: Response, request: Request) -> None:
    response.delete_cookie(
        GUEST_COOKIE, path="/", secure=request.url.scheme == "https", httponly=True, samesite="lax"
    )
