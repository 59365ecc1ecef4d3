"""The benchmark of one simulation across processes and Ray runs in its quick form (its
figures are not checked: they are measures, not rules)."""

from __future__ import annotations

import re

from tests.benchmarks.test_benchmark_runs import run_script
from tests.services import need_ray


def test_the_simulation_scaling_benchmark_runs_in_quick_mode() -> None:
    need_ray()
    output = run_script("simulation_scaling.py", "--quick", timeout=240)
    for backend in ("processes", "ray"):
        for workers in (1, 2):
            row = rf"^\| {backend} \| {workers} \| [\d.]+ s \| [\d,]+ \| [\d.]+ s \|$"
            assert re.search(row, output, re.MULTILINE), output
        assert re.search(rf"^\| {backend} \| [\d,]+ µs \| [\d,.]+ µs \|$", output, re.M), output
    assert "Two workers over one (warm, medians): processes" in output
