"""Friends at one table, in the browser: two people who signed up become friends; one makes a
room with a password and, from its waiting room, invites the other by name; the other finds the
invitation in their inbox, presses Join (no password asked), and they play War to its end;
each finds the result in their inbox."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.browser import shots
from tests.browser.test_accounts import PASSWORD, SHORT_WAR, fresh, turn_war
from tests.browser.ui import Person, play_until_over

Members = Callable[..., Person]


def befriend(asker: Person, asked: Person, asked_name: str, asker_name: str) -> None:
    asker.page.click("#friends-link")
    asker.page.fill("#friend-username", asked_name)
    asker.page.click("#friend-ask")
    asker.page.wait_for_selector(f"#friends-sent li[data-username='{asked_name}']")
    asked.page.click("#friends-link")
    request = asked.page.locator(f"#friends-received li[data-username='{asker_name}']")
    request.wait_for()
    request.locator("[data-action='accept']").click()
    asked.page.wait_for_selector(f"#friends-list li[data-username='{asker_name}']")


def test_a_friend_invited_from_the_waiting_room_joins_from_the_inbox(members: Members) -> None:
    fox, owl = members("Fox"), members("Owl")
    fox_name, owl_name = fresh("fox"), fresh("owl")
    fox.sign_up(fox_name, PASSWORD, "Fox")
    owl.sign_up(owl_name, PASSWORD, "Owl")
    befriend(fox, owl, owl_name, fox_name)

    room = fox.create_room("war", SHORT_WAR, ("open", "open"), password="only for friends")
    friend = f"#invite-friends li[data-username='{owl_name}']"
    fox.page.wait_for_selector(f"{friend} button")
    shots.save(fox.page, "invite-a-friend")
    fox.page.click(f"{friend} button")
    fox.page.wait_for_selector(f"{friend}:has-text('Invited')")

    owl.page.goto(f"{owl.url}/#/replays")
    owl.page.wait_for_selector("#inbox-unread:not([hidden])")
    owl.page.click("#inbox-link")
    invitation = owl.page.locator("#inbox-list li[data-kind='room_invite']")
    invitation.wait_for()
    assert (invitation.locator(".inbox-text").text_content() or "").startswith("Fox invited you")
    shots.save(owl.page, "inbox-invitation")
    invitation.locator(".inbox-join").click()
    owl.page.wait_for_url(re.compile(rf"#/room/{room}"))
    owl.page.wait_for_selector("#room-status:has-text('you are at seat 2 as Owl')")
    fox.page.wait_for_selector("#seats li[data-seat='1'] .dot.on")

    fox.start()
    owl.page.wait_for_selector("#table .table")
    play_until_over([fox, owl], turn_war)
    for person in (fox, owl):
        person.page.goto(f"{person.url}/#/inbox")
        finished = person.page.locator("#inbox-list li[data-kind='match_finished']")
        finished.wait_for()
        other = "Owl" if person is fox else "Fox"
        assert other in (finished.locator(".inbox-text").text_content() or "")
    assert fox.unexpected() == []
    assert owl.unexpected() == []
