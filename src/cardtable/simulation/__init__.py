"""Headless orchestration: playing matches between agents."""

from cardtable.simulation.play import MatchTooLong, agent_rng, play_match

__all__ = ["MatchTooLong", "agent_rng", "play_match"]
