"""check_game: every contract in one call, without pytest, with a readable report."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.engine import Record
from cardtable.games import find
from cardtable.testing import (
    CONTRACTS,
    Budget,
    Contract,
    ContractBroken,
    UnknownContract,
    check_game,
    find_contract,
)
from cardtable.testing.suite import ConformanceSuite

QUICK = Budget(states=12, playout=10, id_seeds=2)
"""Enough for War's short matches to prove something under every contract, in a second."""


def test_every_contract_is_kept_by_war_in_one_call() -> None:
    war = find("war")
    heard: list[str] = []
    report = check_game(war, budget=QUICK, progress=lambda v: heard.append(v.contract.name))
    rulesets = len(war.example_rulesets())
    assert report.kept
    assert report.broken == []
    assert len(report.verdicts) == len(CONTRACTS) * rulesets == len(heard)
    lines = report.text().splitlines()
    assert [line.split()[:2] for line in lines] == [[c.name, "kept"] for c in CONTRACTS]
    report.raise_if_broken()


def test_a_broken_contract_is_reported_with_its_ruleset_and_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A replay that no longer reproduces the match breaks one contract, and says where."""
    war = find("war")
    monkeypatch.setattr(Record, "to_json", lambda record: {"broken": True})
    report = check_game(
        war, war.example_rulesets()[:2], contracts=["replay_is_exact", "cards_are_conserved"]
    )
    assert [verdict.kept for verdict in report.verdicts] == [False, False, True, True]
    problem = report.broken[0].problem
    assert problem is not None
    assert problem.startswith("RecordError: ") or "replay" in problem, problem
    text = report.text()
    assert text.splitlines()[0].split()[:2] == ["replay_is_exact", "BROKEN"]
    assert "    war-rules0: " in text
    assert "    war-rules1: " in text
    with pytest.raises(ContractBroken) as broken:
        report.raise_if_broken()
    assert broken.value.reason.startswith("war broke replay_is_exact:\n")


def test_an_assertion_without_words_is_reported_by_its_line(tmp_path: Path) -> None:
    """(The contract is written in a module of its own: pytest would rewrite its assertion
    in this one, and give its words.)"""
    war = find("war")
    source = tmp_path / "kit_example.py"
    source.write_text("def short(game, ruleset, budget):\n    assert game.name == 'tcg'\n")
    spec = importlib.util.spec_from_file_location("kit_example", source)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    report = check_game(war, war.example_rulesets()[:1], contracts=[Contract.of(module.short)])
    (verdict,) = report.verdicts
    assert verdict.problem is not None
    assert verdict.problem == "failed: assert game.name == 'tcg' (kit_example.py:2)"


def test_an_unknown_contract_is_refused_with_the_names() -> None:
    with pytest.raises(UnknownContract, match=r"no contract 'replay'.*replay_is_exact"):
        find_contract("replay")
    assert find_contract("test_replay_is_exact") is find_contract("replay_is_exact")


def test_the_pytest_suite_has_one_test_a_contract() -> None:
    tests = sorted(name for name in dir(ConformanceSuite) if name.startswith("test_"))
    assert tests == sorted(f"test_{contract.name}" for contract in CONTRACTS)
    for contract in CONTRACTS:
        assert contract.summary.endswith("."), contract.name


@pytest.mark.parametrize("flags", [[], ["-O"]], ids=["plain", "optimised"])
def test_the_kit_and_its_command_run_without_pytest(flags: list[str]) -> None:
    """Importing the kit and the command line imports no pytest; under ``python -O``, where
    an assertion cannot fail, the kit refuses to check rather than pass everything."""
    code = (
        "import sys\n"
        "from cardtable.cli import app\n"
        "from cardtable.games import find\n"
        "from cardtable.testing import check_game, Budget\n"
        "assert 'pytest' not in sys.modules, 'pytest was imported'\n"
        "try:\n"
        "    report = check_game(find('war'), contracts=['replay_is_exact'],\n"
        "                        budget=Budget(seeds=1, decisions=0))\n"
        "except Exception as error:\n"
        "    print(type(error).__name__, error)\n"
        "else:\n"
        "    print(report.kept, 'pytest' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, *flags, "-c", code], capture_output=True, text=True, check=False
    )
    assert done.stderr == ""
    if flags:
        assert done.stdout == "CardtableError the contracts are assertions: run Python without -O\n"
    else:
        assert done.stdout == "True False\n"
