"""Friends over HTTP: one's friends, requests and blocks, for a signed-in account.

:class:`Friends` works through an :class:`~cardtable.client.accounts.Accounts` that is signed
in (its session is sent with every request); a refusal raises
:class:`~cardtable.client.errors.ServerRefused` with the server's ``code``
(``unknown_account``, ``request_pending``, ``no_request``, ``too_many``...), and a server that
does not answer :class:`~cardtable.client.errors.Unreachable`.

Against a running server::

    async with Accounts("http://127.0.0.1:8000", session=token) as accounts:
        friends = Friends(accounts)
        await friends.request("Owl")  # state "sent", or "friend" if Owl had asked first
        for friend in await friends.list():
            print(friend.username, friend.state)
"""

from __future__ import annotations

from cardtable.client.accounts import Accounts
from cardtable.client.lobby import _part
from cardtable.protocol.friends import Friend, FriendList, FriendRequest, FriendState

__all__ = ["Friends"]


class Friends:
    """The signed-in account's friends on ``accounts``' server."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    def __repr__(self) -> str:
        return f"Friends({self.accounts!r})"

    async def list(self, state: FriendState | None = None) -> list[Friend]:
        """My friends, requests and blocks, the most recent first (only those in ``state``:
        ``friend``, ``sent``, ``received`` or ``blocked``)."""
        path = "/api/friends" if state is None else f"/api/friends?state={_part(state)}"
        found: FriendList = await self.accounts._call("GET", path, FriendList)
        return found.friends

    async def get(self, username: str) -> Friend:
        """What ``username`` is to me (``not_friends`` when nothing)."""
        found: Friend = await self.accounts._call("GET", _path(username), Friend)
        return found

    async def request(self, username: str) -> Friend:
        """Ask ``username`` to be my friend: ``sent``, or ``friend`` if they had asked me."""
        body = FriendRequest(username=username)
        found: Friend = await self.accounts._call("POST", "/api/friends", Friend, body=body)
        return found

    async def accept(self, username: str) -> Friend:
        """Accept ``username``'s request (``no_request`` when there is none)."""
        found: Friend = await self.accounts._call("POST", _path(username, "accept"), Friend)
        return found

    async def decline(self, username: str) -> None:
        """Decline ``username``'s request."""
        await self.accounts._call("POST", _path(username, "decline"), None)

    async def remove(self, username: str) -> None:
        """Remove a friend, cancel my request to them, or decline theirs."""
        await self.accounts._call("DELETE", _path(username), None)

    async def block(self, username: str) -> Friend:
        """Block ``username`` (ends any friendship or request; they are not told)."""
        found: Friend = await self.accounts._call("PUT", _path(username, "block"), Friend)
        return found

    async def unblock(self, username: str) -> None:
        """Unblock ``username``."""
        await self.accounts._call("DELETE", _path(username, "block"), None)


def _path(username: str, *rest: str) -> str:
    return "/".join(["/api/friends", _part(username), *rest])
