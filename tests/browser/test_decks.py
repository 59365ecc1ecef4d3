"""Decks and card sets in a real browser: both players of a Kata TCG room bring decks they
built in the browser (and the match's record holds them; a deck saved from the browser is a
deck file the command line reads), a deck file the rules refuse is shown refused beside the
builder in the server's words, on a phone, and a card set chosen by name fills the rules and
the builder's pool."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from cardtable.games.tcg.decks import Deck, deck_text, parse_deck
from tests.browser import shots
from tests.browser.ui import Person, open_more_rules
from tests.server.processes import Served

if TYPE_CHECKING:
    from playwright.sync_api import FilePayload

People = Callable[..., Person]

TOO_MANY = b"""# a deck file as `cardtable deck new` writes it, with one copy too many
name = "Greedy"
set = "classic"

[cards]
d1 = 5
d2 = 4
d3 = 4
d4 = 4
d5 = 3
"""


def _file(content: bytes) -> FilePayload:
    return {"name": "greedy.toml", "mimeType": "text/plain", "buffer": content}


def _open_create_form(person: Person, game: str) -> None:
    page = person.page
    page.goto(f"{person.url}/#/")
    open_more_rules(page)
    page.fill("#create-name", person.name)
    page.select_option("#create-game", game)
    page.wait_for_selector(f"#create-form [id^='rule-{game}-']")


def _more(person: Person, prefix: str, card: str, copies: int) -> None:
    for _ in range(copies):
        person.page.click(f"#{prefix}-card-{card}-more")


def test_both_players_bring_decks_built_in_the_browser(people: People, site: Served) -> None:
    fox = people("Fox")
    owl = people("Owl")
    page = fox.page
    _open_create_form(fox, "tcg")
    page.select_option("#create-seat-1", "open")
    page.check("#create-deck-bring")
    for card in ("d1", "d2", "d3", "d4", "d5"):
        _more(fox, "create-deck", card, 4)
        assert page.locator(f"#create-deck-card-{card}-more").is_disabled()  # 4 copies at most
    assert page.locator("#create-deck-count").text_content() == "20 of 20 cards"
    assert page.locator("#create-deck-card-d0-more").is_disabled()  # the deck is full
    page.fill("#create-deck-name", "Low <b>road</b>")
    shots.save(page, "deck-builder")
    page.click("#create-submit")
    page.wait_for_url(lambda url: "#/room/" in url)
    page.wait_for_selector("#seats li")
    room = fox.room_id()
    kept = page.evaluate("JSON.parse(localStorage.getItem('cardtable.deck'))")
    assert kept == {
        "name": "Low <b>road</b>",
        "set": "classic",
        "cards": {"d1": 4, "d2": 4, "d3": 4, "d4": 4, "d5": 4},
    }

    owl.page.goto(f"{owl.url}/#/room/{room}")
    owl.page.wait_for_selector("#join-deck-bring")
    owl.page.fill("#join-name", "Owl")
    owl.page.check("#join-deck-bring")
    for card, copies in (("d0", 2), ("d3", 2), ("d4", 4), ("d6", 4), ("d7", 4), ("d8", 4)):
        owl.page.fill(f"#join-deck-card-{card}", str(copies))
        owl.page.dispatch_event(f"#join-deck-card-{card}", "change")
    owl.page.wait_for_selector("#join-deck-count:has-text('20 of 20 cards')")
    owl.page.fill("#join-deck-name", "High")
    with owl.page.expect_download() as saving:
        owl.page.click("#join-deck-save")  # a deck file the command line reads as it is
    saved = saving.value
    assert saved.suggested_filename == "high.toml"
    deck = parse_deck(Path(saved.path()).read_text(encoding="utf-8"), source="high.toml")
    assert (deck.name, deck.set) == ("High", "classic")
    assert dict(deck.counts) == {"d0": 2, "d3": 2, "d4": 4, "d6": 4, "d7": 4, "d8": 4}
    owl.page.click("#join-button")
    owl.page.wait_for_selector("#room-status:has-text('you are at seat 2')")

    fox.page.wait_for_selector("#seats li[data-seat='1'] .dot.on")
    fox.start()
    fox.page.wait_for_selector(".tcg .hero")
    hand = fox.page.locator(".tcg .own .tcg-card")
    hand.first.wait_for()
    labels = hand.evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")
    names = {label.split(",")[0] for label in labels}  # "Damage 3, cost 3: Deal 3 damage..."
    assert names <= {f"Damage {n}" for n in range(1, 6)}, names  # Fox's own deck in hand
    owl.page.once("dialog", lambda dialog: dialog.accept())
    owl.page.wait_for_selector("#leave")
    owl.page.click("#leave")  # conceding ends the match: its record is public
    fox.page.wait_for_selector("#turn[data-state='over']")
    match = site.get(f"/api/rooms/{room}")["match"]
    decks = site.get(f"/api/matches/{match}/record")["ruleset"]["decks"]
    assert [Counter(deck) for deck in decks] == [
        {"d1": 4, "d2": 4, "d3": 4, "d4": 4, "d5": 4},
        {"d0": 2, "d3": 2, "d4": 4, "d6": 4, "d7": 4, "d8": 4},
    ]

    page.goto(f"{fox.url}/#/replay/{match}")  # seen by everyone: Owl's hand too, by name
    page.wait_for_selector("#replay-step:has-text('Step 0 of')")
    page.select_option("#replay-seat", "all")
    chips = page.locator("#everything dd[data-zone='hand:1'] .chip")
    chips.first.wait_for()
    owl_cards = {f"Damage {n}" for n in (0, 3, 4, 6, 7, 8)}
    assert set(chips.all_text_contents()) <= owl_cards
    shots.save(page, "replay-everyone-tcg")

    _open_create_form(fox, "tcg")  # the next room: the last deck is offered again
    page.check("#create-deck-bring")
    assert page.locator("#create-deck-note").text_content() == "Your last deck, “Low <b>road</b>”."
    assert page.locator("#create-deck-count").text_content() == "20 of 20 cards"
    assert page.locator("#create-deck b").count() == 0  # its name is text, never markup


def test_a_deck_file_the_rules_refuse_is_refused_beside_the_builder(people: People) -> None:
    fox = people("Fox")
    owl = people("Owl", width=390, height=844)  # on a phone
    room = fox.create_room("tcg", {}, ("open", "open"))
    owl.expect_console_error(r"status of 422")
    page = owl.page
    page.goto(f"{owl.url}/#/room/{room}")
    page.wait_for_selector("#join-deck-bring")
    page.fill("#join-name", "Owl")
    page.check("#join-deck-bring")
    page.set_input_files("#join-deck-file", files=[_file(b"[cards]\nd1 = lots\n")])
    error = page.locator("#join-deck-error")
    error.wait_for()
    assert "Line 2 of the deck file cannot be read" in (error.text_content() or "")
    page.set_input_files("#join-deck-file", files=[_file(TOO_MANY)])
    page.wait_for_selector("#join-deck-note:has-text('Loaded from greedy.toml')")
    assert page.input_value("#join-deck-name") == "Greedy"
    assert page.input_value("#join-deck-card-d1") == "5"  # shown as the file says
    page.click("#join-button")
    page.wait_for_selector("#join-deck-error:has-text('at most 4 are allowed')")
    said = error.text_content() or ""
    assert "5 copies of 'd1'" in said, said
    assert page.locator("#join-form > .notice.error:visible").count() == 0  # beside the deck
    shots.save(page, "deck-refused-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"
    fox.page.wait_for_selector("#seats li[data-seat='1']:has-text('free seat')")
    page.click("#join-deck-card-d1-less")
    page.click("#join-deck-card-d5-more")
    page.click("#join-button")
    page.wait_for_selector("#room-status:has-text('you are at seat 2 as Owl')")


def test_a_card_set_chosen_by_name_fills_the_rules_and_the_pool(
    people: People, site: Served
) -> None:
    fox = people("Fox")
    page = fox.page
    _open_create_form(fox, "tcg")
    assert page.input_value("#rule-tcg-set") == "classic"
    page.check("#create-deck-bring")
    assert page.locator("#create-deck-cards li[data-card='sniper']").count() == 0
    page.select_option("#rule-tcg-set", "legends")
    assert page.is_checked("#rule-tcg-minions")  # the legends deck holds minions
    assert '"sniper"' in page.input_value("#rule-tcg-cards")
    page.wait_for_selector("#create-deck-cards li[data-card='sniper']")
    assert page.locator("#create-deck-cards li[data-card='d1']").count() == 0
    shots.save(page, "card-set-chosen")
    page.select_option("#rule-tcg-set", "classic")  # back to the defaults
    assert not page.is_checked("#rule-tcg-minions")
    page.wait_for_selector("#create-deck-cards li[data-card='d1']")
    page.focus("#create-deck-card-d1-more")  # by keyboard: up to the limit, and no further
    # (the fifth Enter lands on the count, which takes it without sending the form)
    for _ in range(5):
        page.keyboard.press("Enter")
    assert page.input_value("#create-deck-card-d1") == "4"
    assert page.evaluate("document.activeElement.id") == "create-deck-card-d1"
    page.keyboard.press("ArrowDown")  # the count's own field, as any number field
    page.keyboard.press("Tab")
    assert page.input_value("#create-deck-card-d1") == "3"
    assert page.locator("#create-deck-count").text_content() == "3 of 20 cards (17 to go)"
    page.select_option("#rule-tcg-set", "kata")
    page.uncheck("#create-deck-bring")
    page.click("#create-submit")
    page.wait_for_url(lambda url: "#/room/" in url)
    page.wait_for_selector("#seats li")
    ruleset = site.get(f"/api/rooms/{fox.room_id()}/ruleset")
    kata = next(s for s in site.get("/api/games/tcg/sets") if s["name"] == "kata")
    assert ruleset["cards"] == kata["ruleset"]["cards"]
    assert ruleset["decks"] == kata["ruleset"]["decks"]


FILES = """async ([written]) => {
  const { parseDeckFile, deckFileText } = await import("/js/deck.js");
  const read = parseDeckFile(written);
  const tried = [];
  for (const text of ['name = "x"\\n[cards]\\nbolt = "4"', "[cards]\\n", "[cards]\\nbolt 4",
                      "[deck]\\nbolt = 4"]) {
    try {
      parseDeckFile(text);
      tried.push(null);
    } catch (e) {
      tried.push(e.message);
    }
  }
  const commented = parseDeckFile(
    "# mine\\nname = 'Lit'  # a literal string\\n\\n[cards]\\n\\"d1\\" = 2 # two\\r\\n");
  return { read, again: deckFileText(read), tried, commented };
}"""


def test_deck_files_are_read_and_written_as_the_command_line_does(people: People) -> None:
    fox = people("Fox")
    deck = Deck(name='Bolts "and" \\ walls', set="kata", counts=(("bolt", 4), ("d-3_x", 2)))
    done = fox.page.evaluate(FILES, [deck_text(deck)])
    assert done["read"] == {"name": deck.name, "set": "kata", "cards": {"bolt": 4, "d-3_x": 2}}
    assert parse_deck(done["again"], source="again.toml") == deck
    assert done["tried"] == [
        "Line 3 of the deck file: bolt needs a number of copies.",
        "The deck file lists no cards: under [cards], write each card's id = copies.",
        "Line 2 of the deck file cannot be read: write key = value.",
        "Line 2 of the deck file: bolt is not part of a deck file (name, set, and [cards]).",
    ]
    assert done["commented"] == {"name": "Lit", "set": None, "cards": {"d1": 2}}
