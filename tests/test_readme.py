"""The Python examples in README.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)


def test_the_readme_has_python_examples() -> None:
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("code", BLOCKS, ids=[f"example{i + 1}" for i in range(len(BLOCKS))])
def test_readme_example_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(code, str(README), "exec"), {"__name__": "readme_example"})
    assert capsys.readouterr().out.strip(), "each example prints its result"


def test_readme_opens_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    first_block = re.search(r"```sh\n(.*?)```", text, re.DOTALL)
    assert first_block is not None
    assert "./dev run" in first_block.group(1)
    assert "./dev test" in first_block.group(1)
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "./dev test" in ci
