"""The Python client speaks protocol 7: it has the server turn its War seat's cards."""

from __future__ import annotations

import anyio
import pytest

from cardtable.client import Seat
from cardtable.protocol import messages as wire
from cardtable.protocol.limits import PROTOCOL_VERSION
from tests.client.helpers import TIMEOUT, start, war_room

pytestmark = pytest.mark.anyio


async def test_a_client_seat_turned_by_the_server_reaches_the_end_without_deciding(
    server_url: str,
) -> None:
    created = await war_room(server_url, "open", "random")
    await start(server_url, created)
    assert created.token is not None
    autos: list[list[bool]] = []
    paces: list[str] = []
    final: wire.ViewMessage | None = None
    with anyio.fail_after(TIMEOUT):
        async with Seat(server_url, created.room.id, created.token) as seat:
            assert seat.welcome is not None
            assert seat.welcome.protocol == PROTOCOL_VERSION
            assert await seat.pace("fast")
            assert await seat.auto(True)
            async for message in seat:
                if isinstance(message, wire.RoomMessage):
                    autos.append([info.auto for info in message.room.seats])
                    paces.append(message.room.pace)
                assert not isinstance(message, wire.ErrorMessage), message
                if isinstance(message, wire.ViewMessage) and message.outcome is not None:
                    final = message
                    break
    assert final is not None
    assert final.outcome_text
    assert [True, True] in autos
    assert "fast" in paces
