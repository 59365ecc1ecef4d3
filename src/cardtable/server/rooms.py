"""Rooms: where people gather, take seats, start matches and watch them.

A room is made for one game and ruleset, with a number of seats: open ones for people, and
computer players named in the seat grammar (``greedy``, ``ismcts:hard``). A computer player's
seat keeps that spec as its name (the runner reads it back to know who plays); people read
its title, numbered where a room has two alike (``Greedy 1``, ``Greedy 2``: see
:func:`~cardtable.agents.names.shown_names`), in the room and in its matches. Whoever creates it
is its host (holding the host token): the host may remove a seat's occupant before the start,
and starts the match once every seat is taken. Joining a seat gives a seat token, kept by the
client to reconnect; watching gives the room's spectator ticket. Passwords are kept as argon2
hashes and seat tokens as SHA-256 digests: the store holds no secret that would let a thief
play in someone's seat (only the spectator ticket, which shows what any spectator sees), and
repeated wrong passwords are slowed down (:class:`~cardtable.server.security.Throttle`).

**Seats belong to people.** Who sits down is a :class:`Sitter`: a signed-in account, whose
display name becomes the seat's name and whose seat it is (the person resumes it wherever
they are signed in: :meth:`Rooms.seat_of`; joining again gives the same seat a new token), or
a guest (the visitor's cookie), who resumes by the seat token as before. A seat token of an
account's seat works only for that account: presented by a request signed in as another
account it is refused (``bad_token``, refusal ``not_your_seat``), and once the account is
disabled or deleted, by anyone (``bad_token``, refusal ``account_disabled``).

**Automatic seats and the pace.** In a game that offers no real choice
(:attr:`~cardtable.engine.game.Game.auto_play`: War), a person may have the server turn
their seat's cards (:meth:`Rooms.set_auto`), and the room's players set how fast automatic
turns come (:meth:`Rooms.set_pace`). Both are kept in the room's stored settings
(``auto_seats``, ``pace``), beside its other settings: every process reads them there, they
survive a reconnect and a restart without a new table or column, and a change is announced
on the room's channel like any other change of the room. A seat's choice ends when its
person leaves it or is removed.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.agents.names import shown_names
from cardtable.agents.registry import BUDGET_LIMITS, UnknownAgent, make_agent, parse_seats
from cardtable.engine.decisions import CONCEDE, TIMEOUT_THENS, TimeoutThen
from cardtable.engine.decks import SeatDecks
from cardtable.engine.errors import RulesetError, UnknownGame
from cardtable.engine.game import Game
from cardtable.engine.json import JsonObject, JsonValue
from cardtable.engine.rng import Rng
from cardtable.engine.ruleset import Ruleset
from cardtable.games import find
from cardtable.protocol.lobby import Pace, RoomKind, default_timeout
from cardtable.ratings.computers import computer_rating
from cardtable.server.errors import Refused
from cardtable.server.matches import Clock, Matches, room_channel
from cardtable.server.passwords import check_password
from cardtable.server.security import (
    Throttle,
    hash_password,
    new_token,
    token_hash,
)
from cardtable.server.storage.base import Conflict, RoomRow, SeatRow, Storage

MAX_SEATS = 8
CORRESPONDENCE_IDLE_SECONDS = 7 * 24 * 3600.0
"""How long a correspondence room that nobody touches stays open (waiting for a friend to take
a seat, or for a rematch) before it closes: a week, where a live room waits an hour."""
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,256}")
"""What every token the server hands out looks like (:func:`new_token`: URL-safe base64)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomPlan:
    """A room as asked for (validated by :meth:`Rooms.create`)."""

    game: str
    ruleset: JsonObject
    seats: Sequence[tuple[str, str | None]] | None
    """Per seat: ``("open", None)`` or ``("agent", "ismcts:hard")``; ``None``: all open."""
    name: str
    host_seat: int | None
    password: str | None
    spectators: bool
    turn_seconds: int | None
    disconnect_policy: str
    disconnect_wait: int
    deck: JsonObject | None = None
    """The host's deck, for games with decks."""
    room_name: str | None = None
    """The name the host gives the room (validated by the protocol), if any."""
    kind: RoomKind = "live"
    """Live, or correspondence (deadlines of hours or days: see :mod:`.runner`)."""
    timeout: TimeoutThen | None = None
    """What a turn whose time runs out does (``None``: the kind's default)."""
    rated: bool = False
    """Whether the room's matches are rated (see :func:`_check_rated`)."""
    tournament: JsonObject | None = None
    """The tournament table the room plays (``{"id", "name", "round", "table"}``, the table
    numbered from 0): one match, and a seat whose time runs out, or whose person is away past
    the wait, forfeits."""


@dataclass(frozen=True, slots=True)
class Created:
    room: RoomRow
    host_token: str
    seat: int | None
    token: str | None


@dataclass(frozen=True, slots=True)
class Occupant:
    """Who a token belongs to in a room: a seat, or a spectator (``seat`` is ``None``)."""

    seat: int | None
    name: str
    account_id: str | None = None
    """The account whose seat it is, if a signed-in person sat down."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Sitter:
    """Who takes a seat: a signed-in account (``name``, its display name, is the seat's), a
    guest, or neither (a store without accounts)."""

    account_id: str | None = None
    guest_id: str | None = None
    name: str | None = None


NOBODY = Sitter()
"""A person the server knows nothing of."""


async def _always_active(account_id: str) -> bool:
    return True


LEAVE_TRIES = 5
"""How many times leaving tries to concede while decisions keep landing before it."""


class Rooms:
    """Creating, joining, watching, starting and leaving rooms."""

    def __init__(self, storage: Storage, matches: Matches, clock: Clock) -> None:
        self.storage = storage
        self.matches = matches
        self.clock = clock
        self.throttle = Throttle()
        self._settings_lock = asyncio.Lock()
        self.started: Callable[[], None] = lambda: None
        """Called when a match starts here (the match runner takes it up at once)."""
        self.account_active: Callable[[str], Awaitable[bool]] = _always_active
        """Whether an account may still act in its seats (neither disabled nor deleted)."""

    # -- creating ---------------------------------------------------------------------------

    async def create(self, plan: RoomPlan, by: Sitter = NOBODY) -> Created:
        """A new room; the host, ``by``, takes the seat ``plan.host_seat`` (if any)."""
        game = _game(plan.game)
        host_name = by.name or plan.name
        try:
            ruleset = game.load_ruleset(plan.ruleset)
        except RulesetError as error:
            raise Refused(
                "bad_rules", error.reason, refusal=error.code, field=error.field
            ) from None
        count = game.seats(ruleset)
        if count > MAX_SEATS:
            raise Refused(
                "bad_rules", f"a room seats at most {MAX_SEATS} players; these rules have {count}"
            )
        wanted = list(plan.seats) if plan.seats is not None else [("open", None)] * count
        if len(wanted) != count:
            raise Refused(
                "bad_rules", f"these {game.title} rules have {count} seats; {len(wanted)} given"
            )
        if plan.host_seat is not None and not 0 <= plan.host_seat < count:
            raise Refused(
                "bad_message", f"there is no seat {plan.host_seat}: seats are 0-{count - 1}"
            )
        if plan.deck is not None and plan.host_seat is None:
            raise Refused("bad_deck", "a host who only watches brings no deck")
        if plan.kind == "correspondence":
            if game.auto_play:
                raise Refused(
                    "bad_rules",
                    f"{game.title} offers no real choice: correspondence rooms are for games "
                    "where players decide",
                )
            if plan.host_seat is not None:
                _signed_in_to_correspond(by)
        if plan.rated:
            _check_rated(game, ruleset, wanted)
            _no_deck_to_rank(plan.deck)
            if plan.host_seat is not None:
                _signed_in_to_rank(by)
        now = self.clock()
        room_id = secrets.token_urlsafe(6)
        host_token = new_token()
        watch_token = new_token()
        seat_token: str | None = None
        seats: list[SeatRow] = []
        for index, (kind, agent) in enumerate(wanted):
            if kind == "agent":
                if index == plan.host_seat:
                    raise Refused(
                        "bad_message",
                        f"seat {index} is a computer player's: the host cannot sit there",
                    )
                seats.append(_agent_seat(game, room_id, index, agent))
            elif index == plan.host_seat:
                seat_token = new_token()
                _check_deck(game, ruleset, index, plan.deck)
                seats.append(
                    SeatRow(room_id=room_id, index=index, kind="guest", name=host_name,
                            token_hash=token_hash(seat_token), deck=plan.deck,
                            account_id=by.account_id, guest_id=by.guest_id)
                )  # fmt: skip
            else:
                seats.append(
                    SeatRow(room_id=room_id, index=index, kind="open", name="", token_hash=None)
                )
        strict = plan.rated or plan.tournament is not None  # no computer stand-ins
        settings: JsonObject = {
            "spectators": plan.spectators,
            "turn_seconds": plan.turn_seconds,
            "disconnect": {
                "policy": "forfeit" if strict else plan.disconnect_policy,
                "wait_seconds": plan.disconnect_wait,
            },
            "kind": plan.kind,
            "timeout": "forfeit" if strict else plan.timeout or default_timeout(plan.kind),
            "rated": plan.rated,
            "watch_token": watch_token,
            "host": host_name,
        }
        if plan.tournament is not None:
            settings["tournament"] = plan.tournament
        room = RoomRow(
            id=room_id,
            game=game.name,
            ruleset=ruleset.to_json(),
            settings=settings,
            password_hash=(
                None
                if plan.password is None
                else await asyncio.to_thread(hash_password, plan.password)
            ),
            host_token_hash=token_hash(host_token),
            status="open",
            created_at=now,
            updated_at=now,
            name=plan.room_name,
        )
        await self.storage.create_room(room, seats)
        return Created(room, host_token, plan.host_seat, seat_token)

    # -- reading ----------------------------------------------------------------------------

    async def room(self, room_id: str) -> RoomRow:
        room = await self.storage.room(room_id)
        if room is None:
            raise Refused("not_found", "there is no such room (it may have expired)")
        return room

    async def who(
        self, room: RoomRow, token: str | None, account_id: str | None = None
    ) -> Occupant:
        """The seat (or spectator) ``token`` belongs to (``Refused('bad_token')`` if none).
        ``account_id``: the account the request is signed in as, if any (an account's seat
        refuses the token of a request signed in as another); without a token, the seat
        that account holds here."""
        if not token and account_id is not None:
            held = await self.seat_of(room, account_id)
            if held is not None:
                return held
        if token and TOKEN_SHAPE.fullmatch(token):  # any other text is no token we gave out
            digest = token_hash(token)
            for seat in await self.storage.seats(room.id):
                if seat.token_hash == digest:
                    await self._may_act(seat, account_id)
                    return Occupant(seat.index, seat.name, seat.account_id)
            if secrets.compare_digest(str(room.settings.get("watch_token", "")), token):
                if not room.settings.get("spectators", True):
                    raise Refused("forbidden", "this room does not take spectators")
                return Occupant(None, "spectator")
        raise Refused("bad_token", "this token holds no seat in this room: join or watch first")

    async def seat_of(self, room: RoomRow, account_id: str) -> Occupant | None:
        """The seat the account holds in the room, if any (the first, should it hold more)."""
        for seat in await self.storage.seats(room.id):
            if seat.kind == "guest" and seat.account_id == account_id:
                await self._may_act(seat, account_id)
                return Occupant(seat.index, seat.name, account_id)
        return None

    async def _may_act(self, seat: SeatRow, account_id: str | None) -> None:
        """Refuse a seat of an account to another account, or to anyone once the account
        is disabled or deleted."""
        if seat.account_id is None:
            return
        if account_id is not None and account_id != seat.account_id:
            raise Refused(
                "bad_token",
                "this seat belongs to another account: sign in as its owner",
                refusal="not_your_seat",
            )
        if not await self.account_active(seat.account_id):
            raise Refused(
                "bad_token",
                "the account this seat belongs to is disabled: it cannot play here",
                refusal="account_disabled",
            )

    async def is_host(self, room: RoomRow, token: str | None) -> bool:
        return bool(token) and token_hash(token or "") == room.host_token_hash

    # -- joining and watching ---------------------------------------------------------------

    async def _check_password(self, room: RoomRow, password: str | None, client: str) -> None:
        if room.password_hash is None:
            return
        await check_password(
            self.throttle,
            f"{room.id} {client}",
            room.password_hash,
            password,
            now=self.clock(),
            what="room",
        )

    async def join(
        self,
        room_id: str,
        name: str,
        seat: int | None,
        password: str | None,
        client: str,
        deck: JsonObject | None = None,
        by: Sitter = NOBODY,
        *,
        invited: bool = False,
    ) -> tuple[RoomRow, int, str]:
        """Take a seat (the first open one when ``seat`` is ``None``), bringing ``deck`` if
        the game has decks: (room, seat, token). An account that holds a seat here already
        gets that seat back, with a new token (the old one no longer works). ``invited``: the
        person brings an invite (:mod:`cardtable.server.invites`, which checked it) instead
        of the password."""
        room = await self.room(room_id)
        if room.status == "closed":
            raise Refused("room_closed", "this room is closed")
        if not invited:
            await self._check_password(room, password, client)
        seats = await self.storage.seats(room_id)
        if by.account_id is not None:
            for held in seats:
                if held.kind == "guest" and held.account_id == by.account_id:
                    return await self._reissue(room_id, held)
        if kind_of(room.settings) == "correspondence":
            _signed_in_to_correspond(by)
        if rated_of(room.settings):
            _signed_in_to_rank(by)
            _no_deck_to_rank(deck)
        open_seats = [row.index for row in seats if row.kind == "open"]
        if seat is None:
            if not open_seats:
                raise Refused("room_full", "every seat of this room is taken: watch instead")
            seat = open_seats[0]
        elif not 0 <= seat < len(seats):
            raise Refused("bad_message", f"there is no seat {seat}: seats are 0-{len(seats) - 1}")
        elif seat not in open_seats:
            raise Refused("room_full", f"seat {seat} is taken")
        if deck is not None:
            game = _game(room.game)
            _check_deck(game, game.load_ruleset(room.ruleset), seat, deck)
        token = new_token()
        row = SeatRow(
            room_id=room_id,
            index=seat,
            kind="guest",
            name=by.name or name,
            token_hash=token_hash(token),
            deck=deck,
            account_id=by.account_id,
            guest_id=by.guest_id,
        )
        try:
            await self.storage.put_seat(row, expected_kind="open", touched_at=self.clock())
        except Conflict:
            raise Refused("room_full", f"seat {seat} was taken just now") from None
        await self.changed(room_id)
        return await self.room(room_id), seat, token

    async def _reissue(self, room_id: str, held: SeatRow) -> tuple[RoomRow, int, str]:
        """The account's seat ``held`` again, under a new token."""
        token = new_token()
        row = SeatRow(
            room_id=room_id,
            index=held.index,
            kind="guest",
            name=held.name,
            token_hash=token_hash(token),
            deck=held.deck,
            account_id=held.account_id,
            guest_id=held.guest_id,
            rematch=held.rematch,
        )
        try:
            await self.storage.put_seat(row, expected_kind="guest", touched_at=self.clock())
        except Conflict:
            raise Refused("room_full", f"seat {held.index} was given up just now") from None
        return await self.room(room_id), held.index, token

    async def watch(self, room_id: str, password: str | None, client: str) -> tuple[RoomRow, str]:
        """The room's spectator token: one ticket per room, given to whoever may watch (it
        lets its holder see what every spectator sees, nothing more)."""
        room = await self.room(room_id)
        if not room.settings.get("spectators", True):
            raise Refused("forbidden", "this room does not take spectators")
        await self._check_password(room, password, client)
        return room, str(room.settings["watch_token"])

    # -- the host's powers, starting, leaving -----------------------------------------------

    async def set_auto(self, room_id: str, seat: int | None, on: bool, of: int | None) -> None:
        """Turn seat ``of`` automatically (``on``) or stop, asked by the holder of ``seat``
        (``None``: a spectator): only one's own seat (``of`` ``None`` says the same), held by
        a person, in a game whose :attr:`~cardtable.engine.game.Game.auto_play` allows it."""
        if seat is None:
            raise Refused("not_seated", "only a seated player can have their cards turned")
        if of is not None and of != seat:
            raise Refused("not_your_seat", f"seat {of} is not yours: you sit at seat {seat}")
        room = await self.room(room_id)
        if not _game(room.game).auto_play:
            raise Refused(
                "no_auto_play",
                f"{_game(room.game).title} offers real choices: the server does not make a "
                "person's decisions in it",
            )
        await self._settle(room_id, lambda settings: _with_auto(settings, seat, on))

    async def set_pace(self, room_id: str, seat: int | None, pace: str) -> None:
        """Set the room's pace of automatic turns (asked by a player, never a spectator)."""
        if seat is None:
            raise Refused("not_seated", "only a seated player can set the pace")
        await self._settle(room_id, lambda settings: {**settings, "pace": pace})

    async def _settle(self, room_id: str, change: Callable[[JsonObject], JsonObject]) -> None:
        """Change the room's settings (one change at a time in this process), and tell every
        process when they changed."""
        async with self._settings_lock:
            room = await self.room(room_id)
            if room.status == "closed":
                raise Refused("room_closed", "this room is closed")
            settings = change(room.settings)
            if settings == room.settings:
                return
            await self.storage.update_room(room_id, settings=settings, updated_at=self.clock())
        await self.changed(room_id)

    async def _drop_auto(self, room_id: str, seat: int) -> None:
        """Forget seat ``seat``'s automatic play (its person left it)."""
        await self._settle(room_id, lambda settings: _with_auto(settings, seat, on=False))

    async def remove(self, room_id: str, host_token: str | None, seat: int) -> RoomRow:
        """The host frees seat ``seat`` before the start."""
        room = await self.room(room_id)
        if not await self.is_host(room, host_token):
            raise Refused("forbidden", "only the room's host may remove a player")
        if room.status != "open":
            raise Refused("room_closed", "players can only be removed before the match starts")
        seats = await self.storage.seats(room_id)
        if not 0 <= seat < len(seats) or seats[seat].kind != "guest":
            raise Refused("bad_message", f"nobody sits at seat {seat}")
        await self.storage.put_seat(
            SeatRow(room_id=room_id, index=seat, kind="open", name="", token_hash=None),
            touched_at=self.clock(),
        )
        await self._drop_auto(room_id, seat)
        await self.changed(room_id)
        return await self.room(room_id)

    async def start(
        self, room_id: str, token: str | None, account_id: str | None = None
    ) -> RoomRow:
        """Start the room's match (the host, once every seat is taken), or accept a rematch
        once the last match is over (:meth:`rematch`)."""
        room = await self.room(room_id)
        if room.status == "finished":
            return await self.rematch(room_id, token, account_id)
        if room.status == "playing":
            raise Refused("room_closed", "a match is being played in this room")
        if room.status != "open":
            raise Refused("room_closed", "this room is closed")
        if not await self.is_host(room, token):
            raise Refused("forbidden", "only the room's host may start the match")
        seats = await self.storage.seats(room_id)
        empty = [row.index for row in seats if row.kind == "open"]
        if empty:
            listed = ", ".join(str(index) for index in empty)
            raise Refused("room_full", f"seats {listed} are still open: wait for players")
        await self._begin(room, seats)
        return await self.room(room_id)

    async def rematch(
        self, room_id: str, token: str | None, account_id: str | None = None
    ) -> RoomRow:
        """Accept a rematch in a room whose match is over: the next match starts once every
        seat is taken and each person at the table has accepted (computer players always
        do). A player accepts for their own seat; the host's token, for nobody, starts the
        rematch only when nobody is left to accept (a table of computer players)."""
        room = await self.room(room_id)
        if tournament_of(room.settings) is not None:
            raise Refused("room_closed", "a tournament's table plays one match: no rematch")
        if room.status != "finished":
            if room.status == "playing":
                raise Refused("room_closed", "a match is being played in this room")
            if room.status == "open":
                raise Refused("room_closed", "no match has been played here yet: start one")
            raise Refused("room_closed", "this room is closed")
        seat: int | None = None
        if await self.is_host(room, token):
            held = await self.seat_of(room, account_id) if account_id is not None else None
            seat = None if held is None else held.seat
        else:
            seat = (await self.who(room, token, account_id)).seat
            if seat is None:
                raise Refused("forbidden", "only the players may ask for a rematch")
        if seat is None:
            seats = await self.storage.seats(room_id)
            if _waiting_for(seats):
                raise Refused(
                    "forbidden",
                    "the players decide on a rematch: each accepts from their own seat",
                )
        else:
            try:
                seats = await self.storage.accept_rematch(room_id, seat, at=self.clock())
            except Conflict:  # the room moved on (a rematch began) or the seat was given up
                return await self._after_race(room_id)
            if _waiting_for(seats):
                await self.changed(room_id)
                return await self.room(room_id)
        try:
            await self._begin(room, seats)
        except Refused as refusal:
            if refusal.code != "room_closed":
                raise
            return await self._after_race(room_id)  # another acceptance began it
        return await self.room(room_id)

    async def start_now(self, room_id: str) -> RoomRow:
        """Start a room's match on the server's own authority, once every seat is taken (a
        room the server made: a tournament's table). Refused as :meth:`start` refuses."""
        room = await self.room(room_id)
        if room.status != "open":
            raise Refused("room_closed", "this room's match has begun, or the room is closed")
        seats = await self.storage.seats(room_id)
        if any(row.kind == "open" for row in seats):
            raise Refused("room_full", "seats are still open")
        await self._begin(room, seats)
        return await self.room(room_id)

    async def _after_race(self, room_id: str) -> RoomRow:
        """The room after an acceptance that lost a race: a rematch another acceptance began
        is no refusal; anything else is said as it is."""
        room = await self.room(room_id)
        if room.status == "playing":
            return room
        raise Refused("room_closed", "this room changed just now: look at it again")

    async def _begin(self, room: RoomRow, seats: Sequence[SeatRow]) -> None:
        """Start a match in ``room`` between ``seats``, and tell everyone."""
        shown = tuple(shown_names((row.kind == "agent", row.name) for row in seats))
        await self.matches.start(room, shown, _with_decks(room, seats))
        await self.changed(room.id)
        self.started()

    async def leave(
        self, room_id: str, token: str | None, account_id: str | None = None
    ) -> RoomRow:
        """Give up one's seat: before a match it is open again; during one the player
        concedes (the game decides what that means) and the seat opens for later matches."""
        room = await self.room(room_id)
        occupant = await self.who(room, token, account_id)
        if occupant.seat is None:
            return room  # a spectator just goes
        if room.status == "playing":
            match_id = await self.current_match(room_id)
            if match_id is not None:
                await self._concede(match_id, occupant.seat)
        await self.storage.put_seat(
            SeatRow(room_id=room_id, index=occupant.seat, kind="open", name="", token_hash=None)
        )
        await self._drop_auto(room_id, occupant.seat)
        await self.changed(room_id)
        return await self.room(room_id)

    async def _concede(self, match_id: str, seat: int) -> None:
        """Concede for a seat that leaves, at the version the match is at when the concession
        goes in (a decision landing meanwhile makes it read again, a few times at most)."""
        for attempt in range(LEAVE_TRIES):
            live = await self.matches.live(match_id)
            if live.over or CONCEDE not in live.match.legal(seat):
                return
            try:
                await self.matches.submit(match_id, seat, "concede", live.version)
                return
            except Refused as refused:
                if refused.code != "stale_version" or attempt == LEAVE_TRIES - 1:
                    raise

    async def expire(self, before: float) -> list[str]:
        """Close the rooms nobody touched since ``before`` (unless a match is being played;
        a correspondence room, whose people come and go over days, after
        :data:`CORRESPONDENCE_IDLE_SECONDS`); their ids."""
        closed = []
        patient = self.clock() - CORRESPONDENCE_IDLE_SECONDS
        for room in await self.storage.rooms(statuses=("open", "finished"), idle_since=before):
            if kind_of(room.settings) == "correspondence" and room.updated_at >= patient:
                continue
            if room.updated_at < before:
                await self.storage.update_room(room.id, status="closed", updated_at=room.updated_at)
                await self.changed(room.id)
                closed.append(room.id)
        return closed

    async def abandon(self, room_id: str, match_id: str) -> bool:
        """End the room's live match without a result and close the room: everyone left it
        (see :mod:`~cardtable.server.runner`). Whether it was abandoned (not if the match
        ended or moved on meanwhile: someone came back)."""
        if not await self.matches.abandon(match_id):
            return False
        await self.storage.update_room(room_id, status="closed", updated_at=self.clock())
        await self.changed(room_id)
        return True

    async def current_match(self, room_id: str) -> str | None:
        matches = await self.storage.matches(room_id)
        return matches[-1].id if matches else None

    async def changed(self, room_id: str) -> None:
        """Tell every process the room changed (seats, status, a new match)."""
        await self.matches.notices.tell(room_channel(room_id), json.dumps({"kind": "room"}))


def _waiting_for(seats: Sequence[SeatRow]) -> list[int]:
    """The seats a rematch waits for: open ones, and people's that have not accepted.

    >>> from dataclasses import replace
    >>> person = SeatRow(room_id="r", index=0, kind="guest", name="Ann", token_hash="t")
    >>> computer = SeatRow(room_id="r", index=1, kind="agent", name="greedy", token_hash=None)
    >>> _waiting_for([person, computer]), _waiting_for([replace(person, rematch=True), computer])
    ([0], [])
    """
    return [
        row.index
        for row in seats
        if row.kind == "open" or (row.kind == "guest" and not row.rematch)
    ]


def auto_seats(settings: JsonObject) -> frozenset[int]:
    """The seats whose people have the server play for them, from a room's settings.

    >>> sorted(auto_seats({"auto_seats": [2, 0]})), auto_seats({})
    ([0, 2], frozenset())
    """
    seats = settings.get("auto_seats")
    if not isinstance(seats, list):
        return frozenset()
    return frozenset(seat for seat in seats if isinstance(seat, int))


def kind_of(settings: JsonObject) -> RoomKind:
    """A room's kind, from its settings (``live`` for a room stored before there were kinds).

    >>> kind_of({"kind": "correspondence"}), kind_of({})
    ('correspondence', 'live')
    """
    return "correspondence" if settings.get("kind") == "correspondence" else "live"


def timeout_of(settings: JsonObject) -> TimeoutThen:
    """What a turn whose time runs out does in a room, from its settings (its kind's default
    for a room stored before rooms said).

    >>> timeout_of({"kind": "correspondence"}), timeout_of({"timeout": "agent"}), timeout_of({})
    ('forfeit', 'agent', 'default')
    """
    stored = settings.get("timeout")
    for then in TIMEOUT_THENS:
        if stored == then:
            return then
    return default_timeout(kind_of(settings))


def tournament_of(settings: JsonObject) -> JsonObject | None:
    """The tournament table a room plays, from its settings (``None``: none).

    >>> tournament_of({"tournament": {"id": "t1", "round": 2, "table": 0}})
    {'id': 't1', 'round': 2, 'table': 0}
    >>> tournament_of({}) is None
    True
    """
    found = settings.get("tournament")
    return found if isinstance(found, dict) else None


def rated_of(settings: JsonObject) -> bool:
    """Whether a room's matches are rated, from its settings (rooms stored before ranked play
    are not).

    >>> rated_of({"rated": True}), rated_of({})
    (True, False)
    """
    return settings.get("rated") is True


def _check_rated(
    game: Game[Any, Any], ruleset: Any, wanted: Sequence[tuple[str, str | None]]
) -> None:
    """Refuse a rated room whose rules are not one of the game's rated rulesets, or whose
    computer players have no fixed rating under them."""
    rated = game.rated_ruleset(ruleset)
    if rated is None:
        offered = [entry.title for entry in game.rated_rulesets()]
        raise Refused(
            "bad_rules",
            f"{game.title} rates no matches: its only decision is luck"
            if not offered
            else "a rated room plays the standard rules, unchanged: " + ", ".join(offered),
        )
    for index, (kind, agent) in enumerate(wanted):
        if kind != "agent":
            continue
        spec = _agent_seat(game, "", index, agent).name  # a player that does not exist: refused
        if computer_rating(game.name, rated.name, spec) is None:
            raise Refused(
                "bad_rules",
                f"the computer player {agent!r} has no rating for {rated.title}: it cannot "
                "sit at a rated table",
            )


def _no_deck_to_rank(deck: JsonObject | None) -> None:
    """Refuse a deck of one's own at a rated table: it plays the standard rules, decks
    included, so that every rating of the ruleset measures the same game."""
    if deck is not None:
        raise Refused("bad_deck", "a rated table plays the standard decks: bring none")


def _signed_in_to_rank(by: Sitter) -> None:
    """Refuse a seat of a rated room to anyone not signed in: a rating is an account's."""
    if by.account_id is None:
        raise Refused(
            "not_logged_in", "sign in to sit at a rated table: your rating is your account's"
        )


def _signed_in_to_correspond(by: Sitter) -> None:
    """Refuse a seat of a correspondence room to anyone not signed in: such a match is played
    over days, from any device, with a notification at each turn, all of which an account
    carries."""
    if by.account_id is None:
        raise Refused(
            "not_logged_in",
            "sign in to sit at a correspondence table: your turns reach you through your "
            "account, on any device",
        )


def pace_of(settings: JsonObject) -> Pace:
    """A room's pace of automatic turns, from its settings (``normal`` unless set).

    >>> pace_of({"pace": "fast"}), pace_of({})
    ('fast', 'normal')
    """
    return "fast" if settings.get("pace") == "fast" else "normal"


def _with_auto(settings: JsonObject, seat: int, on: bool) -> JsonObject:
    """``settings`` with seat ``seat`` played automatically (``on``) or not.

    >>> _with_auto({"pace": "fast"}, 1, True)
    {'pace': 'fast', 'auto_seats': [1]}
    >>> _with_auto({"auto_seats": [1]}, 1, False)
    {'auto_seats': []}
    >>> _with_auto({}, 1, False)
    {}
    """
    before = auto_seats(settings)
    seats = before | {seat} if on else before - {seat}
    if seats == before:
        return settings
    listed: list[JsonValue] = [*sorted(seats)]
    return {**settings, "auto_seats": listed}


def _game(name: str) -> Game[Any, Any]:
    try:
        return find(name)
    except UnknownGame as error:
        raise Refused("unknown_game", error.reason) from None


def agent_spec(game: Game[Any, Any], agent: str, where: str = "") -> str:
    """A computer player's name as the server seats it (``ismcts:hard``), after checking that
    it exists for ``game`` within the server's budgets (``bad_message``, prefixed by ``where``,
    otherwise)."""
    try:
        specs = parse_seats(agent)
        if len(specs) != 1 or specs[0].human:
            raise UnknownAgent(f"name one computer player, not {agent!r}")
        make_agent(specs[0], game, Rng(0), limits=BUDGET_LIMITS)
    except UnknownAgent as error:
        raise Refused("bad_message", f"{where}{error.reason}") from None
    return specs[0].text()


def _agent_seat(game: Game[Any, Any], room_id: str, index: int, agent: str | None) -> SeatRow:
    name = agent_spec(game, agent or "random", f"seat {index}: ")
    return SeatRow(room_id=room_id, index=index, kind="agent", name=name, token_hash=None)


def _check_deck(game: Game[Any, Any], ruleset: Ruleset, seat: int, deck: JsonObject | None) -> None:
    """Refuse a deck the game has no place for, or one its rules do not allow."""
    if deck is None:
        return
    if not isinstance(game, SeatDecks):
        raise Refused("bad_deck", f"{game.title} is played without decks: bring none")
    try:
        game.with_seat_deck(ruleset, seat, deck)
    except RulesetError as error:
        raise Refused("bad_deck", error.reason, refusal=error.code, field=error.field) from None


def _with_decks(room: RoomRow, seats: Sequence[SeatRow]) -> JsonObject:
    """The room's ruleset with the decks its players brought (checked when they sat down)."""
    if all(row.deck is None for row in seats):
        return room.ruleset
    game = _game(room.game)
    ruleset: Ruleset = game.load_ruleset(room.ruleset)
    for row in seats:
        if row.deck is not None and isinstance(game, SeatDecks):
            ruleset = game.with_seat_deck(ruleset, row.index, row.deck)
    return ruleset.to_json()
