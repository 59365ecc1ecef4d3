"""Invite links in a real browser: Alice makes a room with a password and copies its invite
link from the waiting room; Bob, in a browser of his own, opens it, joins without the
password, and both see each other seated; an invite with no seat left, and a link that is no
invite, say so in words."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.browser import shots
from tests.browser.ui import Person
from tests.server.processes import Served

People = Callable[..., Person]


def test_an_invite_link_joins_a_password_room_in_a_second_browser(
    people: People, site: Served
) -> None:
    alice = people("Alice")
    alice.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url)
    room = alice.create_room("war", {"ranks": 4, "suits": 1}, ("open", "open"), password="s3same")
    page = alice.page
    page.click("#invite-button")
    page.wait_for_selector("#invite-status:has-text('Link copied')")
    link = page.input_value("#invite-link")
    assert re.fullmatch(re.escape(site.url) + r"/#/invite/[A-Za-z0-9_-]{43}", link), link
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert "s3same" not in link
    shots.save(page, "invite-link")

    bob = people("Bob")
    bob.page.goto(link)
    bob.page.wait_for_selector("#invite-form")
    title = bob.page.text_content("#invite-page-title") or ""
    assert title == "Alice invites you to play War"
    assert "1 of 2 seats free" in (bob.page.text_content("#invite-about") or "")
    shots.save(bob.page, "invite-page")
    bob.page.fill("#invite-name", "Bob")
    bob.page.click("#invite-join")
    bob.page.wait_for_url(re.compile(rf"#/room/{re.escape(room)}$"))
    bob.page.wait_for_selector("#room-status:has-text('you are at seat 2 as Bob')")
    bob.page.wait_for_selector("#seats li[data-seat='0']:has-text('Alice')")
    page.wait_for_selector("#seats li[data-seat='1']:has-text('Bob')")
    page.wait_for_selector("#invite", state="hidden")  # no free seat left to invite to
    shots.save(bob.page, "invite-joined")

    carol = people("Carol")
    carol.page.goto(link)
    problem = carol.page.locator("#invite-problem")
    problem.wait_for()
    assert problem.text_content() == (
        "Every seat of this room is taken: the invite has no seat left to give."
    )
    carol.page.goto(f"{site.url}/#/invite/not-an-invite")
    carol.page.wait_for_selector("#invite-problem:has-text('not an invite')")
