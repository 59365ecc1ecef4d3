"""Rulesets as validated, frozen, keyword-only models, the TOML rules-file format, and
TOML text read with errors that name the file and the line."""

from cardtable.config.ruleset import RulesetModel, describe_errors
from cardtable.config.rulesfile import load_rules_file, parse_rules_text
from cardtable.config.tomlfile import read_toml

__all__ = ["RulesetModel", "describe_errors", "load_rules_file", "parse_rules_text", "read_toml"]
