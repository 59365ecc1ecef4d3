"""Contracts of refusals: every refusal carries a documented code, and says so beforehand.

A game's refusals are read by programs through their ``code`` (one of the engine's
:data:`~cardtable.engine.ENGINE_REFUSAL_CODES` or the game's own ``refusal_codes``); asking
``why_not`` and the reasons of unplayable cards must agree with what deciding does.
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

from cardtable.engine import (
    CONCEDE,
    ENGINE_REFUSAL_CODES,
    Decision,
    DecisionError,
    Game,
    Match,
    Rng,
    canonical,
)
from cardtable.games import find, names
from cardtable.testing.contract import Budget, refusal
from cardtable.testing.playing import random_decisions

FOREIGN_TEXTS = (
    "",
    "xyzzy",
    "end",
    "turn",
    "pass",
    "finish",
    "finish ask hearts last",
    "turn 7H 7S ask 9S",
    "play 7H",
    "play #0",
    "play #99999",
    "play #3 minion @p1",
    "attack #1 @p0",
    "attack #2 @#99999",
)
"""Decision texts of every game, and some of none: each is a decision this game may not make
now, or one it cannot read."""


def _foreign_decisions(game: Game[Any, Any]) -> list[Decision]:
    """The decisions of other games' first moves: decisions of a kind this game lacks."""
    found: list[Decision] = []
    for other in (find(name) for name in names()):
        if other.name != game.name:
            match: Match[Any] = Match(other, other.default_ruleset(), 0)
            seat = match.to_act
            if seat is not None:
                found.extend(match.legal(seat).moves[:3])
    return found


def every_refusal_has_a_documented_code(game: Game[Any, Any], ruleset: Any, budget: Budget) -> None:
    """Every refusal, and every penalty's error, carries a documented code: the engine's or
    the game's own (``Game.all_refusal_codes``), never the default a raise without a code gets.

    Now and then in random matches, every seat (and a seat the match does not have) tries
    decisions it may well not make: moves legal at other moments or for other seats, other
    games' decisions and texts, and, once the match is over, anything."""
    known = game.all_refusal_codes
    assert not set(game.refusal_codes) & set(ENGINE_REFUSAL_CODES), "a game's code is the engine's"
    foreign = _foreign_decisions(game)
    seen: Counter[str] = Counter()

    def check(error: DecisionError, what: str) -> None:
        assert error.code in known, f"{what}: {error.code!r} is not a documented code"
        assert error.code != "illegal_decision", f"{what}: refused without a code ({error})"
        seen[error.code] += 1

    for seed in budget.seeds_of(game, ruleset)[:2]:
        rng = Rng(seed)
        pool: list[Decision] = []
        match: Match[Any] | None = None
        for match, seat, _ in random_decisions(game, ruleset, seed, 30):
            state = match.state
            moves = match.legal(seat).moves
            pool = [*pool[-40:], *(rng.choice(moves) for _ in range(3))]
            tries = [(who, rng.choice(pool)) for who in range(state.seats + 1) for _ in range(2)]
            tries += [(seat, decision) for decision in foreign]
            for text in FOREIGN_TEXTS:
                try:
                    tries.append((seat, game.parse_decision(text)))
                except DecisionError as unread:
                    check(unread, repr(text))
            for who, decision in tries:
                clone = state.copy()
                try:
                    penalised = game.decide(clone, who, decision)
                except DecisionError as refused:
                    check(refused, f"seat {who}: {decision.text()}")
                else:
                    if penalised is not None:
                        check(penalised, f"seat {who}: {decision.text()} (penalised)")
        assert match is not None
        assert match.over
        for decision in [*pool[:5], *foreign[:2], CONCEDE]:
            who = rng.below(match.state.seats)
            after = refusal(partial(game.decide, match.state, who, decision), "a decision late")
            assert after.code == "match_over"
    assert len(seen) >= 3, f"too few kinds of refusal tried to prove anything: {dict(seen)}"


def why_not_agrees_with_deciding(game: Game[Any, Any], ruleset: Any, budget: Budget) -> None:
    """Asking why a decision is not legal gives, without trying it, exactly the refusal that
    deciding it gives (or the error a penalty returns), and ``None`` exactly when deciding it
    goes through untouched."""
    for seed in budget.seeds_of(game, ruleset)[:2]:
        rng = Rng(seed)
        pool: list[Decision] = []
        for match, seat, _ in random_decisions(game, ruleset, seed, 20):
            state = match.state
            pool = [*pool[-30:], *(rng.choice(match.legal(seat).moves) for _ in range(3))]
            for who in range(state.seats):
                for decision in {rng.choice(pool) for _ in range(3)}:
                    before = canonical(game.state_to_json(state))
                    why = game.why_not(state, who, decision)
                    assert canonical(game.state_to_json(state)) == before, "why_not changed it"
                    refused: DecisionError | None = None
                    try:
                        refused = game.decide(state.copy(), who, decision)  # a penalty's error
                    except DecisionError as error:
                        refused = error
                    if refused is None:
                        assert why is None, f"seat {who}: {decision.text()} went through: {why}"
                    else:
                        assert why is not None, f"{decision.text()}: refused, yet why_not is None"
                        assert (why.code, why.reason) == (refused.code, refused.reason)


def can_agrees_with_legal(game: Game[Any, Any], ruleset: Any, budget: Budget) -> None:
    """A seat may make a decision exactly when its legal decisions list it: ``can`` (what
    deciding would say) and ``legal`` (what players choose among) come from the same rules.

    Tried at every step of random matches, for every seat: its legal moves, the other seats'
    legal moves, moves legal earlier in the match, and every way of playing each card in
    its hand."""
    for seed in budget.seeds_of(game, ruleset)[:2]:
        rng = Rng(seed)
        earlier: list[Decision] = []
        for match, _, _ in random_decisions(game, ruleset, seed, 40):
            state = match.state
            legal = [game.legal(state, seat).moves for seat in range(state.seats)]
            everyone = {move for moves in legal for move in moves}
            for seat in range(state.seats):
                plays = (
                    play
                    for card in game.card_hints.hand(state, seat)
                    for play in game.card_hints.plays_of(state, seat, card)
                )
                allowed = set(legal[seat])
                for decision in {*everyone, *earlier, *plays}:
                    said = game.can(state, seat, decision)
                    assert said == (decision in allowed), (
                        f"seat {seat}: {decision.text()} is "
                        + ("allowed but not listed as legal" if said else "listed but refused")
                        + f" (seed {seed}, decision {len(match.decisions)}: "
                        + f"{game.why_not(state, seat, decision)})"
                    )
            earlier = [*earlier[-30:], *(rng.choice(moves) for moves in legal if moves)]


def unplayable_cards_are_held_and_say_a_documented_reason(
    game: Game[Any, Any], ruleset: Any, budget: Budget
) -> None:
    """Each card the seat to act cannot play is in its hand, no legal decision names it, and
    its reason is what trying its first way of play would say, with a documented code."""
    known = game.all_refusal_codes
    for match, seat, _ in random_decisions(game, ruleset, budget.seeds_of(game, ruleset)[0], 40):
        unplayable = match.unplayable(seat)
        held = {card.id: card for card in game.card_hints.hand(match.state, seat)}
        named: set[int | str] = set()
        for move in match.legal(seat).moves:
            named.update(move.shape().cards)
        for card_id, why in unplayable.items():
            card = held[card_id]
            assert card.id not in named
            assert card.key not in named
            assert why.code in known, f"{why.code!r} is not a documented code"
            (first, *_) = game.card_hints.plays_of(match.state, seat, card)
            tried = match.why_not(seat, first)
            assert tried is not None
            assert (tried.code, tried.reason) == (why.code, why.reason)
        other = next((s for s in range(match.state.seats) if s != seat), None)
        if other is not None:
            assert match.unplayable(other) == {}
