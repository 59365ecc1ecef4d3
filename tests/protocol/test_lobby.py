"""The lobby's REST bodies: defaults, bounds, and refusals in plain sentences."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from cardtable.protocol import (
    CreateRoom,
    DisconnectPolicy,
    JoinRoom,
    SeatRequest,
    WatchRoom,
    describe,
)


def _refusal(model: type[BaseModel], data: dict[str, Any]) -> str:
    with pytest.raises(ValidationError) as caught:
        model.model_validate(data)
    return describe(caught.value.errors())


def test_create_room_defaults() -> None:
    room = CreateRoom(game="war", name="Fox")
    assert room.ruleset == {}
    assert room.seats is None
    assert room.host_seat == 0
    assert room.password is None
    assert room.spectators is True
    assert room.turn_seconds is None
    assert room.disconnect == DisconnectPolicy(policy="agent", wait_seconds=30)
    assert room.deck is None


@pytest.mark.parametrize(
    ("name", "kept"),
    [("Fox", "Fox"), ("  Blue Fox\u3000", "Blue Fox"), ("é" * 32, "é" * 32)],
)
def test_a_name_is_trimmed(name: str, kept: str) -> None:
    assert JoinRoom(name=name).name == kept


@pytest.mark.parametrize(
    ("name", "sentence"),
    [
        ("", "The field 'name' must hold at least 1 character."),
        ("   ", "The field 'name' must hold at least 1 character."),
        ("x" * 33, "The field 'name' must hold at most 32 characters (got 33)."),
        ("Fox\x00", "The field 'name' must not hold control characters."),
        ("Fox\nBo", "The field 'name' must not hold control characters."),
        ("Fox\u202eoB", "The field 'name' must not hold control characters."),
        (7, "The field 'name' must be text, not a number."),
    ],
)
def test_a_bad_name_is_refused_by_name(name: object, sentence: str) -> None:
    assert _refusal(JoinRoom, {"name": name}) == sentence
    assert sentence in _refusal(CreateRoom, {"game": "war", "name": name})


def test_a_missing_or_unknown_field_is_named() -> None:
    assert _refusal(CreateRoom, {"name": "Fox", "colour": "red"}) == (
        "The field 'game' is missing. The field 'colour' is not a known field."
    )


@pytest.mark.parametrize(
    ("data", "sentence"),
    [
        ({"turn_seconds": 4}, "The field 'turn_seconds' must be at least 5 (got 4)."),
        ({"turn_seconds": 3601}, "A live room's time per turn is 5 to 3,600 seconds (got 3,601)."),
        ({"password": ""}, "The field 'password' must hold at least 1 character."),
        (
            {"password": "p" * 129},
            "The field 'password' must hold at most 128 characters (got 129).",
        ),
        ({"host_seat": -1}, "The field 'host_seat' must be at least 0 (got -1)."),
        ({"seats": []}, "The field 'seats' must hold at least 1 item."),
        (
            {"disconnect": {"wait_seconds": 601}},
            "The field 'disconnect.wait_seconds' must be at most 600 (got 601).",
        ),
        (
            {"disconnect": {"policy": "pause"}},
            "The field 'disconnect.policy' must be one of 'agent' or 'forfeit' (got \"pause\").",
        ),
        (
            {"seats": [{"kind": "open"}, {"kind": "bot"}]},
            "The field 'seats[1].kind' must be one of 'open' or 'agent' (got \"bot\").",
        ),
        (
            {"seats": [{"kind": "open"}, {"kind": "agent"}]},
            "The field 'seats[1]' is not valid: an agent seat needs an agent, such as 'random'.",
        ),
        ({"ruleset": []}, "The field 'ruleset' must be an object, not a list."),
        (
            {"kind": "correspondence", "turn_seconds": 600},
            "A correspondence room's time per turn is 3,600 to 604,800 seconds (got 600).",
        ),
        (
            {"kind": "correspondence", "turn_seconds": 604_801},
            "The field 'turn_seconds' must be at most 604800 (got 604801).",
        ),
        (
            {"kind": "correspondence", "timeout": "agent"},
            "A correspondence room hands no seat to a computer player: its timeout is default "
            "or forfeit.",
        ),
        (
            {"kind": "postal"},
            "The field 'kind' must be one of 'live' or 'correspondence' (got \"postal\").",
        ),
        (
            {"timeout": "pause"},
            "The field 'timeout' must be one of 'default', 'forfeit' or 'agent' (got \"pause\").",
        ),
    ],
)
def test_create_room_bounds(data: dict[str, Any], sentence: str) -> None:
    assert _refusal(CreateRoom, {"game": "war", "name": "Fox", **data}) == sentence


def test_the_host_seat_must_be_an_open_seat_asked_for() -> None:
    seats = [{"kind": "agent", "agent": "random"}, {"kind": "open"}]
    assert _refusal(CreateRoom, {"game": "war", "name": "Fox", "seats": seats}) == (
        "The host's seat (0) must be an open seat."
    )
    assert (
        _refusal(CreateRoom, {"game": "war", "name": "Fox", "seats": seats, "host_seat": 2})
        == "The host's seat (2) is not one of the seats asked for."
    )
    room = CreateRoom.model_validate({"game": "war", "name": "Fox", "seats": seats, "host_seat": 1})
    assert room.host_seat == 1


def test_a_seat_request_holds_an_agent_only_for_agent_seats() -> None:
    assert SeatRequest(kind="agent", agent="ismcts:hard").agent == "ismcts:hard"
    with pytest.raises(ValidationError, match="an open seat takes no agent"):
        SeatRequest(kind="open", agent="random")
    with pytest.raises(ValidationError, match="agent"):
        SeatRequest(kind="agent", agent="rm -rf /")


def test_fastapi_locations_drop_their_body_prefix() -> None:
    with pytest.raises(ValidationError) as caught:
        WatchRoom.model_validate({"password": 5})
    details = [{**detail, "loc": ("body", *detail["loc"])} for detail in caught.value.errors()]
    assert describe(details, skip=1) == "The field 'password' must be text, not a number."
