"""Every game played to its end in a real browser, by the table's own controls, and read as a
person reads it (the issue's browser part): two people, Alice and Bob, each on a page of their
own, play War, Karata and the Kata TCG out by their rules; one person plays each game against a
computer player; the words of the end are checked on every page ("You won", "You lost", the
other by the name they chose), and a finished match's replay tells the lines its live log told.
A screenshot of every table is kept at its start, in its middle and at its end."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.browser import shots
from tests.browser.ui import Person
from tests.server.processes import Served

People = Callable[..., Person]
Rules = dict[str, Any]

SHORT_WAR: Rules = {"suits": 1, "ranks": 4, "won_cards": "shuffled", "turn_limit": 300}
"""Four cards of one suit: no two cards tie (no wars), and shuffled won cards never cycle, so
one player soon holds all four (the turn limit is far out of reach)."""
SHORT_KARATA: Rules = {
    "hand_size": 2,
    "pick_two": 1,
    "pick_three": 1,
    "pick_joker": 1,
    "last_card_check": False,
}
SHORT_TCG: Rules = {"starting_health": 4}
MOST_DECISIONS = 400
"""More decisions than any of these short matches needs; a match still going then fails."""
TECHNICAL = re.compile(r"@p\d|#\d+|\bplay \d+|\bplayer \d\b|\bseat \d\b|version|undefined|null")
"""What a person never reads in a log line: decision texts, seat numbers, a script's holes."""

MINE_OR_OVER = """() => {
  const turn = document.querySelector("#turn");
  const state = turn && turn.dataset.state;
  return state === "over" || (state === "mine" && !!document.querySelector("#controls button"));
}"""
"""The page is this person's to act on (the controls are drawn), or the match is over."""
CAUGHT_UP = """v => {
  const version = Number(document.querySelector("#table")?.dataset.version ?? -1);
  const state = document.querySelector("#turn")?.dataset.state;
  if (version < v || !state) return false;
  return (state !== "mine" || !!document.querySelector("#controls button")) && [state, version];
}"""
"""Once the page shows version ``v`` or a later one: what #turn says and the version shown."""
MOVED_ON = """v => {
  const version = Number(document.querySelector("#table").dataset.version);
  return version !== v && version;
}"""
STEPPED = """before => {
  const lines = [...document.querySelectorAll("#replay-log li")].map((li) => li.textContent);
  const told = document.querySelector("#replay-decision").textContent;
  const last = lines[lines.length - 1].replace(/[.;:]$/, "");
  return lines.join("\\n") !== before && told.includes(last);
}"""
"""The replay has drawn the step it went to: its log is another, and the step's words end with
the log's last line (the step's number is shown before either)."""


@dataclass
class Played:
    """What the loop saw of a match: the live log's lines at the deal (as the first page told
    them), how many decisions the people made, and which screenshots it kept."""

    dealt: list[str] = field(default_factory=list)
    decisions: int = 0
    saved: list[str] = field(default_factory=list)


def _snap(person: Person, game: str, moment: str, played: Played) -> None:
    name = f"whole-{game}-{person.name.lower()}-{moment}"
    shots.save(person.page, name)
    played.saved.append(name)


def _play_to_the_end(people: list[Person], move: Callable[[Person], None], game: str) -> Played:
    """Whoever's page offers decisions makes ``move`` (one decision, by the table's controls)
    until every page says the match is over; screenshots of every page at the start, after a
    few decisions and at the end. With computer players at the table there is one person, whose
    page is waited on while the computers play."""
    played = Played()
    for person in people:
        person.page.wait_for_selector("#table .table")
        person.page.wait_for_selector("#turn[data-state]")
    people[0].page.wait_for_selector("#log li")
    played.dealt = people[0].page.locator("#log li").all_text_contents()
    for person in people:
        _snap(person, game, "start", played)
    version = 0
    for step in range(MOST_DECISIONS):
        # every page has caught up with the last decision: what each says now
        seen = {person.name: _caught_up(person, version) for person in people}
        if all(state == "over" for state, _ in seen.values()):
            break
        actors = [person for person in people if seen[person.name][0] == "mine"]
        if not actors:  # a computer player's turn: wait until it is the person's, or the end
            people[0].page.wait_for_function(MINE_OR_OVER)
            version = people[0].version()
            continue
        assert len(actors) == 1, [person.name for person in actors]
        actor = actors[0]
        if step == 6:
            for person in people:
                _snap(person, game, "middle", played)
        before = seen[actor.name][1]
        move(actor)
        version = int(actor.page.wait_for_function(MOVED_ON, arg=before).json_value())
        played.decisions += 1
    else:
        raise AssertionError(
            f"{game}: the match was not over after {MOST_DECISIONS} decisions: "
            + " / ".join(person.page.locator("#turn").inner_text() for person in people)
        )
    if not any(name.endswith("-middle") for name in played.saved):  # ended in a few moves
        for person in people:
            _snap(person, game, "middle", played)
    for person in people:
        _snap(person, game, "end", played)
    return played


def _caught_up(person: Person, version: int) -> tuple[str, int]:
    state, shown = person.page.wait_for_function(CAUGHT_UP, arg=version).json_value()
    return str(state), int(shown)


# -- the moves a person makes, each one decision through the table's controls ---------------

KARATA_CHOICE = """() => [
  !!document.querySelector("#declare-last[aria-pressed='false']"),
  [".hand button.card.playable", "#controls [data-ask]", "#ask-card-button", "#finish",
   "[data-decision='pass']"].find((s) => document.querySelector(s)) ?? null,
]"""


def _war_move(person: Person) -> None:
    person.page.click("[data-decision='turn']")


def _karata_move(person: Person) -> None:
    """A lit card, else a request, else finishing the turn (saying "last card" whenever the
    table offers it), else passing and picking."""
    page = person.page
    declare, choice = page.evaluate(KARATA_CHOICE)
    if declare:
        page.click("#declare-last")
        page.wait_for_selector("#declare-last[aria-pressed='true']")
    assert choice, f"nothing to do: {page.locator('#controls').inner_text()}"
    page.locator(choice).first.click()


def _tcg_move(seat: int) -> Callable[[Person], None]:
    """Play the first card that can be played, at the other player's hero; else end the turn."""

    def move(person: Person) -> None:
        page = person.page
        playable = page.locator(".side.own .tcg-card.playable")
        if playable.count():
            before = person.version()
            playable.first.click()  # played at once (one way to play it, aimed at nobody)
            page.wait_for_function(  # or the table asks how, or at whom
                "v => Number(document.querySelector('#table').dataset.version) !== v"
                " || !!document.querySelector(\"#controls [data-focus='cancel']\")",
                arg=before,
            )
            if person.version() != before:
                return
            modes = page.locator("#controls [data-focus^='mode:']")
            if modes.count():
                modes.first.click()
            them = page.locator(f".target-button[data-target^='p']:not([data-target='p{seat}'])")
            if person.version() == before and them.count():
                them.first.click()
            return
        page.click("[data-decision='end']")

    return move


# -- what the pages say -------------------------------------------------------------------


def _told(person: Person) -> str:
    return person.page.locator("#turn").inner_text().strip()


def _the_end_reads(winner: Person, loser: Person, won: str, lost: str) -> None:
    """The winner's page says "You won" and the loser's "You lost", each in the server's words
    for their seat, above the table and on it (the table's own outcome line)."""
    assert _told(winner) == f"Match over: You won — {won}.", _told(winner)
    assert _told(loser) == f"Match over: You lost — {lost}.", _told(loser)
    for person, words, mine in (
        (winner, f"You won — {won}.", True),
        (loser, f"You lost — {lost}.", False),
    ):
        line = person.page.locator("#table .outcome")
        assert line.inner_text().strip() == words
        assert ("won" in (line.get_attribute("class") or "").split()) is mine
        assert "player " not in person.page.locator("#table").inner_text()


def _who_won(alice: Person, bob: Person) -> tuple[Person, Person]:
    """(winner, loser) by what the pages say (each must say one of the two)."""
    said = {person.name: _told(person) for person in (alice, bob)}
    if said["Alice"].startswith("Match over: You won"):
        return alice, bob
    assert said["Bob"].startswith("Match over: You won"), f"nobody was told they won: {said}"
    return bob, alice


def _two_people(people: People, game: str, rules: Rules) -> tuple[Person, Person, str]:
    alice = people("Alice")
    bob = people("Bob")
    room = alice.create_room(game, rules, ("open", "open"))
    bob.join(room)
    alice.page.wait_for_selector("#seats li[data-seat='1'] .dot.on")
    alice.start()
    bob.page.wait_for_selector("#table .table")
    return alice, bob, room


def _replay_reads_as_the_log(
    person: Person, game: str, played: Played, names: list[str], winner: str
) -> None:
    """``person`` (at seat 1, the first) opens the finished match's replay from the room: the
    room's list names the players and the winner; stepping through it, the replay's log tells
    the deal and the end in the live log's very lines, and no line is a decision's text."""
    page = person.page
    live = page.locator("#log li").all_text_contents()
    held = int(page.get_attribute("#log", "data-count") or 0)
    page.click("#room-replays")
    entry = page.locator("#match-list li").first
    entry.locator("a:text('Replay')").wait_for()
    listed = entry.inner_text()
    assert " vs ".join(names) in listed, listed
    assert f"{winner} won" in listed, listed
    entry.locator("a:text('Replay')").click()
    page.wait_for_selector("#replay-step:has-text('Step 0 of')")
    assert page.locator("h1").inner_text() == f"Replay: {' vs '.join(names)}"
    assert page.input_value("#replay-seat") == "0"  # the person's own seat, marked "you"
    chosen = page.locator("#replay-seat option:checked").inner_text()
    assert chosen == f"{names[0]} (seat 1), you", chosen
    page.wait_for_function("() => document.querySelectorAll('#replay-log li').length > 0")
    dealt = page.locator("#replay-log li").all_text_contents()
    assert dealt == played.dealt, (dealt, played.dealt)
    steps = int(re.sub(r"\D+", " ", page.locator("#replay-step").inner_text()).split()[-1])
    assert steps >= played.decisions, (steps, played.decisions)
    lines = dealt
    for step in range(1, min(steps, 4) + 1):  # the first steps, each in the events' words
        page.click("#replay-forward")
        page.wait_for_selector(f"#replay-step:has-text('Step {step} of')")
        page.wait_for_function(STEPPED, arg="\n".join(lines))  # each decision here is public
        told = page.locator("#replay-decision").inner_text()
        assert not TECHNICAL.search(told), (step, told)
        assert not told.startswith(("play ", "turn", "end", "pass", "finish")), (step, told)
        lines = page.locator("#replay-log li").all_text_contents()
        if held <= 80:  # the live log still holds the match from its deal
            assert lines == live[: len(lines)], (step, lines, live[: len(lines)])
    if steps > 4:
        page.click("#replay-last")
        page.wait_for_selector(f"#replay-step:has-text('Step {steps} of {steps}')")
        page.wait_for_function(STEPPED, arg="\n".join(lines))
    last = page.locator("#replay-log li").all_text_contents()
    shown = min(len(last), len(live))
    assert shown > 0
    assert last[-shown:] == live[-shown:], (last[-shown:], live[-shown:])
    for line in last:
        assert not TECHNICAL.search(line), line
    assert any(line.startswith(f"{names[0]} ") for line in last), last
    assert any(line.startswith(f"{names[1]} ") for line in last), last
    _snap(person, game, "replay", played)


# -- two people --------------------------------------------------------------------------


def test_alice_and_bob_play_war_to_its_end_and_replay_it(people: People) -> None:
    """Alice and Bob turn their cards up, one click each a battle, until one of them holds all
    four: she or he reads "You won — (the other) ran out of cards", the other "You lost — you
    ran out of cards"; the replay tells the deal and the battles in the live log's lines."""
    alice, bob, _ = _two_people(people, "war", SHORT_WAR)
    played = _play_to_the_end([alice, bob], _war_move, "war")
    winner, loser = _who_won(alice, bob)
    _the_end_reads(winner, loser, f"{loser.name} ran out of cards", "you ran out of cards")
    told = " ".join(alice.page.locator("#log li").all_text_contents())
    assert "Alice turns up" in told, told
    assert "Bob turns up" in told, told
    _replay_reads_as_the_log(alice, "war", played, ["Alice", "Bob"], winner.name)


def test_alice_and_bob_play_karata_to_its_end_and_replay_it(people: People) -> None:
    """With two cards each, Alice and Bob play lit cards, ask, finish their turns and pick until
    one declares "last card" and plays out: the winner reads "You won — you declared last card
    and played out", the other "You lost — (the winner) declared last card and played out"."""
    alice, bob, _ = _two_people(people, "karata", SHORT_KARATA)
    played = _play_to_the_end([alice, bob], _karata_move, "karata")
    winner, loser = _who_won(alice, bob)
    _the_end_reads(
        winner,
        loser,
        "you declared last card and played out",
        f"{winner.name} declared last card and played out",
    )
    _replay_reads_as_the_log(alice, "karata", played, ["Alice", "Bob"], winner.name)


def test_alice_and_bob_play_the_kata_tcg_to_its_end_and_replay_it(people: People) -> None:
    """On 4 health each, Alice and Bob play every card they can at the other's hero and end
    their turns until one falls: "You won — (the other) fell to 0 health or below" against
    "You lost — you fell to 0 health or below"."""
    alice, bob, _ = _two_people(people, "tcg", SHORT_TCG)
    moves = {"Alice": _tcg_move(0), "Bob": _tcg_move(1)}
    played = _play_to_the_end([alice, bob], lambda p: moves[p.name](p), "tcg")
    winner, loser = _who_won(alice, bob)
    _the_end_reads(
        winner, loser, f"{loser.name} fell to 0 health or below", "you fell to 0 health or below"
    )
    heroes = alice.page.locator(".hero .hero-name").all_text_contents()
    assert sorted(heroes) == ["Alice (you)", "Bob"], heroes
    _replay_reads_as_the_log(alice, "tcg", played, ["Alice", "Bob"], winner.name)


# -- one person against computer players -------------------------------------------------


def _against_the_computer(
    people: People, site: Served, game: str, rules: Rules, agent: str
) -> tuple[Person, str, str]:
    """Carol at seat 1 and a computer player of kind ``agent`` at seat 2: (Carol, the room,
    the computer player's name as the room calls it)."""
    carol = people("Carol")
    room = carol.create_room(game, rules, ("open", agent))
    name = str(site.get(f"/api/rooms/{room}")["seats"][1]["name"])
    assert name, "the computer player has a name"
    assert name != "Carol"
    carol.page.wait_for_selector(f"#seats li[data-seat='1'] .name:text-is('{name}')")
    carol.start()
    return carol, room, name


def _carol_is_told(
    carol: Person, computer: str, won: str, lost: str, *, may_win_unplayed: bool = False
) -> None:
    """Carol's page says she won, in the words ``won``, or lost, in ``lost``; the computer
    player is called by its name throughout, and the log names it as it plays (unless
    ``may_win_unplayed``, a game where Carol may win before it plays at all)."""
    told = _told(carol)
    assert told in (f"Match over: You won — {won}.", f"Match over: You lost — {lost}."), told
    line = carol.page.locator("#table .outcome")
    assert "Match over: " + line.inner_text().strip() == told
    assert ("won" in (line.get_attribute("class") or "").split()) is ("You won" in told)
    log = carol.page.locator("#log li").all_text_contents()
    if "You lost" in told or not may_win_unplayed:
        assert any(entry.startswith(f"{computer} ") for entry in log), log
    assert any(entry.startswith("Carol ") for entry in log), log
    for entry in log:
        assert not TECHNICAL.search(entry), entry


def test_carol_plays_war_against_the_computer_to_its_end(people: People, site: Served) -> None:
    """Carol turns her cards up against a computer player until the four cards are one
    player's: she reads "You won — (the computer) ran out of cards" or "You lost — you ran out
    of cards"."""
    carol, _, computer = _against_the_computer(people, site, "war", SHORT_WAR, "random")
    _play_to_the_end([carol], _war_move, "war-computer")
    _carol_is_told(carol, computer, f"{computer} ran out of cards", "you ran out of cards")


def test_carol_plays_karata_against_the_computer_to_its_end(people: People, site: Served) -> None:
    """Carol plays Karata against the heuristic computer player until one of them plays out,
    and is told who did by name."""
    carol, _, computer = _against_the_computer(people, site, "karata", SHORT_KARATA, "heuristic")
    _play_to_the_end([carol], _karata_move, "karata-computer")
    _carol_is_told(
        carol,
        computer,
        "you declared last card and played out",
        f"{computer} declared last card and played out",
        may_win_unplayed=True,  # two cards each: a jack that jumps it, then her last card
    )


def test_carol_plays_the_kata_tcg_against_the_computer_to_its_end(
    people: People, site: Served
) -> None:
    """Carol aims every card she can at the greedy computer player's hero until one hero falls:
    "You won — (the computer) fell to 0 health or below", or "You lost — you fell ..."."""
    carol, _, computer = _against_the_computer(people, site, "tcg", SHORT_TCG, "greedy")
    _play_to_the_end([carol], _tcg_move(0), "tcg-computer")
    _carol_is_told(
        carol, computer, f"{computer} fell to 0 health or below", "you fell to 0 health or below"
    )


def test_carol_reads_every_seat_s_place_at_the_end_of_a_war_of_three(
    people: People, site: Served
) -> None:
    """Three at War (Carol and two computer players) with six cards: at the end the table says
    where everyone placed, as the server placed them: the winner first, then whoever ran out
    last."""
    carol = people("Carol")
    rules = {**SHORT_WAR, "players": 3, "ranks": 6}
    room = carol.create_room("war", rules, ("open", "random", "random"))
    carol.start()
    _play_to_the_end([carol], _war_move, "war-three")
    match = site.get(f"/api/rooms/{room}/matches")[0]["id"]
    record = site.get(f"/api/matches/{match}/record")
    names = [str(seat["name"]) for seat in site.get(f"/api/rooms/{room}")["seats"]]
    placings = record["outcome"]["placings"]
    assert sorted(placings)[0] == 1
    by_place = sorted(range(3), key=lambda seat: (placings[seat], seat))
    places = carol.page.locator("#table .outcome .places").inner_text().strip()
    order = [places.index(names[seat]) for seat in by_place]
    assert places.startswith("Places: 1st "), places
    assert order == sorted(order), (places, placings, names)
    for seat in range(3):
        ending = {1: "st", 2: "nd", 3: "rd"}[placings[seat]]
        assert f"{placings[seat]}{ending} " in places, places
