"""Accounts: a lasting identity for the people who play, their sessions, and guests.

Beside rooms and matches, with storage tables of their own (:mod:`.tables`, on the store's
metadata, created by the migration ``0002``) and a store over the server's database
(:mod:`.store`).
"""

from cardtable.server.accounts.rows import AccountRow, GuestRow, ParticipantRow, Purged, SessionRow
from cardtable.server.accounts.store import ANONYMOUS_NAME, AccountStore, UsernameTaken

__all__ = [
    "ANONYMOUS_NAME",
    "AccountRow",
    "AccountStore",
    "GuestRow",
    "ParticipantRow",
    "Purged",
    "SessionRow",
    "UsernameTaken",
]
