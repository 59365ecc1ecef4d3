"""Accounts: a lasting identity for the people who play, their sessions, and guests.

Beside rooms and matches, with storage tables of their own (:mod:`.tables`, on the store's
metadata, created by the migration ``0002``) and a store over the server's database
(:mod:`.store`). What names and passwords may be, hashing, tokens and reset codes are pure
logic beside it: :mod:`.names`, :mod:`.passwords`, :mod:`.tokens`, refusals in :mod:`.errors`.
"""

from cardtable.server.accounts.errors import AccountError
from cardtable.server.accounts.names import (
    Username,
    check_username,
    clean_display_name,
    username_key,
)
from cardtable.server.accounts.passwords import PasswordHashing, Verdict, check_new_password
from cardtable.server.accounts.rows import AccountRow, GuestRow, ParticipantRow, Purged, SessionRow
from cardtable.server.accounts.store import ANONYMOUS_NAME, AccountStore, UsernameTaken
from cardtable.server.accounts.tokens import Issued, SessionPolicy

__all__ = [
    "ANONYMOUS_NAME",
    "AccountError",
    "AccountRow",
    "AccountStore",
    "GuestRow",
    "Issued",
    "ParticipantRow",
    "PasswordHashing",
    "Purged",
    "SessionPolicy",
    "SessionRow",
    "Username",
    "UsernameTaken",
    "Verdict",
    "check_new_password",
    "check_username",
    "clean_display_name",
    "username_key",
]
