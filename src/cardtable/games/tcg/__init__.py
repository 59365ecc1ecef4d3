"""The Kata TCG: the seed's trading card game on the cardtable engine."""

from cardtable.games.tcg.cards import TcgCard
from cardtable.games.tcg.cardsets import CardSet, builtin_sets, load_set
from cardtable.games.tcg.cardspec import CardSpec
from cardtable.games.tcg.config import DEFAULT_DECK, TcgRules
from cardtable.games.tcg.decisions import Attack, End, Play
from cardtable.games.tcg.game import GAME, TcgGame
from cardtable.games.tcg.state import TcgState

__all__ = [
    "DEFAULT_DECK",
    "GAME",
    "Attack",
    "CardSet",
    "CardSpec",
    "End",
    "Play",
    "TcgCard",
    "TcgGame",
    "TcgRules",
    "TcgState",
    "builtin_sets",
    "load_set",
]
