"""Protocol 4 and later in a real browser: the client says hello in the server's newest
version, reads the legal decisions as objects, and says why a card cannot be played (from the
rule's refusal code) and when a decision was taken but fined."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardtable.protocol.limits import PROTOCOL_VERSION
from tests.browser import shots
from tests.browser.ui import Person

if TYPE_CHECKING:
    from playwright.sync_api import WebSocket, WebSocketRoute

People = Callable[..., Person]


def test_the_client_says_hello_in_the_newest_protocol(people: People) -> None:
    fox = people("Fox")
    sent: list[dict[str, Any]] = []
    received: list[dict[str, Any]] = []

    def watch(socket: WebSocket) -> None:
        socket.on("framesent", lambda payload: sent.append(json.loads(payload)))
        socket.on("framereceived", lambda payload: received.append(json.loads(payload)))

    fox.page.on("websocket", watch)
    fox.create_room("war", {"suits": 1, "ranks": 6}, ("open", "random"))
    fox.page.wait_for_selector("#connection[data-state='open']")
    hello = sent[0]
    assert hello["type"] == "hello"
    assert hello["protocol"] == PROTOCOL_VERSION  # what the server speaks newest
    welcome = next(m for m in received if m["type"] == "welcome")
    assert welcome["protocol"] == PROTOCOL_VERSION
    fox.start()
    fox.page.wait_for_selector("[data-decision='turn']")
    view = [m for m in received if m["type"] == "view" and m["legal"]][-1]
    assert view["legal"][0]["kind"] == "turn"  # decisions come as objects, and are drawn
    before = fox.version()
    fox.page.click("[data-decision='turn']")
    fox.acted(before)
    assert {"type": "decide", "decision": "turn", "version": before} in sent


def test_a_kata_tcg_card_too_dear_says_not_enough_mana(people: People) -> None:
    fox = people("Fox")
    fox.create_room("tcg", {"starting_health": 30}, ("open", "random"))
    fox.start()
    page = fox.page
    dear = ".side.own .tcg-card[data-refusal='cannot_afford']"
    for _ in range(8):  # until Fox, to act, holds a card that costs more than his mana
        page.wait_for_selector("#turn[data-state='mine']")
        page.wait_for_selector("#controls [data-decision='end']")
        if page.locator(dear).count():
            break
        before = fox.version()
        page.click("[data-decision='end']")
        fox.acted(before)
    card = page.locator(dear).first
    phrase = fox.refusal_phrase("cannot_afford")
    assert phrase == "Not enough mana"
    label = card.get_attribute("aria-label") or ""
    assert label.endswith(" — Not enough mana"), label
    card.hover()  # the large preview says why in full
    preview = page.locator("#card-preview")
    preview.wait_for(state="visible")
    told = preview.inner_text()
    assert re.search(r"you cannot afford .+: it costs \d+ mana and you have \d+\.$", told), told
    assert card.get_attribute("aria-disabled") == "true"
    assert "playable" not in (card.get_attribute("class") or "")
    assert card.locator(".why").text_content() == "Not enough mana"
    card.scroll_into_view_if_needed()
    shots.save(page, "tcg-not-enough-mana")

    fox.tab_to(dear)
    page.keyboard.press("Enter")
    error = page.locator("#decision-error")
    error.wait_for()
    text = error.text_content() or ""
    said = r".+: Not enough mana — you cannot afford .+ and you have \d+\."
    assert re.fullmatch(said, text), text
    assert page.locator("#controls [data-focus='cancel']").count() == 0  # nothing was chosen


def test_a_fined_decision_is_shown_as_a_fine(people: People) -> None:
    """Fox's page sends a card the rules refuse (as a program could: the page itself offers
    only legal ones); with fines on, the rules take it and fine him, and the page says so as a
    fine, in the words of the rule he broke, rather than as a refusal."""
    fox = people("Fox")
    servers: list[WebSocketRoute] = []

    def through(socket: WebSocketRoute) -> None:
        servers.append(socket.connect_to_server())

    fox.page.route_web_socket(re.compile(r"/ws/rooms/"), through)
    fox.create_room("karata", {"fine": 1}, ("open", "heuristic"))
    fox.start()
    page = fox.page
    refused = ".hand button.card[data-refusal]"
    for _ in range(30):  # Fox passes until he holds a card the rules refuse
        page.wait_for_selector("#turn[data-state='mine']")
        page.wait_for_selector("#controls button")
        if page.locator(refused).count():
            break
        before = fox.version()
        page.click("[data-decision='pass']" if page.locator("[data-decision='pass']").count()
                   else "#controls button")  # fmt: skip
        fox.acted(before)
    card = page.locator(refused).first
    key, code = card.get_attribute("data-key"), card.get_attribute("data-refusal")
    assert key
    assert code
    phrase = fox.refusal_phrase(code)
    assert (card.get_attribute("aria-label") or "").endswith(f" — {phrase}")

    before = fox.version()
    servers[-1].send(json.dumps({"type": "decide", "decision": f"play {key}", "version": before}))
    fox.acted(before)
    fine = page.locator("#decision-fine")
    fine.wait_for()
    assert (fine.text_content() or "").startswith(f"You were fined: {phrase} — ")
    assert page.locator("#decision-error").is_hidden()
    page.locator("#fines li").filter(has_text=re.compile(r"^Fox was fined 1 card: ")).wait_for()
    shots.save(page, "karata-fined")
