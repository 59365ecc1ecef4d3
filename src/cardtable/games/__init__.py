"""Games on the engine, one sub-package each, found through an explicit registry."""

from cardtable.games.registry import find, names, plugin_problems
from cardtable.games.rulesets import load_rules, rules_from_text, ruleset_schema

__all__ = ["find", "load_rules", "names", "plugin_problems", "rules_from_text", "ruleset_schema"]
