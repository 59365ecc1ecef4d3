"""The lobby's one-click starts: "Play the computer" starts a match of the game's quick preset
at once, "Play a friend" makes a room to invite someone to; every rule waits under "More
rules", where seats read as words. On a desktop and on a phone."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.browser import shots
from tests.browser.ui import Person, open_more_rules
from tests.server.processes import Served

People = Callable[..., Person]

TABLES = {"war": ".war-seat", "karata": ".karata .pile-area", "tcg": ".tcg .hero"}
"""What each game's table shows once its match is on."""

SIZES = {"desktop": (1200, 900), "phone": (390, 844)}


@pytest.mark.parametrize("size", list(SIZES))
def test_one_click_starts_a_match_against_the_computer_in_each_game(
    people: People, site: Served, size: str
) -> None:
    width, height = SIZES[size]
    fox = people("Fox", width=width, height=height)
    page = fox.page
    page.wait_for_selector("#quick-title")
    assert not page.eval_on_selector("#more-rules", "details => details.open")  # folded away
    page.fill("#quick-name", "Fox")
    shots.save(page, f"lobby-quick-{size}")
    for game in site.get("/api/games"):
        name = game["name"]
        quick = site.get(f"/api/games/{name}/presets")[0]
        card = page.locator(f".quick-game[data-game='{name}']")
        assert quick["title"] in card.inner_text()
        page.click(f"#play-computer-{name}")  # the one click
        page.wait_for_selector(TABLES[name])
        page.wait_for_selector("#room-status:has-text('A match is on')")
        computer = site.get(f"/api/games/{name}/computer-players")[0]["title"]
        seats = page.locator("#seats li .name").all_inner_texts()
        assert seats[0] == "Fox"
        assert all(seat.startswith(computer) for seat in seats[1:]), seats
        room = site.get(f"/api/rooms/{fox.room_id()}")
        assert room["status"] == "playing"
        assert site.get(f"/api/rooms/{fox.room_id()}/ruleset") == quick["ruleset"]
        shots.save(page, f"quick-{name}-{size}")
        if size == "phone":
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= width, f"the {name} table is {wide} px wide on a {width} px screen"
        page.goto(f"{fox.url}/#/")
        page.wait_for_selector("#quick-title")
        assert page.input_value("#quick-name") == "Fox"  # kept by this browser
    if size == "phone":
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, f"the lobby is {wide} px wide on a {width} px screen"


def test_play_a_friend_makes_a_room_that_waits_for_them(people: People, site: Served) -> None:
    fox = people("Fox")
    owl = people("Owl")
    fox.page.wait_for_selector("#quick-name")
    assert fox.page.input_value("#quick-name") == ""  # a stranger, till they say a name...
    fox.page.click("#play-friend-war")
    fox.page.wait_for_selector("#seats li")
    room = fox.room_id()
    assert site.get(f"/api/rooms/{room}")["status"] == "open"
    quick = site.get("/api/games/war/presets")[0]
    assert site.get(f"/api/rooms/{room}/ruleset") == quick["ruleset"]
    owl.join(room)
    fox.start()
    fox.page.wait_for_selector(TABLES["war"])
    owl.page.wait_for_selector(TABLES["war"])
    assert fox.page.locator("#seats li .name").all_inner_texts() == ["Guest", "Owl"]  # ...a guest


def test_more_rules_offers_computer_players_by_their_titles(people: People, site: Served) -> None:
    fox = people("Fox")
    page = fox.page
    open_more_rules(page)
    page.select_option("#create-game", "tcg")
    page.wait_for_selector("#create-seat-1 option[value='greedy']", state="attached")
    options = page.eval_on_selector_all(
        "#create-seat-1 option", "options => options.map(o => [o.value, o.textContent])"
    )
    players = site.get("/api/games/tcg/computer-players")
    titles = {player["name"]: player["title"] for player in players}
    assert options[0] == ["open", "a person"]
    assert options[1:] == [[name, f"Computer — {title}"] for name, title in titles.items()]
    assert ["ismcts:hard", "Computer — ISMCTS (hard)"] in options


def test_a_quick_war_against_the_computer_finishes_within_a_minute(people: People) -> None:
    """The quick War (28 cards, at most 100 battles), turned automatically at the fast pace
    from the first battle: over, with its result said, within the test's budget."""
    fox = people("Fox")
    page = fox.page
    page.wait_for_selector("#quick-title")
    page.click("#play-computer-war")
    page.wait_for_selector("#auto-turn")
    page.click("#pace-fast")
    page.wait_for_selector("#pace-fast[aria-pressed='true']")
    page.click("#auto-turn")
    page.wait_for_selector("#turn[data-state='over']", timeout=60_000)
    assert (page.locator("#turn").text_content() or "").startswith("Match over: ")
    assert fox.unexpected() == []
