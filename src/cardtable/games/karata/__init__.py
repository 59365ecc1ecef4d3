"""Karata, the Kenyan card game: runs of a face, bombs, jumps, kickbacks, questions and Ace
requests, for 2 to 6 players, with house rules and fines."""

from cardtable.games.karata.config import KarataRules
from cardtable.games.karata.decisions import FINISH, PASS, Finish, Pass, Play, Turn
from cardtable.games.karata.game import GAME, KarataGame
from cardtable.games.karata.state import KarataState

__all__ = [
    "FINISH",
    "GAME",
    "PASS",
    "Finish",
    "KarataGame",
    "KarataRules",
    "KarataState",
    "Pass",
    "Play",
    "Turn",
]
