"""The lobby's form for a new room: the room's name, shown to everyone as text; and the rules
a person set are kept, whatever order the game's details arrive in: choosing the game that is
already chosen while its details load must not redraw the rules at their defaults once the
person has changed them (a room of the Kata TCG with minions was sometimes made without them,
and a card then played at once instead of asking whom to aim at)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from tests.browser.ui import Person, open_more_rules, open_rule_groups

if TYPE_CHECKING:
    from playwright.sync_api import Route

People = Callable[..., Person]


def test_the_rules_set_are_kept_when_a_late_answer_arrives(people: People) -> None:
    fox = people("Fox")
    page = fox.page
    held: list[Route] = []

    def hold_the_first(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)  # the page's first question: answered when the test says

    page.route(re.compile(r"/api/games/tcg/sets$"), hold_the_first)
    page.reload()
    open_more_rules(page)
    assert page.eval_on_selector("#create-game", "s => s.value") == "tcg"  # chosen at first
    for _ in range(250):  # its details are on their way
        if held:
            break
        page.wait_for_timeout(20)
    assert len(held) == 1
    page.select_option("#create-game", "tcg")  # chosen again, as a person (or a test) may
    page.wait_for_selector("#rule-tcg-minions", state="attached")
    open_rule_groups(page)
    page.set_checked("#rule-tcg-minions", True)
    page.fill("#rule-tcg-first_hand", "5")
    with page.expect_response(re.compile(r"/api/games/tcg/sets$")):
        held[0].continue_()
    page.wait_for_timeout(200)  # time for the late answer to be drawn, if it were
    assert page.is_checked("#rule-tcg-minions")
    assert page.input_value("#rule-tcg-first_hand") == "5"


def test_a_room_is_named_and_everyone_reads_the_name_as_text(people: People) -> None:
    fox = people("Fox")
    owl = people("Owl")
    name = "<b>Friday</b> cards"
    room = fox.create_room("war", {"suits": 1, "ranks": 6}, ("open", "open"), room_name=name)
    fox.page.wait_for_selector(f"#room-title:has-text('{name} · War')")
    owl.page.goto(f"{owl.url}/#/")
    listed = owl.page.locator(f"#room-list li[data-room='{room}'] .room-name")
    listed.wait_for()
    assert listed.text_content() == name
    assert owl.page.locator("#room-list b").count() == 0  # text, never markup
