"""Whole matches of every game in a real browser: two people against each other, one person
against a computer player by keyboard alone on a phone-sized screen, and one who reloads the
page in the middle of a match and carries on."""

from __future__ import annotations

from collections.abc import Callable

from tests.browser import shots
from tests.browser.ui import Person, play_until_over

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
    assert outcome.startswith("Match over")
    assert owl.page.locator("#turn").text_content() == outcome
    shots.save(owl.page, "war-over")

    owl.page.click("#rematch")  # a player asks for a rematch: a new match for both
    for person in (fox, owl):
        person.page.wait_for_selector("#room-status:has-text('A match is on')")
        person.page.wait_for_selector("#turn:not([data-state='over'])")
    owl.page.once("dialog", lambda dialog: dialog.accept())
    owl.page.click("#leave")  # leaving a live match concedes it
    owl.page.wait_for_url(lambda url: url.endswith("#/"))
    fox.page.wait_for_selector("#turn[data-state='over']")


def _karata_by_keyboard(person: Person) -> None:
    """One decision, reached with Tab and made with Enter: a lit card, else a request, else
    finishing the turn, else passing."""
    page = person.page
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
    fox.create_room("karata", {"hand_size": 3}, ("open", "heuristic"))
    fox.start()
    fox.page.wait_for_selector(".karata .pile-area .card")
    shots.save(fox.page, "karata-table-phone")
    width = fox.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"

    fox.page.keyboard.press("Escape")
    play_until_over([fox], _karata_by_keyboard)
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
        if decisions == 8 and not reloaded:
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
