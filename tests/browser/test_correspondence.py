"""Correspondence play in the browser, with two people on a server of the test's own (it is
restarted half-way): the create form says a guest must sign in and offers War live only; Fox
makes a correspondence Karata with the form, two days a turn, and Owl joins it from the lobby;
each is told when it is their turn (the inbox's count, a `your_turn` notification whose "Open
the table" leads there, the header's count of My matches) and acts with a click; My matches
says "Your turn" to the right one; the server stops and a new one starts on the same database,
and play goes on where it stood; then a deadline is missed (its stored deadline and wake time
moved into the past, as if the days went by) and the server's sweep forfeits the match, as the
room says: each sees who won and that the other ran out of time."""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser import shots
from tests.browser.test_accounts import PASSWORD, fresh
from tests.browser.test_whole_games import _karata_move
from tests.browser.ui import Person, open_more_rules
from tests.server.processes import Served

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ViewportSize

WAIT_MS = 20_000
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1200, "height": 900}
SIGN_UPS = ("--signups-per-hour", "10000", "--signup-burst", "1000")
NETWORK_ERRORS = (  # while the server restarts, the page's requests and sockets find nobody
    r"ERR_CONNECTION_REFUSED",
    r"WebSocket connection to .* failed",
    r"status of 401",  # the refusal the test provokes: a guest's table
)


class Site:
    """A ``cardtable serve`` of this test alone, on its own database, that it may restart on
    the same port (so the pages open in the browsers carry on)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "cardtable.db"
        self.database = f"sqlite+aiosqlite:///{self.path}"
        self.log = folder / "server.log"
        self.served = Served(self.database, log=self.log, extra=SIGN_UPS)
        self.url = self.served.url

    def restart(self) -> None:
        port = self.served.port
        self.served.stop()
        self.served = Served(self.database, port=port, log=self.log, extra=SIGN_UPS)

    def stop(self) -> None:
        self.served.stop()

    def time_passes(self, match: str) -> None:
        """As if the turn's days went by: the match's stored deadline and wake time are moved
        into the past (once it sleeps, waiting for its person), for the sweep to find."""
        with sqlite3.connect(self.path, timeout=10) as db:
            until = time.monotonic() + WAIT_MS / 1000
            while True:  # it sleeps once the turn's news is out: no lease, a wake time
                row = db.execute(
                    "SELECT timer, wake_at, lease_owner FROM matches WHERE id = ?", (match,)
                ).fetchone()
                if row is not None and row[0] and row[1] is not None and row[2] is None:
                    break
                assert time.monotonic() < until, f"match {match} never slept: {row}"
                time.sleep(0.1)
            past = time.time() - 60
            timer = {**json.loads(row[0]), "deadline": past}
            db.execute(
                "UPDATE matches SET timer = ?, wake_at = ? WHERE id = ?",
                (json.dumps(timer), past, match),
            )


@pytest.fixture
def site(tmp_path: Path, chromium_path: str) -> Iterator[Site]:
    served = Site(tmp_path)
    try:
        yield served
    finally:
        served.stop()


@pytest.fixture
def people(browser: Browser, site: Site) -> Iterator[Callable[[str], Person]]:
    """People on this test's site; a console error none of them expected fails the test."""
    made: list[Person] = []

    def make(name: str) -> Person:
        person = Person(browser, site.url, name)
        for pattern in NETWORK_ERRORS:
            person.expect_console_error(pattern)
        made.append(person)
        return person

    yield make
    problems = [f"{p.name}: {line}" for p in made for line in p.unexpected()]
    for person in made:
        person.close()
    assert not problems, "the browser console had errors:\n" + "\n".join(problems)


def fill_correspondence(person: Person, game: str, *, days: int | None = None,
                        room_name: str | None = None) -> None:  # fmt: skip
    """The lobby's form, filled for a correspondence room of ``game`` with two open seats."""
    page = person.page
    page.goto(f"{person.url}/#/")
    open_more_rules(page)
    if page.is_editable("#create-name"):  # signed in, the account's name is the name
        page.fill("#create-name", person.name)
    page.select_option("#create-game", game)
    page.wait_for_selector(f"#create-form [id^='rule-{game}-']", state="attached")
    page.select_option("#create-seat-1", "open")
    page.check("#create-kind-correspondence")
    page.wait_for_selector("#create-deadline", state="visible")
    assert page.is_hidden("#create-turn")  # a live room's seconds are not asked
    if days is not None:
        page.fill("#create-deadline", str(days))
        page.select_option("#create-deadline-unit", "86400")
    if room_name is not None:
        page.fill("#create-room-name", room_name)


def turn_of(person: Person) -> str:
    page = person.page
    page.wait_for_selector("#turn[data-state]")
    return page.get_attribute("#turn", "data-state") or ""


def finish_turn(person: Person) -> None:
    """Click until the turn is the other person's: passing where the table offers it, else the
    first thing to do (a lit card, a request, finishing the turn)."""
    page = person.page
    for _ in range(12):
        if page.locator("#turn[data-state='mine']").count() == 0:
            return
        page.wait_for_selector("#controls button")
        before = person.version()
        if page.locator("[data-decision='pass']").count():
            page.click("[data-decision='pass']")
        else:
            _karata_move(person)
        person.acted(before)
    raise AssertionError("the turn never passed to the other person")


def unread(person: Person) -> int:
    badge = person.page.locator("#inbox-unread")
    return int(badge.text_content() or 0) if badge.is_visible() else 0


def wait_told(person: Person, before: int) -> None:
    """Wait until the header's inbox count rises above ``before`` (live, with no reload)."""
    person.page.wait_for_function(
        "n => { const b = document.querySelector('#inbox-unread');"
        " return b && !b.hidden && Number(b.textContent) > n; }",
        arg=before,
        timeout=WAIT_MS,
    )


def listed(person: Person, room: str) -> Any:
    """The room's match on the person's My matches page (opened from the header)."""
    page = person.page
    page.click("#matches-link")
    page.wait_for_url(re.compile(r"#/matches$"))
    item = page.locator(f"#matches-list li[data-room='{room}']")
    item.wait_for(timeout=WAIT_MS)
    return item


def on_a_phone(person: Person, name: str) -> None:
    """A screenshot of the page as a phone shows it (no wider than the phone), then back."""
    page = person.page
    page.set_viewport_size(PHONE)
    page.wait_for_function(f"window.innerWidth === {PHONE['width']}")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shots.save(page, name, full_page=False)
    page.set_viewport_size(DESKTOP)


def connected(person: Person) -> None:
    """The room's socket and the personal channel are open (again)."""
    person.page.wait_for_selector("#connection[data-state='open']", timeout=WAIT_MS)
    person.page.wait_for_function(
        "import('/js/personal.js').then((m) => m.personalState() === 'open')", timeout=WAIT_MS
    )


def test_a_correspondence_match_in_the_browser(people: Callable[[str], Person], site: Site) -> None:
    fox, owl = people("Fox"), people("Owl")

    # a room is live, as ever, unless chosen otherwise
    open_more_rules(fox.page)
    assert fox.page.is_checked("#create-kind-live")
    assert fox.page.input_value("#create-timeout") == "default"

    # a guest is told that a correspondence table needs an account, and the server's refusal
    fill_correspondence(fox, "karata")
    fox.page.wait_for_selector("#create-kind-sign-in:visible")
    fox.page.click("#create-submit")
    refusal = fox.page.locator("#create-kind-error")
    refusal.wait_for()
    assert "sign in" in (refusal.text_content() or "").lower()
    assert fox.page.is_visible("#create-kind-error a[href^='#/login']")
    fox.page.set_viewport_size(PHONE)
    part = fox.page.locator("#create-play")
    part.scroll_into_view_if_needed()
    part.screenshot(path=str(shots.folder() / "correspondence-form-guest-phone.png"))
    fox.page.set_viewport_size(DESKTOP)

    fox.sign_up(fresh("fox"), PASSWORD, "Fox")
    owl.sign_up(fresh("owl"), PASSWORD, "Owl")

    # War offers no real choice: the form offers it live only, and says why (the server
    # refuses a correspondence War besides: tests/server/test_correspondence.py)
    fill_correspondence(fox, "karata")
    fox.page.select_option("#create-game", "war")
    fox.page.wait_for_selector("#create-kind-live-only:has-text('no real choice')")
    assert fox.page.is_disabled("#create-kind-correspondence")
    assert fox.page.is_checked("#create-kind-live")
    fox.page.select_option("#create-game", "karata")
    fox.page.wait_for_selector("#create-kind-live-only", state="hidden")
    assert fox.page.is_enabled("#create-kind-correspondence")

    # Fox's correspondence Karata, two days a turn; a missed turn forfeits (its default)
    fill_correspondence(fox, "karata", days=2, room_name="Across the sea")
    assert fox.page.input_value("#create-timeout") == "forfeit"
    options = fox.page.eval_on_selector_all(
        "#create-timeout option", "os => os.map((o) => o.value)"
    )
    assert options == ["default", "forfeit"]  # no computer player at a correspondence table
    fox.page.check("#create-kind-live")  # a live room's choices, then back
    live = fox.page.eval_on_selector_all("#create-timeout option", "os => os.map((o) => o.value)")
    assert live == ["default", "forfeit", "agent"]
    assert fox.page.is_visible("#create-turn")
    assert fox.page.is_hidden("#create-deadline")
    fox.page.check("#create-kind-correspondence")
    assert fox.page.input_value("#create-deadline") == "2"
    fox.page.locator("#create-play").screenshot(
        path=str(shots.folder() / "correspondence-form.png")
    )
    fox.page.click("#create-submit")
    fox.page.wait_for_url(re.compile(r"#/room/"))
    room = fox.room_id()
    status = fox.page.locator("#room-status")
    status.wait_for()
    assert "correspondence · 2 days a turn" in (status.text_content() or "")
    assert "forfeits" in (status.text_content() or "")

    # Owl finds it in the lobby, told how it is played, and joins from there
    owl.page.goto(f"{owl.url}/#/")
    entry = owl.page.locator(f"#room-list li[data-room='{room}']")
    entry.wait_for()
    assert "correspondence · 2 days a turn" in (entry.text_content() or "")
    owl.page.click(f"#room-list li[data-room='{room}'] a:text('Join')")
    owl.page.wait_for_selector("#join-correspondence")
    owl.page.click("#join-button")
    owl.page.wait_for_selector("#room-status:has-text('you are at seat 2 as Owl')")
    fox.page.wait_for_selector("#seats li[data-seat='1'] .dot.on")
    owl_told, fox_told = unread(owl), unread(fox)
    fox.start()
    owl.page.wait_for_selector("#table .table")

    first, second = (fox, owl) if turn_of(fox) == "mine" else (owl, fox)
    assert turn_of(second) == "theirs"
    wait_told(first, fox_told if first is fox else owl_told)  # told of their turn
    clock = first.page.locator("#turn-clock")
    clock.wait_for()
    words = clock.text_content() or ""
    assert re.search(r"\d+ days?( \d+ h)? left", words), words  # days, not seconds
    assert clock.get_attribute("title")
    shots.save(first.page, "correspondence-room")
    on_a_phone(first, "correspondence-room-phone")

    # My matches: the first to act sees "Your turn", the other whose turn it is
    mine = listed(first, room)
    assert mine.get_attribute("data-turn") == "mine"
    assert "Your turn" in (mine.text_content() or "")
    assert "left" in (mine.locator(".deadline").text_content() or "")
    assert mine.locator(".deadline").get_attribute("title")
    first.page.wait_for_selector("#matches-turns:has-text('1')")
    theirs = listed(second, room)
    assert theirs.get_attribute("data-turn") == "theirs"
    assert f"{first.name}'s turn" in (theirs.text_content() or "")
    assert second.page.is_hidden("#matches-turns")
    shots.save(first.page, "my-matches")
    on_a_phone(first, "my-matches-phone")

    # the first acts (its Open leads to the table); the second, on My matches, is told at once
    told = unread(second)
    mine.locator("a.open").click()
    first.page.wait_for_url(re.compile(rf"#/room/{room}$"))
    first.page.wait_for_selector("#controls button")
    finish_turn(first)
    first.page.wait_for_selector("#matches-turns", state="hidden")  # none of mine waits now
    wait_told(second, told)
    theirs.wait_for()
    second.page.wait_for_selector(
        f"#matches-list li[data-room='{room}'][data-turn='mine']", timeout=WAIT_MS
    )
    second.page.wait_for_selector("#matches-turns:has-text('1')")

    # the inbox has the turn's news, and its "Open the table" leads there
    second.page.click("#inbox-link")
    news = second.page.locator("#inbox-list li[data-kind='your_turn']").first
    news.wait_for()
    assert "your turn" in (news.locator(".inbox-text").text_content() or "").lower()
    assert "left" in (news.locator(".inbox-deadline").text_content() or "")
    shots.save(second.page, "inbox-your-turn")
    news.locator("a.inbox-open").click()
    second.page.wait_for_url(re.compile(rf"#/room/{room}$"))
    second.page.wait_for_selector("#turn[data-state='mine']")
    second.page.wait_for_selector("#controls button")
    version = second.version()

    # the server stops; a new one starts on the same database: the match stands where it was
    site.restart()
    for person in (first, second):
        connected(person)
    second.page.wait_for_selector("#turn[data-state='mine']")
    assert second.version() == version
    assert first.page.get_attribute("#turn", "data-state") == "theirs"
    told = unread(first)
    finish_turn(second)
    wait_told(first, told)
    first.page.wait_for_selector("#turn[data-state='mine']", timeout=WAIT_MS)

    # the first lets the days go by: the server's sweep forfeits the match for them
    match = site.served.get(f"/api/rooms/{room}")["match"]
    site.time_passes(match)
    for person in (first, second):
        person.page.wait_for_selector("#turn[data-state='over']", timeout=WAIT_MS)
    won = second.page.locator("#turn").text_content() or ""
    lost = first.page.locator("#turn").text_content() or ""
    assert "You won" in won, won
    assert "You lost" in lost, lost
    for person in (first, second):
        person.page.wait_for_selector(f"#log li:has-text('{first.name} ran out of time')")
        assert "forfeit" in (person.page.locator("#log").text_content() or "")
    shots.save(second.page, "correspondence-forfeit")
    on_a_phone(first, "correspondence-forfeit-phone")

    # and it is no longer under way on anyone's My matches
    listed_now = first.page
    listed_now.click("#matches-link")
    listed_now.wait_for_selector("#matches-none")
