"""Friends: the rules, at the server's edge.

One :class:`Friends` per server process (``Services.friends``), over the friends' store and
the accounts' store. Only signed-in accounts have friends (the routes refuse anyone else with
``not_logged_in``); another person is named by username, and only an active account (neither
disabled nor deleted) is found.

**States** (Nakama's): what another person is to me is one of ``friend``, ``sent`` (I asked
them), ``received`` (they asked me) or ``blocked`` (I blocked them), or nothing. The rules, each
one transaction (:meth:`~.store.FriendStore.change`):

- **request** (by username): a new request (``sent`` for me, ``received`` for them); to someone
  who already asked me, friends at once. At most :attr:`FriendPolicy.pending` of my requests
  wait at once (``too_many_pending``), and requests are rate-limited per account
  (:attr:`FriendPolicy.per_hour`, bursts of :attr:`FriendPolicy.burst`; ``too_many``, 429).
- **accept** / **decline** a request I received (``no_request`` when there is none: never sent,
  or cancelled meanwhile).
- **remove**: a friend, a request I sent (cancel) or one I received (decline): both rows go.
- **block**: one-way. My row becomes ``blocked``; theirs goes (a friendship or a request ends
  either way), unless they blocked me too. Blocking twice changes nothing.
- **unblock**: my row goes; we are strangers.

**What a blocked person is told: nothing.** Their request to the person who blocked them is
answered as any other (``sent``), is listed among their requests, and counts towards their
pending limit, but never reaches the other side (no ``received`` row, no notification); it goes
when it is cancelled, or when they are unblocked. A block that ends a friendship or a pending
request looks to the blocked person as a removal or a decline does. So neither answers nor
lists tell anyone they were blocked, as on the large sites (Instagram, Lichess). Later parts
ask :meth:`Friends.is_blocked` and :meth:`Friends.blocked_by` to apply the block's other effects
(invitations, presence, activity, chat lines).

**Refusals**, each a :class:`~cardtable.server.errors.Refused` that changed nothing:
``bad_account`` (422, a username no account could have: ``refusal`` says which rule),
``unknown_account`` (404), ``friend_self`` (422), ``already_friends``, ``request_pending``,
``you_blocked``, ``too_many_pending`` (409), ``no_request``, ``not_friends``, ``not_blocked``
(404), ``too_many`` (429, with ``retry_after``).

**Listeners** (for the notifications and the activity feed to come): each change that the other
person may learn of is a :class:`FriendEvent` given to every function of
:attr:`Friends.listeners`, after its transaction (a request hidden by a block is none).

>>> policy = FriendPolicy(pending=5, per_hour=60.0, burst=3)
>>> decide = _requesting(policy)
>>> decide(Pair(mine=None, theirs=None, pending=0))
('sent', 'received')
>>> decide(Pair(mine="received", theirs="sent", pending=0))
('friend', 'friend')
>>> decide(Pair(mine=None, theirs="blocked", pending=0))  # told "sent"; it never arrives
('sent', 'blocked')
>>> try:
...     decide(Pair(mine=None, theirs=None, pending=5))
... except Refused as refusal:
...     print(refusal.code, refusal.status)
too_many_pending 409
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Final, Literal

from cardtable.server.accounts.errors import AccountError
from cardtable.server.accounts.names import check_username, username_key
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.accounts.service import refused
from cardtable.server.accounts.store import AccountStore
from cardtable.server.errors import Refused
from cardtable.server.friends.store import Decide, FriendRow, FriendStore, Pair, State
from cardtable.server.security import RateLimits

__all__ = [
    "MAX_PENDING",
    "EventKind",
    "FriendEvent",
    "FriendPolicy",
    "Friends",
]

log = logging.getLogger("cardtable.server")

MAX_PENDING: Final = 10_000
"""The most pending requests a server may let one person have."""

EventKind = Literal["requested", "accepted", "declined", "removed", "cancelled"]
"""What a listener is told of (a block is not told: the blocked person must not learn of it)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FriendPolicy:
    """How many of a person's requests may wait at once, and how fast they may send them."""

    pending: int = 100
    per_hour: float = 30.0
    burst: int = 10

    def __post_init__(self) -> None:
        if not 1 <= self.pending <= MAX_PENDING:
            raise ValueError(
                f"a person may have 1 to {MAX_PENDING} pending friend requests, not {self.pending}"
            )
        if self.per_hour <= 0 or self.burst < 1:
            raise ValueError(
                "friend requests need a positive rate an hour and a burst of at least 1, "
                f"not {self.per_hour:g} and {self.burst}"
            )


@dataclass(frozen=True, slots=True)
class FriendEvent:
    """A change between two people: ``account_id`` did ``kind`` to ``other_id``."""

    kind: EventKind
    account_id: str
    other_id: str
    at: float


Listener = Callable[[FriendEvent], Awaitable[None]]


class Friends:
    """Friend requests, friendships and blocks (see the module)."""

    def __init__(
        self,
        store: FriendStore,
        accounts: AccountStore,
        policy: FriendPolicy | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.accounts = accounts
        self.policy = policy or FriendPolicy()
        self.clock = clock
        self.requests = RateLimits(rate=self.policy.per_hour / 3600.0, burst=self.policy.burst)
        """Friend requests per account."""
        self.listeners: list[Listener] = []
        """Told of each change the other person may learn of (after it is stored)."""

    # -- reading --------------------------------------------------------------------------

    async def list(self, me: AccountRow, state: str | None = None) -> list[FriendRow]:
        """My friends, requests and blocks (only those in ``state``, if given)."""
        return await self.store.list(me.id, state)

    async def get(self, me: AccountRow, username: str) -> FriendRow:
        """What the person named ``username`` is to me (``not_friends`` if nothing)."""
        other = await self._other(me, username)
        found = await self.store.list(me.id, other=other.id)
        if not found:
            raise _nothing(other)
        return found[0]

    # -- for the parts that apply a block's effects ----------------------------------------

    async def is_blocked(self, by: str, whom: str) -> bool:
        """Whether the account ``by`` blocked the account ``whom`` (ids)."""
        return await self.store.state(by, whom) == "blocked"

    async def blocked_by(self, whom: str) -> set[str]:
        """The active accounts that blocked ``whom``: whose presence, activity and
        invitations ``whom`` must not get."""
        return await self.store.blocked_by(whom)

    async def blocking(self, account_id: str) -> set[str]:
        """The active accounts ``account_id`` blocked: whose chat lines it is not shown."""
        return await self.store.ids(account_id, "blocked")

    async def friend_ids(self, account_id: str) -> set[str]:
        """The active accounts that are ``account_id``'s friends."""
        return await self.store.ids(account_id, "friend")

    async def are_friends(self, one: str, other: str) -> bool:
        return await self.store.state(one, other) == "friend"

    # -- changing ---------------------------------------------------------------------------

    async def request(self, me: AccountRow, username: str) -> FriendRow:
        """Ask the person named ``username`` to be my friend (friends at once if they asked
        me first)."""
        _checked(username)
        if username_key(username) == me.username_key:
            raise _self()
        wait = self.requests.take(me.id, self.clock())
        if wait > 0:
            raise Refused(
                "too_many",
                f"too many friend requests: try again in {wait:.0f} seconds",
                retry_after=wait,
            )
        other = await self._other(me, username)
        now = self.clock()
        mine, theirs = await self.store.change(me.id, other.id, _requesting(self.policy), now=now)
        if mine == "friend":
            await self._tell(FriendEvent("accepted", me.id, other.id, now))
        elif theirs == "received":
            await self._tell(FriendEvent("requested", me.id, other.id, now))
        return _row(other, mine, now)

    async def accept(self, me: AccountRow, username: str) -> FriendRow:
        """Accept the request the person named ``username`` sent me."""
        other = await self._other(me, username)
        now = self.clock()
        await self.store.change(me.id, other.id, _answering(other, "friend"), now=now)
        await self._tell(FriendEvent("accepted", me.id, other.id, now))
        return _row(other, "friend", now)

    async def decline(self, me: AccountRow, username: str) -> None:
        """Decline the request the person named ``username`` sent me."""
        other = await self._other(me, username)
        await self._change(me, other, _answering(other, None))
        await self._tell(FriendEvent("declined", me.id, other.id, self.clock()))

    async def remove(self, me: AccountRow, username: str) -> str:
        """End whatever is between me and the person named ``username``: a friendship, my
        request (cancelled) or theirs (declined); what it was."""
        other = await self._other(me, username)
        was: list[State] = []

        def removing(pair: Pair) -> tuple[State, State]:
            if pair.mine == "blocked":
                raise Refused(
                    "you_blocked",
                    f"you blocked {other.username}: unblock them "
                    f"(DELETE /api/friends/{other.username}/block) to end the block",
                )
            if pair.mine is None:
                raise _nothing(other)
            was.extend([pair.mine, pair.theirs])
            return None, _kept_block(pair.theirs)

        await self._change(me, other, removing)
        kind: EventKind = (
            "removed" if was[0] == "friend" else "cancelled" if was[0] == "sent" else "declined"
        )
        if was[1] != "blocked":  # a hidden request's end is no news to the one who blocked
            await self._tell(FriendEvent(kind, me.id, other.id, self.clock()))
        return str(was[0])

    async def block(self, me: AccountRow, username: str) -> FriendRow:
        """Block the person named ``username`` (ending any friendship or request)."""
        other = await self._other(me, username)
        await self._change(me, other, lambda pair: ("blocked", _kept_block(pair.theirs)))
        return await self.get(me, username)

    async def unblock(self, me: AccountRow, username: str) -> None:
        """Unblock the person named ``username``: we are strangers again (a request they
        made while blocked goes: it never arrived)."""
        other = await self._other(me, username)

        def unblocking(pair: Pair) -> tuple[State, State]:
            if pair.mine != "blocked":
                raise Refused("not_blocked", f"you have not blocked {other.username}")
            return None, "blocked" if pair.theirs == "blocked" else None

        await self._change(me, other, unblocking)

    async def forget(self, account_id: str) -> int:
        """Remove every friendship, request and block of a deleted account."""
        return await self.store.forget(account_id)

    # -- helpers ----------------------------------------------------------------------------

    async def _other(self, me: AccountRow, username: str) -> AccountRow:
        _checked(username)
        other = await self.accounts.account_by_username_key(username_key(username))
        if other is None or not other.active:
            raise Refused("unknown_account", f"no account is named {username.strip()!r}")
        if other.id == me.id:
            raise _self()
        return other

    async def _change(
        self, me: AccountRow, other: AccountRow, decide: Decide
    ) -> tuple[State, State]:
        return await self.store.change(me.id, other.id, decide, now=self.clock())

    async def _tell(self, event: FriendEvent) -> None:
        for listener in self.listeners:
            try:
                await listener(event)
            except Exception:  # a listener's failure does not undo what was stored
                log.exception("a friends listener failed on %s", event)


def _row(other: AccountRow, state: State, since: float) -> FriendRow:
    """What ``other`` became to me, as the transaction that changed it left it."""
    return FriendRow(
        account_id=other.id,
        username=other.username or "",
        display_name=other.display_name,
        state=str(state),
        since=since,
    )


def _checked(username: str) -> None:
    """Refuse ``bad_account`` for a username no account could have (a reserved name passes:
    an account made before it was reserved may have it)."""
    try:
        check_username(username)
    except AccountError as error:
        if error.code != "username_reserved":
            raise refused(error) from None


def _self() -> Refused:
    return Refused("friend_self", "you cannot send yourself a friend request, or block yourself")


def _nothing(other: AccountRow) -> Refused:
    return Refused("not_friends", f"you have no friendship, request or block with {other.username}")


def _kept_block(theirs: State) -> State:
    """The other side's row when mine changes: their block stays, anything else goes."""
    return "blocked" if theirs == "blocked" else None


def _requesting(policy: FriendPolicy) -> Decide:
    def decide(pair: Pair) -> tuple[State, State]:
        match pair.mine:
            case "friend":
                raise Refused("already_friends", "you are friends already")
            case "sent":
                raise Refused(
                    "request_pending", "you have asked already: the request waits for an answer"
                )
            case "blocked":
                raise Refused("you_blocked", "you blocked this person: unblock them before asking")
            case "received":  # they asked first: friends at once
                return "friend", "friend"
        if pair.pending >= policy.pending:
            raise Refused(
                "too_many_pending",
                f"you have {pair.pending} friend requests waiting for an answer: "
                "cancel one, or wait",
            )
        if pair.theirs == "blocked":  # looks sent; never arrives
            return "sent", "blocked"
        return "sent", "received"

    return decide


def _answering(other: AccountRow, to: State) -> Decide:
    def decide(pair: Pair) -> tuple[State, State]:
        if pair.mine != "received":
            raise Refused(
                "no_request",
                f"{other.username} has not asked to be your friend (or took it back)",
            )
        return to, to

    return decide
