"""A match: decisions in, a record out, and a replay that ends in the very same state."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardtable.engine import IllegalDecision, InvalidDecision, Match, Record, RecordError, Rng
from cardtable.games.tcg import TcgGame, TcgRules, TcgState

GAME = TcgGame()


def random_match(seed: int, decisions: int | None = None) -> Match[TcgState]:
    """A match played with random legal moves (the generator is the test's, not the match's)."""
    match = Match(GAME, TcgRules(starting_health=12), seed=seed, seats=("a", "b"))
    chooser = Rng(seed + 1000)
    while not match.over and (decisions is None or len(match.decisions) < decisions):
        seat = match.to_act
        assert seat is not None
        match.decide(seat, chooser.choice(match.legal(seat).moves))
    return match


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_replay_reproduces_the_final_state(seed: int) -> None:
    match = random_match(seed)
    record = match.record(meta={"seed": seed})
    assert record.outcome == match.outcome
    assert record.seats == ("a", "b")
    assert record.meta == {"seed": seed}
    replayed = Match.replay(GAME, Record.from_json(record.to_json()))
    assert replayed.hash() == match.hash() == record.final_hash
    assert GAME.state_to_json(replayed.state) == GAME.state_to_json(match.state)
    assert replayed.events(None) == match.events(None)


def test_replaying_part_of_a_record() -> None:
    full = random_match(5)
    record = full.record()
    for upto in (0, 1, 7, len(record.decisions) // 2):
        partial = Match.replay(GAME, record, upto=upto)
        assert partial.hash() == random_match(5, decisions=upto).hash()


def test_a_tampered_decision_does_not_replay() -> None:
    record = random_match(6).record()
    seat, _ = record.decisions[0]
    tampered = replace(record, decisions=((1 - seat, "end"), *record.decisions[1:]))
    with pytest.raises(
        RecordError, match=rf"decision 1 \(player {1 - seat}: 'end'\) does not replay: it is not"
    ):
        Match.replay(GAME, tampered)
    garbled = replace(record, decisions=((seat, "dance"), *record.decisions[1:]))
    with pytest.raises(RecordError, match=r"decision 1 .* is not a Kata TCG decision"):
        Match.replay(GAME, garbled)


def test_a_legal_but_different_decision_changes_the_final_hash() -> None:
    record = random_match(7).record()
    # Conceding at once is always legal: the record now ends elsewhere.
    seat, _ = record.decisions[0]
    conceded = replace(record, decisions=((seat, "concede"),))
    with pytest.raises(RecordError, match="does not end in the recorded final state"):
        Match.replay(GAME, conceded)
    assert Match.replay(GAME, conceded, check=False).over


def test_a_tampered_final_hash_is_caught() -> None:
    record = random_match(8).record()
    with pytest.raises(RecordError, match="does not end in the recorded final state"):
        Match.replay(GAME, replace(record, final_hash="0" * 64))


def test_a_record_of_another_game_or_an_invalid_ruleset() -> None:
    record = random_match(9, decisions=2).record()
    with pytest.raises(RecordError, match="the record is a match of 'war', not 'tcg'"):
        Match.replay(GAME, replace(record, game="war"))
    broken = replace(record, ruleset={**record.ruleset, "hand_limit": 0})
    with pytest.raises(RecordError, match="the record's ruleset is not valid: hand_limit: must"):
        Match.replay(GAME, broken)


def test_refused_decisions_are_not_recorded() -> None:
    match = Match(GAME, TcgRules(), seed=1)
    waiting = 1 - match.state.active
    with pytest.raises(IllegalDecision):
        match.decide(waiting, "end")
    with pytest.raises(InvalidDecision):
        match.decide(match.state.active, "fly")
    assert match.decisions == []
    assert match.record().decisions == ()
    match.decide(match.state.active, "end")
    assert match.record().decisions == ((1 - waiting, "end"),)


def test_the_same_seed_and_decisions_give_the_same_match() -> None:
    assert random_match(10).hash() == random_match(10).hash()
    assert random_match(10).hash() != random_match(11).hash()
