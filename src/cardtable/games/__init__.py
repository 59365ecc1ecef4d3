"""Games on the engine, one sub-package each, found through an explicit registry."""

from cardtable.games.registry import find, names

__all__ = ["find", "names"]
