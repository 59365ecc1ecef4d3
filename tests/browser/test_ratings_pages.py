"""Ranked play's pages in a real browser, on a server of this module's own (a season is
started on it): Fox and Owl play rated matches of the Kata TCG (made, started and conceded
through the REST routes the client uses, from their own pages), then the leaderboard lists them
as the server does, Fox's line marked, on Top, Around me and Friends, for all time and for the
season once one runs; a profile shows each rating with the numbers of the REST answer and its
history as an inline SVG chart, a point per rated match; the lobby's create form makes a rated
room with its Rated box (the game's standard rules written in and locked, time-outs forfeiting)
and the lobby and the room say "rated"; a guest is asked to sign in."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser import shots
from tests.browser.conftest import _people
from tests.browser.test_accounts import PASSWORD, fresh
from tests.browser.ui import Person, open_more_rules
from tests.server.processes import Served

if TYPE_CHECKING:
    from playwright.sync_api import Browser

Members = Callable[..., Person]
SIGN_UPS = ("--signups-per-hour", "10000", "--signup-burst", "1000")
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def ranked_database(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder: Path = tmp_path_factory.mktemp("ranked-server")
    return f"sqlite+aiosqlite:///{folder / 'cardtable.db'}"


@pytest.fixture(scope="module")
def ranked_site(ranked_database: str, chromium_path: str) -> Iterator[Served]:
    """A server of this module alone: its leaderboards hold only this module's players, and
    the season it starts concerns no other test."""
    folder = Path(ranked_database.removeprefix("sqlite+aiosqlite:///")).parent
    served = Served(ranked_database, log=folder / "server.log", extra=SIGN_UPS)
    try:
        yield served
    finally:
        served.stop()


@pytest.fixture
def members(browser: Browser, ranked_site: Served) -> Iterator[Members]:
    yield from _people(browser, ranked_site)


def rest(person: Person, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """One call of the REST API from the person's page, as the client makes it (the session's
    cookie, the page's origin): its JSON answer (None for 204)."""
    answer = person.page.evaluate(
        """async ([method, path, body, token]) => {
            const headers = { Accept: "application/json" };
            if (body !== null) headers["Content-Type"] = "application/json";
            if (token) headers.Authorization = `Bearer ${token}`;
            const response = await fetch(`/api${path}`,
                { method, headers, body: body === null ? undefined : JSON.stringify(body) });
            const data = response.status === 204 ? null : await response.json().catch(() => null);
            return { status: response.status, data };
        }""",
        [method, path, body, token],
    )
    assert answer["status"] < 300, (method, path, answer)
    return answer["data"]


def play_rated(host: Person, guest: Person, loser: Person) -> None:
    """A rated Kata TCG between ``host`` and ``guest``, at its end once ``loser`` concedes."""
    rated = next(r for r in rest(host, "GET", "/ratings")["rulesets"] if r["game"] == "tcg")
    made = rest(host, "POST", "/rooms", {
        "game": "tcg", "ruleset": rated["ruleset"], "seats": [{"kind": "open"}, {"kind": "open"}],
        "name": host.name, "host_seat": 0, "rated": True,
    })  # fmt: skip
    room = made["room"]["id"]
    assert made["room"]["rated"] is True
    rest(guest, "POST", f"/rooms/{room}/join", {"name": guest.name})
    rest(host, "POST", f"/rooms/{room}/start", token=made["host_token"])
    finished = rest(loser, "POST", f"/rooms/{room}/concede")
    assert finished["status"] == "finished", finished


def board_lines(person: Person) -> list[tuple[str, str, str, str]]:
    """The leaderboard shown: (username, rank, rating, matches) a line."""
    rows = person.page.locator("#board tbody tr")
    lines = rows.evaluate_all(
        """rows => rows.map((row) => [row.dataset.username, row.dataset.rank,
            row.querySelector('.rating-value').textContent,
            row.querySelector('.matches').textContent])"""
    )
    return [(name, rank, rating, matches) for name, rank, rating, matches in lines]


def rest_lines(board: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    return [(e["username"], "" if e["rank"] is None else str(e["rank"]), str(e["rating"]),
             str(e["matches"])) for e in board["entries"]]  # fmt: skip


def wait_for_board(person: Person, view: str, season: int) -> None:
    drawn = ":is(:has(#board), :has(#board-empty))"
    person.page.wait_for_selector(f"#board-body[data-view='{view}'][data-season='{season}']{drawn}")
    person.page.wait_for_selector("#board-panel:not([aria-busy])")


def ordinal(n: int) -> str:
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def fits(person: Person, what: str) -> None:
    wide = person.page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], f"{what} is {wide} px wide on a {PHONE['width']} px screen"


def test_leaderboards_and_a_profile_show_the_ratings_the_server_keeps(
    members: Members, ranked_database: str
) -> None:
    fox, owl = members("Fox"), members("Owl")
    fox_name, owl_name = fresh("fox"), fresh("owl")
    fox.sign_up(fox_name, PASSWORD, "Fox")
    owl.sign_up(owl_name, PASSWORD, "Owl <b>the wise</b>")
    for played in range(10):  # ten each: both ratings settle and are ranked
        play_rated(fox, owl, owl if played % 3 else fox)
    rest(fox, "POST", "/friends", {"username": owl_name})
    rest(owl, "POST", f"/friends/{fox_name}/accept")

    # -- the leaderboard: as the server ranks it, Fox's own line marked ------------------
    page = fox.page
    page.click("#leaderboard-link")
    wait_for_board(fox, "top", 0)
    assert page.locator("#board-season").is_hidden()  # no season runs: all time only
    top = rest(fox, "GET", "/ratings/tcg/standard?view=top")
    assert board_lines(fox) == rest_lines(top)
    assert {fox_name, owl_name} <= {line[0] for line in board_lines(fox)}
    mine = page.locator(f"#board tr[data-username='{fox_name}']")
    assert mine.get_attribute("class") == "me"
    assert mine.get_attribute("aria-current") == "true"
    assert "you" in (mine.text_content() or "")
    owl_line = page.locator(f"#board tr[data-username='{owl_name}']")
    assert "Owl <b>the wise</b>" in (owl_line.locator(".player-name").text_content() or "")
    assert page.locator("#board b").count() == 0  # a name is text, never markup
    expected = next(e for e in top["entries"] if e["username"] == fox_name)
    assert f"± {int(expected['sigma'] + 0.5)}" in (mine.locator(".sigma").text_content() or "")
    shots.save(page, "leaderboard-top")

    page.focus("#board-tab-top")  # the tabs: the arrow keys move between them
    page.keyboard.press("ArrowRight")
    wait_for_board(fox, "around", 0)
    assert page.evaluate("document.activeElement.id") == "board-tab-around"
    assert page.get_attribute("#board-tab-around", "aria-selected") == "true"
    assert "view=around" in page.url
    around = rest(fox, "GET", "/ratings/tcg/standard?view=around")
    assert board_lines(fox) == rest_lines(around)
    page.keyboard.press("ArrowRight")
    wait_for_board(fox, "friends", 0)
    friends = rest(fox, "GET", "/ratings/tcg/standard?view=friends")
    assert board_lines(fox) == rest_lines(friends)
    assert {line[0] for line in board_lines(fox)} == {fox_name, owl_name}
    page.reload()  # the address keeps the board chosen
    wait_for_board(fox, "friends", 0)

    owl.page.goto(f"{owl.url}/#/leaderboard/karata/standard-4")  # a board nobody is on
    wait_for_board(owl, "top", 0)
    assert owl.page.input_value("#board-ruleset") == "karata/standard-4"
    owl.page.wait_for_selector("#board-empty")

    # -- a profile: each rating's numbers, and its history drawn ---------------------------
    page.goto(f"{fox.url}/#/u/{owl_name}")
    item = page.locator("#profile-ratings .rating-item[data-game='tcg'][data-rated='standard']")
    item.wait_for()
    ratings = rest(fox, "GET", f"/accounts/{owl_name}/ratings")
    (tcg,) = ratings["ratings"]
    assert item.locator(".rating-value").text_content() == str(tcg["rating"])
    assert f"± {int(tcg['sigma'] + 0.5)}" in (item.locator(".sigma").text_content() or "")
    facts = item.locator(".rating-facts").text_content() or ""
    assert f"Rated matches{tcg['matches']}" in facts
    assert tcg["rank"] is not None
    assert f"{ordinal(tcg['rank'])} of all time" in facts
    chart = item.locator("svg.rating-chart")
    assert chart.get_attribute("role") == "img"
    label = chart.get_attribute("aria-label") or ""
    history = tcg["history"]
    assert len(history) == tcg["matches"] == 10
    assert f"{len(history)} rated matches" in label
    assert str(history[-1]["rating"]) in label
    points = chart.locator("circle.point")
    assert points.count() == len(history)
    assert [int(r) for r in points.evaluate_all("ps => ps.map(p => p.dataset.rating)")] == [
        p["rating"] for p in history
    ]
    assert points.evaluate_all("ps => ps.map(p => p.classList.contains('won'))") == [
        p["place"] == 1 for p in history
    ]
    highest, lowest = max(p["rating"] for p in history), min(p["rating"] for p in history)
    assert chart.locator(".label-high").text_content() == str(highest)
    assert chart.locator(".label-low").text_content() == str(lowest)
    table = page.locator("#chart-tcg-standard-points tbody tr")  # the same, for screen readers
    assert table.count() == len(history)
    shots.save(page, "profile-ratings")

    # -- a season starts: the board shows it, and all time on request ----------------------
    subprocess.run(
        [sys.executable, "-m", "cardtable", "admin", "season", "start",
         "--database", ranked_database],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    play_rated(fox, owl, owl)
    page.goto(f"{fox.url}/#/leaderboard/tcg/standard?view=friends")
    page.reload()  # the season running is read once a page load
    wait_for_board(fox, "friends", 1)
    assert page.input_value("#board-season") == "1"
    season = rest(fox, "GET", "/ratings/tcg/standard?view=friends&season=1")
    assert board_lines(fox) == rest_lines(season)
    assert all(line[3] == "1" for line in board_lines(fox))  # one match each this season
    assert page.locator("#board .badge.provisional").count() == 2
    page.select_option("#board-season", "0")
    wait_for_board(fox, "friends", 0)
    assert board_lines(fox) == rest_lines(
        rest(fox, "GET", "/ratings/tcg/standard?view=friends&season=0")
    )
    assert "season=0" in page.url
    page.goto(f"{fox.url}/#/u/{owl_name}")
    page.wait_for_selector("#profile-ratings .rating-facts:has-text('Season 1')")

    # -- the same pages on a phone ---------------------------------------------------------
    phone = members("Fox's phone", **PHONE)
    phone.sign_in(fox_name, PASSWORD)
    phone.page.goto(f"{phone.url}/#/leaderboard/tcg/standard?season=0")
    wait_for_board(phone, "top", 0)
    fits(phone, "the leaderboard")
    shots.save(phone.page, "leaderboard-phone")
    phone.page.goto(f"{phone.url}/#/u/{owl_name}")
    phone.page.locator("svg.rating-chart circle.point").first.wait_for()
    fits(phone, "a profile with ratings")
    width = phone.page.eval_on_selector("svg.rating-chart", "s => s.getBoundingClientRect().width")
    assert width <= PHONE["width"] - 20, width
    phone.page.locator("#profile-ratings").scroll_into_view_if_needed()
    shots.save(phone.page, "profile-ratings-phone", full_page=False)


def test_the_create_forms_rated_box_makes_a_rated_room(members: Members) -> None:
    wren = members("Wren")
    page = wren.page
    open_more_rules(page)
    assert page.is_disabled("#create-rated")  # a guest: asked to sign in
    page.wait_for_selector("#create-rated-why:has-text('signed-in people')")

    wren.sign_up(fresh("wren"), PASSWORD, "Wren")
    page.goto(f"{wren.url}/#/")
    open_more_rules(page)
    page.select_option("#create-game", "war")
    page.wait_for_selector("#create-rated-why:has-text('War rates no matches')")
    assert page.is_disabled("#create-rated")

    page.select_option("#create-game", "karata")
    page.wait_for_selector("#rule-karata-players", state="attached")
    page.check("#create-rated")
    page.select_option("#create-rated-ruleset", "standard-3")
    page.wait_for_selector("#create-seat-2", state="attached")  # three seats: the rules say so
    assert page.input_value("#rule-karata-players") == "3"
    assert page.is_disabled("#rule-karata-players")  # the rated rules, locked
    assert page.is_visible("#create-rules-rated")
    page.uncheck("#create-rated")
    assert page.is_enabled("#rule-karata-players")

    page.select_option("#create-game", "tcg")
    page.wait_for_selector("#rule-tcg-minions", state="attached")
    page.check("#create-rated")
    assert page.is_disabled("#rule-tcg-minions")
    assert page.input_value("#create-timeout") == "forfeit"
    assert page.is_disabled("#create-timeout")
    assert page.input_value("#create-policy") == "forfeit"
    assert page.is_disabled("#create-policy")
    page.select_option("#create-seat-1", "greedy")  # computer players may sit at rated tables
    shots.save(page, "create-form-rated")
    page.click("#create-submit")
    page.wait_for_url("**/#/room/**")
    page.wait_for_selector("#room-rated:text-is('rated')")
    page.wait_for_selector("#room-status:has-text('rated')")
    room = wren.room_id()
    info = rest(wren, "GET", f"/rooms/{room}")
    assert info["rated"] is True
    assert info["timeout"] == "forfeit"

    page.goto(f"{wren.url}/#/")
    page.wait_for_selector(f"#room-list li[data-room='{room}'] .badge.rated")
    shots.save(page, "lobby-rated-room")


def test_a_guest_sees_the_top_board_and_is_asked_to_sign_in_for_the_rest(members: Members) -> None:
    vole = members("Vole")
    page = vole.page
    assert page.locator("#ranked-link").is_hidden()  # Play ranked: for accounts
    page.click("#leaderboard-link")
    page.wait_for_selector("#board-tab-top")
    assert page.locator("#board-tab-around, #board-tab-friends").count() == 0
    page.wait_for_selector("#board-sign-in:has-text('Sign in')")
    page.goto(f"{vole.url}/#/ranked")
    page.wait_for_selector("#ranked-sign-in")


def queue_for(
    person: Person, rated: str = "tcg/standard", computer_after: int | None = None
) -> None:
    """Join the queue from the Play ranked page."""
    page = person.page
    page.click("#ranked-link")
    page.wait_for_selector("#ranked-form:not([hidden])")
    page.select_option("#ranked-ruleset", rated)
    page.set_checked("#ranked-computer", computer_after is not None)
    if computer_after is not None:
        page.fill("#ranked-after", str(computer_after))
    page.click("#ranked-play")
    page.wait_for_selector(
        "#ranked-status[data-state='waiting'], #ranked-status[data-state='proposed']"
    )


def test_two_people_in_the_queue_confirm_the_table_found_and_sit_at_it(members: Members) -> None:
    fox, owl = members("Fox"), members("Owl", **PHONE)
    fox_name, owl_name = fresh("fox"), fresh("owl")
    fox.sign_up(fox_name, PASSWORD, "Fox")
    owl.sign_up(owl_name, PASSWORD, "Owl")

    queue_for(fox)  # alone: waiting, the time counted, and the header says so
    page = fox.page
    page.wait_for_selector("#ranked-status[data-state='waiting']")
    page.wait_for_selector("#ranked-badge:text-is('waiting')")
    page.wait_for_function("() => document.querySelector('#ranked-waited').textContent >= '0:02'")
    shots.save(page, "ranked-waiting")
    page.click("#ranked-leave")  # leaving: the form again, and the header quiet
    page.wait_for_selector("#ranked-form:not([hidden])")
    assert page.locator("#ranked-status").is_hidden()
    page.wait_for_selector("#ranked-badge", state="hidden")
    assert rest(fox, "GET", "/matchmaking/queue")["state"] == "idle"

    queue_for(fox)
    queue_for(owl)
    owl.page.goto(f"{owl.url}/#/")  # elsewhere: still queued, and told of the table found there
    found = page.locator("#ranked-status[data-state='proposed']")
    found.wait_for(timeout=20_000)
    assert page.evaluate("document.activeElement.id") == "ranked-confirm"  # the next step
    seats = page.locator("#proposal-seats li")
    assert seats.count() == 2
    owl_seat = page.locator("#proposal-seats li:not(.me)")
    assert "Owl" in (owl_seat.text_content() or "")
    state = rest(fox, "GET", "/matchmaking/queue")
    shown = {seat["name"]: str(seat["rating"]) for seat in state["proposal"]["seats"]}
    assert owl_seat.locator(".seat-rating").text_content() == shown["Owl"]
    page.wait_for_selector("#ranked-left:has-text('left to confirm')")
    shots.save(page, "ranked-match-found")

    alert = owl.page.locator("#ranked-alert")
    alert.wait_for(timeout=20_000)
    assert "Match found" in (alert.text_content() or "")
    assert "Fox" in (alert.text_content() or "")
    shots.save(owl.page, "ranked-match-found-elsewhere-phone", full_page=False)
    fits(owl, "the lobby with a table found")
    owl.page.click("#ranked-alert-confirm")
    page.wait_for_selector("#proposal-seats li:not(.me)[data-confirmed='yes']")
    owl.page.wait_for_selector("#ranked-alert:has-text('waiting for the others')")

    page.click("#ranked-confirm")  # the last to confirm: the room is made, both go to its table
    page.wait_for_url("**/#/room/**")
    owl.page.wait_for_url("**/#/room/**")
    assert fox.room_id() == owl.room_id()
    for person in (fox, owl):
        person.page.wait_for_selector("#room-rated")
        person.page.wait_for_selector("#table .table")
    seated = rest(fox, "GET", f"/rooms/{fox.room_id()}")
    assert seated["rated"] is True
    assert {seat.get("username") for seat in seated["seats"]} == {fox_name, owl_name}
    assert owl.page.locator("#ranked-alert").is_hidden()

    # They play: whoever is to act ends their turn, then Owl leaves the table, conceding.
    for person in (fox, owl):
        person.page.wait_for_selector("#turn[data-state]")
    first = fox if fox.page.locator("#turn[data-state='mine']").count() else owl
    first.page.wait_for_selector("#controls [data-decision='end']")
    first.page.click("#controls [data-decision='end']")
    first.page.wait_for_selector("#turn:not([data-state='mine'])")
    owl.page.once("dialog", lambda dialog: dialog.accept())
    owl.page.click("#leave")  # the lobby again, and the match over at Fox's table
    owl.page.wait_for_selector("#room-list")
    fox.page.wait_for_selector("#turn[data-state='over']")

    # Both see their new ratings on their profiles and on the leaderboard (the friends board,
    # which shows one's own provisional rating).
    for person, name, won in ((fox, fox_name, True), (owl, owl_name, False)):
        mine = rest(person, "GET", f"/accounts/{name}/ratings")["ratings"]
        (tcg,) = mine
        assert (tcg["matches"], tcg["history"][0]["place"]) == (1, 1 if won else 2)
        person.page.goto(f"{person.url}/#/u/{name}")
        item = person.page.locator(
            "#profile-ratings .rating-item[data-game='tcg'][data-rated='standard']"
        )
        item.wait_for()
        assert str(tcg["rating"]) in (item.text_content() or "")
        assert item.locator("svg circle").count() == 1
        # all time (another test of this module's server may have started a season)
        person.page.goto(f"{person.url}/#/leaderboard/tcg/standard?view=friends&season=0")
        wait_for_board(person, "friends", 0)
        assert board_lines(person) == [(name, "", str(tcg["rating"]), "1")]
        # the table's card preview went with the table
        assert person.page.locator("#card-preview:visible").count() == 0
    shots.save(fox.page, "ranked-after-the-match")


def test_a_computer_player_fills_the_table_of_one_who_allowed_it(members: Members) -> None:
    wren = members("Wren")
    wren.sign_up(fresh("wren"), PASSWORD, "Wren")
    page = wren.page
    page.click("#ranked-link")
    page.wait_for_selector("#ranked-form:not([hidden])")
    assert page.is_disabled("#ranked-after")  # people only, unless ticked
    page.check("#ranked-computer")
    page.fill("#ranked-after", "5")  # too soon: said beside the field
    page.click("#ranked-play")
    page.wait_for_selector("#ranked-after-error:has-text('from 10 to 600')")
    assert page.get_attribute("#ranked-after", "aria-invalid") == "true"
    queue_for(wren, "karata/standard-2", computer_after=10)
    page.wait_for_selector("#ranked-status:has-text('once you have waited 10 seconds')")
    page.wait_for_selector("#ranked-status[data-state='proposed']", timeout=30_000)
    computer = page.locator("#proposal-seats li[data-kind='agent']")
    assert computer.count() == 1
    assert "computer" in (computer.text_content() or "")
    page.click("#ranked-confirm")
    page.wait_for_url("**/#/room/**")
    page.wait_for_selector("#room-rated")
    page.wait_for_selector("#seats li.agent")
