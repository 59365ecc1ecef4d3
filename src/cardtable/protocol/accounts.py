"""The REST bodies of accounts and sessions: signing up and in, who is signed in, sessions,
changing a password or a display name, deleting an account.

The fields are bounded only loosely here (a generous length, and Unicode text): what a
username, a display name and a password may be is the server's to say, and it says so with
a ``bad_account`` problem naming the rule (``refusal``, such as ``username_too_short``) and
the field. So a username may be sent in up to 64 characters (:data:`MAX_TYPED_USERNAME_CHARS`;
it holds at most 24 once normalised), a password in up to 512 (128 once normalised), a display
name in up to 128 (32 once trimmed).

>>> body = SignUp(username="Fox", password="correct horse battery staple")
>>> body.display_name is None, body.token
(True, False)
>>> SignedIn.model_json_schema()["required"]
['account', 'session']
"""

from __future__ import annotations

import re
from typing import Annotated, Final

from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

from cardtable.protocol.base import WireModel
from cardtable.protocol.limits import MAX_NAME_CHARS, MAX_PASSWORD_CHARS
from cardtable.protocol.text import Token

__all__ = [
    "MAX_TYPED_DISPLAY_NAME_CHARS",
    "MAX_TYPED_PASSWORD_CHARS",
    "MAX_TYPED_USERNAME_CHARS",
    "SESSION_HEADER",
    "AccountInfo",
    "ChangeDisplayName",
    "ChangePassword",
    "DeleteAccount",
    "SessionInfo",
    "SignIn",
    "SignUp",
    "SignedIn",
    "Visitor",
]

SESSION_HEADER: Final = "X-Cardtable-Session"
"""The HTTP header in which a program sends its session token, on REST requests and on the
WebSocket handshake alike (a browser sends the session cookie instead). Declared here alone:
the server reads it and the client sends it."""
MAX_TYPED_USERNAME_CHARS: Final = 64
"""The longest username a body may carry, as typed."""
MAX_TYPED_PASSWORD_CHARS: Final = 4 * MAX_PASSWORD_CHARS
"""The longest password a body may carry, as typed (512)."""
MAX_TYPED_DISPLAY_NAME_CHARS: Final = 4 * MAX_NAME_CHARS
"""The longest display name a body may carry, as typed (128)."""

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _unicode(text: str) -> str:
    if found := _LONE_SURROGATE.search(text):
        raise PydanticCustomError(
            "not_unicode",
            "it holds a lone surrogate (\\u{code}), which is not a Unicode character",
            {"code": f"{ord(found.group()):04x}"},
        )
    return text


TypedUsername = Annotated[
    str,
    StringConstraints(min_length=1, max_length=MAX_TYPED_USERNAME_CHARS),
    AfterValidator(_unicode),
]
"""A username as typed (the server trims and normalises it)."""
TypedPassword = Annotated[
    str,
    StringConstraints(min_length=1, max_length=MAX_TYPED_PASSWORD_CHARS),
    AfterValidator(_unicode),
]
"""A password as typed."""
TypedDisplayName = Annotated[
    str,
    StringConstraints(max_length=MAX_TYPED_DISPLAY_NAME_CHARS),
    AfterValidator(_unicode),
]
"""A display name as typed (the server trims it)."""

_TOKEN = Field(
    False,
    description="Whether to answer with the session's token in the body, for a program to "
    "send in the X-Cardtable-Session header; false (a browser): the token goes only into the "
    "HttpOnly cardtable_session cookie.",
)


class SignUp(WireModel):
    """The body that creates an account (and signs in to it)."""

    username: TypedUsername = Field(
        description="3 to 24 letters, digits, '_', '-' or '.', unique regardless of case."
    )
    password: TypedPassword = Field(
        description="10 to 128 characters, not the username, not a common password."
    )
    display_name: TypedDisplayName | None = Field(
        None, description="The name others see (1 to 32 characters); none: the username."
    )
    guest_token: Token | None = Field(
        None, description="The token of the guest who played so far: its seats become yours."
    )
    token: bool = _TOKEN


class SignIn(WireModel):
    """The body that signs in (a new session)."""

    username: TypedUsername
    password: TypedPassword
    token: bool = _TOKEN


class AccountInfo(WireModel):
    """An account as its owner sees it."""

    id: str
    username: str = Field(description="As it was chosen, normalised (NFKC).")
    display_name: str = Field(description="The name others see.")
    created_at: float = Field(description="When it was created, in epoch seconds.")


class SessionInfo(WireModel):
    """A signed-in session, as its owner sees it (never its token)."""

    id: str = Field(description="Names the session, to end it; not its token.")
    created_at: float = Field(description="When it began (a sign-in), in epoch seconds.")
    last_used_at: float = Field(description="When it was last used (to the hour), epoch seconds.")
    expires_at: float = Field(description="When it ends unless used again, in epoch seconds.")
    user_agent: str | None = Field(description="The program that signed in (its User-Agent).")
    address: str | None = Field(description="The address it signed in from.")
    current: bool = Field(description="Whether it is the session of this request.")


class SignedIn(WireModel):
    """Who is signed in, and in which session; with the token when it was asked for."""

    account: AccountInfo
    session: SessionInfo
    token: Token | None = Field(
        None, description="The session's token: only when the sign-in asked for it."
    )


class Visitor(WireModel):
    """Who is here: the account signed in, if any, and whether the browser holds a guest
    identity (what ``GET /api/me`` answers, to anyone)."""

    account: AccountInfo | None = Field(description="The account signed in; null for none.")
    guest: bool = Field(
        description="Whether the request carries the cookie of a guest identity the server "
        "knows (a visitor who created or joined a room without an account)."
    )


class ChangePassword(WireModel):
    """The body that changes one's password (every other session ends)."""

    current_password: TypedPassword
    new_password: TypedPassword


class ChangeDisplayName(WireModel):
    """The body that changes the name others see."""

    display_name: TypedDisplayName


class DeleteAccount(WireModel):
    """The body that deletes one's account, with its password to be sure."""

    password: TypedPassword
