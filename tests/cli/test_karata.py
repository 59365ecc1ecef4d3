"""Karata in the terminal: computers playing, a person with short input, replays and the board."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console, RenderableType

from cardtable.cli.render import KarataBoard, Scene, board_for
from cardtable.engine import JsonObject, Match, Record
from cardtable.engine.decisions import Decisions
from cardtable.engine.errors import InvalidDecision
from cardtable.games import find
from cardtable.games.karata import PASS, Finish, KarataRules, KarataState, Play
from cardtable.games.karata.scenario import events, scenario
from tests.cli.helpers import invoke, run_process

KARATA = find("karata")
LABELS = ("player 0 (you)", "player 1 (random)", "player 2 (random)", "player 3 (random)")


def text_of(renderable: RenderableType, width: int = 100) -> str:
    output = io.StringIO()
    Console(file=output, width=width, color_system=None).print(renderable)
    return output.getvalue()


def scene_of(state: KarataState, seat: int | None = 0) -> Scene:
    legal = KARATA.legal(state, seat) if seat is not None and seat == state.active else None
    return Scene(KARATA.view(state, seat), LABELS, legal, tuple(events(state, seat)))


def legal_of(scene: Scene) -> Decisions:
    """The viewer's legal decisions (they are to act)."""
    assert scene.legal is not None
    return scene.legal


def flat(output: str) -> str:
    """Output with the board's frames and line breaks taken out (wrapped lines joined)."""
    return " ".join(re.sub(r"[│┃╭╮╰╯┏┓┗┛━─]", " ", output).split())


# -- real matches -----------------------------------------------------------------------------


def test_three_computers_play_karata_to_the_end_as_a_real_process(tmp_path: Path) -> None:
    path = tmp_path / "karata.json"
    result = run_process(
        "play", "karata", "--players", "3", "--seats", "random,random,random",
        "--seed", "5", "--save", str(path),
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "Traceback" not in output
    assert "Karata · random vs random vs random · seed 5" in output
    assert "Each player is dealt 4 cards" in output
    assert "The pile starts on 5♣" in output
    assert "player 0 (random) starts" in output
    assert "-- player 1 (random)'s turn --" in output
    assert "player 1 (random) plays 3♣: the next player must pick 3" in output
    assert "player 0 (random) takes the bomb of 3" in output
    assert "player 0 (random) picks 3 cards for the bomb" in output
    assert "jumps 1 player" in output
    assert "kicks back (play turns around)" in output
    assert "player 1 (random) plays A♦: asks for Hearts" in output
    assert "asks for the Jack of Clubs" in output
    assert "picks 1 card for the unanswered question" in output
    assert "declares last card (niko kadi!)" in output
    assert "Pile: " in output
    assert "Direction: up the seats (0 → 1 → 2 → 0)" in output
    assert "Direction: down the seats" in output
    assert "Request: Hearts ♥ (or an Ace)" in output
    assert re.search(r"Bomb: player \d \(random\) must pick \d", output)
    assert re.search(r"player 1 \(random\)\s+\d+\s+niko kadi!", output)
    assert "player 1 (random) plays 7♣ 7♥ and wins the match!" in output
    assert "Outcome: player 1 (random) won" in output
    record = Record.load(path)
    assert record.game == "karata"
    assert Match.replay(KARATA, record).hash() == record.final_hash


def test_replaying_a_saved_karata_record(tmp_path: Path) -> None:
    path = tmp_path / "karata.json"
    played = run_process(
        "play", "karata", "--players", "3", "--seats", "random,random,random",
        "--seed", "5", "--save", str(path),
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    total = len(Record.load(path).decisions)
    result = invoke("replay", str(path), "--all")
    assert result.exit_code == 0, result.output
    assert f"Start of the match ({total} decisions recorded)" in result.output
    assert f"Decision {total}/{total}: player 1 (random): finish" in result.output
    assert "Karata · turn" in result.output
    assert "This turn so far: 7♣ 7♥" in result.output
    assert "Outcome: player 1 (random) won" in result.output
    assert "The final state hash matches the record." in result.output
    as_seat = invoke("replay", str(path), "--seat", "1", "--all")
    assert as_seat.exit_code == 0, as_seat.output
    assert "Your hand" in as_seat.output
    assert re.search(r"player 1 \(random\) picks 1 card: \S+", as_seat.output)
    assert "hash matches" in as_seat.output


_CYCLE = "1\n2\n3\n4\n5\n6\nl\nf\np\n"
"""Try each card of the hand, finish (declaring last card if the rules let us), else pass:
every round of it moves the match on, whatever the cards."""


def test_a_person_plays_karata_with_short_input_and_full_texts(tmp_path: Path) -> None:
    # Seed 3: the pile starts on 7♥; the hand is 3♣ 8♥ A♠ J♠ (numbered in that order).
    path = tmp_path / "mine.json"
    moves = "?\nplay 3c\n2\n4\nplay AS\nf 9s\n" + _CYCLE * 400
    result = run_process(
        "play", "karata", "--players", "3", "--seats", "human,random,random", "--seed", "3",
        "--save", str(path), input=moves,
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "Traceback" not in output
    assert "What you can type" in output
    assert "f H, f hearts" in output
    assert "Your hand" in output
    assert "1 3♣   2 8♥   3 A♠   4 J♠" in output
    assert "Your turn: play a card matching 7♥ (2 or 3), or p to pass and pick 1 · ? help" in flat(
        output
    )
    # A refused move (fines are off) names the rule, and the person simply tries again.
    assert (
        "✗ The Three of Clubs does not match the Seven of Hearts: play the same face or suit, "
        "an Ace or a Joker" in output
    )
    assert "✗ there is no card 4 in your hand: choose 1 to 3 (type ? for help)" in output
    assert "This turn so far: 8♥" in output
    assert "answer 8♥" in flat(output)
    assert "player 0 (you) plays 8♥ A♠: asks for the Nine of Spades" in flat(output)
    assert "✗ You cannot declare last card holding" in output
    assert "penalised" not in output
    assert "Outcome: " in output
    record = Record.load(path)
    assert record.seats == ("human", "random", "random")
    mine = [text for seat, text in record.decisions if seat == 0]
    assert mine[:3] == ["play 8H", "play AS", "finish ask 9S"]
    assert "pass" in mine
    assert Match.replay(KARATA, record).hash() == record.final_hash


def test_with_fines_an_invalid_move_is_fined(tmp_path: Path) -> None:
    path = tmp_path / "fined.json"
    moves = "play 3c\n" + _CYCLE * 400
    result = run_process(
        "play", "karata", "--players", "3", "--seats", "human,random,random", "--seed", "3",
        "--fine", "1", "--save", str(path), input=moves,
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "Traceback" not in output
    assert (
        "✗ penalised: The Three of Clubs does not match the Seven of Hearts: play the same "
        "face or suit, an Ace or a Joker" in output
    )
    assert (
        "player 0 (you) is fined 1 card for an invalid turn: The Three of Clubs does not "
        "match the Seven of Hearts" in flat(output)
    )
    assert "Outcome: " in output
    record = Record.load(path)
    assert record.decisions[0] == (0, "play 3C")
    assert Match.replay(KARATA, record).hash() == record.final_hash


def test_the_issues_command_line_starts_a_three_player_game() -> None:
    result = invoke("play", "karata", "--seats", "human,random,random", "--players", "3", input="")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "Karata · human vs random vs random" in result.output
    assert "Your hand" in result.output
    assert "Your turn: " in result.output
    assert "On the table" in result.output
    assert "the input ended" in result.output


# -- the board --------------------------------------------------------------------------------


def _requested() -> KarataState:
    """Four players, play going down the seats; Hearts requested of player 0; player 1 on last
    card; player 3 left."""
    return scenario(
        hands=[["7H", "9S", "AS", "QD", "BJ"], ["4C"], ["5D", "6D"], []],
        pile=["9H", "5H", "5C", "10C", "4D"],
        request="H",
        direction=-1,
        declared=[1],
        out=[3],
    )


def test_the_board_shows_the_pile_the_request_the_players_and_the_hand() -> None:
    state = _requested()
    scene = scene_of(state)
    board = board_for(KARATA)
    assert isinstance(board, KarataBoard)
    shown = text_of(board.render(scene))
    assert "Karata · turn 1" in shown
    assert "Pile: 9♥  under it: 5♥ 5♣ 10♣ ...  (5 cards)" in shown
    assert "Request: Hearts ♥ (or an Ace)" in shown
    assert "Direction: down the seats (2 → 1 → 0 → 2)" in shown
    assert re.search(r"▶ player 0 \(you\)\s+5\s+to play", shown)
    assert re.search(r"player 1 \(random\)\s+1\s+niko kadi!", shown)
    assert re.search(r"player 2 \(random\)\s+2\s*┃", shown)
    assert re.search(r"player 3 \(random\)\s+left the table", shown)
    assert "1 Q♦   2 7♥   3 A♠   4 9♠   5 BJ" in shown
    assert "player 0 (you) to play" in shown
    assert board.prompt_hint(scene) == (
        "Your turn: the request is Hearts ♥: play it or an Ace (2 or 3), or p to pass and pick 1"
        " · ? help"
    )
    spectator = text_of(board.render(scene_of(state, None)))
    assert "Your hand" not in spectator
    assert "Request: Hearts ♥" in spectator


def test_a_turn_built_card_by_card_asks_with_its_aces() -> None:
    state = _requested()
    board = KarataBoard(KARATA)
    view, legal = KARATA.view(state, 0), KARATA.legal(state, 0)
    assert board.shortcut("3", view, legal) == Play("AS")
    KARATA.decide(state, 0, Play("AS"))
    scene = scene_of(state)
    shown = text_of(board.render(scene))
    assert "This turn so far: A♠" in shown
    assert "1 Q♦   2 7♥   3 9♠   4 BJ" in shown
    # The Ace of Spades pays 1 for the Hearts request; 1 is left: a suit. The default asks
    # for the suit held most (a tie: the first of clubs, diamonds, hearts, spades).
    assert board.prompt_hint(scene) == (
        "Your turn: f to finish asking for Diamonds ♦ (f H for another suit) · ? help"
    )
    legal = legal_of(scene)
    assert board.shortcut("f", scene.view, legal) == Finish("D")
    assert board.shortcut("f spades", scene.view, legal) == Finish("S")
    assert board.shortcut("f ask s", scene.view, legal) == Finish("S")
    assert board.shortcut("f s last", scene.view, legal) == Finish("S", last=True)
    KARATA.decide(state, 0, Finish("S"))
    shown = text_of(board.render(scene_of(state, 1)))
    assert "player 0 (you) plays A♠: asks for Spades" in shown
    assert "Request: Spades ♠ (or an Ace)" in shown


def test_a_bomb_on_the_player_to_act() -> None:
    state = scenario(
        hands=[["2H", "3C", "AD", "7S"], ["5C", "5S"], ["6H"]], pile=["2C", "9C"], bomb=2
    )
    board = KarataBoard(KARATA)
    scene = scene_of(state)
    shown = text_of(board.render(scene))
    assert (
        "Bomb: player 0 (you) must pick 2 unless they counter with a bomb or block with an Ace"
        in shown
    )
    assert re.search(r"player 0 \(you\)\s+4\s+to play · bomb: must pick 2", shown)
    assert "1 3♣   2 A♦   3 2♥   4 7♠" in shown
    assert board.prompt_hint(scene) == (
        "Your turn: a bomb is on you: counter, block with an Ace (1, 2 or 3), or p to pick 2"
        " · ? help"
    )
    legal = legal_of(scene)
    assert board.shortcut("p", scene.view, legal) == PASS
    KARATA.decide(state, 0, PASS)
    log = KarataBoard(KARATA).log(scene_of(state, 0), limit=100)
    assert "player 0 (you) takes the bomb of 2" in log
    assert any(
        re.fullmatch(r"player 0 \(you\) picks 2 cards for the bomb: \S+ \S+", line) for line in log
    )
    assert "player 0 (you) picks 2 cards for the bomb" in KarataBoard(KARATA).log(
        scene_of(state, 2), limit=100
    )


def test_under_a_joker_only_a_joker_counters() -> None:
    state = scenario(hands=[["RJ", "5D"], ["5C"]], pile=["BJ", "9C"], bomb=5)
    scene = scene_of(state)
    assert KarataBoard(KARATA).prompt_hint(scene) == (
        "Your turn: a bomb is on you: counter with a Joker, block with an Ace (2), or p to "
        "pick 5 · ? help"
    )
    assert "counter with a Joker or block with an Ace" in text_of(KarataBoard(KARATA).render(scene))


def test_declaring_last_card_with_l() -> None:
    state = scenario(hands=[["7H", "7S", "9D"], ["5C", "6C"], ["4S"]], pile=["7C"])
    board = KarataBoard(KARATA)
    view, legal = KARATA.view(state, 0), KARATA.legal(state, 0)
    assert board.shortcut("2", view, legal) == Play("7H")
    KARATA.decide(state, 0, Play("7H"))
    scene = scene_of(state)
    assert board.prompt_hint(scene) == (
        "Your turn: play on (2), f to finish or l to finish declaring last card · ? help"
    )
    legal = legal_of(scene)
    assert board.shortcut("2", scene.view, legal) == Play("7S")
    KARATA.decide(state, 0, Play("7S"))
    scene = scene_of(state)
    legal = legal_of(scene)
    assert board.shortcut("l", scene.view, legal) == Finish("", last=True)
    assert board.shortcut("f last", scene.view, legal) == Finish("", last=True)
    KARATA.decide(state, 0, Finish("", last=True))
    shown = text_of(board.render(scene_of(state, 1)))
    assert "player 0 (you) plays 7♥ 7♠: declares last card (niko kadi!)" in shown
    assert "puts down" not in shown, "the plays of a finished turn are listed by its finish"
    assert re.search(r"player 0 \(you\)\s+1\s+niko kadi!", shown)


def test_two_aces_ask_for_a_card() -> None:
    state = scenario(hands=[["AS", "5H", "6H"], ["5C"]], pile=["7D"])
    board = KarataBoard(KARATA)
    KARATA.decide(state, 0, Play("AS"))
    scene = scene_of(state)
    legal = legal_of(scene)
    assert board.prompt_hint(scene) == (
        "Your turn: f to finish asking for Hearts ♥ (f H or f 9S to ask for another) or l to "
        "finish declaring last card · ? help"
    )
    assert board.shortcut("f 9s", scene.view, legal) == Finish("9S")
    assert board.shortcut("f bj", scene.view, legal) == Finish("BJ")
    KARATA.decide(state, 0, Finish("9S"))
    shown = text_of(board.render(scene_of(state, 1)))
    assert "Request: the Nine of Spades (9♠) (or an Ace)" in shown
    plain = text_of(KarataBoard(KARATA, ascii_only=True).render(scene_of(state, 1)))
    assert "Request: the Nine of Spades (9S) (or an Ace)" in plain


def test_the_ascii_board_uses_no_symbols() -> None:
    state = _requested()
    scene = scene_of(state)
    board = KarataBoard(KARATA, ascii_only=True)
    plain = text_of(board.render(scene))
    assert plain.isascii(), [char for char in plain if not char.isascii()]
    assert "Pile: 9H  under it: 5H 5C 10C ...  (5 cards)" in plain
    assert "Request: Hearts (or an Ace)" in plain
    assert "Direction: down the seats (2 -> 1 -> 0 -> 2)" in plain
    assert "1 QD   2 7H   3 AS   4 9S   5 BJ" in plain
    assert re.search(r"> player 0 \(you\)", plain)
    assert board.prompt_hint(scene).isascii()
    fined: JsonObject = {
        "type": "fined",
        "seat": 0,
        "fine": 1,
        "bomb": 0,
        "what": "turn",
        "reason": "x",
    }
    assert board.describe(fined, scene) == "player 0 (you) is fined 1 card for an invalid turn: x"
    finish: JsonObject = {
        "type": "finish",
        "seat": 1,
        "cards": ["7H", "10S"],
        "request": "",
        "last": False,
        "bomb": 0,
        "unanswered": False,
        "jumps": 0,
        "kings": 0,
        "again": False,
        "won": False,
    }
    assert board.describe(finish, scene) == "player 1 (random) plays 7H 10S"


def test_a_match_that_is_over() -> None:
    state = scenario(hands=[["7H"], ["5C", "KD"]], pile=["7C"], declared=[0])
    KARATA.decide(state, 0, KARATA.parse_decision("turn 7h"))
    shown = text_of(KarataBoard(KARATA).render(scene_of(state, None)))
    assert "player 0 (you) plays 7♥ and wins the match!" in shown
    assert re.search(r"player 0 \(you\)\s+0\s+wins", shown)
    assert "the match is over" in shown


# -- the log ----------------------------------------------------------------------------------


def _describe(event: JsonObject) -> str | None:
    scene = scene_of(scenario(hands=[["5H"], ["5C"], ["6D"]]), None)
    return KarataBoard(KARATA).describe(event, scene)


def _face(key: str) -> JsonObject:
    return {"id": 1, "key": key, "name": key}


def test_every_event_reads_as_a_sentence() -> None:
    assert _describe({"type": "shuffle", "zone": "deck"}) == "The deck is shuffled"
    assert _describe({"type": "deal", "count": 4}) == "Each player is dealt 4 cards"
    assert (
        _describe({"type": "turn_up", "card": _face("7H"), "buried": []}) == "The pile starts on 7♥"
    )
    assert (
        _describe({"type": "turn_up", "card": _face("7H"), "buried": [_face("QD"), _face("2S")]})
        == "Turned up Q♦ 2♠: special, so under the deck; the pile starts on 7♥"
    )
    assert _describe({"type": "starter", "seat": 2}) == "player 2 (random) starts"
    assert (
        _describe({"type": "play", "seat": 1, "card": _face("10S")})
        == "player 1 (random) puts down 10♠"
    )
    finish: JsonObject = {
        "type": "finish", "seat": 1, "cards": ["QH", "AS"], "request": "9S", "last": False,
        "bomb": 0, "unanswered": False, "jumps": 0, "kings": 0, "again": False, "won": False,
    }  # fmt: skip
    assert _describe(finish) == "player 1 (random) plays Q♥ A♠: asks for the Nine of Spades"
    assert _describe({**finish, "cards": ["3C"], "request": "", "bomb": 3}) == (
        "player 1 (random) plays 3♣: the next player must pick 3 (or counter or block)"
    )
    assert _describe({**finish, "cards": ["8C"], "request": "", "unanswered": True}) == (
        "player 1 (random) plays 8♣: leaves a question unanswered"
    )
    assert _describe({**finish, "cards": ["JC", "JD"], "request": "", "jumps": 2}) == (
        "player 1 (random) plays J♣ J♦: jumps 2 players"
    )
    assert _describe({**finish, "cards": ["KC"], "request": "", "kings": 1, "last": True}) == (
        "player 1 (random) plays K♣: kicks back (play turns around), declares last card "
        "(niko kadi!)"
    )
    assert _describe(
        {**finish, "cards": ["KC", "KD"], "request": "", "kings": 2, "again": True}
    ) == ("player 1 (random) plays K♣ K♦: 2 Kings (plays again)")
    assert _describe({**finish, "cards": ["KC", "KD", "QD"], "request": "", "kings": 2}) == (
        "player 1 (random) plays K♣ K♦ Q♦: 2 Kings (the direction stays)"
    )
    assert _describe({**finish, "cards": ["5C"], "request": "", "won": True}) == (
        "player 1 (random) plays 5♣ and wins the match!"
    )
    assert _describe({"type": "pass", "seat": 0, "count": 1, "reason": "pass"}) == (
        "player 0 (you) passes"
    )
    assert _describe({"type": "pass", "seat": 0, "count": 5, "reason": "bomb"}) == (
        "player 0 (you) takes the bomb of 5"
    )
    pick: JsonObject = {"type": "pick", "seat": 0, "count": 1, "reason": "pass", "recycled": 0}
    assert _describe(pick) == "player 0 (you) picks 1 card"
    assert _describe({**pick, "cards": [_face("9D")]}) == "player 0 (you) picks 1 card: 9♦"
    assert _describe({**pick, "count": 2, "reason": "fine", "recycled": 12}) == (
        "The pile but its top (12 cards) is shuffled into the deck; player 0 (you) picks 2 "
        "cards as a fine"
    )
    assert _describe({**pick, "reason": "question"}) == (
        "player 0 (you) picks 1 card for the unanswered question"
    )
    assert _describe({**pick, "count": 0}) == "player 0 (you) has no card left to pick"
    assert _describe({"type": "take_back", "seat": 0, "cards": [_face("7H"), _face("JS")]}) == (
        "player 0 (you) takes back 7♥ J♠"
    )
    assert _describe({"type": "take_back", "seat": 0, "cards": []}) is None
    fined: JsonObject = {
        "type": "fined", "seat": 0, "fine": 2, "bomb": 3, "what": "turn",
        "reason": "A Jack cannot follow the Seven of Hearts",
    }  # fmt: skip
    assert _describe(fined) == (
        "player 0 (you) is fined 2 cards for an invalid turn: A Jack cannot follow the Seven "
        "of Hearts (and picks the bomb's 3 too)"
    )
    assert _describe({**fined, "fine": 1, "bomb": 0, "what": "declaration", "reason": "No"}) == (
        "player 0 (you) is fined 1 card for declaring last card: No (the turn stands, without "
        "the declaration)"
    )
    assert (
        _describe({"type": "next", "seat": 2, "again": False}) == "-- player 2 (random)'s turn --"
    )
    assert _describe({"type": "next", "seat": 2, "again": True}) == "player 2 (random) plays again"
    assert _describe({"type": "leave", "seat": 1, "cards": 3}) == (
        "player 1 (random) leaves the table (3 cards go under the deck)"
    )
    assert _describe({"type": "fizzled", "action": "Advance"}) == "(an action fizzled: Advance)"
    assert _describe({"type": "mystery", "n": 1}) == "mystery: n 1"


# -- short input ------------------------------------------------------------------------------


def test_short_input_and_what_is_left_to_the_parser() -> None:
    match = Match(KARATA, KarataRules(players=3), seed=3)
    board = KarataBoard(KARATA)
    view, legal = match.view(0), match.legal(0)
    assert board.shortcut("2", view, legal) == Play("8H")
    assert board.shortcut(" P ", view, legal) == PASS
    assert board.shortcut("f", view, legal) == Finish()
    assert board.shortcut("l", view, legal) == Finish(last=True)
    assert board.shortcut("f hearts", view, legal) == Finish("H")
    assert board.shortcut("f H last", view, legal) == Finish("H", last=True)
    for word in ("play 8h", "pass", "finish", "finish ask h", "turn 8h as", "concede", "xyz", ""):
        assert board.shortcut(word, view, legal) is None, word
    with pytest.raises(InvalidDecision, match="there is no card 9 in your hand: choose 1 to 4"):
        board.shortcut("9", view, legal)
    with pytest.raises(InvalidDecision, match="'purple' is neither a suit nor a card"):
        board.shortcut("f purple", view, legal)
    words = [word for word, _ in board.shortcut_help()]
    assert words[:6] == ["1, 2, ...", "p", "f", "f H, f hearts", "f 9S", "l, f last"]
    assert "play 7H" in words


def test_karata_is_drawn_by_its_own_board() -> None:
    assert isinstance(board_for(KARATA), KarataBoard)
    assert isinstance(board_for(KARATA, ascii_only=True), KarataBoard)
