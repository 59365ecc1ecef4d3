"""The REST body that redeems a one-time password reset code (``POST /api/account/reset``).

A server has no e-mail: its operator issues a code (``cardtable admin reset-code USERNAME``)
and hands it to the person, who sends it back with a new password. The code is read
generously (small letters, spaces and dashes anywhere, ``O`` for ``0``); a wrong, used or
expired one is refused with ``bad_reset_code``, a new password the rules refuse with
``bad_account`` (``field`` ``new_password``), as for signing up.

>>> body = RedeemResetCode(username="Fox", code="7kq2 mx9d 0000 0001",
...     new_password="purple monkey dishwasher tune")
>>> body.code
'7kq2 mx9d 0000 0001'
"""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import Field, StringConstraints

from cardtable.protocol.accounts import TypedPassword, TypedUsername
from cardtable.protocol.base import WireModel

__all__ = ["MAX_TYPED_RESET_CODE_CHARS", "RedeemResetCode"]

MAX_TYPED_RESET_CODE_CHARS: Final = 64
"""The longest reset code a body may carry, as typed (16 characters, spaces and dashes)."""

TypedResetCode = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_TYPED_RESET_CODE_CHARS)
]


class RedeemResetCode(WireModel):
    """The body that sets a new password with a one-time reset code (every session ends)."""

    username: TypedUsername
    code: TypedResetCode = Field(
        description="The code the server's operator gave, XXXX-XXXX-XXXX-XXXX (case, spaces "
        "and dashes do not matter)."
    )
    new_password: TypedPassword = Field(
        description="10 to 128 characters, not the username, not a common password."
    )
