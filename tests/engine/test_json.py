"""Canonical JSON and the typed readers behind every RecordError."""

from __future__ import annotations

import pytest

from cardtable.engine import RecordError, canonical, digest
from cardtable.engine.json import (
    as_int,
    as_list,
    as_object,
    as_optional_int,
    as_optional_str,
    as_str,
)


def test_canonical_json_sorts_keys_and_drops_spaces() -> None:
    assert canonical({"b": [1, {"d": 2, "c": None}], "a": "é"}) == (
        '{"a":"é","b":[1,{"c":null,"d":2}]}'
    )


def test_equal_values_have_equal_digests() -> None:
    assert digest({"a": 1, "b": 2}) == digest({"b": 2, "a": 1})
    assert digest({"a": 1}) != digest({"a": 2})
    assert len(digest([])) == 64


def test_readers_accept_the_right_kinds() -> None:
    assert as_object({"a": 1}, "x") == {"a": 1}
    assert as_list([1], "x") == [1]
    assert as_int(-3, "x") == -3
    assert as_str("s", "x") == "s"
    assert as_optional_int(None, "x") is None
    assert as_optional_str(None, "x") is None


@pytest.mark.parametrize(
    ("read", "value", "reason"),
    [
        (as_object, [], "thing: expected an object, got list"),
        (as_list, None, "thing: expected a list, got null"),
        (as_int, True, "thing: expected an integer, got bool"),
        (as_int, 1.0, "thing: expected an integer, got float"),
        (as_str, 3, "thing: expected a string, got int"),
        (as_optional_int, "3", "thing: expected an integer, got str"),
        (as_optional_str, 3, "thing: expected a string, got int"),
    ],
)
def test_readers_name_what_they_expected(read: object, value: object, reason: str) -> None:
    assert callable(read)
    with pytest.raises(RecordError, match=reason):
        read(value, "thing")
