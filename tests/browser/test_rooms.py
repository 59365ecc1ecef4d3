"""Rooms in a real browser: the create-room form follows each game's rules, a wrong password
is refused in plain words beside the form, a watcher sees a match at the pace they choose, and
a finished match replays step by step from any seat."""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx2
from playwright.sync_api import Route

from tests.browser import shots
from tests.browser.ui import STALL_NEXT_SOCKET, Person, open_more_rules, open_rule_groups
from tests.server.processes import Served

People = Callable[..., Person]


def test_the_form_has_every_rule_of_each_game(people: People, site: Served) -> None:
    fox = people("Fox")
    page = fox.page
    open_more_rules(page)
    shots.save(page, "lobby")
    for game in site.get("/api/games"):
        page.select_option("#create-game", game["name"])
        first = next(iter(game["ruleset_schema"]["properties"]))
        page.wait_for_selector(f"#rule-{game['name']}-{first}", state="attached")
        chosen = page.eval_on_selector_all(".seat-kind", "seats => seats.map(s => s.value)")
        assert chosen[0] == "open"
        assert all(chosen), f"a seat of {game['name']} holds nobody: {chosen}"
        for rule, spec in game["ruleset_schema"]["properties"].items():
            field = page.locator(f"#rule-{game['name']}-{rule}")
            assert field.count() == 1, f"{game['name']} has no field for {rule}"
            heading = field.locator("xpath=ancestor::details[1]").get_attribute("data-group")
            assert heading == spec["group"], (rule, heading)  # under its heading, folded
            if "description" in spec:
                help_id = field.get_attribute("aria-describedby")
                assert page.locator(f"#{help_id}").text_content() == spec["description"]
    page.select_option("#create-game", "war")
    page.wait_for_selector("#rule-war-players", state="attached")
    open_rule_groups(page)
    page.fill("#rule-war-players", "4")
    page.dispatch_event("#rule-war-players", "input")
    assert page.locator("#create-form .seat-kind").count() == 4
    assert page.get_attribute("#create-form a[href^='#/rules/']", "href") == "#/rules/war"
    page.goto(f"{site.url}/#/rules/karata")  # where the form's "The rules" link leads
    page.wait_for_selector("h1:text('Karata: the rules')")
    assert page.locator("main .markdown h3").count() >= 3  # its sections, a level down


def test_a_bad_rule_is_refused_beside_the_form(people: People) -> None:
    fox = people("Fox")
    fox.expect_console_error(r"status of 4\d\d")
    page = fox.page
    open_more_rules(page)
    page.fill("#create-name", "Fox")
    page.select_option("#create-game", "war")
    page.wait_for_selector("#rule-war-face_down", state="attached")
    open_rule_groups(page)
    page.fill("#rule-war-face_down", "50")
    page.click("#create-submit")
    error = page.locator("#create-error")
    error.wait_for()
    assert "face" in (error.text_content() or "").lower()
    assert "#/room/" not in page.url


def test_a_wrong_password_is_refused_and_the_right_one_seats(people: People) -> None:
    fox = people("Fox")
    owl = people("Owl")
    room = fox.create_room("war", {"ranks": 4, "suits": 1}, ("open", "open"), password="s3same")
    owl.expect_console_error(r"status of 403")
    owl.open_room(room)
    owl.page.fill("#join-name", "Owl")
    owl.page.fill("#join-password", "sesame")
    owl.page.click("#join-button")
    error = owl.page.locator("#join-form .notice.error")
    error.wait_for()
    assert error.text_content() == "Wrong password for this room."
    shots.save(owl.page, "wrong-password")
    owl.page.fill("#join-password", "s3same")
    owl.page.click("#join-button")
    owl.page.wait_for_selector("#room-status:has-text('you are at seat 2 as Owl')")
    fox.page.wait_for_selector("#seats li[data-seat='1']:has-text('Owl')")


def test_a_room_connection_whose_handshake_hangs_is_given_up_and_tried_again(
    people: People,
) -> None:
    """The room's first connection never completes its handshake (a stalled proxy or
    server): it used to stay "connecting…" for good; it is given up and tried again."""
    fox = people("Fox")
    fox.page.add_init_script(f"({STALL_NEXT_SOCKET})('/ws/rooms/')")
    fox.page.reload()
    fox.create_room("war", {"ranks": 4, "suits": 1}, ("open", "random"))
    fox.page.wait_for_function("() => window.__stalled === 1")
    fox.page.wait_for_selector("#connection[data-state='open']", timeout=30_000)
    fox.start()
    fox.page.wait_for_selector("#turn:has-text('Your turn')")


def _finished_match(site: Served) -> tuple[str, str]:
    """A room where two computer players played a short War to its end: (room, match)."""
    created = site.post(
        "/api/rooms",
        {"game": "war", "name": "Host", "host_seat": None,
         "ruleset": {"suits": 1, "ranks": 6, "won_cards": "shuffled", "turn_limit": 30},
         "seats": [{"kind": "agent", "agent": "random"}, {"kind": "agent", "agent": "random"}]},
    )  # fmt: skip
    room = created["room"]["id"]
    site.post(f"/api/rooms/{room}/start", {}, token=created["host_token"])
    deadline = time.monotonic() + 30
    while (info := site.get(f"/api/rooms/{room}"))["status"] != "finished":
        assert time.monotonic() < deadline, "the computer players did not finish"
        time.sleep(0.1)
    return room, info["match"]


def test_a_replay_steps_forward_back_and_from_each_seat(people: People, site: Served) -> None:
    room, match = _finished_match(site)
    steps = len(httpx2.get(f"{site.url}/api/matches/{match}/record").json()["decisions"])
    fox = people("Fox")
    page = fox.page
    page.click("nav a:text('Replays')")
    page.click(f"#match-list a[href='#/replay/{match}']")
    page.wait_for_selector("#replay-step:has-text('Step 0 of')")
    assert page.locator("#replay-step").text_content() == f"Step 0 of {steps}"
    page.click("#replay-forward")
    page.wait_for_selector("#replay-step:has-text('Step 1 of')")
    told = page.locator("#replay-decision").text_content() or ""
    assert "turns up" in told, told  # the step's events in words, not the decision's text
    assert "“turn”" not in told, told
    page.click("#replay-forward")
    page.wait_for_selector("#replay-step:has-text('Step 2 of')")
    page.click("#replay-back")
    page.wait_for_selector("#replay-step:has-text('Step 1 of')")
    page.click("#replay-play")  # it plays itself, a step at a time, until paused
    page.wait_for_selector("#replay-step:has-text('Step 2 of')")
    page.click("#replay-play")
    page.click("#replay-first")
    page.wait_for_selector("#replay-step:has-text('Step 0 of')")
    page.focus("#replay-slider")
    page.keyboard.press("End")  # the slider, by keyboard: to the end
    page.wait_for_selector(f"#replay-step:has-text('Step {steps} of {steps}')")
    page.wait_for_selector(".table .outcome")
    page.select_option("#replay-seat", "1")
    page.wait_for_selector(".war-seat.mine[data-seat='1']")
    shots.save(page, "replay")
    page.goto(f"{site.url}/#/replays?room={room}")
    page.wait_for_selector(f"#match-list a[href='#/replay/{match}']")
    assert page.locator("#match-list a").count() == 1  # only this room's match


def test_a_replay_plays_itself_on_when_each_step_is_slow_to_come(
    people: People, site: Served
) -> None:
    """Playing, the next step is asked for once the last one is shown: a step slower to come
    than the pace is waited for, never asked for again and again (it once never moved on)."""
    _, match = _finished_match(site)
    fox = people("Fox")
    page = fox.page

    def slowly(route: Route) -> None:
        time.sleep(0.9)  # longer than the pace between two steps
        route.continue_()

    page.goto(f"{site.url}/#/replay/{match}")
    page.wait_for_selector("#replay-step:has-text('Step 0 of')")
    page.route("**/replay?*", slowly)
    page.click("#replay-play")
    page.wait_for_selector("#replay-step:has-text('Step 2 of')", timeout=20_000)
    page.click("#replay-play")  # paused


def test_a_finished_replay_is_seen_by_everyone_with_every_card(
    people: People, site: Served
) -> None:
    _, match = _finished_match(site)
    fox = people("Fox")
    page = fox.page
    page.goto(f"{site.url}/#/replay/{match}")
    page.wait_for_selector("#replay-step:has-text('Step 0 of')")
    page.wait_for_selector(".war-seat")
    assert page.locator(".table .card.face").count() == 0  # a seat sees no card of the deal
    page.select_option("#replay-seat", "all")
    page.wait_for_selector("#everything")
    piles = page.locator("#everything dd[data-zone^='pile:'] .card.face")
    assert piles.count() == 6  # every card of the 6-card deck, face up, in its pile's order
    for seat, name in ((0, "Random 1"), (1, "Random 2")):
        heading = page.locator(f"#everything .seat-zones[data-seat='{seat}'] h3")
        assert heading.text_content() == name  # two of a kind: numbered by the server
    page.click("#replay-last")
    page.wait_for_selector("#everything .outcome")
    shots.save(page, "replay-everyone")
    page.select_option("#replay-seat", "0")  # and back to one seat's own view
    page.wait_for_selector(".war-seat")
    assert page.locator("#everything").count() == 0


def test_a_watcher_sees_the_match_and_chooses_the_pace(people: People) -> None:
    fox = people("Fox")
    cat = people("Cat")
    room = fox.create_room(
        "war", {"suits": 1, "ranks": 8, "won_cards": "shuffled"}, ("open", "random")
    )
    cat.page.goto(f"{cat.url}/#/")
    cat.page.click(f"#room-list li[data-room='{room}'] a:text('Watch')")
    cat.page.wait_for_selector("#room-status:has-text('you are watching')")
    fox.page.wait_for_selector("#seats li:has-text('1 watching')")
    cat.page.select_option("#pace", "pause")
    fox.start()
    for _ in range(3):
        before = fox.version()
        fox.page.click("[data-decision='turn']")
        fox.acted(before)
    assert cat.page.locator("#table .table").count() == 0  # paused: nothing shown yet
    cat.page.select_option("#pace", "0")
    cat.page.wait_for_function(  # everything held back is shown at once
        "v => Number(document.querySelector('#table').dataset.version) >= v", arg=fox.version()
    )
    shots.save(cat.page, "war-watched")
    cat.say("nice one")
    fox.page.wait_for_selector("#chat-lines li:has-text('nice one')")

    cat.page.click("#rules-button")  # the rules, one click away, and Escape puts them away
    heading = cat.page.locator("#rules-title")
    heading.wait_for()
    assert heading.text_content() == "War: the rules"
    cat.page.keyboard.press("Escape")
    cat.page.wait_for_selector("#rules-dialog", state="hidden")


def test_the_lobby_keeps_the_keyboard_in_place_while_rooms_come(people: People) -> None:
    fox = people("Fox")
    owl = people("Owl")
    room = fox.create_room("war", {"suits": 1, "ranks": 4}, ("open", "open"))
    owl.page.goto(f"{owl.url}/#/")
    join = f"#room-list a[data-focus='join:{room}']"
    owl.page.wait_for_selector(join)
    owl.tab_to(join)
    other = fox.create_room("karata", {}, ("open", "open"))
    owl.page.wait_for_selector(f"#room-list li[data-room='{other}']")  # the list was redrawn
    assert owl.page.evaluate("document.activeElement.dataset.focus") == f"join:{room}"
    owl.page.keyboard.press("Enter")
    owl.page.wait_for_selector("#join-form")


def test_a_host_who_only_watches_starts_two_computer_players(people: People) -> None:
    fox = people("Fox")
    fox.create_room(
        "war", {"suits": 1, "ranks": 6, "won_cards": "shuffled"}, ("random", "random"), host="watch"
    )
    fox.page.wait_for_selector("#room-status:has-text('you are watching')")
    assert fox.page.locator("#leave").count() == 0  # no seat to leave
    fox.start()
    fox.page.wait_for_selector("#turn[data-state='over']")
    assert fox.page.locator("#controls button").count() == 0  # a watcher decides nothing
    names = [name.strip() for name in fox.page.locator(".war-seat h3").all_text_contents()]
    assert names[0].startswith("Random 1")
    assert names[1].startswith("Random 2")
    fox.page.wait_for_selector("#rematch")  # the host may start another


def test_an_answer_that_arrives_after_the_match_ended_leaves_the_rematch(people: People) -> None:
    """The room the socket sent is newer than a REST answer still on its way: held back here,
    the answer to "start" (room playing) arrives after the computer players' match has ended
    (room finished), and the page keeps the finished room and its rematch button."""
    fox = people("Fox")
    fox.create_room(
        "war", {"suits": 1, "ranks": 6, "won_cards": "shuffled"}, ("random", "random"), host="watch"
    )
    fox.page.wait_for_selector("#room-status:has-text('you are watching')")

    def late(route: Route) -> None:
        answer = route.fetch()
        time.sleep(3.0)  # meanwhile the match plays out and the socket says so
        route.fulfill(response=answer)

    fox.page.route("**/api/rooms/*/start", late)
    with fox.page.expect_response("**/api/rooms/*/start", timeout=30_000):
        fox.page.click("#start")
    fox.page.wait_for_timeout(500)  # the page has read the late answer
    assert fox.page.locator("#turn[data-state='over']").count() == 1
    assert fox.page.locator("#rematch").is_visible()


def test_a_token_the_server_does_not_know_is_forgotten(people: People) -> None:
    fox = people("Fox")
    owl = people("Owl")
    room = fox.create_room("war", {"suits": 1, "ranks": 4}, ("open", "open"))
    key = f"cardtable.room.{room}"
    owl.page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [key, '{"token": "stale", "role": "player"}']
    )
    owl.open_room(room)
    owl.page.wait_for_selector("#join-form")  # asked to join again, and told why
    said = owl.page.locator("#room-actions ~ .notice.error").text_content() or ""
    assert "token" in said
    assert owl.page.evaluate("k => localStorage.getItem(k)", key) is None
