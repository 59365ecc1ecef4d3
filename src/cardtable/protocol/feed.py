"""The REST bodies of the activity feed: an item, a page of them, a share, and who may see
one's activity.

An item's ``kind`` is one of the server's kinds (:data:`ACTIVITY_KINDS` today; the list grows
with features, and a client shows a kind it does not know by its ``text``). Its ``data`` holds
what the kind needs (the game, the match and the result, the other person, a comment);
``text`` is the server's plain sentence for it and ``comment`` the words its person wrote,
both shown as text, never as markup; ``link`` is the browser client's page of it (always a
fragment, ``#/...``), if any.

>>> Share(kind="replay", match="abc", comment="<b>look</b>").comment
'<b>look</b>'
>>> sorted(FeedItem.model_json_schema()["required"])
['created_at', 'data', 'display_name', 'id', 'kind', 'text', 'username']
"""

from __future__ import annotations

from typing import Final, Literal, get_args

from pydantic import Field

from cardtable.protocol.base import WireModel
from cardtable.protocol.lobby import JsonObject

__all__ = [
    "ACTIVITY_KINDS",
    "DEFAULT_PAGE",
    "MAX_COMMENT_CHARS",
    "MAX_PAGE",
    "FeedItem",
    "FeedPage",
    "FeedSettings",
    "Share",
    "ShareKind",
    "Visibility",
]

ACTIVITY_KINDS: Final = (
    "match_finished",
    "friends",
    "shared_replay",
    "shared_deck",
    "tournament_finished",
)
"""The kinds of activity the server records today (later features add more)."""
DEFAULT_PAGE: Final = 50
"""Items a page holds unless asked for fewer or more."""
MAX_PAGE: Final = 100
"""The most items a page holds."""
MAX_COMMENT_CHARS: Final = 280
"""The longest comment on a share."""

Visibility = Literal["friends", "everyone", "nobody"]
"""Who may see a person's activity: their friends (the default), anyone, or nobody but
themselves."""
VISIBILITIES: Final = get_args(Visibility)
ShareKind = Literal["replay", "deck"]


class FeedItem(WireModel):
    """One thing a person did."""

    id: int = Field(description="Grows with every item: newer ones have larger ids.")
    kind: str = Field(description="What happened: `match_finished`, `friends`, `shared_replay`...")
    username: str = Field(description="Who did it.")
    display_name: str
    data: JsonObject = Field(description="What the kind needs: the game, the match, a comment.")
    text: str = Field(description="The server's plain sentence for it (text, not markup).")
    comment: str | None = Field(None, description="What its person wrote (text, not markup).")
    link: str | None = Field(None, description="The browser client's page of it (`#/...`).")
    created_at: float = Field(description="When it happened, in epoch seconds.")


class FeedPage(WireModel):
    """A page of items, newest first."""

    items: list[FeedItem]
    next: int | None = Field(
        None, description="The `before` of the next (older) page; `null` on the last page."
    )


class FeedSettings(WireModel):
    """Who may see one's activity."""

    visibility: Visibility = Field(
        description="`friends` (the default), `everyone`, or `nobody` but oneself."
    )


class Share(WireModel):
    """The body that shares a replay or a deck with one's friends (or whoever may see one's
    activity), with a short comment."""

    kind: ShareKind
    match: str | None = Field(
        None,
        min_length=1,
        max_length=64,
        description="For a replay: the id of a finished match one played, in a room without "
        "a password.",
    )
    game: str | None = Field(
        None,
        pattern=r"^[\w-]{1,64}$",
        description="For a deck: the game it is for (one played with decks).",
    )
    deck: JsonObject | None = Field(
        None, description="For a deck: the deck, as one brings it to a room (at most 16 KiB)."
    )
    comment: str = Field(
        "",
        max_length=MAX_COMMENT_CHARS,
        description=f"A comment of at most {MAX_COMMENT_CHARS} characters, shown as text.",
    )
