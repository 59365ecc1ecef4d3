"""What the inbox and the feed say: the small readings both make of the data they keep.

A notification and an activity item each keep their kind's ``data``, a JSON object; both show
a sentence built from it and a link into the browser client, and both bound its size.

>>> client_link({"link": "#/replay/m1"}), client_link({"link": "javascript:alert(1)"})
('#/replay/m1', None)
>>> text_field({"title": "War", "name": 7}, "title", "a game"), text_field({}, "name", "")
('War', '')
>>> json_size({"a": "é"}), game_title("war"), game_title("no-such-game")
(10, 'War', 'no-such-game')
"""

from __future__ import annotations

import json
import re
from typing import Final

from cardtable.engine.errors import UnknownGame
from cardtable.engine.json import JsonObject, JsonValue
from cardtable.games import find

__all__ = ["client_link", "game_title", "json_size", "text_field"]

_LINK: Final = re.compile(r"^#/[A-Za-z0-9_\-./~%?=&]*$")
"""A page of the browser client: a fragment (``#/...``) of plain characters, nothing else."""


def client_link(data: JsonObject) -> str | None:
    """``data``'s ``link`` when it is a page of the browser client (``#/...``), else none
    (never a URL of another kind)."""
    link = data.get("link")
    return link if isinstance(link, str) and _LINK.fullmatch(link) else None


def text_field(data: JsonObject, key: str, default: str) -> str:
    """``data[key]`` when it is text that says something, else ``default``."""
    value = data.get(key)
    return value if isinstance(value, str) and value else default


def json_size(data: JsonValue) -> int:
    """The bytes of ``data`` as compact JSON (UTF-8), as it is bounded when kept."""
    return len(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode())


def game_title(game: str) -> str:
    """The title of the game named ``game`` (the name itself, for a game this server no
    longer has)."""
    try:
        return find(game).title
    except UnknownGame:
        return game
