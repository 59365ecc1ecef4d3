"""The house-rules example in the README is a valid rules file."""

from __future__ import annotations

import re
from pathlib import Path

from cardtable.games import find, rules_from_text

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_house_rules_are_valid() -> None:
    text = README.read_text(encoding="utf-8")
    found = re.search(r"```toml\n(# house\.toml\n.*?)```", text, re.DOTALL)
    assert found is not None
    rules = rules_from_text(find("tcg"), found.group(1), source="README.md")
    assert rules.minions
    assert rules.healing
    assert rules.deck_size == 12
