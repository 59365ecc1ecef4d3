"""Types of the compiled observer core (built from ``tcg_native.pyx``)."""

from collections.abc import Sequence

from cardtable.engine.sight import Face
from cardtable.envs.encoding import Observation
from cardtable.envs.tcg_layout import Layout

class NativeObserver:
    def __init__(self, layout: Layout) -> None: ...
    def observe(
        self,
        digest: tuple[
            Sequence[Face],
            Sequence[Face],
            Sequence[Face],
            tuple[str, ...] | None,
            bool,
            tuple[int, ...],
        ],
        seat: int,
    ) -> Observation | None: ...
