"""scripts/fit_karata_estimate.py: its fit finds known weights, it runs, and it writes only the
weights' line of the module."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from cardtable.games.karata.estimate import FEATURES, WEIGHTS

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "fit_karata_estimate.py"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fit_karata_estimate", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


def synthetic(truth: list[float], size: int, seed: int, script: ModuleType) -> object:
    """Notes whose winners were drawn from the conditional logit with ``truth``; the third
    seat has left the table in every other note."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(size, 3, len(truth)))
    present = np.ones((size, 3), dtype=np.bool_)
    present[::2, 2] = False
    odds = np.exp(x @ np.array(truth)) * present
    winner = np.array([rng.choice(3, p=row / row.sum()) for row in odds])
    return script.Notes(x, present, winner, np.arange(size))


def test_the_fit_finds_the_weights_the_wins_were_drawn_with(script: ModuleType) -> None:
    truth = [1.2, -0.6, 0.3]
    notes = synthetic(truth, 6000, 1, script)
    assert np.allclose(script.fit(notes), truth, atol=0.1)
    assert script.log_loss(notes, np.array(truth)) < script.log_loss(notes, np.zeros(3))


def test_a_seat_that_left_has_no_chance(script: ModuleType) -> None:
    notes = synthetic([0.5, 0.5, 0.5], 10, 2, script)
    chances = script.chances(notes, np.ones(3))
    assert np.all(chances[::2, 2] == 0)
    assert np.allclose(chances.sum(axis=1), 1)


def test_the_modules_weights_predict_wins_better_than_equal_shares(script: ModuleType) -> None:
    notes = script.gather(200, seed=7, workers=1)
    assert len(notes) > 500
    assert notes.x.shape[1:] == (3, len(FEATURES))
    ours = script.log_loss(notes, np.array(WEIGHTS))
    equal = script.log_loss(notes, np.zeros(len(FEATURES)))
    assert equal == pytest.approx(np.log(3), abs=0.02)  # the rare note with a seat gone
    assert ours < equal - 0.01


def test_write_replaces_the_weights_line_only(
    script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = tmp_path / "estimate.py"
    original = script.MODULE.read_text(encoding="utf-8")
    copy.write_text(original, encoding="utf-8")
    monkeypatch.setattr(script, "MODULE", copy)
    script.write(np.arange(len(FEATURES)) / 4)
    written = copy.read_text(encoding="utf-8").splitlines()
    changed = [
        line for line, old in zip(written, original.splitlines(), strict=True) if line != old
    ]
    assert changed == ["WEIGHTS = (" + ", ".join(f"{i / 4:.3f}" for i in range(10)) + ")"]


def test_the_script_runs_in_its_quick_form() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--workers", "1"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "held-out log-loss" in result.stdout
    for name in FEATURES:
        assert name in result.stdout


def test_bad_arguments_get_a_clear_error() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--matches", "3"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 2
    assert "--matches must be at least 10" in result.stderr
    assert "Traceback" not in result.stderr
