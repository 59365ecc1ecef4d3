"""TOML text read for every file cardtable loads: errors name the file and the line."""

from __future__ import annotations

import pytest

from cardtable.config import read_toml
from cardtable.engine import RulesetError


def test_valid_toml_is_its_data() -> None:
    assert read_toml("a = 1\n[b]\nc = [2]\n", source="x.toml") == {"a": 1, "b": {"c": [2]}}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("a = 1\nb = [1,\n2\n", r"^x\.toml: not valid TOML: Unclosed array \(at line 3, "),
        ('a = 1\nb = "x', r"^x\.toml: not valid TOML: Unterminated string \(at line 2, "),
        ("a = [1,\n2\n\n# nothing\n\n", r"^x\.toml: not valid TOML: Unclosed array \(at line 4, "),
        ("b = ", r"^x\.toml: not valid TOML: Invalid value \(at line 1, where the file ends\)$"),
        ("a = \nb = 2\n", r"^x\.toml: not valid TOML: Invalid value \(at line 1, column 5\)$"),
    ],
)
def test_an_error_at_the_end_of_the_file_names_its_last_line(text: str, reason: str) -> None:
    """tomllib says only "at end of document" there: the last line that holds anything is
    where a reader looks for what was left open."""
    with pytest.raises(RulesetError, match=reason) as info:
        read_toml(text, source="x.toml")
    assert "end of document" not in info.value.reason


def test_values_it_cannot_read_are_refused_with_the_file() -> None:
    with pytest.raises(RulesetError, match=r"^x\.toml: values this program cannot read"):
        read_toml("a = " + "[" * 100_000 + "\n", source="x.toml")
