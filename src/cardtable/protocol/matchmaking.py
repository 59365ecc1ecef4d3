"""The REST bodies of the matchmaking queue ("Play ranked"), and what the personal channel
pushes of it.

A person asks for a rated match of a game's rated ruleset (:class:`JoinQueue`); the queue
proposes a table of people whose ratings are close (the acceptable gap widening the longer
they wait) and, if they allow it, computer players of their rating after the wait they chose;
everyone at the table confirms within :data:`CONFIRM_SECONDS`, and a rated room is made with
everyone seated. Whoever does not confirm leaves the queue; the others return to it, keeping
their waiting time. :class:`QueueState` is where a person stands; the personal channel sends a
``matchmaking`` message with it whenever it changes.

>>> JoinQueue(game="karata", rated="standard-3", computer_after=30).computer_after
30
>>> QueueState().state
'idle'
"""

from __future__ import annotations

from typing import Final, Literal

from pydantic import Field

from cardtable.protocol.base import WireModel

__all__ = [
    "COMPUTER_AFTER",
    "CONFIRM_SECONDS",
    "JoinQueue",
    "Proposal",
    "ProposalSeat",
    "QueueState",
    "QueueStateName",
]

CONFIRM_SECONDS: Final = 20
"""How long everyone at a proposed table has to confirm it."""
COMPUTER_AFTER: Final = (10, 600)
"""The waits, in seconds, after which a person may let computer players fill their table."""

QueueStateName = Literal["idle", "waiting", "proposed", "matched"]


class JoinQueue(WireModel):
    """The body that puts me in the queue of a game's rated ruleset."""

    game: str = Field(min_length=1, max_length=32, description="The game (`karata`).")
    rated: str = Field(
        min_length=1,
        max_length=32,
        description="The rated ruleset (`standard-3`; see GET /api/ratings).",
    )
    computer_after: int | None = Field(
        None,
        ge=COMPUTER_AFTER[0],
        le=COMPUTER_AFTER[1],
        description="After this many seconds of waiting, computer players of my rating may "
        "fill my table (None: never; only people).",
    )


class ProposalSeat(WireModel):
    """One seat of a proposed table."""

    name: str = Field(description="The person's display name, or the computer player's.")
    kind: Literal["account", "agent"]
    rating: int = Field(description="The shown rating (a computer player's is fixed).")
    username: str | None = Field(None, description="The person's username (None: a computer).")


class Proposal(WireModel):
    """A table the queue found: everyone confirms it by ``deadline``."""

    id: str
    seats: list[ProposalSeat]
    deadline: float = Field(description="When it lapses unless everyone confirmed, epoch seconds.")
    confirmed: list[int] = Field(description="The seats whose person confirmed.")
    me_confirmed: bool


class QueueState(WireModel):
    """Where I stand in the matchmaking queue."""

    state: QueueStateName = Field(
        "idle",
        description="`idle` (not queued), `waiting`, `proposed` (a table was found: confirm "
        "it) or `matched` (a rated room was made: `room`).",
    )
    game: str | None = None
    rated: str | None = None
    title: str | None = Field(None, description="The rated ruleset's name for people.")
    joined_at: float | None = Field(None, description="When I joined, epoch seconds.")
    waited: float = Field(0.0, description="Seconds waited so far.")
    computer_after: int | None = None
    proposal: Proposal | None = None
    room: str | None = Field(None, description="The rated room made for me (`#/room/{room}`).")
