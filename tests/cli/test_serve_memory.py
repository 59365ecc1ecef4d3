"""``cardtable serve`` sets start-up's objects aside from the garbage collector before serving.

The check runs in a child interpreter: freezing objects in the test process would change how
every later test collects its garbage.
"""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import gc
from cardtable.cli.serve import GC_THRESHOLDS, _settle_memory
assert gc.get_freeze_count() == 0
_settle_memory()
print(gc.get_freeze_count(), gc.get_threshold() == GC_THRESHOLDS)
"""


def test_settling_freezes_what_start_up_made_and_collects_young_often() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHECK], capture_output=True, text=True, check=True, timeout=120
    )
    frozen, thresholds_set = done.stdout.split()
    assert int(frozen) > 20_000  # every game's modules and card data (the server adds its own)
    assert thresholds_set == "True"
