"""Hostile input the fault tests found: tokens no server gave out, and binary floods."""

from __future__ import annotations

import pytest

from cardtable.protocol.errors import ErrorCode
from tests.server.helpers import SHORT_WAR, create, server
from tests.server.wire import Closed, Recorder, sockets


@pytest.mark.parametrize("token", ["é", "ünïcödé-token", "\u2028", "tab\there", "~" * 43])
def test_a_token_of_any_characters_is_a_bad_token_not_a_crash(sqlite_url: str, token: str) -> None:
    with server(sqlite_url) as client:
        created = create(client, game="war", ruleset=SHORT_WAR, password="secret")
        room = created["room"]["id"]
        with sockets(client) as connect:
            stranger = connect(f"/ws/rooms/{room}", "stranger")
            error = stranger.hello(token)
            assert (error["type"], error["code"]) == ("error", ErrorCode.BAD_TOKEN.value), error
            with pytest.raises(Closed) as closed:
                stranger.receive()
            assert closed.value.code == 1008
        header = f"Bearer {token}".encode()
        for action in ("leave", "concede", "start"):
            answer = client.post(f"/api/rooms/{room}/{action}", headers={b"Authorization": header})
            assert answer.status_code in (403, 409), (action, answer.text)
            assert answer.json()["code"] in ("bad_token", "forbidden", "not_seated"), answer.text


def test_binary_frames_count_against_the_message_rate(sqlite_url: str) -> None:
    """A client sending binary frames is slowed down and, if it goes on, closed, as one
    sending text is."""
    with server(sqlite_url, messages_per_second=1.0) as client:
        created = create(client, game="war", ruleset=SHORT_WAR)
        with client.websocket_connect(f"/ws/rooms/{created['room']['id']}") as socket:
            connection = Recorder(socket, "binary")
            assert connection.hello(created["token"])["type"] == "welcome"
            for _ in range(40):
                socket.send_bytes(b'{"type": "ping", "nonce": 7}')
            with pytest.raises(Closed) as closed:
                connection.until(lambda message: False)
            assert closed.value.code == 1008
            codes = [message["code"] for message in connection.messages("error")]
            assert ErrorCode.TOO_MANY.value in codes, codes
