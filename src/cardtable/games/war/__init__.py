"""War: everyone turns a card, the highest takes them all, ties go to war. Any number of
players, any deck of suits x ranks."""

from cardtable.games.war.cards import WarCard, war_deck
from cardtable.games.war.config import WarRules
from cardtable.games.war.decisions import TURN, Turn
from cardtable.games.war.game import GAME, WarGame
from cardtable.games.war.state import WarState

__all__ = ["GAME", "TURN", "Turn", "WarCard", "WarGame", "WarRules", "WarState", "war_deck"]
