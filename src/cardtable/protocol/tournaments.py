"""The REST bodies of tournaments, and what the personal channel pushes of them.

A signed-in person creates a tournament (:class:`CreateTournament`): a game and its rules (a
rated ruleset, or house rules), a format (knockout, Swiss, round robin: see
docs/tournaments.md), the fewest and most entrants, when it starts (a time, or when full), who
may join, whether computer players may enter, and the time per turn of its matches. People
join and leave until it starts; then each round's rooms are made and everyone is seated, and
:class:`TournamentDetail` shows the bracket or standings as they change. The personal channel
sends an entrant a ``tournament`` message (:class:`TournamentNews`) whenever their tournament
moves on.

>>> body = CreateTournament(name="Friday Swiss", game="karata", format="swiss", rounds=5,
...                         ruleset={"players": 4})
>>> body.access, body.most_entrants, body.starts_at
('public', 16, None)
>>> CreateTournament(name="Cup", game="tcg", format="knockout", rounds=3)
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for CreateTournament
  Value error, only a Swiss has a number of rounds set beforehand [type=value_error, \
input_value={'name': 'Cup', 'game': '...'knockout', 'rounds': 3}, input_type=dict]
...
"""

from __future__ import annotations

from typing import Final, Literal, Self

from pydantic import Field, model_validator

from cardtable.protocol.base import WireModel
from cardtable.protocol.lobby import LIVE_TURN_SECONDS, JsonObject
from cardtable.protocol.text import Password, RoomName
from cardtable.tournaments.settings import (
    MOST_ENTRANTS,
    MOST_ROUNDS,
    Format,
    Seeding,
)

__all__ = [
    "ACCESS",
    "NO_SHOW_SECONDS",
    "TOURNAMENT_STATES",
    "Access",
    "AddComputer",
    "CreateTournament",
    "JoinTournament",
    "MyPlace",
    "TournamentDetail",
    "TournamentEntrantView",
    "TournamentList",
    "TournamentNews",
    "TournamentRoundView",
    "TournamentSeatView",
    "TournamentStandingView",
    "TournamentState",
    "TournamentSummary",
    "TournamentTableView",
]

Access = Literal["public", "password", "friends"]
"""Who may join: anyone signed in, whoever knows the password, or the host's friends."""
ACCESS: Final = ("public", "password", "friends")
TournamentState = Literal["open", "running", "finished", "cancelled"]
"""``open`` (taking entrants), ``running``, ``finished`` (a winner), ``cancelled`` (too few
entrants at the start, or its host called it off)."""
TOURNAMENT_STATES: Final = ("open", "running", "finished", "cancelled")
NO_SHOW_SECONDS: Final = 60
"""How long a person seated at a tournament's table may be away, when it is their turn, before
forfeiting the match (a server's ``--no-show-seconds`` says otherwise)."""
MOST_START_DELAY: Final = 30 * 24 * 3600
"""The furthest ahead a tournament may be set to start: 30 days."""


class CreateTournament(WireModel):
    """The body that creates a tournament; its creator is the host (and not an entrant until
    they join)."""

    name: RoomName = Field(description="The tournament's name (1 to 60 characters).")
    game: str = Field(min_length=1, max_length=32, description="The game (`karata`).")
    rated: str | None = Field(
        None,
        max_length=32,
        description="A rated ruleset of the game (`standard-4`; `GET /api/ratings`): its "
        "matches count for ratings. None: the game's rules with `ruleset`'s house rules.",
    )
    ruleset: JsonObject = Field(
        default_factory=dict,
        description="House rules (the rest take their defaults); with `rated`, none. The "
        "rules' players set the table size (`players` 4 at Karata).",
    )
    format: Format
    rounds: int | None = Field(
        None, ge=1, le=MOST_ROUNDS, description="A Swiss's rounds (the other formats: None)."
    )
    advance: int = Field(
        1, ge=1, le=5, description="A knockout's places that go on from each table (1 at duels)."
    )
    fewest: int | None = Field(
        None,
        ge=2,
        le=16,
        description="The fewest at a table when the field does not divide (None: the smallest "
        "size the rules seat, and more than `advance`).",
    )
    seeding: Seeding = Field("rating", description="`rating` (highest first) or `random`.")
    access: Access = "public"
    password: Password | None = Field(None, description="With access `password`: the password.")
    computers: bool = Field(
        False, description="Whether computer players may enter (the host adds them)."
    )
    fill: bool = Field(
        False,
        description="Whether computer players fill the places still empty when it starts "
        "(needs `computers`).",
    )
    turn_seconds: int | None = Field(
        120,
        ge=LIVE_TURN_SECONDS[0],
        le=LIVE_TURN_SECONDS[1],
        description="The time per turn of its matches (None: no limit); a turn whose time "
        "runs out forfeits the match.",
    )
    fewest_entrants: int = Field(2, ge=2, le=MOST_ENTRANTS)
    most_entrants: int = Field(16, ge=2, le=MOST_ENTRANTS)
    starts_at: float | None = Field(
        None,
        description="When it starts, epoch seconds (within 30 days); None: as soon as it is "
        "full (or when its host starts it).",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.format != "swiss" and self.rounds is not None:
            raise ValueError("only a Swiss has a number of rounds set beforehand")
        if self.format == "swiss" and self.rounds is None:
            raise ValueError("a Swiss plays a number of rounds: say how many")
        if self.format != "knockout" and self.advance != 1:
            raise ValueError("only a knockout sends a number of places on from each table")
        if (self.access == "password") != (self.password is not None):
            raise ValueError("a password goes with access `password`, and only with it")
        if self.rated is not None and self.ruleset:
            raise ValueError("a rated tournament plays its rated ruleset unchanged: no house rules")
        if self.fill and not self.computers:
            raise ValueError("computer players fill empty places only where they may enter")
        if self.fewest_entrants > self.most_entrants:
            raise ValueError("the fewest entrants exceed the most")
        return self


class JoinTournament(WireModel):
    """The body that enters me in a tournament."""

    password: Password | None = None


class AddComputer(WireModel):
    """The body with which a tournament's host enters a computer player."""

    agent: str = Field(
        min_length=1, max_length=64, description="A computer player (`heuristic`, `ismcts:easy`)."
    )


class TournamentSummary(WireModel):
    """A tournament as the list shows it."""

    id: str
    name: str
    game: str
    title: str = Field(description="The game's title, or the rated ruleset's.")
    rated: str | None
    format: Format
    seats: int = Field(description="The players at a table (2: duels).")
    state: TournamentState
    access: Access
    host: str = Field(description="The host's display name.")
    entrants: int
    fewest_entrants: int
    most_entrants: int
    starts_at: float | None
    round: int = Field(description="Rounds paired so far.")
    rounds: int = Field(description="Rounds it plays (a knockout's: for its field).")
    winner: str | None = Field(None, description="The winner's name, once finished.")
    entered: bool = Field(False, description="Whether I am an entrant.")


class TournamentList(WireModel):
    tournaments: list[TournamentSummary]


class TournamentEntrantView(WireModel):
    id: str
    name: str
    kind: Literal["account", "agent"]
    username: str | None = None
    rating: int = Field(description="The rating it is seeded by (0: none).")
    seed: int | None = Field(None, description="Its place in the seed order, once started.")
    withdrawn: bool = False


class TournamentSeatView(WireModel):
    entrant: str
    name: str
    place: int | None = Field(None, description="Its place at the table, once done.")
    points: float | None = Field(None, description="The points the place earned.")
    forfeit: bool = Field(
        False,
        description="Whether it lost a walkover: it had withdrawn before the table was "
        "played (a person who does not turn up at a played table is placed last instead).",
    )
    went_on: bool | None = Field(
        None,
        description="At a knockout: whether the seat went on from this table to the next "
        "round (at the final: whether it won the tournament); null elsewhere, and until the "
        "table's result is known.",
    )


class TournamentTableView(WireModel):
    number: int = Field(description="The table's number in its round, 1 first.")
    seats: list[TournamentSeatView]
    room: str | None = Field(None, description="The room of its match (`#/room/{room}`).")
    state: Literal["playing", "done"]
    bye: bool = False


class TournamentRoundView(WireModel):
    number: int
    tables: list[TournamentTableView]


class TournamentStandingView(WireModel):
    place: int
    entrant: str
    name: str
    points: float
    tiebreaks: dict[str, float] = Field(description="The tie-breaks used, in order.")
    played: int
    byes: int
    withdrawn: bool


class MyPlace(WireModel):
    """Where the viewer stands in the tournament."""

    entrant: str
    table: TournamentTableView | None = Field(
        None,
        description="My table of the current round (a table of one: a bye; None: out of it, "
        "or before the first round).",
    )
    round: int | None = None
    withdrawn: bool = False


class TournamentDetail(TournamentSummary):
    """One tournament: its settings, entrants, rounds and standings."""

    ruleset: JsonObject
    fewest: int
    advance: int
    seeding: Seeding
    computers: bool
    fill: bool
    turn_seconds: int | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    field: list[TournamentEntrantView] = Field(description="Every entrant, in seed order.")
    tables: list[TournamentRoundView] = Field(description="Every round paired, with its tables.")
    standings: list[TournamentStandingView]
    tiebreaks: dict[str, str] = Field(description="What each tie-break shown means.")
    me: MyPlace | None = None
    hosting: bool = Field(False, description="Whether I am its host.")


class TournamentNews(WireModel):
    """What the personal channel's ``tournament`` message says: a tournament I entered moved
    on (a round began, my table is ready, it finished); read it again for the rest."""

    id: str
    state: TournamentState
    round: int
    room: str | None = Field(None, description="My table's room in the new round, if any.")
