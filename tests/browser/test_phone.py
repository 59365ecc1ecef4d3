"""At a phone's size (390 by 844), nothing is wider than the screen, every control is a
finger's size, and on the Kata TCG table your hand and your decisions stay on screen while
the board scrolls; the waiting room and a finished match of every game are kept as screenshots
at a desktop's size and at a phone's."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.browser import shots
from tests.browser.ui import Person
from tests.server.processes import Seat, Served

People = Callable[..., Person]

WIDTH, HEIGHT = 390, 844

SMALL_CONTROLS = """() => [...document.querySelectorAll("button, .button, select")]
  .filter((el) => el.offsetParent !== null)
  .map((el) => [el.textContent.trim() || el.id || el.className, el.getBoundingClientRect().height])
  .filter(([, height]) => height < 44)"""


def on_screen(person: Person, selector: str) -> bool:
    box = person.page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT


def test_the_kata_tcg_hand_and_decisions_stay_on_a_phones_screen(people: People) -> None:
    fox = people("Fox", width=WIDTH, height=HEIGHT)
    fox.create_room("tcg", {"minions": True, "healing": True}, ("open", "greedy"))
    fox.start()
    page = fox.page
    page.wait_for_selector("#turn[data-state='mine']")
    page.wait_for_selector(".side.own .tcg-card")
    for scrolled in ("top", "bottom"):
        where = "0" if scrolled == "top" else "document.body.scrollHeight"
        page.evaluate(f"window.scrollTo(0, {where})")
        assert on_screen(fox, ".side.own .tcg-card"), f"the hand is off screen at the {scrolled}"
        assert on_screen(fox, "#controls [data-decision='end']"), f"no End at the {scrolled}"
        shots.save(page, f"tcg-phone-{scrolled}", full_page=False)
    page.evaluate("window.scrollTo(0, 0)")
    assert on_screen(fox, ".side.theirs .hero")  # the board scrolls above the hand
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert page.evaluate(SMALL_CONTROLS) == []
    before = fox.version()
    page.click("#controls [data-decision='end']")  # the pinned controls work
    fox.acted(before)


def test_the_lobby_and_a_war_table_fit_a_phone(people: People) -> None:
    owl = people("Owl", width=WIDTH, height=HEIGHT)
    assert owl.page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert owl.page.evaluate(SMALL_CONTROLS) == []
    owl.page.click("#play-computer-war")
    owl.page.wait_for_selector(".war-seat")
    assert owl.page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert owl.page.evaluate(SMALL_CONTROLS) == []
    shots.save(owl.page, "war-phone")


SIZES = {"desktop": (1200, 900), "phone": (WIDTH, HEIGHT)}
"""The two sizes every table is kept at (the lobby's and the tables' screenshots while a match
is on are test_quick_start.py's)."""


STILL = """() => document.getAnimations()
  .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity)
  .length === 0"""
"""No movement is under way (an endless one, a clock's tick, aside)."""


def fits(person: Person, width: int, what: str) -> None:
    """Nothing on the page is wider than the screen (no sideways scrolling)."""
    wide = person.page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{what} is {wide} px wide on a {width} px screen"


@pytest.mark.parametrize("size", list(SIZES))
def test_the_waiting_room_and_each_finished_match_at_both_sizes(
    people: People, site: Served, size: str
) -> None:
    width, height = SIZES[size]
    fox = people("Fox", width=width, height=height)
    page = fox.page
    page.wait_for_selector("#quick-name")
    page.fill("#quick-name", "Fox")
    for game in ("war", "karata", "tcg"):
        page.goto(f"{fox.url}/#/")
        page.click(f"#play-friend-{game}")  # a room of the quick preset, waiting for a friend
        page.wait_for_selector("#seats li")
        room = fox.room_id()
        if game == "war":
            shots.save(page, f"waiting-room-{size}", full_page=False)
            fits(fox, width, "the waiting room")
        owl = Seat(site, room, site.post(f"/api/rooms/{room}/join", {"name": "Owl"})["token"])
        try:
            page.wait_for_selector("#seats li[data-seat='1'] .dot.on")
            fox.start()
            page.wait_for_selector("#room-status:has-text('A match is on')")
            site.post(f"/api/rooms/{room}/concede", {}, owl.token)  # Owl gives up at once
            page.wait_for_selector("#turn[data-state='over']")
            assert (page.locator("#turn").text_content() or "").startswith("Match over: You won")
            page.wait_for_function(STILL)  # the table as it rests, not halfway through a glide
            shots.save(page, f"{game}-over-{size}", full_page=False)
            fits(fox, width, f"the finished {game} match")
        finally:
            owl.close()
