"""The JSON documents of ``cardtable balance ... --json`` follow their schema; the schema file
is up to date."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from cardtable.simulation.balance import CardStats, DeckMatrix, balance_json
from cardtable.simulation.balance.output import balance_schema, read_balance, schema_text
from tests.cli.helpers import invoke
from tests.simulation.test_balance import write_decks, write_nuke_deck

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "balance.schema.json"


def _output(*args: str) -> str:
    result = invoke("balance", *args, "--seed", "2", "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def decks_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    decks = write_decks(tmp_path_factory.mktemp("decks"))
    return _output("decks", str(decks["strong"]), str(decks["weak"]), "--games", "1")


@pytest.fixture(scope="module")
def cards_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    deck = write_nuke_deck(tmp_path_factory.mktemp("cards"))
    return _output("cards", "--agents", "greedy,random", "--games", "2", "--deck", str(deck))


def test_the_decks_output_reads_back_as_a_matrix_and_writes_out_the_same(
    decks_text: str,
) -> None:
    matrix = read_balance(decks_text)
    assert isinstance(matrix, DeckMatrix)
    assert matrix.decks == ("Strong", "Weak")
    assert len(matrix.cells) == 2
    assert balance_json(matrix) + "\n" == decks_text


def test_the_cards_output_reads_back_as_card_statistics_and_writes_out_the_same(
    cards_text: str,
) -> None:
    stats = read_balance(cards_text)
    assert isinstance(stats, CardStats)
    assert stats.agents == ("greedy", "random")
    assert stats.decks == ("Nuke", None)
    assert stats.card("d1").name == "D1"
    assert balance_json(stats) + "\n" == cards_text


@pytest.mark.parametrize("kind", ["decks", "cards"])
def test_each_document_has_every_field_of_its_schema_and_no_other(
    kind: str, decks_text: str, cards_text: str
) -> None:
    data = json.loads(decks_text if kind == "decks" else cards_text)
    schema = balance_schema()
    definition = schema["$defs"][schema["discriminator"]["mapping"][kind].split("/")[-1]]
    assert next(iter(data)) == "kind"
    assert data["kind"] == kind
    assert set(data) == set(definition["properties"]) - {"part"} == set(definition["required"])
    assert definition["properties"]["kind"]["const"] == kind
    for name, part in schema["$defs"].items():
        assert part.get("additionalProperties") is False, name


def _refusal(data: Any) -> str:
    with pytest.raises(ValidationError) as refused:
        read_balance(json.dumps(data))
    return str(refused.value)


def test_a_document_that_strays_from_the_schema_is_refused_saying_where(
    decks_text: str, cards_text: str
) -> None:
    data = json.loads(decks_text)
    del data["kind"]
    assert "discriminator 'kind'" in _refusal(data)
    data = json.loads(decks_text)
    data["kind"] = "ladder"
    assert "'decks', 'cards'" in _refusal(data)
    data = json.loads(decks_text)
    data["kind"] = "cards"
    assert "cards.cards\n  Field required" in _refusal(data)
    data = json.loads(decks_text)
    data["cells"][0]["wins"]["count"] = "many"
    assert "decks.cells.0.wins.count" in _refusal(data)
    data = json.loads(cards_text)
    data["colour"] = "red"
    assert "cards.colour\n  Unexpected keyword argument" in _refusal(data)
    data = json.loads(cards_text)
    data["cards"][0]["flag"] = "great"
    assert "'strong', 'weak' or 'unused'" in _refusal(data)
    with pytest.raises(ValidationError, match="Invalid JSON"):
        read_balance(decks_text[:-10])


def test_the_schema_describes_both_kinds() -> None:
    schema = balance_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["discriminator"]["propertyName"] == "kind"
    assert set(schema["discriminator"]["mapping"]) == {"decks", "cards"}
    assert len(schema["oneOf"]) == 2
    assert "description" in schema


def test_every_field_of_the_documents_is_described() -> None:
    undescribed = [
        f"{name}.{field}"
        for name, definition in balance_schema()["$defs"].items()
        for field, part in definition["properties"].items()
        if "description" not in part
    ]
    assert undescribed == []


def test_the_schema_file_is_up_to_date() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), (
        "regenerate docs/balance.schema.json: python -c 'from cardtable.simulation.balance."
        'output import schema_text; print(schema_text(), end="")\' > docs/balance.schema.json'
    )
