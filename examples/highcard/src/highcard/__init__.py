"""High Card, a game for cardtable: install this package and it joins ``cardtable games``."""

from highcard.game import GAME, HighCardGame, HighCardRules, Play

__all__ = ["GAME", "HighCardGame", "HighCardRules", "Play"]
