"""Match records: versioned JSON that names what is wrong when it cannot be read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import Outcome, Record, RecordError

RECORD = Record(
    game="tcg",
    ruleset={"starting_health": 20},
    seed=7,
    seats=("random", "greedy"),
    decisions=((0, "play #3"), (0, "end"), (1, "concede")),
    outcome=Outcome(winners=(0,), reason="player 1 conceded"),
    final_hash="ab" * 32,
    meta={"note": "a test"},
)

records = st.builds(
    Record,
    game=st.text(max_size=5),
    ruleset=st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    seed=st.integers(-(2**70), 2**70),
    seats=st.lists(st.text(max_size=5), max_size=3).map(tuple),
    decisions=st.lists(st.tuples(st.integers(0, 3), st.text(max_size=8)), max_size=5).map(tuple),
    outcome=st.none() | st.builds(Outcome, winners=st.just((1,)), reason=st.text(max_size=5)),
    final_hash=st.none() | st.text(max_size=8),
    meta=st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=2),
)


@settings(max_examples=100, deadline=None, database=None)
@given(record=records)
def test_records_round_trip_through_json(record: Record) -> None:
    assert Record.from_json(json.loads(json.dumps(record.to_json()))) == record


def test_the_json_form_is_versioned() -> None:
    data = RECORD.to_json()
    assert data["format"] == "cardtable-record"
    assert data["format_version"] == 1
    assert data["decisions"] == [[0, "play #3"], [0, "end"], [1, "concede"]]


def test_a_saved_record_loads_back(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    RECORD.save(path)
    assert Record.load(path) == RECORD


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    with pytest.raises(RecordError, match=r"cannot read .*nowhere\.json: No such file"):
        Record.load(path)


def test_a_record_that_cannot_be_written_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"cannot write .*missing"):
        RECORD.save(tmp_path / "missing" / "match.json")


def test_invalid_json_names_the_file_and_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n "format": "cardtable-record",\n oops\n}\n', encoding="utf-8")
    with pytest.raises(RecordError, match=r"broken\.json, line 3: not valid JSON"):
        Record.load(path)


def test_a_binary_file_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "noise.bin"
    path.write_bytes(b"\xff\xfe\x00\x81")
    with pytest.raises(RecordError, match=r"noise\.bin is not a text file"):
        Record.load(path)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"format": "something-else"}, "this is not a cardtable match record"),
        ({"format_version": 3}, "record format version 3 is not supported"),
        ({"format_version": "1"}, "record format_version: expected an integer"),
        ({"seed": "7"}, "record seed: expected an integer"),
        ({"game": None}, "record game: expected a string"),
        ({"decisions": [[0]]}, r"decision 1: expected \[seat, text\]"),
        ({"decisions": [[0, "end"], ["1", "end"]]}, "decision 2 seat: expected an integer"),
        ({"decisions": {}}, "record decisions: expected a list"),
        ({"seats": [1]}, "record seat: expected a string"),
        ({"outcome": {"winners": 0}}, "outcome winners: expected a list"),
        ({"final_hash": 5}, "record final_hash: expected a string"),
        ({"ruleset": []}, "record ruleset: expected an object"),
    ],
)
def test_wrong_contents_name_the_file_and_the_problem(
    tmp_path: Path, change: dict[str, object], reason: str
) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({**RECORD.to_json(), **change}), encoding="utf-8")
    with pytest.raises(RecordError, match=rf"odd\.json: {reason}"):
        Record.load(path)


def test_a_record_must_be_an_object() -> None:
    with pytest.raises(RecordError, match="record: expected an object, got list"):
        Record.from_json([])


def test_meta_is_optional() -> None:
    data = RECORD.to_json()
    del data["meta"]
    assert Record.from_json(data).meta == {}


@pytest.mark.parametrize(
    "text",
    ['{"seed": ' + "9" * 5000 + "}", "[" * 100_000],
    ids=["a-number-too-long", "nesting-too-deep"],
)
def test_record_files_python_cannot_parse_are_record_errors(tmp_path: Path, text: str) -> None:
    path = tmp_path / "weird.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match=r"weird\.json: not a record this program can read"):
        Record.load(path)
