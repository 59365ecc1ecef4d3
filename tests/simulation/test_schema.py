"""The JSON document of a simulation follows its schema; the schema file is up to date."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from cardtable.agents import parse_seats
from cardtable.games import find
from cardtable.simulation import simulate, summarise
from cardtable.simulation.schema import read_summary, schema_text, summary_json, summary_schema

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "simulation.schema.json"


def _document() -> str:
    game = find("tcg")
    result = simulate(game, game.default_ruleset(), parse_seats("greedy,random"), 8, seed=3)
    return summary_json(summarise(result))


def test_the_document_reads_back_equal() -> None:
    text = _document()
    summary = read_summary(text)
    assert summary_json(summary) == text
    data = json.loads(text)
    assert data["format"] == "cardtable-simulation"
    assert data["matches"] == 8
    assert data["agents"] == ["greedy", "random"]


def test_the_document_has_every_field_of_the_schema_and_no_other() -> None:
    data = json.loads(_document())
    schema = summary_schema()
    assert set(data) == set(schema["properties"]) - {"part"} == set(schema["required"])
    for name, definition in schema["$defs"].items():
        assert definition.get("additionalProperties") is False, name


def test_a_parts_document_carries_its_matches_and_reads_back_equal() -> None:
    game = find("tcg")
    result = simulate(
        game, game.default_ruleset(), parse_seats("greedy,random"), 8, seed=3, indices=range(2, 5)
    )
    text = summary_json(summarise(result))
    summary = read_summary(text)
    assert summary_json(summary) == text
    assert summary.matches == 3
    assert summary.part is not None
    assert (summary.part.start, summary.part.stop, summary.part.whole.games) == (2, 5, 8)
    assert len(summary.part.runs[0].matches) == 3


def test_a_version_1_document_still_reads() -> None:
    data = json.loads(_document())
    data["format_version"] = 1
    assert read_summary(json.dumps(data)).part is None


def test_a_document_that_strays_from_the_schema_is_refused() -> None:
    data = json.loads(_document())
    data["extra"] = 1
    with pytest.raises(ValidationError):
        read_summary(json.dumps(data))
    data = json.loads(_document())
    del data["by_agent"][0]["won"]["interval"]
    with pytest.raises(ValidationError):
        read_summary(json.dumps(data))


def test_every_summary_field_is_described() -> None:
    schema = summary_schema()
    undescribed = [
        name for name, field in schema["properties"].items() if "description" not in field
    ]
    assert set(undescribed) <= {
        "game",
        "title",
        "matches",
        "workers",
        "matches_per_second",
        "by_agent",
        "by_seat",
        "first_mover",
        "length",
    }


def test_the_schema_file_is_up_to_date() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), (
        "regenerate docs/simulation.schema.json: python -c 'from cardtable.simulation.schema "
        'import schema_text; print(schema_text(), end="")\' > docs/simulation.schema.json'
    )
