"""``cardtable conformance GAME``: each contract kept or broken, and the exit code says which."""

from __future__ import annotations

import pytest

from cardtable.engine import Record
from cardtable.testing import CONTRACTS
from tests.cli.helpers import invoke


def test_a_game_that_keeps_every_contract_exits_0() -> None:
    result = invoke("conformance", "war")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:-1] == [f"kept    {contract.name}" for contract in CONTRACTS]
    assert lines[-1] == f"war: all {len(CONTRACTS)} contracts kept, under 6 rulesets"


def test_a_broken_contract_says_where_and_exits_1(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Record, "to_json", lambda record: {"broken": True})
    result = invoke(
        "conformance", "war", "--contract", "replay_is_exact", "--contract", "cards_are_conserved"
    )
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "BROKEN  replay_is_exact"
    assert [line.split(":")[0] for line in lines[1:7]] == [
        f"        war-rules{n}" for n in range(6)
    ]
    assert lines[7:] == ["kept    cards_are_conserved", "war: 1 of 2 contracts broken"]


def test_the_contracts_are_listed() -> None:
    result = invoke("conformance", "war", "--list")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[::2] == [contract.name for contract in CONTRACTS]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["tcg", "--contract", "replay"], "error: no contract 'replay': the contracts are"),
        (["chess"], "error: "),
    ],
)
def test_an_unknown_contract_or_game_is_a_usage_error(args: list[str], said: str) -> None:
    result = invoke("conformance", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(said)
