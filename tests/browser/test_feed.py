"""The activity feed in the browser (#/feed): two people sign up and become friends (by the
friends' REST routes, from the page); one finishes a match against the computer; the other
finds it in their feed, in words, with a link to its replay that opens it; a comment shared
from the replay's page with markup in it shows as text (and the friend, who did not play it,
cannot share it); the profile shows the person's activity to their friend."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.browser import shots
from tests.browser.test_accounts import PASSWORD, SHORT_WAR, fresh, turn_war
from tests.browser.ui import Person, play_until_over

Members = Callable[..., Person]

FETCH = """async ([method, path, body]) => {
  const answer = await fetch(path, {method, headers: {"Content-Type": "application/json"},
                                    body: body === null ? undefined : JSON.stringify(body)});
  return answer.status;
}"""


def test_a_friends_finished_match_shows_in_the_feed_with_its_replay(members: Members) -> None:
    fox, owl = members("Fox"), members("Owl")
    fox_name, owl_name = fresh("fox"), fresh("owl")
    fox.sign_up(fox_name, PASSWORD, "Fox")
    owl.sign_up(owl_name, PASSWORD, "Owl")
    asked = fox.page.evaluate(FETCH, ["POST", "/api/friends", {"username": owl_name}])
    assert asked == 201
    accepted = owl.page.evaluate(FETCH, ["POST", f"/api/friends/{fox_name}/accept", None])
    assert accepted == 200

    fox.page.goto(f"{fox.url}/#/")
    fox.create_room("war", SHORT_WAR, ("open", "random"))
    fox.start()
    play_until_over([fox], turn_war)

    owl.page.goto(f"{owl.url}/#/replays")
    owl.page.wait_for_selector("#feed-link")
    owl.page.click("#feed-link")
    owl.page.wait_for_url(re.compile(r"#/feed$"))
    item = owl.page.locator("#feed-list li.feed-item[data-kind='match_finished']")
    item.wait_for()
    text = item.locator(".feed-text").text_content() or ""
    assert text.startswith("Fox "), text
    assert "War" in text
    link = item.locator("a.feed-link").get_attribute("href") or ""
    assert re.fullmatch(r"#/replay/[A-Za-z0-9_-]+", link), link
    assert owl.page.locator("#feed-list li.feed-item[data-kind='friends']").count() == 1
    shots.save(owl.page, "feed")

    match_id = link.removeprefix("#/replay/")
    comment = "<b>bold?</b> <img src=x onerror=alert(1)>"
    fox.page.goto(f"{fox.url}/#/replay/{match_id}")  # shared from the replay's page
    fox.page.click("#share-replay summary")
    fox.page.fill("#share-comment", comment)
    fox.page.click("#share-submit")
    fox.page.wait_for_selector("#share-status:has-text('Shared')")
    shots.save(fox.page, "replay-shared")
    owl.page.reload()
    quoted = owl.page.locator("#feed-list li.feed-item[data-kind='shared_replay'] .feed-comment")
    quoted.wait_for()
    assert quoted.text_content() == comment  # text, not markup
    assert owl.page.locator("#feed-list img").count() == 0

    item = owl.page.locator("#feed-list li.feed-item[data-kind='match_finished']")
    item.locator("a.feed-link").click()
    owl.page.wait_for_url(re.compile(r"#/replay/"))
    owl.page.wait_for_selector(".replay-controls")
    owl.expect_console_error(r"status of 404")  # owl did not play it: the server says so
    owl.page.click("#share-replay summary")
    owl.page.click("#share-submit")
    owl.page.wait_for_selector("#share-replay .notice:has-text('play')")

    owl.page.goto(f"{owl.url}/#/u/{fox_name}")  # the friend's profile shows their activity
    owl.page.wait_for_selector("#activity-list li.feed-item[data-kind='match_finished']")
