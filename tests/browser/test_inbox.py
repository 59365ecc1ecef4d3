"""The notifications' inbox in the browser (#/inbox): a person signed in finishes a match
against the computer; the header's unread count on every page becomes 1; the inbox tells the
result in words with a link to the replay; marking it read brings the count back to none."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.browser import shots
from tests.browser.test_accounts import PASSWORD, SHORT_WAR, fresh, turn_war
from tests.browser.ui import Person, play_until_over

Members = Callable[..., Person]


def test_a_finished_match_waits_in_the_inbox_until_it_is_read(members: Members) -> None:
    fox = members("Fox")
    assert not fox.page.locator("#inbox-link").is_visible()  # a guest has no inbox
    fox.sign_up(fresh("fox"), PASSWORD, "Fox")
    fox.page.wait_for_selector("#inbox-link")
    assert fox.page.locator("#inbox-unread").is_hidden()

    fox.page.goto(f"{fox.url}/#/")
    room = fox.create_room("war", SHORT_WAR, ("open", "random"))
    fox.start()
    play_until_over([fox], turn_war)
    outcome = fox.page.locator("#turn").text_content() or ""
    said = "You lost"
    if "You won" in outcome:
        said = "You won"
    elif "Nobody won" in outcome:
        said = "Your match"

    fox.page.goto(f"{fox.url}/#/replays")  # any page: the header counts it
    fox.page.wait_for_selector("#inbox-unread:has-text('1')")
    shots.save(fox.page, "inbox-counted")
    fox.page.click("#inbox-link")
    fox.page.wait_for_url(re.compile(r"#/inbox$"))
    item = fox.page.locator("#inbox-list li.inbox-item.unread")
    item.wait_for()
    assert item.get_attribute("data-kind") == "match_finished"
    text = item.locator(".inbox-text")
    assert (text.text_content() or "").startswith(said)
    assert "War" in (text.text_content() or "")
    assert "Random" in (text.text_content() or "")
    link = text.get_attribute("href") or ""
    assert re.fullmatch(r"#/replay/[A-Za-z0-9_-]+", link), link
    shots.save(fox.page, "inbox")

    item.locator(".inbox-mark").click()
    fox.page.wait_for_selector("#inbox-list li.inbox-item.read")
    fox.page.wait_for_selector("#inbox-unread", state="hidden")
    assert fox.page.locator("#inbox-list li.inbox-item.unread").count() == 0

    fox.page.click("#inbox-list li.inbox-item .inbox-text")  # the replay of that match
    fox.page.wait_for_url(re.compile(r"#/replay/"))
    fox.page.wait_for_selector(".replay-controls")
    assert room


def test_a_kind_unticked_in_the_inbox_settings_is_muted(members: Members) -> None:
    mink = members("Mink")
    mink.sign_up(fresh("mink"), PASSWORD, "Mink")
    mink.page.goto(f"{mink.url}/#/inbox")
    mink.page.click("#inbox-settings summary")
    box = mink.page.locator("#inbox-kind-match_finished")
    box.wait_for()
    assert box.is_checked()  # every kind is heard at first
    box.uncheck()
    mink.page.wait_for_selector("#inbox-settings-status:has-text('Saved.')")
    kinds = mink.page.evaluate(
        "async () => (await (await fetch('/api/inbox/settings')).json()).kinds"
    )
    assert {k["kind"]: k["muted"] for k in kinds}["match_finished"] is True
    assert [k["kind"] for k in kinds if k["muted"]] == ["match_finished"]
    mink.page.reload()
    mink.page.click("#inbox-settings summary")
    mink.page.locator("#inbox-kind-match_finished").wait_for()
    assert not mink.page.is_checked("#inbox-kind-match_finished")
    assert mink.unexpected() == []
