"""Headless orchestration: playing matches between agents, and simulating many of them."""

from cardtable.simulation.batch import (
    MatchResult,
    SimulationError,
    SimulationResult,
    match_seed,
    seating,
    simulate,
)
from cardtable.simulation.play import MatchTooLong, agent_rng, play_match
from cardtable.simulation.stats import Summary, summarise, wilson

__all__ = [
    "MatchResult",
    "MatchTooLong",
    "SimulationError",
    "SimulationResult",
    "Summary",
    "agent_rng",
    "match_seed",
    "play_match",
    "seating",
    "simulate",
    "summarise",
    "wilson",
]
