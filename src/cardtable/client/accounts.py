"""Accounts over HTTP: sign up, in and out, who is signed in, one's sessions, a reset code.

A program signs in with ``"token": true`` and gets the session's token in the answer (no
cookie); it then sends the token in the ``X-Cardtable-Session`` header
(:data:`~cardtable.client.lobby.SESSION_HEADER`), as :class:`Accounts` does once signed in,
and as :class:`~cardtable.client.lobby.Lobby` does when given ``session=TOKEN``. A refusal
raises :class:`~cardtable.client.errors.ServerRefused` with the server's ``code``
(``wrong_password``, ``bad_account``...) and, for a name or password the rules refuse, the
rule's ``refusal`` (``password_common``) and the ``field`` at fault; a server that does not
answer raises :class:`~cardtable.client.errors.Unreachable`.

Against a running server::

    async with Accounts("http://127.0.0.1:8000") as accounts:
        token = await accounts.sign_in("Fox", "correct horse battery staple")
        me = await accounts.whoami()  # me.account.username == "Fox"
    async with Lobby("http://127.0.0.1:8000", session=token) as lobby:
        ...
"""

from __future__ import annotations

from types import TracebackType
from typing import Any, Self, TypeVar

import httpx2
from pydantic import BaseModel, TypeAdapter, ValidationError

from cardtable.client.errors import ServerRefused, Unreachable
from cardtable.client.lobby import SESSION_HEADER, TIMEOUT, _part, _refusal, _why, server_url
from cardtable.protocol.account_reset import RedeemResetCode
from cardtable.protocol.accounts import SessionInfo, SignedIn, SignIn, SignUp

__all__ = ["Accounts"]

_Body = TypeVar("_Body")


class Accounts:
    """A server's accounts and sessions (an async context manager holding one HTTP
    connection pool). ``session`` is the token it sends; signing in or up sets it, signing
    out clears it."""

    def __init__(self, url: str, *, session: str | None = None, timeout: float = TIMEOUT) -> None:
        self.url = server_url(url)
        self.session = session
        """The signed-in session's token, sent with every request (``None``: none)."""
        self._http = httpx2.AsyncClient(base_url=self.url, timeout=timeout)

    def __repr__(self) -> str:  # the token is not written to logs by accident
        signed = "signed in" if self.session is not None else "signed out"
        return f"Accounts({self.url!r}, {signed})"

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    async def close(self) -> None:
        await self._http.aclose()

    # -- signing up, in and out -------------------------------------------------------------

    async def sign_up(self, username: str, password: str, display_name: str | None = None) -> str:
        """Create an account and sign in to it; the new session's token (kept, and sent from
        now on). A session this client held ends."""
        body = SignUp(username=username, password=password, display_name=display_name, token=True)
        signed: SignedIn = await self._call("POST", "/api/accounts", SignedIn, body=body)
        return self._keep(signed)

    async def sign_in(self, username: str, password: str) -> str:
        """Sign in: a new session's token (kept, and sent from now on). A session this client
        held ends."""
        body = SignIn(username=username, password=password, token=True)
        signed: SignedIn = await self._call("POST", "/api/session", SignedIn, body=body)
        return self._keep(signed)

    async def sign_out(self) -> None:
        """End this client's session on the server (nothing happens without one)."""
        if self.session is not None:
            await self._call("DELETE", "/api/session", None)
        self.session = None

    async def sign_out_everywhere(self) -> None:
        """End every session of the account, this one too."""
        await self._call("DELETE", "/api/sessions", None)
        self.session = None

    # -- who is signed in -------------------------------------------------------------------

    async def whoami(self) -> SignedIn:
        """The account signed in and this session (``not_logged_in`` when the session has
        ended, or there is none)."""
        found: SignedIn = await self._call("GET", "/api/session", SignedIn)
        return found

    async def sessions(self) -> list[SessionInfo]:
        """The account's sessions, the last used first (``current`` marks this one)."""
        found: list[SessionInfo] = await self._call("GET", "/api/sessions", list[SessionInfo])
        return found

    async def end_session(self, session_id: str) -> None:
        """End one of the account's sessions, by the id :meth:`sessions` shows."""
        await self._call("DELETE", f"/api/sessions/{_part(session_id)}", None)

    # -- a forgotten password ---------------------------------------------------------------

    async def redeem_reset_code(self, username: str, code: str, new_password: str) -> None:
        """Set a new password with the one-time code the server's operator gave
        (``cardtable admin reset-code``); every session of the account ends. Refused with
        ``bad_reset_code`` for a wrong, used or expired code."""
        body = RedeemResetCode(username=username, code=code, new_password=new_password)
        await self._call("POST", "/api/account/reset", None, body=body)

    # -- the wire ---------------------------------------------------------------------------

    def _keep(self, signed: SignedIn) -> str:
        if signed.token is None:
            raise ServerRefused(
                "bad_message", f"the server at {self.url} signed in without giving a token"
            )
        self.session = signed.token
        return signed.token

    async def _call(
        self,
        method: str,
        path: str,
        answer: type[_Body] | Any,
        *,
        body: BaseModel | None = None,
    ) -> Any:
        headers = {} if self.session is None else {SESSION_HEADER: self.session}
        content = None if body is None else body.model_dump_json()
        if content is not None:
            headers["Content-Type"] = "application/json"
        try:
            response = await self._http.request(method, path, content=content, headers=headers)
        except httpx2.TimeoutException:
            raise Unreachable(f"the server at {self.url} did not answer in time") from None
        except httpx2.HTTPError as error:
            raise Unreachable(f"cannot reach the server at {self.url}: {_why(error)}") from None
        if response.status_code >= 400:
            raise _refusal(response)
        if answer is None:
            return None
        try:
            return TypeAdapter(answer).validate_json(response.content)
        except ValidationError:
            raise ServerRefused(
                "bad_message",
                f"the server at {self.url} sent an answer this client cannot read "
                f"({method} {path}); is it a cardtable server?",
            ) from None
