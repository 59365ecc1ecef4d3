"""The REST bodies of friends: a request by username, and another person as one sees them.

A username is sent as typed, in up to :data:`~cardtable.protocol.accounts.MAX_TYPED_USERNAME_CHARS`
characters (the server normalises it, and refuses one no account could have with
``bad_account``). What another person is to someone is one of :data:`FRIEND_STATES`, Nakama's
four states by name.

>>> FriendRequest(username="Fox").username
'Fox'
>>> sorted(Friend.model_json_schema()["required"])
['display_name', 'since', 'state', 'username']
"""

from __future__ import annotations

from typing import Final, Literal, get_args

from pydantic import Field

from cardtable.protocol.accounts import TypedUsername
from cardtable.protocol.base import WireModel

__all__ = ["FRIEND_STATES", "Friend", "FriendList", "FriendRequest", "FriendState"]

FriendState = Literal["friend", "sent", "received", "blocked"]
"""What another person is to someone: a friend, asked by them (``sent``), asking them
(``received``), or blocked by them."""
FRIEND_STATES: Final = get_args(FriendState)


class FriendRequest(WireModel):
    """The body that asks someone to be one's friend."""

    username: TypedUsername = Field(description="Their username (any case).")


class Friend(WireModel):
    """Another person as someone sees them."""

    username: str
    display_name: str = Field(description="The name they show.")
    state: FriendState = Field(
        description="`friend`, `sent` (you asked them), `received` (they asked you) or "
        "`blocked` (you blocked them)."
    )
    since: float = Field(description="When it became so, in epoch seconds.")


class FriendList(WireModel):
    """Someone's friends, requests and blocks, the most recent first."""

    friends: list[Friend]
