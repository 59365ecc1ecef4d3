"""War that can be finished: a person has the server turn their cards ("Turn my cards for
me") against a computer player, and the match runs to its end without another click; the
words of a match stopped by its turn limit say who won and why."""

from __future__ import annotations

from collections.abc import Callable

from tests.browser import shots
from tests.browser.ui import Person

LIMITED_WAR = {"suits": 1, "ranks": 13, "won_cards": "shuffled", "turn_limit": 5}
"""A War no one can win by cards in 5 battles: 13 cards of one suit are dealt 7 and 6, no two
alike (so no battle is a war), and a battle moves one card, so the turn limit ends it. (With 12
battles, as before, the one dealt 6 could lose them all, and now and then did.)"""

People = Callable[..., Person]


def test_a_person_has_their_cards_turned_and_the_match_ends_by_itself(people: People) -> None:
    fox = people("Fox")
    fox.create_room("war", LIMITED_WAR, ("open", "random"))
    page = fox.page
    page.wait_for_selector("#seats li[data-seat='1'] .badge.auto")  # the computer's: automatic
    assert page.locator("#seats li[data-seat='0'] .badge.auto").count() == 0
    fox.start()
    toggle = page.locator("#auto-turn")
    toggle.wait_for()
    assert toggle.get_attribute("aria-pressed") == "false"
    assert page.locator("#pace-fast").get_attribute("aria-pressed") == "false"
    assert page.locator(".war-seat[data-seat='1'] .badge.auto").count() == 1  # on the table too
    page.click("#pace-fast")
    page.wait_for_selector("#pace-fast[aria-pressed='true']")
    shots.save(page, "war-auto-toggle")
    page.click("#auto-turn")  # the last click: the server turns Fox's cards from here on
    page.wait_for_selector("#auto-turn[aria-pressed='true'], #turn[data-state='over']")
    page.wait_for_selector("#turn[data-state='over']", timeout=60_000)
    words = page.locator("#turn").text_content() or ""
    assert words.startswith("Match over: ")
    assert "the turn limit was reached and" in words, words
    assert "held the most cards" in words, words
    assert page.locator("#seats li[data-seat='0'] .badge.auto").count() == 1
    assert page.locator("#auto-turn").count() == 0  # the match is over: no toggles
    shots.save(page, "war-auto-over")
    assert fox.unexpected() == []
