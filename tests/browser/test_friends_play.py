"""The whole story of friends at cardtable, in the browser, with two people: they sign up and
become friends on the friends page, and each sees the other online there without reloading;
one makes a room and, from its waiting room (where the friend shows online), invites the other;
the other's inbox count goes up at once, and its Join seats them; they play War to its end; the
result is in each one's inbox and in each one's feed, told of the other."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.browser import shots
from tests.browser.test_accounts import PASSWORD, SHORT_WAR, fresh, turn_war
from tests.browser.ui import Person, play_until_over

Members = Callable[..., Person]


def test_friends_see_each_other_invite_play_and_read_of_it(members: Members) -> None:
    fox, owl = members("Fox"), members("Owl")
    fox_name, owl_name = fresh("fox"), fresh("owl")
    fox.sign_up(fox_name, PASSWORD, "Fox")
    owl.sign_up(owl_name, PASSWORD, "Owl")

    # friends, each on the friends page the whole time
    fox.page.click("#friends-link")
    owl.page.click("#friends-link")
    fox.page.fill("#friend-username", owl_name)
    fox.page.click("#friend-ask")
    fox.page.wait_for_selector(f"#friends-sent li[data-username='{owl_name}']")
    request = owl.page.locator(f"#friends-received li[data-username='{fox_name}']")
    request.wait_for()  # the request comes to the open page, live
    request.locator("[data-action='accept']").click()
    for person, other in ((fox, owl_name), (owl, fox_name)):  # online, live, no reload
        person.page.wait_for_selector(
            f"#friends-list li[data-username='{other}'] .whereabouts[data-whereabouts='online']"
        )
    shots.save(owl.page, "friends-both-online")

    # the waiting room's friends: Owl, online, invited
    fox.create_room("war", SHORT_WAR, ("open", "open"))
    friend = f"#invite-friends li[data-username='{owl_name}']"
    fox.page.wait_for_selector(f"{friend} .whereabouts[data-whereabouts='online']")
    shots.save(fox.page, "invite-a-friend-online")
    fox.page.click(f"{friend} button")
    fox.page.wait_for_selector(f"{friend}:has-text('Invited')")

    # Owl's header counts it at once, on the friends page still; the inbox's Join seats them
    owl.page.wait_for_selector("#inbox-unread:not([hidden])", timeout=5000)
    owl.page.click("#inbox-link")
    invitation = owl.page.locator("#inbox-list li[data-kind='room_invite']")
    invitation.wait_for()
    invitation.locator(".inbox-join").click()
    room = fox.room_id()
    owl.page.wait_for_url(re.compile(rf"#/room/{room}"))
    owl.page.wait_for_selector("#room-status:has-text('you are at seat 2 as Owl')")
    fox.page.wait_for_selector("#seats li[data-seat='1'] .dot.on")

    fox.start()
    owl.page.wait_for_selector("#table .table")
    play_until_over([fox, owl], turn_war)

    for person, other in ((fox, "Owl"), (owl, "Fox")):
        person.page.goto(f"{person.url}/#/inbox")
        finished = person.page.locator("#inbox-list li[data-kind='match_finished']")
        finished.wait_for()
        assert other in (finished.locator(".inbox-text").text_content() or "")
        person.page.click("#feed-link")
        person.page.wait_for_url(re.compile(r"#/feed$"))
        played = person.page.locator(
            "#feed-list li.feed-item[data-kind='match_finished']", has_text=other
        )
        played.first.wait_for()
        text = played.first.locator(".feed-text").text_content() or ""
        assert text.startswith(f"{other} "), text
        assert "War" in text, text
    shots.save(owl.page, "feed-after-playing-a-friend")
    assert fox.unexpected() == []
    assert owl.unexpected() == []
