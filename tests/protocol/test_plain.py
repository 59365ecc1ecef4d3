"""Validation errors of any origin read as plain sentences naming the field."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from cardtable.protocol import ClientMessage, CreateRoom, describe
from cardtable.protocol.plain import field_path, sentence


def _described(validate: Any, data: object, *, skip: int = 0) -> str:
    with pytest.raises(ValidationError) as caught:
        validate(data)
    return describe(caught.value.errors(), skip=skip)


def test_a_list_too_long_counts_items() -> None:
    seats = [{"kind": "open"}] * 17
    assert _described(CreateRoom.model_validate, {"game": "war", "name": "A", "seats": seats}) == (
        "The field 'seats' must hold at most 16 items."
    )


def test_the_unions_own_errors_name_the_type() -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(ClientMessage)
    assert _described(adapter.validate_python, {"protocol": 1}) == ("The message needs a type.")
    assert _described(adapter.validate_python, {"type": "shout"}) == (
        "The message has type 'shout', which is not one of 'hello', 'decide', 'chat', 'ping', "
        "'auto', 'pace'."
    )


def test_a_value_that_is_not_json_is_shown_as_python_shows_it() -> None:
    class Box(BaseModel):
        size: int

    text = _described(Box.model_validate, {"size": object})
    assert text == "The field 'size' must be a whole number (got <class 'object'>)."


def test_a_long_value_is_shortened() -> None:
    class Box(BaseModel):
        size: int

    text = _described(Box.model_validate, {"size": "9" * 100 + "x"})
    assert text == f"The field 'size' must be a whole number (got \"{'9' * 36}...)."


def test_another_pydantic_error_keeps_its_words() -> None:
    detail = {"type": "url_parsing", "loc": ("site",), "msg": "Input should be a valid URL"}
    assert sentence(detail) == "The field 'site' is not valid: input should be a valid URL."


def test_field_paths_read_like_code() -> None:
    assert field_path(("body", "seats", 0, "agent")) == "body.seats[0].agent"
    assert field_path(()) == ""
