"""Tournaments in a real browser, on a server of this module's own, which a test kills and
starts again on the same database: two friends and two computer players play a Swiss of short
War duels, made through the create form and entered from its page; the host's page and the
other person's show round 1 with each one's own table first, the rounds move on by themselves
(one person plays through the room, whose line names the tournament's round and table and
offers no rematch; the other stays away and forfeits, then concedes by leaving the table), the
standings follow without a reload, the server dies mid-tournament and comes back and the
tournament finishes all the same, and its winner shows on both pages and the result in the
other friend's feed. A knockout of five computer players draws its bracket with its byes, who
went through and the winner, and fits a phone's screen."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser import shots
from tests.browser.conftest import _people
from tests.browser.test_accounts import PASSWORD, SHORT_WAR, fresh
from tests.browser.test_phone import SMALL_CONTROLS
from tests.browser.test_ratings_pages import rest
from tests.browser.ui import Person, play_until_over
from tests.server.processes import Served

if TYPE_CHECKING:
    from playwright.sync_api import Browser

Members = Callable[..., Person]
NO_SHOW = 8
"""Seconds a person seated at a tournament's table may stay away before forfeiting (the
server's ``--no-show-seconds``): long enough to reach one's table after a click, short enough
for the test."""
EXTRA = ("--signups-per-hour", "10000", "--signup-burst", "1000", "--no-show-seconds", str(NO_SHOW))
PHONE = {"width": 390, "height": 844}
DOWN = r"ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|WebSocket connection to"
"""What a browser's console says while the server is down (a failed read, a failed socket)."""


class Site:
    """The module's server: one ``cardtable serve`` process at a time on one SQLite file and one
    port, killed and started again at a test's word (the browsers keep their address)."""

    def __init__(self, folder: Path) -> None:
        self.database = f"sqlite+aiosqlite:///{folder / 'cardtable.db'}"
        self.log = folder / "server.log"
        self.served = Served(self.database, log=self.log, extra=EXTRA)

    def restart(self) -> None:
        """SIGKILL, as when a machine dies, then a new process on the same database and port."""
        port = self.served.port
        self.served.kill()
        self.served = Served(self.database, port=port, log=self.log, extra=EXTRA)

    def stop(self) -> None:
        self.served.stop()


@pytest.fixture(scope="module")
def tournament_site(tmp_path_factory: pytest.TempPathFactory, chromium_path: str) -> Iterator[Site]:
    site = Site(tmp_path_factory.mktemp("tournament-server"))
    try:
        yield site
    finally:
        site.stop()


@pytest.fixture
def members(browser: Browser, tournament_site: Site) -> Iterator[Members]:
    yield from _people(browser, tournament_site.served)


def befriend(ann: Person, bob: Person) -> tuple[str, str]:
    """Sign both up, and make them friends (the REST routes, from their pages)."""
    ann_name, bob_name = fresh("ann"), fresh("bob")
    ann.sign_up(ann_name, PASSWORD, "Ann")
    bob.sign_up(bob_name, PASSWORD, "Bob")
    rest(ann, "POST", "/friends", {"username": bob_name})
    rest(bob, "POST", f"/friends/{ann_name}/accept")
    return ann_name, bob_name


def open_create_form(person: Person, game: str) -> None:
    """The list's "Create a tournament", unfolded, with ``game`` chosen and its rules drawn."""
    page = person.page
    page.click("#tournaments-link")
    page.wait_for_selector("#tournament-create > summary")
    page.click("#tournament-create > summary")
    page.wait_for_selector("#tournament-game")
    page.select_option("#tournament-game", game)
    page.wait_for_selector(f"#tournament-rule-{game}-ranks", state="attached")
    page.eval_on_selector_all(
        "#tournament-rules details", "groups => groups.forEach((g) => { g.open = true; })"
    )
    for rule, value in SHORT_WAR.items():
        selector = f"#tournament-rule-{game}-{rule}"
        if page.eval_on_selector(selector, "el => el.tagName") == "SELECT":
            page.select_option(selector, str(value))
        else:
            page.fill(selector, str(value))


def submit_form(person: Person) -> str:
    """Create the tournament the form describes; its id (the page is then its page)."""
    person.page.click("#tournament-submit")
    person.page.wait_for_url(re.compile(r"#/tournament/"))
    person.page.wait_for_selector("#tournament-title")
    found = re.search(r"#/tournament/([^?/]+)", person.page.url)
    assert found, person.page.url
    return found.group(1)


def shown_standings(person: Person) -> list[tuple[str, str, str]]:
    """The standings the page shows: (entrant, place, points) a line."""
    rows: list[list[str]] = person.page.eval_on_selector_all(
        "#standings tbody tr",
        "rows => rows.map((r) => [r.dataset.entrant, r.dataset.place, r.dataset.points])",
    )
    return [(entrant, place, points) for entrant, place, points in rows]


def rest_standings(detail: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(s["entrant"], str(s["place"]), _number(s["points"])) for s in detail["standings"]]


def _number(value: float) -> str:
    """A number as JavaScript's String() writes it (1.0: "1")."""
    return str(int(value)) if float(value).is_integer() else str(value)


def shows_the_servers_standings(person: Person, tid: str, seconds: float = 20) -> dict[str, Any]:
    """Wait until the page's standings are the server's (read again and again: they move)."""
    deadline = time.monotonic() + seconds
    while True:
        detail: dict[str, Any] = rest(person, "GET", f"/tournaments/{tid}")
        if detail["standings"] and shown_standings(person) == rest_standings(detail):
            return detail
        assert time.monotonic() < deadline, (
            shown_standings(person),
            rest_standings(detail),
        )
        person.page.wait_for_timeout(250)


def result(seat: dict[str, Any]) -> str:
    """A seat's result as the page says it: "1st, 1 point", "2nd, 0 points"."""
    place, points = seat["place"], seat["points"]
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place, "th")
    return f"{place}{suffix}, {_number(points)} point{'' if points == 1 else 's'}"


def fits(person: Person, what: str) -> None:
    wide = person.page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], f"{what} is {wide} px wide on a {PHONE['width']} px screen"


def test_a_swiss_of_people_and_computers_runs_live_through_a_server_restart(
    members: Members, tournament_site: Site
) -> None:
    ann, bob = members("Ann"), members("Bob")
    ann_name, _ = befriend(ann, bob)
    for person in (ann, bob):
        person.expect_console_error(DOWN)  # the server is killed mid-tournament
    name = "Friday <b>cup</b>"  # a name is text, never markup

    # -- Ann creates a Swiss through the form: a name first, said beside the field -------------
    open_create_form(ann, "war")
    page = ann.page
    assert page.is_visible("#tournament-rounds")
    assert page.is_hidden("#tournament-advance")
    page.check("#tournament-computers")
    page.fill("#tournament-rounds", "3")
    page.fill("#tournament-most-entrants", "4")
    page.fill("#tournament-turn", "30")
    page.click("#tournament-submit")
    page.wait_for_selector("#tournament-name-error:has-text('a name')")
    assert page.evaluate("document.activeElement.id") == "tournament-name"
    assert page.get_attribute("#tournament-name", "aria-invalid") == "true"
    page.fill("#tournament-name", name)
    shots.save(page, "tournament-create-form")
    tid = submit_form(ann)
    assert page.text_content("#tournament-title") == name
    assert page.locator("#tournament-title b").count() == 0

    # -- both enter through its page: Bob from the list ----------------------------------------
    page.click("#tournament-join")
    page.wait_for_selector("#tournament-leave")
    bob.page.click("#tournaments-link")
    row = bob.page.locator(f"#tournaments-open li[data-tournament='{tid}']")
    row.wait_for()
    assert "1 of 4 entrants" in (row.text_content() or "")
    assert "starts when full" in (row.text_content() or "")
    row.locator("a.tournament-name").click()
    bob.page.click("#tournament-join")
    bob.page.wait_for_selector("#tournament-leave")
    bob.page.evaluate("window.__unreloaded = true")  # gone if the page ever loads again

    # -- the host adds computer players until it is full: Bob's keyboard stays where it was ------
    bob.page.focus("#tournament-leave")
    page.wait_for_selector("#tournament-agent option[value='random']", state="attached")
    page.select_option("#tournament-agent", "random")
    page.click("#tournament-add-computer")
    bob.page.wait_for_selector("#tournament-entrants-title:has-text('3 of 4')")
    assert bob.page.evaluate("document.activeElement.id") == "tournament-leave"
    shots.save(page, "tournament-open-host")
    page.wait_for_selector("#entrants tr[data-kind='agent']")
    page.click("#tournament-add-computer")  # full: it starts

    # -- round 1: each person's own table first ------------------------------------------------
    for person in (ann, bob):
        person.page.wait_for_selector("#tournament-round:text-is('Round 1 of 3')")
        person.page.wait_for_selector("#my-table-text:has-text('Round 1, table')")
        first = person.page.evaluate(
            "() => !!(document.querySelector('#my-table').compareDocumentPosition("
            "document.querySelector('#tournament-board')) & Node.DOCUMENT_POSITION_FOLLOWING)"
        )
        assert first, "one's own table comes before the standings"
        person.page.wait_for_selector("#round-1 .round-table")
    page.wait_for_selector("#my-table-play")
    shots.save(bob.page, "tournament-round-1")

    # Ann plays her match through the room; Bob stays away from his table and forfeits.
    page.click("#my-table-play")
    page.wait_for_url(re.compile(r"#/room/"))
    page.wait_for_selector("#room-tournament:has-text('Round 1, table')")
    assert (page.text_content("#room-tournament-link") or "") == name
    play_until_over([ann], lambda person: person.page.click("[data-decision='turn']"))
    page.wait_for_selector("#back-to-tournament")
    assert page.locator("#rematch, #rematch-note").count() == 0  # one match, no rematch
    shots.save(page, "tournament-room-over")
    page.click("#room-tournament-link")
    page.wait_for_selector("#tournament-title")

    # -- round 2 comes by itself; the standings follow on Bob's page without a reload -----------
    bob.page.wait_for_selector("#tournament-round:text-is('Round 2 of 3')", timeout=30_000)
    detail = shows_the_servers_standings(bob, tid)
    assert bob.page.evaluate("window.__unreloaded === true")
    headers = bob.page.eval_on_selector_all(
        "#standings thead th[data-tiebreak]",
        "ths => ths.map((th) => [th.dataset.tiebreak, th.title])",
    )
    assert [tuple(pair) for pair in headers] == list(detail["tiebreaks"].items())
    assert bob.page.locator("#tiebreak-legend dd").count() == len(detail["tiebreaks"])
    bob.page.click("#round-1 > summary")  # the earlier round, folded: Bob's loss in it
    (lost,) = [
        seat
        for table in detail["tables"][0]["tables"]
        for seat in table["seats"]
        if seat["entrant"] == detail["me"]["entrant"]
    ]
    bob.page.wait_for_selector(f"#round-1 .table-seat.mine .seat-result:has-text('{result(lost)}')")
    shots.save(bob.page, "tournament-round-2")

    # Bob goes to his table at once, and leaves it, conceding; then the server dies.
    bob.page.wait_for_selector("#my-table-text:has-text('Round 2, table')")
    bob.page.click("#my-table-play")
    bob.page.wait_for_selector("#room-status:has-text('you are at seat')")
    bob.page.wait_for_selector("#room-tournament:has-text('Round 2')")
    bob.page.once("dialog", lambda dialog: dialog.accept())
    bob.page.click("#leave")
    bob.page.wait_for_url(re.compile(rf"#/tournament/{tid}$"))
    bob.page.wait_for_selector(
        "#round-2 .table-seat.mine .seat-result:has-text('2nd, 0 points')", state="attached"
    )
    assert rest(bob, "GET", f"/tournaments/{tid}")["state"] == "running"
    tournament_site.restart()

    # -- it finishes all the same: the winner on both pages, the standings the server's --------
    for person in (ann, bob):
        person.page.wait_for_selector("#tournament-winner:visible", timeout=60_000)
    final = shows_the_servers_standings(bob, tid)
    assert final["state"] == "finished"
    assert final["round"] == 3
    for person in (ann, bob):
        assert person.page.text_content("#tournament-winner") == f"Winner: {final['winner']}"
        person.page.wait_for_selector("#my-table-title:text-is('Your result')")
    assert ann.page.locator("#tournament-actions-panel").is_hidden()  # nothing left to do
    shots.save(ann.page, "tournament-swiss-finished")

    # -- Bob's feed says how his friend Ann did ---------------------------------------------------
    bob.page.click("#feed-link")
    item = bob.page.locator(
        f"#feed-list li[data-kind='tournament_finished']:has(a:text-is('@{ann_name}'))"
    )
    item.wait_for()
    assert name in (item.locator(".feed-text").text_content() or "")
    assert item.locator("a.feed-link").get_attribute("href") == f"#/tournament/{tid}"
    assert (item.locator("a.feed-link").text_content() or "") == "See the tournament"
    shots.save(bob.page, "tournament-feed")


def test_a_knockouts_bracket_shows_its_byes_who_went_through_and_the_winner(
    members: Members,
) -> None:
    cat = members("Cat")
    cat.page.click("#tournaments-link")  # a guest: the list, and a word on signing in
    cat.page.wait_for_selector("#tournament-sign-in")
    cat_name = fresh("cat")
    cat.sign_up(cat_name, PASSWORD, "Cat")
    open_create_form(cat, "war")
    page = cat.page
    page.select_option("#tournament-format", "knockout")
    assert page.is_hidden("#tournament-rounds")
    assert page.is_visible("#tournament-advance")
    page.fill("#tournament-name", "Knockout night")
    page.check("#tournament-computers")
    page.fill("#tournament-most-entrants", "5")
    tid = submit_form(cat)
    page.wait_for_selector("#bracket-empty")
    page.wait_for_selector("#tournament-agent option[value='random']", state="attached")
    for added in range(1, 6):  # five computer players: full, it starts
        page.click("#tournament-add-computer")
        page.wait_for_selector(f"#tournament-entrants-title:has-text('({added} of 5)')")
    page.wait_for_selector("#tournament-winner:visible", timeout=30_000)
    detail = rest(cat, "GET", f"/tournaments/{tid}")
    assert detail["state"] == "finished"

    columns = page.locator("#bracket > li.bracket-round")
    assert columns.count() == detail["rounds"] == len(detail["tables"]) == 3
    assert page.eval_on_selector_all(
        "#bracket .bracket-round-title", "hs => hs.map((h) => h.textContent)"
    ) == ["Round 1", "Round 2", "Final"]
    for index, paired in enumerate(detail["tables"]):
        column = columns.nth(index)
        assert column.locator(".bracket-table").count() == len(paired["tables"])
        later = detail["tables"][index + 1] if index + 1 < len(detail["tables"]) else None
        went_on = {s["entrant"] for t in later["tables"] for s in t["seats"]} if later else set()
        for table in paired["tables"]:
            box = column.locator(f".bracket-table[data-table='{table['number']}']")
            assert box.get_attribute("data-bye") == ("yes" if table["bye"] else "no")
            for seat in table["seats"]:
                fate = box.locator(
                    f".bracket-seat[data-entrant='{seat['entrant']}']"
                ).get_attribute("data-fate")
                if later:
                    assert fate == ("through" if seat["entrant"] in went_on else "out")
                else:
                    assert fate == ("winner" if seat["place"] == 1 else "out")
    byes = [t for t in detail["tables"][0]["tables"] if t["bye"]]
    assert byes
    assert page.locator("#bracket .bracket-table[data-bye='yes']").count() == len(byes)
    winner = page.locator("#bracket .bracket-seat[data-fate='winner'] .seat-name")
    assert winner.text_content() == detail["winner"]
    assert page.text_content("#tournament-winner") == f"Winner: {detail['winner']}"
    shots.save(page, "tournament-bracket")

    page.click("#tournaments-link")  # the list: under Finished
    row = page.locator(f"#tournaments-finished li[data-tournament='{tid}']")
    row.wait_for()
    assert "Knockout · 5 of 5 entrants · round 3 of 3" in (row.text_content() or "")
    shots.save(page, "tournaments-list")

    phone = members("Cat's phone", **PHONE)
    phone.sign_in(cat_name, PASSWORD)
    for where in (f"#/tournament/{tid}", "#/tournaments"):
        phone.page.goto(f"{phone.url}/{where}")
        phone.page.wait_for_selector("#bracket, #tournaments-finished li[data-tournament]")
        fits(phone, where)
        assert phone.page.evaluate(SMALL_CONTROLS) == []
    phone.page.goto(f"{phone.url}/#/tournament/{tid}")
    phone.page.wait_for_selector("#bracket")
    shots.save(phone.page, "tournament-bracket-phone")
