"""Importing a benchmark script in a test, as the scripts of that folder import each other."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_script(file: str, name: str) -> ModuleType:
    """``benchmarks/FILE`` as the module ``name`` (its folder on the path while it loads, and
    the module kept in ``sys.modules`` meanwhile, where its dataclasses look themselves up)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(BENCHMARKS))
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / file)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        patch.setitem(sys.modules, name, module)
        spec.loader.exec_module(module)
    return module
