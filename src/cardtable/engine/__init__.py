"""The rules kernel: pure, synchronous, standard library only.

Everything that changes a state is an :class:`Action`, queued and processed first in, first
out, with reactions dispatched by action type. Zones declare who may see them, which makes
views, redacted event streams and determinisation generic. See ``docs/architecture.md``.
"""

from cardtable.engine.actions import Action, Event, Fizzled
from cardtable.engine.cards import Card, CardDef, Component
from cardtable.engine.characters import BattleState, Damage, Heal, Hero, Target, hero_outcome
from cardtable.engine.deaths import Died, deaths
from cardtable.engine.decisions import (
    CONCEDE,
    NAMES_CARD,
    NAMES_MODE,
    NAMES_TARGET,
    Concede,
    Decision,
    Decisions,
    DecisionShape,
    Timeout,
)
from cardtable.engine.determinise import Cards, Inconsistent, determinise
from cardtable.engine.errors import (
    ENGINE_REFUSAL_CODES,
    RULESET_ERROR_CODES,
    CardtableError,
    DecisionError,
    IllegalDecision,
    InvalidDecision,
    RecordError,
    RulesetError,
    RunawayReactions,
    UnknownGame,
)
from cardtable.engine.events import EventShape, event, secret
from cardtable.engine.facets import CardHints, Readings, SearchHints
from cardtable.engine.game import Conceded, Game, TimedOut
from cardtable.engine.json import JsonObject, JsonValue, canonical, digest
from cardtable.engine.match import Match
from cardtable.engine.moves import MoveCard
from cardtable.engine.outcome import Outcome, OutcomeCode
from cardtable.engine.pools import Pool
from cardtable.engine.public import public_field, shortcut
from cardtable.engine.reactions import Reaction, ReactionTable, reaction
from cardtable.engine.record import Record
from cardtable.engine.rng import Rng
from cardtable.engine.rulebook import RuleBook
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.state import State
from cardtable.engine.stats import Stat
from cardtable.engine.view import CardView, View, ZoneView, describe, view_to_json
from cardtable.engine.zones import NOBODY, OWNER, PUBLIC, Board, Hand, Stack, Zone, ZoneFull

__all__ = [
    "CONCEDE",
    "ENGINE_REFUSAL_CODES",
    "NAMES_CARD",
    "NAMES_MODE",
    "NAMES_TARGET",
    "NOBODY",
    "OWNER",
    "PUBLIC",
    "RULESET_ERROR_CODES",
    "Action",
    "BattleState",
    "Board",
    "Card",
    "CardDef",
    "CardHints",
    "CardView",
    "Cards",
    "CardtableError",
    "Component",
    "Concede",
    "Conceded",
    "Damage",
    "Decision",
    "DecisionError",
    "DecisionShape",
    "Decisions",
    "Died",
    "Event",
    "EventShape",
    "Fizzled",
    "Game",
    "Hand",
    "Heal",
    "Hero",
    "IllegalDecision",
    "Inconsistent",
    "InvalidDecision",
    "JsonObject",
    "JsonValue",
    "Match",
    "MoveCard",
    "Outcome",
    "OutcomeCode",
    "Pool",
    "Reaction",
    "ReactionTable",
    "Readings",
    "Record",
    "RecordError",
    "Rng",
    "RuleBook",
    "Ruleset",
    "RulesetError",
    "RunawayReactions",
    "SearchHints",
    "Stack",
    "Stat",
    "State",
    "Target",
    "TimedOut",
    "Timeout",
    "UnknownGame",
    "View",
    "Zone",
    "ZoneFull",
    "ZoneView",
    "canonical",
    "deaths",
    "describe",
    "determinise",
    "digest",
    "event",
    "hero_outcome",
    "public_field",
    "reaction",
    "secret",
    "shortcut",
    "view_to_json",
]
