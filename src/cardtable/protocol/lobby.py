"""The lobby's REST bodies: games, rooms, seats, matches, and the error body.

Shared by the server's routes and the Python client, so both read and write the same shapes.

>>> room = CreateRoom(game="war", name="  Fox ", seats=[SeatRequest(kind="open"),
...                   SeatRequest(kind="agent", agent="greedy")])
>>> room.name, room.host_seat, room.disconnect.policy, room.turn_seconds
('Fox', 0, 'agent', None)
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, Self

from pydantic import Field, JsonValue, StringConstraints, model_validator

from cardtable.engine.decisions import TimeoutThen
from cardtable.protocol.base import WireModel
from cardtable.protocol.text import DisplayName, Password, RoomName, Token

JsonObject = dict[str, JsonValue]
AgentName = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[\w:.,=-]+$")]
Index = Annotated[int, Field(ge=0)]
GAME_NAME_PATTERN = r"^[\w-]{1,64}$"
"""A game's name as a request gives it to filter a listing (``?game=war``): letters, digits,
``_`` and ``-``, so that nothing else (a NUL character) ever reaches a database query."""

MAX_BODY_BYTES = 1024 * 1024
"""The largest REST request body the server reads, in bytes (a ruleset with a full card pool
and the decks brought takes a few dozen KiB); a larger one is refused unread (413,
``too_large``)."""


class GameInfo(WireModel):
    """A game the server offers, with what a client needs to set up a room for it."""

    name: str = Field(description="The game's name in the registry, e.g. 'karata'.")
    title: str = Field(description="The game's name for people.")
    summary: str = Field(description="One sentence about the game.")
    seats: list[int] = Field(description="The seat counts its rulesets allow.")
    ruleset_schema: dict[str, Any] = Field(description="The JSON Schema of its ruleset.")
    default_ruleset: JsonObject = Field(description="The ruleset used when none is given.")
    rules: str = Field(description="The rules, in Markdown.")
    auto_play: bool = Field(
        False,
        description="Whether the game offers no real choice (War, whose one decision is "
        "turning a card): a seat may have the server play it, and no room of it is played "
        "by correspondence.",
    )
    table: str | None = Field(
        None,
        description="Where the browser client imports the game's own table from, when a "
        "plug-in brings one (`/plugins/highcard/table.js`); `null` for cardtable's own games, "
        "whose tables are part of the client, and for games drawn by the generic table.",
    )


class SeatRequest(WireModel):
    """A seat as the host asks for it: open for a person, or held by a computer player."""

    kind: Literal["open", "agent"] = Field(description="Who will hold the seat.")
    agent: AgentName | None = Field(
        None, description="The computer player, e.g. 'random' or 'ismcts:hard' (agent seats)."
    )

    @model_validator(mode="after")
    def _agent_for_agent_seats(self) -> Self:
        if self.kind == "agent" and self.agent is None:
            raise ValueError("an agent seat needs an agent, such as 'random'")
        if self.kind == "open" and self.agent is not None:
            raise ValueError("an open seat takes no agent")
        return self


class DisconnectPolicy(WireModel):
    """What happens to a seat whose player drops out during a match."""

    policy: Literal["agent", "forfeit"] = Field(
        "agent", description="After the wait, a computer player holds the seat, or it forfeits."
    )
    wait_seconds: int = Field(30, ge=0, le=600, description="How long to wait for a return.")


RoomKind = Literal["live", "correspondence"]
"""How a room's matches are played: ``live``, everyone at the table at once (turn limits of
seconds or minutes, computer stand-ins for the absent), or ``correspondence``, each person
acting whenever they like within a deadline of hours or days (see docs/correspondence.md)."""

LIVE_TURN_SECONDS: Final = (5, 3600)
"""The time limits per turn a live room may have, in seconds (or none)."""
CORRESPONDENCE_SECONDS: Final = (3600, 7 * 24 * 3600)
"""The deadlines per turn a correspondence room may have: an hour to seven days."""
CORRESPONDENCE_DEFAULT: Final = 24 * 3600
"""A correspondence room's deadline per turn when none is given: a day."""


def default_timeout(kind: RoomKind) -> TimeoutThen:
    """What a turn whose time runs out does where the room does not say: the seat's default
    move in a live room (as ever), a forfeit in a correspondence room.

    >>> default_timeout("live"), default_timeout("correspondence")
    ('default', 'forfeit')
    """
    return "default" if kind == "live" else "forfeit"


class CreateRoom(WireModel):
    """The body that creates a room; its creator is the host."""

    game: str = Field(min_length=1, max_length=64, description="The game's name.")
    ruleset: JsonObject = Field(
        default_factory=dict, description="Ruleset values; the rest take their defaults."
    )
    seats: list[SeatRequest] | None = Field(
        None, min_length=1, max_length=16, description="None: the ruleset's seats, all open."
    )
    name: DisplayName = Field(description="The host's display name.")
    host_seat: Index | None = Field(0, description="The host's seat; None: the host watches.")
    password: Password | None = Field(None, description="A password to join or watch.")
    spectators: bool = Field(True, description="Whether people may watch.")
    kind: RoomKind = Field(
        "live",
        description="`live` (everyone plays at once) or `correspondence` (each person acts "
        "whenever they like within a deadline per turn of an hour to seven days; for games "
        "with real choices, not War; people sign in to sit).",
    )
    turn_seconds: int | None = Field(
        None,
        ge=LIVE_TURN_SECONDS[0],
        le=CORRESPONDENCE_SECONDS[1],
        description="The time limit per turn in seconds: 5 to 3,600 in a live room (None: no "
        "limit); 3,600 to 604,800 in a correspondence room (None: a day).",
    )
    timeout: TimeoutThen | None = Field(
        None,
        description="What happens when a turn's time runs out: `default` (the seat's default "
        "move is made), `forfeit` (the seat loses the match) or `agent` (a computer player "
        "takes the seat until its person acts again; live rooms only). None: `default` in a "
        "live room, `forfeit` in a correspondence room.",
    )
    disconnect: DisconnectPolicy = Field(default_factory=DisconnectPolicy)
    rated: bool = Field(
        False,
        description="Whether the room's matches are rated: only under a rated ruleset of the "
        "game (its standard rules, `GET /api/ratings`), only signed-in people sit, and a "
        "seat whose person is away past the wait, or whose time runs out, forfeits (no "
        "computer stand-in): `timeout` and `disconnect.policy`, if given, must be `forfeit`.",
    )
    deck: JsonObject | None = Field(None, description="The host's deck, for games with decks.")
    room_name: RoomName | None = Field(
        None,
        description="A name for the room, shown in the lobby beside the game's (1 to 60 "
        "characters once trimmed); None: the room has none.",
    )

    @model_validator(mode="after")
    def _times_fit_the_kind(self) -> Self:
        low, high = LIVE_TURN_SECONDS if self.kind == "live" else CORRESPONDENCE_SECONDS
        if self.turn_seconds is not None and not low <= self.turn_seconds <= high:
            raise ValueError(
                f"a {self.kind} room's time per turn is {low:,} to {high:,} seconds "
                f"(got {self.turn_seconds:,})"
            )
        if self.kind == "correspondence" and self.timeout == "agent":
            raise ValueError(
                "a correspondence room hands no seat to a computer player: its timeout is "
                "default or forfeit"
            )
        if self.rated and self.timeout not in (None, "forfeit"):
            raise ValueError("in a rated room a turn whose time runs out forfeits: timeout forfeit")
        chosen = "disconnect" in self.model_fields_set
        if self.rated and chosen and self.disconnect.policy != "forfeit":
            raise ValueError(
                "in a rated room a person away past the wait forfeits: no computer player "
                "stands in (disconnect policy forfeit)"
            )
        return self

    def deadline(self) -> int | None:
        """The time per turn the room gets: as asked, or a correspondence room's default.

        >>> CreateRoom(game="karata", name="Fox", kind="correspondence").deadline()
        86400
        """
        if self.turn_seconds is None and self.kind == "correspondence":
            return CORRESPONDENCE_DEFAULT
        return self.turn_seconds

    @model_validator(mode="after")
    def _host_seat_is_open(self) -> Self:
        if self.seats is not None and self.host_seat is not None:
            if self.host_seat >= len(self.seats):
                raise ValueError(
                    f"the host's seat ({self.host_seat}) is not one of the seats asked for"
                )
            if self.seats[self.host_seat].kind != "open":
                raise ValueError(f"the host's seat ({self.host_seat}) must be an open seat")
        return self


SeatKind = Literal["open", "account", "guest", "agent"]
"""Who holds a seat: nobody yet, a signed-in person (an account), a person without an account
(a guest), or a computer player. (Before protocol 5, a person's seat was ``guest`` whoever
held it.)"""


class SeatInfo(WireModel):
    """A seat as everyone sees it."""

    index: Index
    kind: SeatKind = Field(
        description="Who holds the seat: open, account (a signed-in person), guest (a person "
        "without an account) or agent (a computer player)."
    )
    name: str = Field(description="The holder's display name ('' while open).")
    connected: bool = Field(description="Whether its holder is connected now.")
    username: str | None = Field(
        None,
        description="The username of the account holding the seat (account seats; null for "
        "the others, and for a deleted account). Since protocol 5.",
    )
    auto: bool = Field(
        False,
        description="Whether the server makes the seat's decisions as its turns come: true "
        "for a computer player, a person's choice (the `auto` message) in a game that offers "
        "no real choice, such as War. Since protocol 7.",
    )
    wins: int = Field(
        0,
        ge=0,
        description="How many of the room's finished matches this seat has won: the running "
        "score across rematches (a shared win counts for each winner). Since protocol 7.",
    )
    rematch: bool = Field(
        False,
        description="Whether the seat's person has accepted a rematch since the room's latest "
        "match ended: the rematch starts once every person at the table has (computer "
        "players always accept). Since protocol 7.",
    )


RoomStatus = Literal["open", "playing", "finished", "closed"]
Pace = Literal["normal", "fast"]
"""How fast a room's automatic turns come (see docs/serving.md: pace)."""


class RoomTournament(WireModel):
    """The tournament table a room plays."""

    id: str = Field(description="The tournament's id (`GET /api/tournaments/{id}`).")
    name: str = Field(description="The tournament's name.")
    round: int = Field(description="The round, 1 first.")
    table: int = Field(description="The table's number in its round, 1 first.")


class RoomInfo(WireModel):
    """A room as listed in the lobby and sent to its members."""

    id: str
    game: str
    title: str = Field(description="The game's title.")
    status: RoomStatus
    seats: list[SeatInfo]
    password: bool = Field(description="Whether joining or watching needs a password.")
    spectators: bool = Field(description="Whether people may watch.")
    turn_seconds: int | None = Field(description="The time limit per turn, if any.")
    disconnect: DisconnectPolicy
    match: str | None = Field(description="The match being (or last) played, if any.")
    created_at: float = Field(description="When the room was created, in epoch seconds.")
    pace: Pace = Field(
        "normal",
        description="How fast the server makes automatic turns (computer players' and seats "
        "that play automatically): `normal` or `fast`, as the room's players set it (the "
        "`pace` message). Since protocol 7.",
    )
    name: str | None = Field(
        None, description="The name its host gave the room, if any. Since protocol 7."
    )
    kind: RoomKind = Field(
        "live", description="`live` or `correspondence` (see CreateRoom). Since protocol 8."
    )
    timeout: TimeoutThen = Field(
        "default",
        description="What a turn whose time runs out does: `default` (the seat's default "
        "move), `forfeit` or `agent` (a computer player takes the seat). Since protocol 8.",
    )
    rated: bool = Field(
        False,
        description="Whether the room's matches are rated (see CreateRoom). Since protocol 9.",
    )
    tournament: RoomTournament | None = Field(
        None,
        description="The tournament table the room plays, if any (its page is "
        "`#/tournament/{id}`; the room plays one match). Since protocol 10.",
    )


class RoomCreated(WireModel):
    """The answer to :class:`CreateRoom`."""

    room: RoomInfo
    host_token: Token = Field(description="Proves the host: keep it to start or manage.")
    seat: Index | None = Field(description="The host's seat, if the host plays.")
    token: Token | None = Field(description="The host's seat token, if the host plays.")


class JoinRoom(WireModel):
    """The body that takes a seat in a room."""

    name: DisplayName
    seat: Index | None = Field(None, description="The seat wanted; None: the first open one.")
    password: Password | None = None
    deck: JsonObject | None = Field(None, description="The player's deck, for games with decks.")


class Joined(WireModel):
    """The answer to :class:`JoinRoom`: the seat, and the token that reconnects to it."""

    room: RoomInfo
    seat: Index
    token: Token


class WatchRoom(WireModel):
    """The body that asks to watch a room."""

    password: Password | None = None


class Watching(WireModel):
    """The answer to :class:`WatchRoom`: a spectator token for the WebSocket's hello."""

    room: RoomInfo
    token: Token


class MatchInfo(WireModel):
    """A match, playing or finished, as listed in a room's history."""

    id: str
    room: str
    game: str
    status: Literal["playing", "finished"]
    seats: list[str] = Field(description="Who held each seat, by display name.")
    version: int = Field(ge=0, description="The state version of the match (as in view messages).")
    outcome: JsonObject | None = Field(description="The engine's outcome, once finished.")
    started_at: float
    finished_at: float | None


class Problem(WireModel):
    """The body of every REST error: a code for programs and a sentence for people; for
    rules, decks and decisions, also the finer code of what refused it and the field at fault.

    >>> Problem(code="bad_rules", message="players: must be at least 2 (got 1)",
    ...         refusal="out_of_range", field="players").refusal
    'out_of_range'
    """

    code: str
    message: str
    refusal: str | None = Field(
        None,
        description="A finer code than `code`: a decision's refusal code (the engine's or the "
        "game's), or a rules or deck error's code (`out_of_range`, `unknown_card`...).",
    )
    field: str | None = Field(
        None, description="The field of the rules or deck at fault, dotted (`cards.3.cost`)."
    )
