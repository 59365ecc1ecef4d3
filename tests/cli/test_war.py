"""War in the terminal: watching computers, a person turning cards, replays and the board."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType

from cardtable.agents import RandomAgent
from cardtable.cli.render import Scene, WarBoard, board_for
from cardtable.engine import JsonObject, Match, Record
from cardtable.games import find
from cardtable.games.war import TURN, WarRules
from cardtable.games.war.scenario import events, scenario
from cardtable.simulation import agent_rng, play_match
from tests.cli.helpers import invoke, run_process

WAR = find("war")
LABELS = ("player 0 (you)", "player 1 (random)", "player 2 (random)")


def text_of(renderable: RenderableType, width: int = 80) -> str:
    output = io.StringIO()
    Console(file=output, width=width, color_system=None).print(renderable)
    return output.getvalue()


def test_four_computers_play_war_to_the_end_as_a_real_process(tmp_path: Path) -> None:
    path = tmp_path / "war.json"
    result = run_process(
        "play", "war", "--players", "4", "--suits", "4", "--ranks", "4",
        "--seats", "random,random,random,random", "--seed", "8", "--save", str(path),
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "Traceback" not in output
    assert "War · random vs random vs random vs random · seed 8" in output
    assert "The deck is dealt one card at a time: 4 cards each" in output
    assert "-- battle 1 --" in output
    assert re.search(r"player \d \(random\) turns up \S+", output)
    assert re.search(r"Outcome: player \d \(random\) won", output)
    record = Record.load(path)
    assert record.game == "war"
    assert Match.replay(WAR, record).hash() == record.final_hash


def test_the_issues_command_line_starts_a_four_player_game() -> None:
    result = invoke("play", "war", "--players", "4", "--suits", "4", "--ranks", "13", input="")
    assert result.exit_code == 1
    assert "War · human vs random vs random vs random" in result.output
    assert "Your turn: t to turn your next card" in result.output
    assert re.search(r"player 3 \(random\)\s+13\s+0\s+to turn", result.output)
    assert "the input ended" in result.output


def test_a_person_plays_war_with_piped_input(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    moves = "xyz\n?\nt\nturn\n" + "t\n" * 200
    result = run_process(
        "play", "war", "--suits", "2", "--ranks", "4", "--seed", "5", "--save", str(path),
        input=moves,
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "'xyz' is not a War decision: write 'turn' or 'concede'" in output
    assert "What you can type" in output
    assert "player 0 (you) turns up" in output
    assert "Outcome: player" in output
    record = Record.load(path)
    assert record.seats == ("human", "random")
    assert {text for _, text in record.decisions} == {"turn"}


def test_a_person_can_concede_a_war_game() -> None:
    result = invoke("play", "war", "--players", "3", "--seed", "2", input="concede\ny\n" + "t\n")
    assert "Concede the match?" in result.output
    assert "player 0 (you) concedes (18 cards set aside)" in result.output
    assert "You are out of the match; the others play on to the end." in result.output
    assert result.output.count("out of the match") == 1
    assert re.search(r"Outcome: player [12] \(random\) won", result.output)
    assert result.exit_code == 0


def _saved(path: Path, seed: int = 4) -> Record:
    rules = WarRules(players=3, suits=3, ranks=4)
    agents: list[Any] = [RandomAgent(agent_rng(seed, seat)) for seat in range(3)]
    record = play_match(WAR, rules, agents, seed).record()
    record.save(path)
    return record


def test_replaying_a_saved_war_record(tmp_path: Path) -> None:
    path = tmp_path / "war.json"
    record = _saved(path)
    result = invoke("replay", str(path), "--all")
    assert result.exit_code == 0, result.output
    total = len(record.decisions)
    assert f"Start of the match ({total} decisions recorded)" in result.output
    assert f"Decision {total}/{total}: player" in result.output
    assert "War · battle" in result.output
    assert "Outcome: player" in result.output
    assert "The final state hash matches the record." in result.output
    as_seat = invoke("replay", str(path), "--seat", "2", "--all")
    assert as_seat.exit_code == 0
    assert "hash matches" in as_seat.output


def test_the_board_shows_the_table_with_wars_as_rows() -> None:
    state = scenario(
        piles=[["9H", "2C", "AC", "5S"], ["9S", "3D", "KC", "6S"], ["4H", "5H"]],
        rules=WarRules(players=3),
    )
    for seat in (0, 1, 2, 0):
        WAR.decide(state, seat, TURN)
    view = WAR.view(state, 1)
    scene = Scene(view, LABELS, WAR.legal(state, 1), tuple(events(state, 1)))
    board = board_for(WAR)
    assert isinstance(board, WarBoard)
    shown = text_of(board.render(scene), width=100)
    assert "War · battle 1" in shown
    assert "On the table" in shown
    assert "battle" in shown
    assert "war 1" in shown
    assert "▮ A♣" in shown
    assert "9♥" in shown
    assert "to turn (war)" in shown
    assert "waiting" in shown
    assert "War! player 0 (you) and player 1 (random) turn again" in shown
    assert "player 1 (random) to turn" in shown
    assert board.prompt_hint(scene) == "Your turn: t to put down and turn your cards, ? help"
    plain = text_of(WarBoard(WAR, ascii_only=True).render(scene), width=100)
    assert "# AC" in plain
    assert "9H" in plain
    assert "▮" not in plain


def test_after_a_battle_the_board_shows_what_was_played() -> None:
    state = scenario(
        piles=[["9H", "2C", "AC"], ["9S", "3D", "KC"], ["4H"]], rules=WarRules(players=3)
    )
    for seat in (0, 1, 2, 0, 1):
        WAR.decide(state, seat, TURN)
    scene = Scene(WAR.view(state, None), LABELS, None, tuple(events(state, None)))
    shown = text_of(WarBoard(WAR).render(scene), width=100)
    assert "Battle 1" in shown
    assert "war 1: player 0 (you) ▮ A♣, player 1 (random) ▮ K♣" in shown
    assert "player 0 (you) took 7 cards" in shown
    assert "player 2 (random) has no cards left and is out" in shown
    assert "wins" in shown
    assert "the match is over" in shown


def _describe(event: JsonObject) -> str | None:
    scene = Scene(WAR.view(scenario(piles=[["2C"], ["3C"]]), None), LABELS)
    return WarBoard(WAR).describe(event, scene)


def test_every_event_reads_as_a_sentence() -> None:
    assert _describe({"type": "shuffle", "zone": "deck"}) == "The deck is shuffled"
    assert (
        _describe({"type": "deal", "dealing": "blocks", "counts": [3, 3]})
        == "The deck is dealt in blocks: 3 cards each"
    )
    assert (
        _describe({"type": "deal", "dealing": "round-robin", "counts": [3, 2]})
        == "The deck is dealt one card at a time: 3, 2 cards"
    )
    assert (
        _describe({"type": "turn", "seat": 1, "round": 1, "down": 3, "card": None})
        == "player 1 (random) puts down 3 cards and has no card left to turn up"
    )
    assert (
        _describe({"type": "war", "round": 2, "seats": [0, 2]})
        == "Another war! player 0 (you) and player 2 (random) turn again"
    )
    assert (
        _describe({"type": "won", "seat": 2, "cards": 4, "by": "lot"})
        == "Nobody could turn a card: player 2 (random) wins the draw and takes 4 cards"
    )
    assert (
        _describe({"type": "set_aside", "cards": 4})
        == "Everyone in the war has left: 4 cards are set aside"
    )
    assert (
        _describe({"type": "out", "seat": 1, "reason": "conceded", "set_aside": 9})
        == "player 1 (random) concedes (9 cards set aside)"
    )
    assert _describe({"type": "dropped", "seat": 0, "round": 1}) == (
        "player 0 (you) has no card to turn and drops out of the war"
    )
    assert _describe({"type": "fizzled", "action": "Leave"}) == "(an action fizzled: Leave)"
    assert _describe({"type": "mystery", "n": 1}) == "mystery: n 1"


def test_the_short_input_is_t() -> None:
    match = Match(WAR, WarRules(), seed=1)
    board = WarBoard(WAR)
    assert board.shortcut(" T ", match.view(0), match.legal(0)) == TURN
    assert board.shortcut("x", match.view(0), match.legal(0)) is None
    assert [word for word, _ in board.shortcut_help()] == ["t"]


def test_when_every_person_has_left_the_computers_play_on() -> None:
    result = invoke(
        "play", "war", "--players", "4", "--seats", "human,human,random,random", "--seed", "2",
        input="concede\ny\nconcede\ny\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Hand over" not in result.output, "War hides nothing from one player only"
    assert "Every person is out of the match; the others play on to the end." in result.output
    assert re.search(r"Outcome: player [23] \(random\) won", result.output)


def test_war_is_listed_with_its_rules_and_schemas() -> None:
    games = invoke("games")
    assert "war" in games.output
    assert "the highest takes them all" in games.output
    rules = invoke("rules", "war")
    assert rules.exit_code == 0
    assert "A war" in rules.output
    assert "Running out" in rules.output
    schema = json.loads(invoke("rules", "war", "--schema").stdout)
    assert schema["properties"]["face_down"]["default"] == 1
    assert schema["properties"]["turn_limit"]["minimum"] == 1
    events = json.loads(invoke("schema", "war", "event").stdout)
    assert "won" in json.dumps(events)
