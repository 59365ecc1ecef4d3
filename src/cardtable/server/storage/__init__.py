"""The server's store: what it keeps (:mod:`.base`) and the SQL store that keeps it.

>>> from cardtable.server.storage import SqlStorage, StorageError, default_database_url
"""

from cardtable.server.storage.base import (
    ChatRow,
    Conflict,
    DecisionRow,
    MatchRow,
    MatchStatus,
    RoomRow,
    RoomStatus,
    SeatKind,
    SeatRow,
    Storage,
)
from cardtable.server.storage.connect import StorageError, default_data_dir, default_database_url
from cardtable.server.storage.sql import SqlStorage

__all__ = [
    "ChatRow",
    "Conflict",
    "DecisionRow",
    "MatchRow",
    "MatchStatus",
    "RoomRow",
    "RoomStatus",
    "SeatKind",
    "SeatRow",
    "SqlStorage",
    "Storage",
    "StorageError",
    "default_data_dir",
    "default_database_url",
]
