"""A person at the browser client: one browser context (its own storage, so its own seat
tokens), one page, and the steps people take: create a room, join, play, chat.

Every console error and uncaught exception of the page is kept; a test may say which errors
it expects (a refused request shows in the console as a failed load), and any other one fails
the test (see ``people`` in the conftest).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Page

TIMEOUT_MS = 15_000
MATCH_SECONDS = 150.0


def open_rule_groups(page: Page) -> None:
    """Unfold every heading of the create form's rules (each is folded at first)."""
    unfold = "groups => groups.forEach((group) => { group.open = true; })"
    page.eval_on_selector_all("#create-form details.rule-group", unfold)


STALL_NEXT_SOCKET = """(path) => {
  // the next WebSocket to a path starting with `path` never completes its handshake: it stays
  // connecting until closed (as behind a stalled proxy); window.__stalled counts them
  const Real = window.WebSocket;
  let stalls = 1;
  function Stalling(url, protocols) {
    if (stalls > 0 && new URL(url, location.href).pathname.startsWith(path)) {
      stalls -= 1;
      const stuck = new EventTarget();
      stuck.readyState = Real.CONNECTING;
      stuck.send = () => { throw new Error("still connecting"); };
      stuck.close = () => {
        stuck.readyState = Real.CLOSED;
        stuck.dispatchEvent(new Event("close"));
      };
      window.__stalled = (window.__stalled || 0) + 1;
      return stuck;
    }
    return new Real(url, protocols);
  }
  for (const name of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Stalling[name] = Real[name];
  window.WebSocket = Stalling;
}"""
"""Run with the path (``page.evaluate(STALL_NEXT_SOCKET, "/ws/me")``), or as an init script
(``page.add_init_script(f"({STALL_NEXT_SOCKET})('/ws/rooms/')")``) for a page's first socket."""


def open_more_rules(page: Page) -> None:
    """Open the lobby's "More rules", where the form that makes a room your way waits
    (collapsed at first, under the one-click starts)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.is_visible("#create-form"):  # a hash-only navigation may draw the lobby
        assert time.monotonic() < deadline, "the lobby's form to create a room never showed"
        page.wait_for_selector("#more-rules", state="attached")  # again, its rules closed
        if not page.eval_on_selector("#more-rules", "details => details.open"):
            page.click("#more-rules > summary")
        page.wait_for_timeout(100)


class Person:
    """One person with a browser, at the client's lobby."""

    def __init__(self, browser: Browser, url: str, name: str, *, width: int = 1200,
                 height: int = 900) -> None:  # fmt: skip
        self.name = name
        self.url = url
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page: Page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT_MS)
        self.errors: list[str] = []
        self.expected: list[re.Pattern[str]] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        self.page.goto(f"{url}/")
        self.page.wait_for_selector("#create-form", state="attached")

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"{message.text} ({message.location.get('url', '')})")

    def expect_console_error(self, pattern: str) -> None:
        """Allow console errors matching ``pattern`` (a refusal the test provokes)."""
        self.expected.append(re.compile(pattern))

    def unexpected(self) -> list[str]:
        return [e for e in self.errors if not any(p.search(e) for p in self.expected)]

    def close(self) -> None:
        self.context.close()

    # -- the lobby and the room ----------------------------------------------------------

    def create_room(self, game: str, rules: dict[str, Any] | None = None,
                    seats: tuple[str, ...] = ("open", "open"), *, password: str | None = None,
                    host: str = "0", turn_seconds: int | None = None,
                    room_name: str | None = None) -> str:  # fmt: skip
        """Create a room through the lobby's form; its id (the page is then in the room)."""
        page = self.page
        page.goto(f"{self.url}/#/")
        open_more_rules(page)
        if page.is_editable("#create-name"):  # signed in, the account's name is the name
            page.fill("#create-name", self.name)
        page.select_option("#create-game", game)
        page.wait_for_selector(f"#create-form [id^='rule-{game}-']", state="attached")
        open_rule_groups(page)
        for field, value in (rules or {}).items():
            selector = f"#rule-{game}-{field}"
            if isinstance(value, bool):
                page.set_checked(selector, value)
            elif page.eval_on_selector(selector, "el => el.tagName") == "SELECT":
                page.select_option(selector, str(value))
            else:
                page.fill(selector, str(value))
                page.dispatch_event(selector, "input")
        for index, seat in enumerate(seats):
            page.select_option(f"#create-seat-{index}", seat)
        page.select_option("#create-host", host)
        if password is not None:
            page.fill("#create-password", password)
        if turn_seconds is not None:
            page.fill("#create-turn", str(turn_seconds))
        if room_name is not None:
            page.fill("#create-room-name", room_name)
        page.click("#create-submit")
        page.wait_for_url(re.compile(r"#/room/"))
        page.wait_for_selector("#seats li")
        return self.room_id()

    def room_id(self) -> str:
        found = re.search(r"#/room/([^?]+)", self.page.url)
        assert found, self.page.url
        return found.group(1)

    def open_room(self, room_id: str) -> None:
        self.page.goto(f"{self.url}/#/room/{room_id}")
        self.page.wait_for_selector("#seats li")

    def join(self, room_id: str, password: str | None = None) -> None:
        """Take the first free seat of the room, as a stranger would: from the lobby's list."""
        page = self.page
        page.goto(f"{self.url}/#/")
        page.click(f"#room-list li[data-room='{room_id}'] a:text('Join')")
        page.wait_for_selector("#join-form")
        if page.is_editable("#join-name"):
            page.fill("#join-name", self.name)
        if password is not None:
            page.fill("#join-password", password)
        page.click("#join-button")
        page.wait_for_selector("#room-status:has-text('you are at seat')")

    # -- accounts ------------------------------------------------------------------------

    def sign_up(self, username: str, password: str, display_name: str | None = None) -> None:
        """Sign up through the header's link; back where the person was, signed in."""
        page = self.page
        page.click("#who-sign-up")
        page.wait_for_selector("#signup-form")
        page.fill("#signup-username", username)
        if display_name is not None:
            page.fill("#signup-display", display_name)
        page.fill("#signup-password", password)
        page.fill("#signup-confirm", password)
        page.click("#signup-submit")
        page.wait_for_selector("#who-name")

    def sign_in(self, username: str, password: str) -> None:
        """Sign in through the header's link; back where the person was, signed in."""
        page = self.page
        page.click("#who-sign-in")
        page.wait_for_selector("#login-form")
        page.fill("#login-username", username)
        page.fill("#login-password", password)
        page.click("#login-submit")
        page.wait_for_selector("#who-name")

    def start(self) -> None:
        self.page.click("#start")
        self.page.wait_for_selector("#table .table")

    def say(self, text: str) -> None:
        self.page.fill("#chat-input", text)
        self.page.press("#chat-input", "Enter")

    # -- playing -------------------------------------------------------------------------

    def version(self) -> int:
        return int(self.page.get_attribute("#table", "data-version") or -1)

    def over(self) -> bool:
        return self.page.locator("#turn[data-state='over']").count() > 0

    def my_turn(self) -> bool:
        return self.page.locator("#turn[data-state='mine']").count() > 0 and (
            self.page.locator("#controls button").count() > 0
        )

    def acted(self, before: int) -> None:
        """Wait until the match has moved on from version ``before``."""
        self.page.wait_for_function(
            "v => Number(document.querySelector('#table').dataset.version) !== v", arg=before
        )

    def refusal_phrase(self, code: str) -> str:
        """The client's few words for refusal ``code`` (its own table of them)."""
        return str(self.page.evaluate(
            "async (code) => (await import('/js/refusals.js')).refusalPhrase(code)", code
        ))  # fmt: skip

    def tab_to(self, selector: str, limit: int = 400) -> None:
        """Press Tab until the focused element matches ``selector``."""
        for _ in range(limit):
            if self.page.evaluate(
                "s => !!document.activeElement && document.activeElement.matches(s)", selector
            ):
                return
            self.page.keyboard.press("Tab")
        raise AssertionError(f"{selector} cannot be reached with the Tab key")


def play_until_over(people: list[Person], move: Callable[[Person], None]) -> None:
    """Whoever's turn it is makes ``move`` (which must make a decision), until the match ends."""
    deadline = time.monotonic() + MATCH_SECONDS
    while not all(person.over() for person in people):
        assert time.monotonic() < deadline, "the match did not end in time"
        for person in people:
            if person.over() or not person.my_turn():
                continue
            before = person.version()
            move(person)
            person.acted(before)
        people[0].page.wait_for_timeout(20)
