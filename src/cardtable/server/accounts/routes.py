"""The REST routes of accounts and sessions, under ``/api`` (the app includes :data:`router`).

| route | what it does |
|---|---|
| ``POST /api/accounts`` | sign up (:class:`~cardtable.protocol.accounts.SignUp`), signed in |
| ``POST /api/session`` | sign in (:class:`~cardtable.protocol.accounts.SignIn`): a new session |
| ``GET /api/session`` | who is signed in, and the session |
| ``DELETE /api/session`` | sign out (this session) |
| ``GET /api/sessions`` | one's sessions, the last used first |
| ``DELETE /api/sessions`` | sign out everywhere (every session, this one too) |
| ``DELETE /api/sessions/{id}`` | end one of one's sessions |
| ``PUT /api/account/password`` | change the password (every other session ends) |
| ``PUT /api/account/display-name`` | change the name others see |
| ``DELETE /api/account`` | delete the account (with its password) |

**Who is asking.** A browser holds its session's token in the cookie :data:`COOKIE`
(``HttpOnly``, so no script reads it; ``SameSite=Lax``; ``Path=/``; ``Secure`` when the
request came over HTTPS, as the server sees it: behind a proxy named with
``--forwarded-allow-ips``, by its ``X-Forwarded-Proto``; ``Max-Age`` the sessions' idle time,
renewed whenever a use is written down). A program asks for the token in the body instead
(``"token": true`` when signing in or up; no cookie is then set) and sends it in the header
:data:`HEADER`. Not ``Authorization: Bearer``: the lobby's routes take room tokens there (the
host's, a seat's), and one request may in time carry both. When a request has the header, the
cookie is not read.

**Cross-site requests** (CSRF). A request that changes something (any method but ``GET``,
``HEAD`` and ``OPTIONS``) and is signed in by the cookie must carry an ``Origin`` header, the
server's own origin or one given with ``--origin``; otherwise it is refused with
``forbidden_origin`` (403) before anything is read or changed. Browsers send ``Origin`` with
every such request, and another site cannot make it lie; ``SameSite=Lax`` besides keeps the
cookie off other sites' requests but top-level navigations. A request signed in by the header
needs no ``Origin``: no other site can make a browser send that header (the server allows no
cross-origin requests). Signing in and up carry no session yet, but a foreign ``Origin`` is
refused there too, so that another site cannot sign its visitors in to an account of its own.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Cookie, Depends, Header, Path, Request, Response

from cardtable.protocol.accounts import (
    AccountInfo,
    ChangeDisplayName,
    ChangePassword,
    DeleteAccount,
    SessionInfo,
    SignedIn,
    SignIn,
    SignUp,
    Visitor,
)
from cardtable.protocol.limits import MAX_TOKEN_CHARS
from cardtable.server.accounts.guests import (
    COOKIE,
    GUEST_COOKIE,
    HEADER,
    SAFE_METHODS,
    check_origin,
    clear_guest_cookie,
    guest_token,
    presented,
)
from cardtable.server.accounts.rows import AccountRow, SessionRow
from cardtable.server.accounts.service import Current
from cardtable.server.accounts.service import session_id as id_of
from cardtable.server.errors import Refused
from cardtable.server.routes import Server, client_of, refusals
from cardtable.server.security import token_hash
from cardtable.server.services import Services

__all__ = ["COOKIE", "GUEST_COOKIE", "HEADER", "check_origin", "presented", "router"]

router = APIRouter(prefix="/api")

SessionHeader = Annotated[
    str | None,
    Header(
        alias=HEADER,
        max_length=MAX_TOKEN_CHARS,
        description='A program\'s session token (from signing in with `"token": true`); '
        "browsers use the cookie instead.",
    ),
]
SessionCookie = Annotated[
    str | None,
    Cookie(
        alias=COOKIE,
        max_length=MAX_TOKEN_CHARS,
        description="A browser's session token (HttpOnly; set by signing in).",
    ),
]

SIGNED_IN = ("not_logged_in", "forbidden_origin")
"""What any route of a signed-in person may answer."""


@dataclass(frozen=True, slots=True)
class Caller:
    """A request's session: who, by which token, and whether the token came in the cookie."""

    current: Current
    token: str
    by_cookie: bool

    @property
    def account(self) -> AccountRow:
        return self.current.account

    @property
    def session(self) -> SessionRow:
        return self.current.session


def set_session_cookie(response: Response, request: Request, token: str, server: Services) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=int(server.people.policy.idle_seconds),
        path="/",
        secure=request.url.scheme == "https",
        httponly=True,
        samesite="lax",
    )


def clear_session_cookie(response: Response, request: Request) -> None:
    response.delete_cookie(
        COOKIE, path="/", secure=request.url.scheme == "https", httponly=True, samesite="lax"
    )


async def caller(
    request: Request,
    response: Response,
    server: Server,
    header: SessionHeader = None,
    cookie: SessionCookie = None,
) -> Caller:
    """The request's session, or the refusal ``not_logged_in`` (or ``forbidden_origin``, for
    a change signed in by the cookie from a foreign page, checked first)."""
    token, by_cookie = presented(header, cookie)
    if token is None:
        raise Refused("not_logged_in", "sign in first")
    if by_cookie and request.method not in SAFE_METHODS:
        check_origin(request, server, required=True)
    current = await server.people.authenticate(token)
    if current is None:
        raise Refused("not_logged_in", "this session has ended (or never was): sign in again")
    if current.touched and by_cookie:
        set_session_cookie(response, request, token, server)
    return Caller(current, token, by_cookie)


Caller_ = Annotated[Caller, Depends(caller)]


def account_for(what: str, hint: str) -> Callable[..., Awaitable[AccountRow]]:
    """A route dependency: the request's signed-in account, or ``not_logged_in`` saying
    ``what`` is for accounts, and ``hint`` (the friends' routes: "friends are", "a guest
    signs up to have friends")."""

    async def signed_in_account(
        request: Request,
        response: Response,
        server: Server,
        header: SessionHeader = None,
        cookie: SessionCookie = None,
    ) -> AccountRow:
        try:
            who = await caller(request, response, server, header, cookie)
        except Refused as refusal:
            if refusal.code != "not_logged_in":
                raise
            raise Refused(
                "not_logged_in", f"{what} for signed-in accounts: {refusal.reason} ({hint})"
            ) from None
        return who.account

    return signed_in_account


def account_info(account: AccountRow) -> AccountInfo:
    return AccountInfo(
        id=account.id,
        username=account.username or "",
        display_name=account.display_name,
        created_at=account.created_at,
    )


def session_info(session: SessionRow, current: SessionRow | None) -> SessionInfo:
    return SessionInfo(
        id=id_of(session),
        created_at=session.created_at,
        last_used_at=session.last_used_at,
        expires_at=session.expires_at,
        user_agent=session.user_agent,
        address=session.address,
        current=current is not None and session.token_hash == current.token_hash,
    )


def signed_in(account: AccountRow, session: SessionRow, token: str | None = None) -> SignedIn:
    return SignedIn(
        account=account_info(account), session=session_info(session, session), token=token
    )


# -- signing up and in ------------------------------------------------------------------------


@router.post(
    "/accounts",
    status_code=201,
    summary="Sign up: a new account, signed in",
    description='Sets the session cookie, or with `"token": true` answers with the token '
    "instead. A session the request presents ends. The guest identity of the request (its "
    "`cardtable_guest` cookie, or `guest_token`) becomes the account: the matches the guest "
    "played are the account's, and the guest cookie is cleared.",
    responses=refusals("forbidden_origin", "bad_account", "username_taken", "too_many"),
)
async def sign_up(
    body: SignUp,
    request: Request,
    response: Response,
    server: Server,
    header: SessionHeader = None,
    cookie: SessionCookie = None,
) -> SignedIn:
    check_origin(request, server, required=False)
    started = await server.people.register(
        body.username,
        body.password,
        body.display_name,
        guest_token=body.guest_token or guest_token(request),
        address=client_of(request),
        user_agent=request.headers.get("user-agent"),
        replacing=presented(header, cookie)[0],
    )
    if guest_token(request) is not None:
        clear_guest_cookie(response, request)
    return _hand_out(started.account, started.session, started.token, body.token, request,
                     response, server)  # fmt: skip


@router.post(
    "/session",
    summary="Sign in: a new session",
    description='Sets the session cookie, or with `"token": true` answers with the token '
    "instead. A session the request presents ends. A wrong username and a wrong password are "
    "refused alike (`wrong_password`); tries are slowed down per username and per address.",
    responses=refusals("forbidden_origin", "wrong_password", "account_disabled", "too_many"),
)
async def sign_in(
    body: SignIn,
    request: Request,
    response: Response,
    server: Server,
    header: SessionHeader = None,
    cookie: SessionCookie = None,
) -> SignedIn:
    check_origin(request, server, required=False)
    started = await server.people.login(
        body.username,
        body.password,
        address=client_of(request),
        user_agent=request.headers.get("user-agent"),
        replacing=presented(header, cookie)[0],
    )
    return _hand_out(started.account, started.session, started.token, body.token, request,
                     response, server)  # fmt: skip


def _hand_out(
    account: AccountRow,
    session: SessionRow,
    token: str,
    in_body: bool,
    request: Request,
    response: Response,
    server: Services,
) -> SignedIn:
    if in_body:
        return signed_in(account, session, token)
    set_session_cookie(response, request, token, server)
    return signed_in(account, session)


@router.get(
    "/session",
    summary="Who is signed in, and this session",
    responses=refusals(*SIGNED_IN),
)
async def get_session(who: Caller_) -> SignedIn:
    return signed_in(who.account, who.session)


@router.get(
    "/me",
    summary="Who is here: the account signed in, or none",
    description="Answers anyone (200): the account the session signs in, or null, and "
    "whether the browser holds a guest identity. A session cookie that no longer signs "
    "anyone in is cleared.",
)
async def who_is_here(
    request: Request,
    response: Response,
    server: Server,
    header: SessionHeader = None,
    cookie: SessionCookie = None,
) -> Visitor:
    token, by_cookie = presented(header, cookie)
    current = None if token is None else await server.people.authenticate(token)
    if current is None and by_cookie:
        clear_session_cookie(response, request)
    elif current is not None and current.touched and by_cookie and token is not None:
        set_session_cookie(response, request, token, server)
    guest = guest_token(request)
    known = guest is not None and await server.accounts.guest_by_token_hash(token_hash(guest))
    return Visitor(
        account=None if current is None else account_info(current.account),
        guest=bool(known),
    )


@router.delete(
    "/session",
    status_code=204,
    summary="Sign out: end this session",
    description="Also clears the cookie. Signing out without a session changes nothing.",
    responses=refusals("forbidden_origin"),
)
async def sign_out(
    request: Request,
    response: Response,
    server: Server,
    header: SessionHeader = None,
    cookie: SessionCookie = None,
) -> None:
    token, by_cookie = presented(header, cookie)
    if by_cookie:
        check_origin(request, server, required=True)
    if token is not None:
        await server.people.logout(token)
    if by_cookie:
        clear_session_cookie(response, request)


# -- sessions ---------------------------------------------------------------------------------


@router.get(
    "/sessions",
    summary="One's sessions, the last used first",
    responses=refusals(*SIGNED_IN),
)
async def list_sessions(who: Caller_, server: Server) -> list[SessionInfo]:
    rows = await server.people.sessions(who.account)
    return [session_info(row, who.session) for row in rows]


@router.delete(
    "/sessions",
    status_code=204,
    summary="Sign out everywhere: end every session, this one too",
    responses=refusals(*SIGNED_IN),
)
async def sign_out_everywhere(
    who: Caller_, request: Request, response: Response, server: Server
) -> None:
    await server.people.logout_everywhere(who.account)
    if who.by_cookie:
        clear_session_cookie(response, request)


@router.delete(
    "/sessions/{session_id}",
    status_code=204,
    summary="End one of one's sessions",
    responses=refusals(*SIGNED_IN, "not_found"),
)
async def end_session(
    session_id: Annotated[str, Path(max_length=64, description="The session's id.")],
    who: Caller_,
    request: Request,
    response: Response,
    server: Server,
) -> None:
    await server.people.revoke(who.account, session_id)
    if who.by_cookie and session_id == id_of(who.session):
        clear_session_cookie(response, request)


# -- the account ------------------------------------------------------------------------------


@router.put(
    "/account/password",
    status_code=204,
    summary="Change one's password: every other session ends",
    responses=refusals(*SIGNED_IN, "wrong_password", "bad_account", "too_many"),
)
async def change_password(
    body: ChangePassword, who: Caller_, request: Request, server: Server
) -> None:
    await server.people.change_password(
        who.account,
        body.current_password,
        body.new_password,
        keep=who.session,
        address=client_of(request),
    )


@router.put(
    "/account/display-name",
    summary="Change the name others see",
    responses=refusals(*SIGNED_IN, "bad_account"),
)
async def change_display_name(body: ChangeDisplayName, who: Caller_, server: Server) -> AccountInfo:
    return account_info(await server.people.change_display_name(who.account, body.display_name))


@router.delete(
    "/account",
    status_code=204,
    summary="Delete one's account",
    description="Its username is free again and its sessions end; the matches it played stay "
    "in others' histories, under the name 'deleted player'.",
    responses=refusals(*SIGNED_IN, "wrong_password", "too_many"),
)
async def delete_account(
    body: DeleteAccount, who: Caller_, request: Request, response: Response, server: Server
) -> None:
    await server.people.delete_account(who.account, body.password, address=client_of(request))
    await server.friends.forget(who.account.id)
    if who.by_cookie:
        clear_session_cookie(response, request)
