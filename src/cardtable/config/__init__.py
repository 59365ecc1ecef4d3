"""Rulesets as validated, frozen, keyword-only models, and the TOML rules-file format."""

from cardtable.config.ruleset import RulesetModel, describe_errors
from cardtable.config.rulesfile import load_rules_file, parse_rules_text

__all__ = ["RulesetModel", "describe_errors", "load_rules_file", "parse_rules_text"]
