"""The activity feed: what people did, who may see it, and what they share.

One :class:`Feed` per server process (``Services.feed``), over the feed's store. Activity is
written by the server as things happen, each row one person's (its *actor*):

- ``match_finished``: a match's end adds one for each signed-in person who played it, with
  their result and a link to its replay, in the transaction that finishes it
  (:meth:`Feed.write_match_finished`, one of :attr:`~cardtable.server.matches.Matches.finishing`).
  A match aborted, or ended without an outcome, adds none; nor does a match of a room with a
  password, which is private to its players (its replay is theirs only).
- ``friends``: a friendship that begins adds one for each of the two, naming the other
  (:meth:`Feed.friend_changed`, one of :attr:`~cardtable.server.friends.service.Friends.listeners`).
- ``shared_replay`` and ``shared_deck``: what a person chose to share with a comment
  (:meth:`Feed.share`). A replay is shared only of a finished match the person played, in a
  room without a password (a replay the readers could open); a deck only of a game played
  with decks, and only one its default rules allow (the check a room makes of a deck brought
  to a seat).

Kinds are data (:data:`KINDS`): a later feature adds its kind there and in
:data:`~cardtable.protocol.feed.ACTIVITY_KINDS`, with no schema change. ``data`` is a JSON
object of at most :data:`MAX_DATA_BYTES`.

**Who sees a person's activity** is their setting, :data:`~cardtable.protocol.feed.Visibility`:
``friends`` (the default), ``everyone`` or ``nobody``; they always see their own. Someone they
blocked sees none of it, whatever the setting. The **feed** (:meth:`Feed.feed`) is a person's
friends' activity that those friends let them see, newest first; one's own is on one's
profile. A **profile's activity** (:meth:`Feed.activity_of`) that the viewer may not see is
answered as an empty one, so that nobody learns whether a person hides it, or blocked them.

**Refusals**, each a :class:`~cardtable.server.errors.Refused` that changed nothing:
``bad_message`` (422: a share without what its kind needs, a comment with control
characters), ``not_your_match`` (404: no finished or live match of that id that the person
played: another's private match answers as an unknown one does), ``match_not_finished``,
``match_private`` (409), ``unknown_game`` (404), ``bad_deck`` (422), ``too_many`` (429).

>>> text_of("match_finished", {"result": "won", "title": "War", "opponents": ["Random 1"]}, "Ann")
'Ann won a match of War against Random 1.'
>>> text_of("shared_deck", {"title": "Kata TCG", "name": "<b>Low</b>"}, "Ann")
'Ann shared a deck for Kata TCG: <b>Low</b>.'
>>> text_of("something_new", {}, "Ann")
'something_new'
"""

from __future__ import annotations

import logging
import time
import unicodedata
from collections.abc import Callable
from typing import Any, Final

import sqlalchemy as sa

from cardtable.engine.decks import SeatDecks
from cardtable.engine.errors import RulesetError, UnknownGame
from cardtable.engine.json import JsonObject, JsonValue
from cardtable.engine.wording import ordinal
from cardtable.games import find
from cardtable.protocol.feed import ACTIVITY_KINDS, MAX_COMMENT_CHARS, VISIBILITIES, Share
from cardtable.server.accounts.history import result_of
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.accounts.tables import participants
from cardtable.server.errors import Refused
from cardtable.server.feed.store import ActivityRow, FeedStore, add_row
from cardtable.server.friends.service import FriendEvent, Friends
from cardtable.server.news import game_title, json_size, text_field
from cardtable.server.security import RateLimits
from cardtable.server.storage.base import MatchRow
from cardtable.server.storage.sql import SqlStorage
from cardtable.server.storage.tables import matches, rooms

__all__ = [
    "KINDS",
    "MAX_DATA_BYTES",
    "MAX_DECK_BYTES",
    "Feed",
    "text_of",
]

log = logging.getLogger("cardtable.server")

KINDS: Final[dict[str, str]] = {
    "match_finished": "A match they played is over",
    "friends": "They became friends with someone",
    "shared_replay": "They shared a replay",
    "shared_deck": "They shared a deck",
    "tournament_finished": "A tournament they played is over",
}
"""Every kind of activity the server records, with what it is (a later feature adds its kinds
here, and in :data:`~cardtable.protocol.feed.ACTIVITY_KINDS`)."""
assert tuple(KINDS) == ACTIVITY_KINDS
MAX_DATA_BYTES: Final = 20_480
"""The largest ``data`` of an activity row, as compact JSON."""
MAX_DECK_BYTES: Final = 16_384
"""The largest deck shared, as compact JSON."""
SHARES_PER_HOUR: Final = 30.0
SHARE_BURST: Final = 10


def _against(data: JsonObject) -> str:
    others = data.get("opponents")
    names = [name for name in others if isinstance(name, str)] if isinstance(others, list) else []
    return f" against {', '.join(names)}" if names else ""


def text_of(kind: str, data: JsonObject, who: str) -> str:
    """The plain sentence an item shows (its kind, for a kind this version does not know how
    to say); ``who`` is its person's name."""
    title = text_field(data, "title", "a game")
    if kind == "match_finished":
        result = data.get("result")
        if result == "won":
            return f"{who} won a match of {title}{_against(data)}."
        if result == "lost":
            return f"{who} lost a match of {title}{_against(data)}."
        return f"{who} drew a match of {title}{_against(data)}."
    if kind == "friends":
        return f"{who} and {text_field(data, 'display_name', 'someone')} are now friends."
    if kind == "shared_replay":
        return f"{who} shared a replay of {title}{_against(data)}."
    if kind == "shared_deck":
        name = text_field(data, "name", "")
        return f"{who} shared a deck for {title}" + (f": {name}." if name else ".")
    if kind == "tournament_finished":
        event, place = text_field(data, "name", "a tournament"), data.get("place")
        if place == 1:
            return f"{who} won {event}, a tournament of {title}."
        entrants = data.get("entrants")
        if isinstance(place, int) and isinstance(entrants, int):
            return f"{who} finished {ordinal(place)} of {entrants} in {event} ({title})."
        return f"{who} played in {event} ({title})."
    return kind


def check(kind: str, data: JsonObject) -> None:
    """:class:`ValueError` unless ``kind`` is one of :data:`KINDS` and ``data`` an object of at
    most :data:`MAX_DATA_BYTES`."""
    if kind not in KINDS:
        raise ValueError(f"no kind of activity is called {kind!r}")
    size = json_size(data)
    if size > MAX_DATA_BYTES:
        raise ValueError(f"an activity's data holds at most {MAX_DATA_BYTES} bytes, not {size}")


def clean_comment(comment: str) -> str:
    """A share's comment as kept: trimmed; ``bad_message`` for one with control characters
    (a line break included: a comment is one line) or too long.

    >>> clean_comment("  <script>hi</script> ")
    '<script>hi</script>'
    """
    kept = comment.strip()
    if len(kept) > MAX_COMMENT_CHARS:
        raise Refused(
            "bad_message",
            f"a comment holds at most {MAX_COMMENT_CHARS} characters",
            field="comment",
        )
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in kept):
        raise Refused(
            "bad_message", "a comment is one line of text, without control characters",
            field="comment",
        )  # fmt: skip
    return kept


class Feed:
    """Each signed-in person's activity, and their friends' (see the module)."""

    def __init__(
        self,
        store: FeedStore,
        storage: SqlStorage,
        friends: Callable[[], Friends],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.storage = storage
        self._friends = friends
        self.clock = clock
        self.shares = RateLimits(rate=SHARES_PER_HOUR / 3600.0, burst=SHARE_BURST)
        """Shares per account."""

    @property
    def friends(self) -> Friends:
        return self._friends()

    # -- writing ----------------------------------------------------------------------------

    def write_match_finished(self, connection: sa.Connection, match: MatchRow) -> None:
        """A :data:`~cardtable.server.storage.base.FinishWriter`: a ``match_finished`` row
        for each signed-in person who played the match (as the participants say), with their
        result, in the transaction that finishes it; none for a match aborted or without an
        outcome, nor for one of a room with a password."""
        if match.status != "finished" or match.outcome is None:
            return
        private = connection.execute(
            sa.select(rooms.c.password_hash).where(rooms.c.id == match.room_id)
        ).first()
        if private is None or private.password_hash is not None:
            return
        seated = connection.execute(
            sa.select(
                participants.c.seat_index,
                participants.c.account_id,
                participants.c.name_at_the_time,
            )
            .where(participants.c.match_id == match.id)
            .order_by(participants.c.seat_index)
        ).all()
        if not any(seat.account_id is not None for seat in seated):
            return
        now = match.finished_at or self.clock()
        for seat in seated:
            if seat.account_id is None:
                continue
            data = _match_data(
                match.game, match.room_id, match.id, match.outcome, seat.seat_index, seated
            )
            add_row(connection, seat.account_id, "match_finished", data, now=now)

    async def friend_changed(self, event: FriendEvent) -> None:
        """A :class:`~cardtable.server.friends.service.Friends` listener: a friendship that
        began adds a ``friends`` row for each of the two (naming the other), in one
        transaction; a side whose other person shows their activity to nobody gets none
        (their name is not shown where they hide their activity)."""
        if event.kind != "accepted":
            return
        one = await self.friends.accounts.account_by_id(event.account_id)
        other = await self.friends.accounts.account_by_id(event.other_id)
        if one is None or other is None:
            return
        rows: list[tuple[str, str, JsonObject]] = []
        for actor, named in ((one, other), (other, one)):
            if await self.store.visibility(named.id) == "nobody":
                continue
            data: JsonObject = {
                "username": named.username or "",
                "display_name": named.display_name,
                "link": f"#/u/{named.username}",
            }
            rows.append((actor.id, "friends", data))
        if rows:
            await self.store.add_many(rows, now=event.at)

    async def share(self, me: AccountRow, body: Share) -> ActivityRow:
        """Share a replay or a deck, with a comment (see the module for what may be shared)."""
        comment = clean_comment(body.comment)
        if body.kind == "replay":
            if body.match is None or body.deck is not None or body.game is not None:
                raise Refused(
                    "bad_message", "a replay is shared by its match's id (`match`) alone",
                    field="match",
                )  # fmt: skip
            kind, data = "shared_replay", await self._replay(me, body.match)
        else:
            if body.deck is None or body.game is None or body.match is not None:
                raise Refused(
                    "bad_message", "a deck is shared with its game (`game` and `deck`)",
                    field="deck",
                )  # fmt: skip
            kind, data = "shared_deck", _deck(body.game, body.deck)
        data["comment"] = comment
        check(kind, data)
        wait = self.shares.take(me.id, self.clock())
        if wait > 0:
            raise Refused(
                "too_many", f"too many shares: try again in {wait:.0f} seconds", retry_after=wait
            )
        row = await self.store.add(me.id, kind, data, now=self.clock())
        if row is None:  # pragma: no cover - the caller's session is of an active account
            raise Refused("not_logged_in", "this account cannot share")
        return row

    async def _replay(self, me: AccountRow, match_id: str) -> JsonObject:
        found = await self.storage.read(
            sa.select(
                matches.c.id,
                matches.c.room_id,
                matches.c.game,
                matches.c.status,
                matches.c.outcome,
                rooms.c.password_hash,
            )
            .select_from(matches.join(rooms, rooms.c.id == matches.c.room_id))
            .where(matches.c.id == match_id)
        )
        seated = await self.storage.read(
            sa.select(
                participants.c.seat_index,
                participants.c.account_id,
                participants.c.name_at_the_time,
            )
            .where(participants.c.match_id == match_id)
            .order_by(participants.c.seat_index)
        )
        mine = [seat.seat_index for seat in seated if seat.account_id == me.id]
        if not found or not mine:
            raise Refused(
                "not_your_match",
                "you played no match with this id: a replay is shared only of a match one played",
                field="match",
            )
        row = found[0]
        if row.status != "finished" or row.outcome is None:
            raise Refused(
                "match_not_finished",
                "this match has not finished (or ended without a result): share its replay "
                "once it is over",
                field="match",
            )
        if row.password_hash is not None:
            raise Refused(
                "match_private",
                "this match was played in a room with a password: its replay is its players' only",
                field="match",
            )
        return _match_data(row.game, row.room_id, row.id, row.outcome, mine[0], seated)

    # -- reading ----------------------------------------------------------------------------

    async def feed(self, viewer: str, before: int | None, limit: int) -> list[ActivityRow]:
        """The activity of the viewer's friends that they let friends see, newest first."""
        return await self.store.page(await self.store.visible_friends(viewer), before, limit)

    async def may_see(self, viewer: AccountRow | None, owner: AccountRow) -> bool:
        """Whether ``viewer`` (``None``: someone not signed in) may see ``owner``'s activity."""
        if viewer is not None and viewer.id == owner.id:
            return True
        visibility = await self.store.visibility(owner.id)
        if visibility == "nobody":
            return False
        if viewer is None:
            return visibility == "everyone"
        if await self.friends.is_blocked(owner.id, viewer.id):
            return False
        return visibility == "everyone" or await self.friends.are_friends(owner.id, viewer.id)

    async def activity_of(
        self, viewer: AccountRow | None, owner: AccountRow, before: int | None, limit: int
    ) -> list[ActivityRow]:
        """``owner``'s activity as ``viewer`` may see it: all of it, or none."""
        if not await self.may_see(viewer, owner):
            return []
        return await self.store.page([owner.id], before, limit)

    async def visibility(self, account_id: str) -> str:
        return await self.store.visibility(account_id)

    async def set_visibility(self, account_id: str, visibility: str) -> str:
        if visibility not in VISIBILITIES:  # pragma: no cover - the body's type says so
            raise Refused("bad_message", f"visibility is one of {', '.join(VISIBILITIES)}")
        await self.store.set_visibility(account_id, visibility)
        return visibility


def _match_data(
    game: str, room: str, match: str, outcome: JsonObject | None, seat: int, seated: Any
) -> JsonObject:
    """What a finished match's item says to the person of seat ``seat``."""
    opponents: list[JsonValue] = []
    opponents.extend(str(other.name_at_the_time) for other in seated if other.seat_index != seat)
    del opponents[8:]
    data: JsonObject = {
        "game": game,
        "title": game_title(game),
        "room": room,
        "match": match,
        "seat": seat,
        "result": result_of(outcome, seat),
        "opponents": opponents,
        "link": f"#/replay/{match}",
    }
    if json_size(data) > MAX_DATA_BYTES // 2:
        data["opponents"] = []
    return data


def _deck(game_name: str, deck: JsonObject) -> JsonObject:
    """A deck's share data, once the game's default rules allow it."""
    try:
        game = find(game_name)
    except UnknownGame:
        raise Refused("unknown_game", f"there is no game called {game_name!r}") from None
    if not isinstance(game, SeatDecks):
        raise Refused("bad_deck", f"{game.title} is played without decks", field="game")
    size = json_size(deck)
    if size > MAX_DECK_BYTES:
        raise Refused(
            "bad_deck", f"a deck shared holds at most {MAX_DECK_BYTES} bytes, not {size}",
            field="deck",
        )  # fmt: skip
    try:
        game.with_seat_deck(game.default_ruleset(), 0, deck)
    except RulesetError as error:
        raise Refused("bad_deck", error.reason, refusal=error.code, field=error.field) from None
    data: JsonObject = {"game": game.name, "title": game.title, "deck": deck}
    name = deck.get("name")
    if isinstance(name, str) and name.strip():
        data["name"] = name.strip()[:80]
    return data
