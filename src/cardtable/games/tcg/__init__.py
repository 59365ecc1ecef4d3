"""The Kata TCG: the seed's trading card game on the cardtable engine."""

from cardtable.games.tcg.cards import TcgCard, damage_card
from cardtable.games.tcg.config import DEFAULT_DECK, TcgRules
from cardtable.games.tcg.decisions import End, Play
from cardtable.games.tcg.game import GAME, TcgGame
from cardtable.games.tcg.state import TcgState

__all__ = [
    "DEFAULT_DECK",
    "GAME",
    "End",
    "Play",
    "TcgCard",
    "TcgGame",
    "TcgRules",
    "TcgState",
    "damage_card",
]
