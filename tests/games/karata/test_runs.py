"""First cards, runs of a face, and question-answer chains."""

from __future__ import annotations

import pytest

from cardtable.games.karata import KarataRules
from cardtable.games.karata.scenario import scenario
from tests.games.karata.helpers import act, hand, kinds, last_of, new_events, pile, refused


@pytest.mark.parametrize(
    ("top", "card"),
    [
        ("7H", "9H"),  # same suit
        ("7H", "7S"),  # same face
        ("7H", "AC"),  # an Ace plays anywhere
        ("7H", "BJ"),  # a Joker plays anywhere
        ("AH", "9S"),  # anything follows an Ace
        ("RJ", "9S"),  # anything follows a Joker
        ("QD", "4D"),
        ("KS", "KC"),
    ],
)
def test_a_first_card_matching_face_or_suit_or_wild(top: str, card: str) -> None:
    state = scenario(hands=[[card, "5C"], ["6C"]], pile=[top])
    act(state, 0, f"play {card}")
    assert state.staged() == (card,)


@pytest.mark.parametrize(("top", "card"), [("7H", "9S"), ("7H", "JD"), ("4C", "2D"), ("9S", "KH")])
def test_a_first_card_that_matches_nothing_is_refused(top: str, card: str) -> None:
    state = scenario(hands=[[card, "5C"], ["6C"]], pile=[top])
    reason = refused(state, 0, f"play {card}")
    assert "does not match" in reason
    assert "play the same face or suit, an Ace or a Joker" in reason


@pytest.mark.parametrize(
    "run",
    [
        ["7H", "7S"],
        ["7H", "7S", "7C", "7D"],
        ["9H", "9D"],
        ["JH", "JS", "JD"],
        ["2H", "2C"],
        ["AH", "AD", "AC"],
        ["BJ", "RJ"],
    ],
)
def test_a_run_of_one_face_goes_down_in_order(run: list[str]) -> None:
    state = scenario(hands=[[*run, "5C"], ["6C", "4S"], ["6S"]], pile=["4H"])
    for card in run:
        act(state, 0, f"play {card}")
    assert state.staged() == tuple(run)
    finish = "finish ask C" if run[0].startswith("A") else "finish"
    act(state, 0, finish)
    assert pile(state)[: len(run)] == list(reversed(run))
    assert hand(state, 0) == ["5C"]


@pytest.mark.parametrize(
    ("before", "card", "reason"),
    [
        ("7H", "9H", "A Nine cannot follow the Seven of Hearts: after a Seven only another Seven"),
        ("7H", "JH", "A Jack cannot follow the Seven of Hearts"),
        ("JH", "7H", "A Seven cannot follow the Jack of Hearts: after a Jack only another Jack"),
        ("7H", "AH", "An Ace can only follow a question or another Ace, not the Seven of Hearts"),
        ("7H", "BJ", "A Joker can only follow a question or another Joker, not the Seven"),
        ("AH", "5H", "A Five cannot follow the Ace of Hearts: after an Ace only another Ace"),
        ("BJ", "2S", "A Two cannot follow the Black Joker: after a Joker only another Joker"),
    ],
)
def test_a_card_breaking_a_run_is_refused_with_the_rule(
    before: str, card: str, reason: str
) -> None:
    state = scenario(hands=[[before, card], ["6C"]], pile=["4H"])
    act(state, 0, f"play {before}")
    assert refused(state, 0, f"play {card}").startswith(reason)
    assert state.staged() == (before,)


@pytest.mark.parametrize(
    ("turn", "top_after"),
    [
        (["QH", "4H"], "4H"),  # an answer of the question's suit
        (["QH", "QS"], None),  # a question of the same face: itself a question
        (["8H", "8S", "5S"], "5S"),  # a question answering a question, then an answer
        (["QH", "8H", "9H"], "9H"),  # another question (same suit) answers, and is answered
        (["8D", "AC"], "AC"),  # an Ace answers any question
        (["QC", "RJ"], "RJ"),  # a Joker answers any question
        (["QH", "JH", "JS"], "JS"),  # the answer starts a run of its own face
    ],
)
def test_question_answer_chains(turn: list[str], top_after: str | None) -> None:
    # anything may start on an Ace: the turn's first card is free
    state = scenario(hands=[[*turn, "5C"], ["6C"]], pile=["AD"], deck=["10C", "10D", "10S"])
    decision = " ".join(["turn", *turn])
    if turn[-1].startswith("A"):
        decision += " ask C"
    act(state, 0, decision)
    assert pile(state)[0] == turn[-1]
    if top_after is None:  # it ended on a question: the player picked one card
        assert hand(state, 0) == ["5C", "10C"]
        assert last_of(state, "pick")["reason"] == "question"
    else:
        assert hand(state, 0) == ["5C"]
        assert "pick" not in kinds(new_events(state))


@pytest.mark.parametrize(("question", "card"), [("QH", "4S"), ("8H", "9C"), ("QD", "KC")])
def test_a_wrong_answer_is_refused(question: str, card: str) -> None:
    state = scenario(hands=[[question, card], ["6C"]], pile=["AD"])
    act(state, 0, f"play {question}")
    reason = refused(state, 0, f"play {card}")
    assert "does not answer" in reason
    assert "answer with the same face or suit, an Ace or a Joker" in reason


@pytest.mark.parametrize(("question", "card"), [("QH", "4S"), ("8H", "9C"), ("QH", "KC")])
def test_anything_answers_a_question_when_the_option_is_on(question: str, card: str) -> None:
    rules = KarataRules(anything_answers=True)
    state = scenario(hands=[[question, card, "5C"], ["6C"]], pile=["7H"], rules=rules)
    act(state, 0, f"turn {question} {card}")
    assert pile(state)[:2] == [card, question]
    assert hand(state, 0) == ["5C"]


def test_anything_answers_does_not_loosen_runs() -> None:
    state = scenario(
        hands=[["7H", "9H"], ["6C"]], pile=["7S"], rules=KarataRules(anything_answers=True)
    )
    act(state, 0, "play 7H")
    assert "cannot follow" in refused(state, 0, "play 9H")


@pytest.mark.parametrize("ending", [["QH"], ["8H"], ["8H", "8S"], ["QH", "8H"], ["QH", "QS"]])
def test_a_turn_ending_on_an_unanswered_question_picks_one(ending: list[str]) -> None:
    state = scenario(hands=[[*ending, "5C"], ["6C"]], pile=["7H"], deck=["9D", "9C"])
    act(state, 0, " ".join(["turn", *ending]))
    assert hand(state, 0) == ["5C", "9D"]
    finish = last_of(state, "finish")
    assert finish["unanswered"] is True
    pick = last_of(state, "pick")
    assert (pick["seat"], pick["count"], pick["reason"]) == (0, 1, "question")
    assert state.active == 1
