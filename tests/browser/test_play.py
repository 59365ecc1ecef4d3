"""Whole matches of every game in a real browser: two people against each other, one person
against a computer player by keyboard alone on a phone-sized screen, one who reloads the page
in the middle of a match and carries on, and one whose connection drops."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from tests.browser import shots
from tests.browser.ui import Person, play_until_over
from tests.server.processes import Seat, Served

if TYPE_CHECKING:
    from playwright.sync_api import WebSocketRoute

SHORT_WAR = {"suits": 1, "ranks": 6, "won_cards": "shuffled", "turn_limit": 40}
"""A War with a short deck that always ends soon."""

People = Callable[..., Person]


def test_two_people_play_war_and_chat(people: People) -> None:
    fox = people("Fox")
    owl = people("Owl")
    room = fox.create_room("war", SHORT_WAR, ("open", "open"))
    owl.join(room)
    fox.page.wait_for_selector("#seats li[data-seat='1'] .dot.on")
    fox.start()
    owl.page.wait_for_selector("#table .table")

    fox.say("good luck <b>Owl</b> & all")
    line = owl.page.locator("#chat-lines li").last
    line.wait_for()
    assert line.locator(".text").text_content() == "good luck <b>Owl</b> & all"
    assert owl.page.locator("#chat-lines b").count() == 0

    shot = False

    def turn(person: Person) -> None:
        nonlocal shot
        if not shot and person.page.locator(".row.up .card").count():
            shots.save(person.page, "war-table")
            shot = True
        person.page.click("[data-decision='turn']")

    play_until_over([fox, owl], turn)
    outcome = fox.page.locator("#turn").text_content() or ""
    theirs = owl.page.locator("#turn").text_content() or ""
    # Each is told in their own words: one won, the other lost (or nobody won).
    said = sorted(re.sub(r" — .*", "", text) for text in (outcome, theirs))
    assert said in (
        ["Match over: You lost", "Match over: You won"],
        ["Match over: Nobody won", "Match over: Nobody won"],
    ), (outcome, theirs)
    shots.save(owl.page, "war-over")

    owl.page.click("#rematch")  # a player accepts a rematch: it waits for the other
    owl.page.wait_for_selector("#rematch[data-state='accepted']:has-text('Waiting for Fox')")
    fox.page.wait_for_selector("#seats .badge.rematch")  # Fox sees that Owl is ready
    assert fox.page.locator("#room-status:has-text('The match is over')").count() == 1
    fox.page.wait_for_selector("#rematch:has-text('Owl is ready')")
    shots.save(fox.page, "war-rematch-asked")
    fox.page.click("#rematch")  # and the last acceptance starts it, for both
    for person in (fox, owl):
        person.page.wait_for_selector("#room-status:has-text('A match is on')")
        person.page.wait_for_selector("#turn:not([data-state='over'])")
    # the running score counts the first match: the winner's seat, if anyone won
    won = fox.page.eval_on_selector_all("#seats .badge.wins", "bs => bs.map(b => b.dataset.wins)")
    assert sorted(won) == ([] if said[0] == "Match over: Nobody won" else ["0", "1"]), (won, said)
    owl.page.once("dialog", lambda dialog: dialog.accept())
    owl.page.click("#leave")  # leaving a live match concedes it
    owl.page.wait_for_url(lambda url: url.endswith("#/"))
    fox.page.wait_for_selector("#turn[data-state='over']")


def _karata_by_keyboard(person: Person) -> None:
    """One decision, reached with Tab and made with Enter: a lit card, else a request, else
    finishing the turn (saying "last card" whenever it may), else passing."""
    page = person.page
    declare = page.locator("#declare-last[aria-pressed='false']")
    if declare.count():
        person.tab_to("#declare-last")
        page.keyboard.press("Enter")
        page.wait_for_selector("#declare-last[aria-pressed='true']")
    for selector in (
        ".hand button.card.playable",
        "#controls [data-ask]",
        "#ask-card-button",
        "#finish",
        "[data-decision='pass']",
    ):
        if page.locator(selector).count():
            person.tab_to(selector)
            page.keyboard.press("Enter")
            return
    raise AssertionError(f"nothing to do: {page.locator('#controls').inner_text()}")


def test_karata_against_the_computer_by_keyboard_on_a_phone(people: People) -> None:
    fox = people("Fox", width=390, height=844)
    fox.create_room("karata", {"hand_size": 3}, ("open", "heuristic"), turn_seconds=600)
    fox.start()
    fox.page.wait_for_selector(".karata .pile-area .card")
    fox.page.wait_for_selector("#turn:has-text('left')")  # the turn's clock, always in sight
    shots.save(fox.page, "karata-table-phone")
    width = fox.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"

    tried = False

    def move(person: Person) -> None:
        nonlocal tried
        unplayable = ".hand button.card[aria-disabled='true']"
        if not tried and person.page.locator(unplayable).count():
            tried = True  # a card the rules refuse now: told so beside the table, in words
            person.tab_to(unplayable)
            code = person.page.evaluate("document.activeElement.dataset.refusal")
            assert code, "a card kept in the hand says which rule keeps it there"
            phrase = person.refusal_phrase(code)
            label = person.page.evaluate("document.activeElement.getAttribute('aria-label')")
            assert label.endswith(f" — {phrase}")
            person.page.keyboard.press("Enter")
            error = person.page.locator("#decision-error")
            assert f": {phrase} — " in (error.text_content() or "")
            assert error.is_visible()
        _karata_by_keyboard(person)

    play_until_over([fox], move)
    assert tried
    assert (fox.page.locator("#turn").text_content() or "").startswith("Match over")
    shots.save(fox.page, "karata-over-phone")


def _tcg_move(person: Person) -> None:
    """Play the first playable card (as a minion when it can, else at the other hero), else
    attack with a ready minion, else end the turn."""
    page = person.page
    if page.locator(".tcg-card.playable").count():
        page.locator(".tcg-card.playable").first.click()
        modes = page.locator("#controls [data-focus^='mode:']")
        if page.locator("#controls [data-focus='mode:minion']").count():
            page.click("#controls [data-focus='mode:minion']")
        elif modes.count():
            modes.first.click()
        if page.locator(".target-button").count():
            page.locator(".target-button[data-target^='p']").last.click()
        return
    if page.locator(".minion-button").count():
        page.locator(".minion-button").first.click()
        page.locator(".target-button").first.click()
        return
    page.click("[data-decision='end']")


def test_kata_tcg_with_minions_survives_a_reload(people: People) -> None:
    fox = people("Fox")
    rules = {"minions": True, "healing": True, "starting_health": 12}
    room = fox.create_room("tcg", rules, ("open", "greedy"))
    fox.start()
    fox.page.wait_for_selector(".tcg .hero")

    decisions = 0
    reloaded = False

    def move(person: Person) -> None:
        nonlocal decisions, reloaded
        decisions += 1
        if decisions == 6:
            shots.save(person.page, "tcg-table")
        # Early enough that every deal reaches it (a match on 12 health can be over after a
        # handful of turns), late enough that cards are on the table: Fox's second turn.
        if decisions == 4 and not reloaded:
            reloaded = True
            held = person.page.locator(".side.own .tcg-card").count()
            person.page.reload()
            person.page.wait_for_selector("#room-status:has-text('you are at seat 1')")
            person.page.wait_for_selector(".tcg .hero")
            assert person.page.locator("#join-form").count() == 0
            assert person.page.locator(".side.own .tcg-card").count() == held
            assert person.room_id() == room
        _tcg_move(person)

    play_until_over([fox], move)
    assert reloaded
    assert (fox.page.locator("#turn").text_content() or "").startswith("Match over")
    shots.save(fox.page, "tcg-over")


def test_a_dropped_connection_comes_back_unnoticed(people: People) -> None:
    fox = people("Fox")
    owl = people("Owl")
    sockets: list[WebSocketRoute] = []

    def through(socket: WebSocketRoute) -> None:  # Owl's network, which the test can cut
        socket.connect_to_server()
        sockets.append(socket)

    owl.page.route_web_socket(re.compile(r"/ws/rooms/"), through)
    room = fox.create_room("war", SHORT_WAR, ("open", "open"))
    owl.join(room)
    fox.page.wait_for_selector("#seats li[data-seat='1'] .dot.on")
    fox.start()
    owl.page.wait_for_selector("#table .table")

    def turn(person: Person) -> None:
        if person is owl and len(sockets) == 1 and person.version() >= 4:
            sockets[0].close(code=1001, reason="the network went away")
            for _ in range(200):  # Owl's page comes back by itself, with a new connection
                if len(sockets) == 2:
                    break
                owl.page.wait_for_timeout(25)
            assert len(sockets) == 2
            owl.page.wait_for_selector("#connection[data-state='open']")
        person.page.click("[data-decision='turn']")

    play_until_over([fox, owl], turn)
    assert len(sockets) == 2
    assert owl.page.locator("#join-form").count() == 0
    # every event of Owl's stream is in the log once: none missed, none twice
    held = owl.page.get_attribute("#log", "data-count")
    assert held == owl.page.get_attribute("#table", "data-events")
    for person in (fox, owl):  # both saw the end (each in their own words)
        assert (person.page.locator("#turn").text_content() or "").startswith("Match over: ")


def test_a_fine_is_shown_to_everyone_at_the_table(people: People, site: Served) -> None:
    fox = people("Fox")
    room = fox.create_room("karata", {"fine": 1}, ("open", "open"))
    owl = Seat(site, room, site.post(f"/api/rooms/{room}/join", {"name": "Owl"})["token"])
    try:
        fox.start()
        for _ in range(20):  # Fox passes; Owl, on a program, tries a card that does not match
            fox.page.wait_for_selector("#turn[data-state='mine']")
            before = fox.version()
            fox.page.click("[data-decision='pass']")
            fox.acted(before)
            view = owl.next_view()
            while view["to_act"] != 1:
                view = owl.next_view()
            keys = {card["id"]: card["key"] for card in view["view"]["zones"]["hand:1"]["cards"]}
            wrong = [keys[u["card"]] for u in view["unplayable"]]  # each with why: a rule's code
            owl.decide(f"play {wrong[0]}" if wrong else "pass")
            if wrong:
                break
        assert wrong, "Owl never held a card that did not match"
        fine = fox.page.locator("#fines li")
        fine.wait_for()
        assert (fine.text_content() or "").startswith("Owl was fined 1 card: ")
        shots.save(fox.page, "karata-fine")
    finally:
        owl.close()


def test_a_kata_tcg_card_is_aimed_by_keyboard(people: People) -> None:
    fox = people("Fox")
    fox.create_room("tcg", {"minions": True, "first_hand": 5}, ("open", "random"))
    fox.start()
    page = fox.page
    # a card that deals damage, so aims (one of 0 damage is played at once, aiming at nobody)
    aimed = ".tcg-card.playable[aria-label*=' damage to ']:not([aria-label*='Deal 0 damage'])"
    for _ in range(10):  # until Fox holds a card that deals damage he can pay for
        page.wait_for_selector("#turn[data-state='mine']")
        page.wait_for_selector("#controls button")
        if page.locator(aimed).count():
            break
        before = fox.version()
        fox.tab_to("[data-decision='end']")
        page.keyboard.press("Enter")
        fox.acted(before)
    else:  # not on the other seat's turn, where no card of his is lit
        raise AssertionError("Fox never held a damage card he could pay for")
    # With minions on, a damage card is played as damage (aimed) or as a minion: the table
    # asks how, never plays it at once. (This test once timed out here: the lobby's form had
    # redrawn the rules at their defaults, minions off, after they were set; see
    # test_create_form.py.)
    fox.tab_to(aimed)
    page.keyboard.press("Enter")
    page.wait_for_selector("#controls [data-focus='cancel']")
    if page.locator("#controls [data-focus='mode:']").count():
        fox.tab_to("#controls [data-focus='mode:']")  # "as damage": then choose whom
        page.keyboard.press("Enter")
    them = ".target-button[data-target='p1']"
    page.wait_for_selector(them)
    page.keyboard.press("Escape")  # changed his mind: nothing is aimed any more
    page.wait_for_selector(them, state="detached")
    fox.tab_to(aimed)
    page.keyboard.press("Enter")
    if page.locator("#controls [data-focus='mode:']").count():
        fox.tab_to("#controls [data-focus='mode:']")
        page.keyboard.press("Enter")
    before = fox.version()
    fox.tab_to(them)
    page.keyboard.press("Enter")
    fox.acted(before)
    # the log says whom he aimed at: the other seat's hero, by its player's name
    page.locator("#log li").filter(has_text=re.compile(r"^Fox plays .+ at Random$")).last.wait_for()


def test_when_the_turn_clock_runs_out_the_default_is_played(people: People) -> None:
    fox = people("Fox")
    fox.create_room("war", SHORT_WAR, ("open", "random"), turn_seconds=5)
    fox.start()
    fox.page.wait_for_selector("#turn[data-state='mine']:has-text('left')")
    left = fox.page.locator("#turn").text_content() or ""
    assert re.search(r"0:0[1-5] left", left), left
    before = fox.version()
    fox.page.wait_for_function(  # Fox does nothing: his card is turned for him
        "v => Number(document.querySelector('#table').dataset.version) > v", arg=before
    )
    told = " ".join(fox.page.locator("#log li").all_text_contents())
    assert "Fox turns up" in told
    assert "Fox ran out of time" in told, told  # the log says why, not as if he chose it
