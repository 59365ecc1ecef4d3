"""Nothing technical reaches a player (issue 29, the browser's part): a double click sends one
decision, a refusal of a decision the match has moved past and the chat's rate limit are said
in plain words, icons are inline SVG (no emoji), the last seconds of a turn's clock are shown
and said once, and a replay is told in the events' sentences with "(you)" on one's own seat."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.browser import shots
from tests.browser.ui import Person, play_until_over

if TYPE_CHECKING:
    from playwright.sync_api import WebSocket, WebSocketRoute

    from tests.server.processes import Served

People = Callable[..., Person]

SHORT_WAR = {"suits": 1, "ranks": 6, "won_cards": "shuffled", "turn_limit": 40}
WEB = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web"
EMOJI = re.compile(
    "[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\u231a\u231b\u23e9-\u23fa"
    "\u25b6\u25c0\u25fb-\u25fe\ufe0f]"
)
"""Characters a machine without an emoji font may show as empty boxes: the emoji and
pictograph blocks, the miscellaneous symbols and dingbats (card suits among them), the
clock and media-control symbols, and the emoji variation selector."""
TECHNICAL = re.compile(r"version|@p\d|#\d+|stale|too_many", re.IGNORECASE)


def _decisions_sent(page: Any) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    def watch(socket: WebSocket) -> None:
        def frame(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "decide":
                sent.append(message)

        socket.on("framesent", frame)

    page.on("websocket", watch)
    return sent


def test_a_double_click_sends_one_decision_and_shows_no_error(people: People) -> None:
    fox = people("Fox")
    sent = _decisions_sent(fox.page)
    # A whole deck: the match lasts past the four turns played here, however it is dealt.
    fox.create_room("war", {"suits": 4, "ranks": 13}, ("open", "random"))
    fox.start()
    page = fox.page
    for _ in range(3):  # three turns, each with a double click
        page.wait_for_selector("#turn[data-state='mine']")
        button = page.locator("[data-decision='turn']")
        button.wait_for()
        before = fox.version()
        already = len(sent)
        button.dblclick()
        fox.acted(before)
        page.wait_for_timeout(300)  # a second decision would be on the wire by now
        mine = [m for m in sent[already:] if m["version"] == before]
        assert len(mine) == 1, sent[already:]
        error = page.locator("#decision-error")
        assert error.is_hidden(), error.text_content()

    # two clicks in one breath: between them the controls say they are busy, and only one goes
    page.wait_for_selector("#turn[data-state='mine']")
    page.wait_for_selector("[data-decision='turn']")
    before = fox.version()
    already = len(sent)
    busy = page.evaluate("""() => {
        const button = document.querySelector("[data-decision='turn']");
        button.click();
        const table = document.querySelector("#table .table");
        const busy = table.classList.contains("busy") && table.getAttribute("aria-busy") === "true";
        button.click();
        return busy;
    }""")
    assert busy
    fox.acted(before)
    page.wait_for_timeout(300)
    assert len(sent) - already == 1, sent[already:]
    assert page.locator("#table .table.busy").count() == 0  # the next view: ready again
    assert page.locator("#decision-error").is_hidden()


def test_a_decision_the_match_moved_past_is_refused_in_plain_words(people: People) -> None:
    """As when another window of the same seat acted first: the server refuses the decision
    as made for an old version, and the page says so without versions."""
    fox = people("Fox")
    servers: list[WebSocketRoute] = []

    def through(socket: WebSocketRoute) -> None:
        servers.append(socket.connect_to_server())

    fox.page.route_web_socket(re.compile(r"/ws/rooms/"), through)
    fox.create_room("war", SHORT_WAR, ("open", "random"))
    fox.start()
    page = fox.page
    page.wait_for_selector("[data-decision='turn']")
    old = fox.version()
    page.click("[data-decision='turn']")
    fox.acted(old)
    servers[-1].send(json.dumps({"type": "decide", "decision": "turn", "version": old}))
    error = page.locator("#decision-error")
    error.wait_for()
    text = error.text_content() or ""
    assert text.startswith("Someone acted first"), text
    assert not TECHNICAL.search(text), text


def test_the_chat_rate_limit_is_said_kindly_and_keeps_the_text(people: People) -> None:
    fox = people("Fox")
    fox.create_room("war", SHORT_WAR, ("open", "random"))
    page = fox.page
    page.wait_for_selector("#connection[data-state='open']")
    error = page.locator(".chat-form + .notice")
    for n in range(12):  # faster than the chat takes (a few lines at once, then one a second)
        fox.say(f"line {n}")
        if error.is_visible():
            break
    error.wait_for()
    text = error.text_content() or ""
    assert text.startswith("You are chatting a little fast"), text
    assert "still in the box" in text
    assert "too fast" not in text  # the server's own words are not shown
    kept = page.input_value("#chat-input")
    assert re.fullmatch(r"line \d+", kept), kept
    lines = page.locator("#chat-lines li .text")
    assert lines.filter(has_text=re.compile(f"^{kept}$")).count() == 0
    shots.save(page, "chat-slow-down")
    page.wait_for_timeout(2500)  # a moment later the kept line goes
    page.press("#chat-input", "Enter")
    lines.filter(has_text=re.compile(f"^{kept}$")).wait_for()
    assert page.input_value("#chat-input") == ""


def test_no_emoji_remains_in_the_client_and_its_icons_are_drawn(people: People) -> None:
    found = [
        f"{path.relative_to(WEB)}:{number}: {line.strip()}"
        for path in sorted(WEB.rglob("*"))
        if path.suffix in {".js", ".css", ".html"}
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if EMOJI.search(line)
    ]
    assert not found, "\n".join(found)

    fox = people("Fox")
    fox.create_room("tcg", {"minions": True, "starting_health": 30}, ("open", "random"),
                    password="sesame")  # fmt: skip
    page = fox.page
    page.goto(f"{fox.url}/#/")
    lock = page.locator("#room-list .badge:has-text('password') svg.icon-lock")
    lock.first.wait_for()
    assert lock.first.get_attribute("aria-hidden") == "true"  # the word "password" says it
    box = lock.first.bounding_box()
    assert box
    assert box["width"] > 4
    assert box["height"] > 4
    page.go_back()
    fox.start()
    page.wait_for_selector(".hero svg.icon-heart")
    for _ in range(12):  # until a minion is on the board (its attack and health drawn)
        if page.locator(".minion svg.icon-sword").count():
            break
        page.wait_for_selector("#turn[data-state='mine']")
        if page.locator(".side.own .tcg-card.playable").count():
            page.locator(".side.own .tcg-card.playable").first.click()
            modes = page.locator("#controls [data-focus='mode:minion']")
            if modes.count():
                before = fox.version()
                modes.click()
                fox.acted(before)
                continue
            page.keyboard.press("Escape")
        before = fox.version()
        page.click("[data-decision='end']")
        fox.acted(before)
    icons = page.locator("#table svg.icon")
    assert icons.count() >= 2
    for i in range(icons.count()):
        svg = icons.nth(i)
        assert svg.get_attribute("aria-hidden") == "true" or svg.get_attribute("aria-label")
    # drawn, with a shape inside (no empty box, no emoji font needed)
    assert page.evaluate(
        "() => [...document.querySelectorAll('#table svg.icon')]"
        ".every((s) => s.getBBox().width > 0)"
    )
    shots.save(page, "icons-tcg")


def test_a_turn_clocks_last_seconds_are_shown_and_said_once(people: People) -> None:
    fox = people("Fox")
    fox.create_room("war", SHORT_WAR, ("open", "random"), turn_seconds=5)  # the least there is
    page = fox.page
    page.evaluate("""() => {
        window.clockNews = [];
        const watch = () => {
            const region = document.querySelector("#clock-news");
            if (!region) return setTimeout(watch, 20);
            new MutationObserver(() => window.clockNews.push(region.textContent))
                .observe(region, { childList: true, characterData: true, subtree: true });
        };
        watch();
    }""")
    fox.start()
    clock = page.locator("#turn-clock[data-warn='soon']")
    clock.wait_for()
    region = page.locator("#clock-news")
    assert region.get_attribute("aria-live") in {"polite", "assertive"}
    assert re.fullmatch(r"[1-5] seconds left in your turn\.", region.text_content() or "")
    text = clock.text_content() or ""
    assert re.fullmatch(r"\s*0:0[1-5] left", text), text
    assert clock.locator("svg.icon-timer[role='img'][aria-label='Turn clock']").count() == 1
    shots.save(page, "turn-clock-last-seconds")
    before = fox.version()
    page.wait_for_function(  # Fox does nothing: his card is turned for him
        "v => Number(document.querySelector('#table').dataset.version) > v", arg=before
    )
    page.wait_for_timeout(500)
    said: list[str] = page.evaluate("() => window.clockNews")
    up = next((i for i, s in enumerate(said) if s.startswith("Time is up")), len(said))
    first_turn = said[: up + 1]
    assert [s for s in first_turn if "seconds left" in s] == [first_turn[0]], said
    assert first_turn[-1] == "Time is up for your turn.", said
    # not every second: the visible clock ticked, the region spoke twice for the turn
    assert len(first_turn) == 2, said


def _tcg_match_as_seat_1(fox: Person, site: Served) -> tuple[str, str]:
    """Fox plays the Kata TCG at seat 1 against a computer player, who soon wins: (room, match)."""
    room = fox.create_room("tcg", {"starting_health": 3}, ("random", "open"), host="1")
    fox.start()
    page = fox.page

    def end(person: Person) -> None:
        person.page.click("[data-decision='end']")

    play_until_over([fox], end)
    page.wait_for_selector("#room-replays")
    return room, str(site.get(f"/api/rooms/{room}")["match"])


def test_a_replay_marks_only_ones_own_seat_and_tells_events(people: People, site: Served) -> None:
    fox = people("Fox")
    _, match = _tcg_match_as_seat_1(fox, site)
    record = site.get(f"/api/matches/{match}/record")
    texts = [text for _, text in record["decisions"]]
    assert any(re.search(r"#\d+", t) for t in texts), texts  # decisions name cards by id
    page = fox.page
    page.click("#room-replays")
    page.click(f"#match-list a[href='#/replay/{match}']")
    page.wait_for_selector("#replay-step:has-text('Step 0 of')")
    page.wait_for_selector(".hero")

    def yous() -> list[str]:
        return [
            (page.locator(".hero .hero-name").nth(i).text_content() or "")
            for i in range(page.locator(".hero .hero-name").count())
        ]

    # seen from seat 0 (the computer's), only Fox's own seat 1 is "(you)"
    assert page.input_value("#replay-seat") == "0"
    assert [n for n in yous() if n.endswith("(you)")] == ["Fox (you)"], yous()
    page.select_option("#replay-seat", "1")
    page.wait_for_function("() => document.querySelector('.hand-row[aria-label=\"Your hand\"]')")
    assert [n for n in yous() if n.endswith("(you)")] == ["Fox (you)"], yous()

    steps = len(texts)
    told: list[str] = []
    for step in range(1, steps + 1):
        page.click("#replay-forward")
        page.wait_for_selector(f"#replay-step:has-text('Step {step} of')")
        page.wait_for_function(
            "() => !/^The deal/.test(document.querySelector('#replay-decision').textContent)"
        )
        line = page.locator("#replay-decision").text_content() or ""
        told.append(line)
        assert not TECHNICAL.search(line), (step, line)
        assert "chose" not in line, line
    log = page.locator("#replay-log li").all_text_contents()
    assert log
    for line in log:
        assert not TECHNICAL.search(line), line
    # the step's words are the log's: the events' own sentences, as a live match tells them
    assert told[-1].startswith(log[-1]) or log[-1] in told[-1], (told[-1], log[-1])
    assert any(line.startswith("Fox ") for line in log), log
    shots.save(page, "replay-plain-words")
