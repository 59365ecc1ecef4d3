"""Computer players: they see only their seat's view and the legal decisions."""

from cardtable.agents.base import Agent, BlindAgent
from cardtable.agents.karata import HeuristicAgent
from cardtable.agents.random import RandomAgent
from cardtable.agents.registry import (
    HUMAN,
    SeatSpec,
    UnknownAgent,
    agent_names,
    check_seats,
    make_agent,
    parse_seats,
)
from cardtable.agents.tcg import CautiousAgent, GreedyAgent, HighestAgent, PlannerAgent

__all__ = [
    "HUMAN",
    "Agent",
    "BlindAgent",
    "CautiousAgent",
    "GreedyAgent",
    "HeuristicAgent",
    "HighestAgent",
    "PlannerAgent",
    "RandomAgent",
    "SeatSpec",
    "UnknownAgent",
    "agent_names",
    "check_seats",
    "make_agent",
    "parse_seats",
]
