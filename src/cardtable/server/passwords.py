"""A password a room or a tournament asks for, checked as guessing should find it: slowly
(argon2, in a thread) and ever slower after wrong guesses from one client (a
:class:`~cardtable.server.security.Throttle` per thing and client).

Refusals: ``too_many`` (with how long to wait) while the client must wait, ``bad_password``
for a wrong or missing password.
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable

from cardtable.server.errors import Refused
from cardtable.server.security import Throttle, verify_password

__all__ = ["check_password"]


async def check_password(
    throttle: Throttle, key: Hashable, stored: str, given: str | None, *, now: float, what: str
) -> None:
    """Refuse ``given`` unless it is the password hashed as ``stored``; ``what`` names the
    thing it opens in the refusal (``room``)."""
    wait = throttle.attempt(key, now)  # counted now, before the slow check
    if wait > 0:
        raise Refused(
            "too_many",
            f"too many wrong passwords: try again in {wait:.0f} seconds",
            retry_after=wait,
        )
    if given is None or not await asyncio.to_thread(verify_password, stored, given):
        raise Refused("bad_password", f"wrong password for this {what}")
    throttle.succeeded(key)
