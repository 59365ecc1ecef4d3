"""Boards, event lines, short input and the terminal wrapper."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console, RenderableType

from cardtable.cli.human import BOARD, HELP, NOTHING, QUIT, interpret
from cardtable.cli.render import GenericBoard, Scene, TcgBoard, board_for
from cardtable.cli.render.base import describe_outcome
from cardtable.cli.terminal import Terminal
from cardtable.engine import CONCEDE, InvalidDecision, JsonObject, Match, Outcome
from cardtable.games import find
from cardtable.games.tcg import End, Play, TcgRules
from tests.cli.helpers import KeyboardInput

LABELS = ("player 0 (you)", "player 1 (greedy)")


def text_of(renderable: RenderableType, width: int = 80) -> str:
    output = io.StringIO()
    Console(file=output, width=width, color_system=None).print(renderable)
    return output.getvalue()


def new_match(seed: int = 5, **rules: Any) -> Match[Any]:
    game = find("tcg")
    ruleset = TcgRules(**rules) if rules else game.default_ruleset()
    return Match(game, ruleset, seed)


def test_the_tcg_board_shows_heroes_hand_and_log() -> None:
    match = new_match()
    seat = match.to_act
    assert seat is not None
    scene = Scene(match.view(seat), LABELS, match.legal(seat), tuple(match.events(seat)))
    shown = text_of(TcgBoard(find("tcg")).render(scene))
    assert "30/30" in shown
    assert "Your hand" in shown
    assert "playable" in shown
    assert "not now" in shown
    assert "goes first" in shown
    assert "●" in shown
    for position in range(1, len(match.view(seat).cards(f"hand:{seat}")) + 1):
        assert f" {position} " in shown


def test_the_spectator_sees_no_hand() -> None:
    match = new_match()
    scene = Scene(match.view(None), LABELS, events=tuple(match.events(None)))
    shown = text_of(TcgBoard(find("tcg")).render(scene))
    assert "Your hand" not in shown
    assert "Damage" not in shown.split("Recent")[0]
    assert "▮▮▮" in shown


def test_ascii_only_boards_use_no_symbols() -> None:
    match = new_match()
    seat = match.to_act
    assert seat is not None
    scene = Scene(match.view(seat), LABELS, match.legal(seat))
    shown = text_of(TcgBoard(find("tcg"), ascii_only=True).render(scene))
    for symbol in "♥●○▮▶":
        assert symbol not in shown


def test_many_mana_slots_are_shown_as_numbers() -> None:
    match = new_match(mana_slot_cap=40)
    for _ in range(24):
        seat = match.to_act
        assert seat is not None
        match.decide(seat, End())
    shown = text_of(TcgBoard(find("tcg")).render(Scene(match.view(None), LABELS)))
    assert "13/13" in shown
    assert "●" not in shown


def test_an_empty_hand() -> None:
    match = new_match(decks=(("d0", "d1"),) * 2, deck_size=2, first_hand=0, second_hand=0)
    seat = match.to_act
    assert seat is not None
    match.decide(seat, Play(match.view(seat).cards(f"hand:{seat}")[0].id))
    view, legal = match.view(seat), match.legal(seat)
    board = TcgBoard(find("tcg"))
    scene = Scene(view, LABELS, legal)
    assert "Your hand is empty." in text_of(board.render(scene))
    assert "your hand is empty" in board.prompt_hint(scene)
    with pytest.raises(InvalidDecision, match="your hand is empty"):
        board.shortcut("1", view, legal)


def test_event_lines() -> None:
    scene = Scene(new_match().view(0), LABELS)
    board = TcgBoard(find("tcg"))
    card: JsonObject = {
        "id": 3,
        "key": "d4",
        "name": "Damage 4",
        "cost": 4,
        "damage": 4,
        "heal": 4,
        "attack": 4,
        "health": 4,
        "draw": 0,
    }
    lines: dict[str, JsonObject] = {
        "draw-hidden": {"type": "draw", "seat": 1, "result": "hand"},
        "draw-seen": {"type": "draw", "seat": 0, "result": "hand", "card": card},
        "overload": {"type": "draw", "seat": 0, "result": "overload", "card": card},
        "empty": {"type": "draw", "seat": 1, "result": "empty"},
        "bleeding": {
            "type": "damage",
            "reason": "bleeding",
            "source": None,
            "hits": [{"target": "p1", "amount": 1, "life": 4}],
        },
        "heal": {"type": "heal", "target": "p0", "amount": 2, "source": None, "life": 12},
        "conceded": {"type": "conceded", "seat": 1},
        "fizzled": {"type": "fizzled", "action": "PlayCard"},
        "unknown": {"type": "meteor", "seat": 1, "size": 3},
    }
    said = {name: board.describe(event, scene) for name, event in lines.items()}
    assert said == {
        "draw-hidden": "player 1 (greedy) draws a card",
        "draw-seen": "player 0 (you) draws Damage 4",
        "overload": "player 0 (you)'s hand is full: Damage 4 goes to the graveyard",
        "empty": "player 1 (greedy) has no card left to draw",
        "bleeding": "bleeding out: player 1 (greedy) takes 1 (health 4)",
        "heal": "player 0 (you) heals 2 (health 12)",
        "conceded": "player 1 (greedy) concedes",
        "fizzled": "(an action fizzled: PlayCard)",
        "unknown": "meteor: seat 1, size 3",
    }
    assert board.describe({"type": "shuffle", "zone": "deck:0"}, scene) is None


def test_outcome_lines() -> None:
    """Outcomes of sentences alone (records made before codes) read as they were written."""
    assert describe_outcome(Outcome(winners=(), reason="both fell"), LABELS) == (
        "Outcome: a draw (both fell)."
    )
    assert describe_outcome(Outcome(winners=(0, 1), reason="tie"), LABELS) == (
        "Outcome: player 0 (you) and player 1 (greedy) share the win (tie)."
    )
    assert describe_outcome(Outcome(winners=(7,), reason="x"), LABELS) == (
        "Outcome: player 7 wins (x)."
    )


def test_outcome_lines_word_the_code_with_the_seats_labels() -> None:
    tcg = find("tcg")
    fell = tcg.outcome_codes["fell"].outcome(winners=(0,), seats=(1,))
    assert describe_outcome(fell, LABELS, tcg) == (
        "Outcome: player 0 (you) won — player 1 (greedy) fell to 0 health or below."
    )
    assert describe_outcome(fell, LABELS, tcg, viewer=1) == (
        "Outcome: You lost — you fell to 0 health or below."
    )


def test_short_input_by_place_and_by_cost() -> None:
    match = new_match()
    seat = match.to_act
    assert seat is not None
    view, legal = match.view(seat), match.legal(seat)
    hand = view.cards(f"hand:{seat}")
    board = TcgBoard(find("tcg"))
    game = find("tcg")
    assert interpret("2", board, view, legal, game) == Play(hand[1].id)
    cost = hand[0].stat("cost")
    by_cost = interpret(f"c{cost}", board, view, legal, game)
    assert isinstance(by_cost, Play)
    assert by_cost.card in {card.id for card in hand if card.stat("cost") == cost}
    assert interpret(f"${cost}", board, view, legal, game) == by_cost
    assert interpret(f"play #{hand[0].id}", board, view, legal, game) == Play(hand[0].id)
    assert interpret("E", board, view, legal, game) == End()
    assert interpret("concede", board, view, legal, game) == CONCEDE
    assert [interpret(word, board, view, legal, game) for word in ("?", "q", "b", "")] == [
        HELP,
        QUIT,
        BOARD,
        NOTHING,
    ]
    with pytest.raises(InvalidDecision, match="no card costing 77"):
        interpret("c77", board, view, legal, game)
    with pytest.raises(InvalidDecision, match="there is no card 0"):
        interpret("0", board, view, legal, game)


def test_the_generic_board_lists_zones_and_options() -> None:
    match = new_match()
    seat = match.to_act
    assert seat is not None
    board = GenericBoard(find("tcg"))
    legal = match.legal(seat)
    scene = Scene(match.view(seat), LABELS, legal, tuple(match.events(seat)), caption="hint")
    shown = text_of(board.render(scene), width=120)
    assert "hand:0" in shown
    assert "hidden (owner)" in shown
    assert "Your options:" in shown
    assert "end" in shown
    assert "hint" in shown
    assert board.shortcut("1", scene.view, legal) == legal.moves[0]
    assert board.shortcut("end", scene.view, legal) is None
    assert board.shortcut_help()


def test_boards_are_found_by_game() -> None:
    assert isinstance(board_for(find("tcg")), TcgBoard)


def test_the_terminal_echoes_piped_input_and_reports_its_end() -> None:
    output = io.StringIO()
    terminal = Terminal(Console(file=output, width=80), stdin=io.StringIO("hello\n"))
    assert not terminal.interactive
    assert terminal.ask("> ") == "hello"
    assert terminal.ask("> ") is None
    assert output.getvalue() == "> hello\n> \n"


def test_the_terminal_does_not_echo_typed_input() -> None:
    output = io.StringIO()
    terminal = Terminal(Console(file=output, width=80), stdin=KeyboardInput("y\nno\n"))
    assert terminal.interactive
    assert terminal.confirm("Sure?") is True
    assert terminal.confirm("Sure?") is False
    assert terminal.confirm("Sure?") is None
    assert "y\n" not in output.getvalue()


def test_clearing_wipes_screen_and_scrollback_on_a_terminal_only() -> None:
    screen = io.StringIO()
    Terminal(Console(file=screen, force_terminal=True)).clear()
    assert "\x1b[3J" in screen.getvalue()
    assert "\x1b[2J" in screen.getvalue()
    piped = io.StringIO()
    Terminal(Console(file=piped)).clear()
    assert piped.getvalue() == ""
