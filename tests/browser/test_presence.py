"""Friends' whereabouts in the browser, live over the personal channel (``/ws/me``): two people
who signed up become friends and each sees the other online on the friends page without
reloading; one leaves the tab (hidden: away), comes back, closes it (offline, last seen just
now), and hides their presence (offline to the other); one playing a match shows as playing
War with a Watch link that opens the room to watch. A notification reaches the header's count
at once, and (switched on, allowed, the tab hidden) shows as a browser notification. The
friends page at a phone's size is no wider than the screen."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.browser import shots
from tests.browser.test_accounts import LONG_WAR, PASSWORD, fresh
from tests.browser.ui import STALL_NEXT_SOCKET, Person

Members = Callable[..., Person]

FETCH = """async ([method, path, body]) => {
  const answer = await fetch(path, {method, headers: {"Content-Type": "application/json"},
                                    body: body === null ? undefined : JSON.stringify(body)});
  return answer.status;
}"""

PERSONAL = "/js/personal.js"

HIDE_TAB = """() => {
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => "hidden"});
  Object.defineProperty(document, "hidden", {configurable: true, get: () => true});
  document.dispatchEvent(new Event("visibilitychange"));
}"""

SHOW_TAB = """() => {
  delete document.visibilityState;
  delete document.hidden;
  document.dispatchEvent(new Event("visibilitychange"));
}"""

SPY_NOTIFICATIONS = """(() => {
  window.__shown = [];
  class Spy {
    static permission = "granted";
    static requestPermission() { return Promise.resolve("granted"); }
    constructor(title, options) { window.__shown.push({title, body: options && options.body}); }
    addEventListener() {}
    close() {}
  }
  window.Notification = Spy;
})()"""
"""The browser's Notification, replaced by one that keeps what it was asked to show (a headless
browser shows nothing one could read)."""


def friends(fox: Person, owl: Person) -> tuple[str, str]:
    """Sign both up and make them friends (by the REST routes, from their pages)."""
    fox_name, owl_name = fresh("fox"), fresh("owl")
    fox.sign_up(fox_name, PASSWORD, "Fox")
    owl.sign_up(owl_name, PASSWORD, "Owl")
    assert fox.page.evaluate(FETCH, ["POST", "/api/friends", {"username": owl_name}]) == 201
    accepted = owl.page.evaluate(FETCH, ["POST", f"/api/friends/{fox_name}/accept", None])
    assert accepted == 200
    return fox_name, owl_name


def channel(person: Person) -> str:
    """The state of the person's personal channel (personal.js's ``personalState``)."""
    return str(person.page.evaluate(f"async () => (await import('{PERSONAL}')).personalState()"))


def where(person: Person, username: str) -> str:
    return f"#friends-list li[data-username='{username}'] .whereabouts"


def sees(person: Person, username: str, state: str) -> None:
    """Wait until ``person``'s friends page shows ``username`` in ``state`` (no reload)."""
    person.page.wait_for_selector(f"{where(person, username)}[data-whereabouts='{state}']")


def test_a_reconnection_whose_handshake_hangs_is_given_up_and_tried_again(
    members: Members,
) -> None:
    """A connection attempt that never completes (a proxy or a server that accepts and then
    says nothing) used to leave the channel reconnecting for good."""
    fox, owl = members("Fox"), members("Owl")
    friends(fox, owl)
    owl.page.wait_for_function(
        f"async () => (await import('{PERSONAL}')).personalState() === 'open'"
    )
    owl.page.evaluate(STALL_NEXT_SOCKET, "/ws/me")
    owl.page.evaluate(f"async () => (await import('{PERSONAL}')).dropPersonal()")
    owl.page.wait_for_function("() => window.__stalled === 1")
    for _ in range(300):  # the handshake's limit, then the first retry's short wait
        if channel(owl) == "open":
            break
        owl.page.wait_for_timeout(100)
    assert channel(owl) == "open"


def test_friends_see_each_other_come_and_go_live(members: Members) -> None:
    fox, owl = members("Fox"), members("Owl")
    fox_name, owl_name = friends(fox, owl)
    for person in (fox, owl):
        person.page.click("#friends-link")
        person.page.wait_for_selector("#friends-list li.friend")
    sees(fox, owl_name, "online")
    sees(owl, fox_name, "online")
    assert fox.page.locator(where(fox, owl_name)).text_content() == "Online"
    shots.save(fox.page, "friends-online")

    owl.page.evaluate(HIDE_TAB)  # Owl leaves the tab: away to Fox
    sees(fox, owl_name, "away")
    assert fox.page.locator(where(fox, owl_name)).text_content() == "Away"
    owl.page.evaluate(SHOW_TAB)
    sees(fox, owl_name, "online")

    owl.page.close()  # Owl closes the page: offline, seen just now
    sees(fox, owl_name, "offline")
    assert fox.page.locator(where(fox, owl_name)).text_content() == "Offline, last seen just now"
    shots.save(fox.page, "friends-offline")

    owl.page = owl.context.new_page()  # back, signed in still
    owl.page.goto(f"{owl.url}/#/friends")
    sees(fox, owl_name, "online")
    sees(owl, fox_name, "online")
    owl.page.check("#whereabouts-hidden")  # hidden: offline to Fox, with no last-seen time
    owl.page.wait_for_selector("#whereabouts-status:has-text('Hidden')")
    sees(fox, owl_name, "offline")
    assert fox.page.locator(where(fox, owl_name)).text_content() == "Offline"
    owl.page.reload()
    owl.page.wait_for_selector("#whereabouts-hidden:checked")  # the server keeps it
    fox.page.reload()  # and a page load says the same
    sees(fox, owl_name, "offline")
    owl.page.uncheck("#whereabouts-hidden")
    sees(fox, owl_name, "online")

    owl.page.evaluate(f"async () => (await import('{PERSONAL}')).dropPersonal()")  # a drop
    for _ in range(600):  # half a second, then its backoff: a busy machine may need more
        if channel(owl) == "open":
            break
        owl.page.wait_for_timeout(100)
    assert channel(owl) == "open"
    owl.page.evaluate(HIDE_TAB)  # the channel, back by itself, still tells
    sees(fox, owl_name, "away")
    owl.page.evaluate(SHOW_TAB)
    sees(fox, owl_name, "online")
    owl.page.click("#sign-out")  # signing out closes the channel: offline
    sees(fox, owl_name, "offline")
    assert channel(owl) == "closed"
    assert fox.unexpected() == []


def test_a_friend_playing_shows_the_game_and_a_watch_link(members: Members) -> None:
    fox, owl = members("Fox"), members("Owl")
    fox_name, _ = friends(fox, owl)
    owl.page.click("#friends-link")
    sees(owl, fox_name, "online")
    fox.create_room("war", LONG_WAR, ("open", "random"))
    fox.start()
    sees(owl, fox_name, "playing")
    slot = owl.page.locator(where(owl, fox_name))
    assert (slot.text_content() or "").startswith("Playing War")
    shots.save(owl.page, "friends-playing")
    slot.locator("a.where-watch").click()
    owl.page.wait_for_url(re.compile(rf"#/room/{fox.room_id()}\?watch"))
    owl.page.wait_for_selector("#room-status:has-text('you are watching')")


def test_a_notification_counts_at_once_and_shows_in_the_browser(members: Members) -> None:
    fox, owl = members("Fox"), members("Owl")
    fox_name, owl_name = fresh("fox"), fresh("owl")
    fox.sign_up(fox_name, PASSWORD, "Fox")
    owl.sign_up(owl_name, PASSWORD, "Owl")
    owl.page.add_init_script(SPY_NOTIFICATIONS)
    owl.page.goto(f"{owl.url}/#/inbox")
    owl.page.reload()
    owl.page.check("#browser-notifications")  # the opt-in, remembered in this browser
    owl.page.wait_for_selector("#browser-notifications-status:has-text('On')")
    owl.page.goto(f"{owl.url}/#/replays")
    owl.page.wait_for_selector("#inbox-link")
    owl.page.wait_for_function("() => window.__shown !== undefined")
    owl.page.wait_for_timeout(500)  # the personal channel is open
    owl.page.evaluate(HIDE_TAB)

    assert fox.page.evaluate(FETCH, ["POST", "/api/friends", {"username": owl_name}]) == 201
    # told at once (the poll is two minutes away)
    owl.page.wait_for_selector("#inbox-unread:not([hidden])", timeout=5000)
    owl.page.wait_for_function("() => window.__shown.length > 0", timeout=5000)
    shown = owl.page.evaluate("() => window.__shown")
    assert len(shown) == 1, shown
    assert "Fox" in shown[0]["body"], shown

    owl.page.evaluate(SHOW_TAB)  # the tab in view: the count alone, no browser notification
    assert fox.page.evaluate(FETCH, ["DELETE", f"/api/friends/{owl_name}", None]) in (200, 204)
    assert fox.page.evaluate(FETCH, ["POST", "/api/friends", {"username": owl_name}]) == 201
    owl.page.wait_for_selector("#inbox-unread:text('2')", timeout=5000)
    owl.page.wait_for_timeout(1000)
    assert len(owl.page.evaluate("() => window.__shown")) == 1


def test_the_friends_page_with_states_fits_a_phone(members: Members) -> None:
    fox, owl = members("Fox"), members("Owl", width=390, height=844)
    fox_name, _ = friends(fox, owl)
    fox.create_room("war", LONG_WAR, ("open", "random"))
    fox.start()
    owl.page.goto(f"{owl.url}/#/friends")
    sees(owl, fox_name, "playing")
    owl.page.wait_for_selector("#whereabouts-hidden:not([disabled])")
    widest = owl.page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('body *')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert widest <= 390, widest
    assert owl.page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shots.save(owl.page, "friends-phone")
