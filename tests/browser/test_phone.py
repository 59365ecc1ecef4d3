"""At a phone's size (390 by 844), nothing is wider than the screen, every control is a
finger's size, and on the Kata TCG table your hand and your decisions stay on screen while
the board scrolls."""

from __future__ import annotations

from collections.abc import Callable

from tests.browser import shots
from tests.browser.ui import Person

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
