"""Kata TCG cards say what they do, in the server's words for the room's rules: Classic cards
only deal damage with healing and minions off, and offer both with them on; Legends spells
and minions say their effects. The whole text shows large on hover, keyboard focus and a
long press, which does not also play the card."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.browser import shots
from tests.browser.ui import Person

People = Callable[..., Person]

HAND = ".side.own .tcg-card"


def faces(person: Person) -> list[tuple[str, str]]:
    """Each card of one's hand: its name and the text on its face."""
    person.page.wait_for_selector(HAND)
    cards = person.page.locator(HAND)
    return [
        (
            cards.nth(i).locator(".card-name").inner_text(),
            cards.nth(i).locator(".card-text").text_content() or "",
        )
        for i in range(cards.count())
    ]


def test_classic_cards_deal_damage_alone_when_healing_and_minions_are_off(
    people: People,
) -> None:
    fox = people("Fox")
    fox.create_room("tcg", {}, ("open", "greedy"), host="0")
    fox.start()
    shown = faces(fox)
    assert shown
    for name, text in shown:
        value = int(name.removeprefix("Damage "))
        assert text == f"Deal {value} damage to the enemy hero.", (name, text)
    label = fox.page.locator(HAND).first.get_attribute("aria-label") or ""
    assert re.fullmatch(r"Damage \d, cost \d: Deal \d damage to the enemy hero\.( — .+)?", label)
    # the pointer resting on a card shows its whole text, large; moving away hides it
    first = fox.page.locator(HAND).first
    first.hover()
    preview = fox.page.locator("#card-preview")
    preview.wait_for(state="visible")
    assert shown[0][1] in preview.inner_text()
    shots.save(fox.page, "tcg-card-preview")
    fox.page.mouse.move(1, 1)
    preview.wait_for(state="hidden")
    # a preview showing when the page changes goes with the table it belonged to
    first.hover()
    preview.wait_for(state="visible")
    fox.page.evaluate("location.hash = '#/'")
    fox.page.wait_for_selector("#room-list")
    assert preview.is_hidden()


def test_classic_cards_offer_a_heal_and_a_minion_where_the_rules_allow(people: People) -> None:
    owl = people("Owl")
    owl.create_room("tcg", {"healing": True, "minions": True}, ("open", "greedy"))
    owl.start()
    for name, text in faces(owl):
        value = int(name.removeprefix("Damage "))
        assert text.startswith(f"Deal {value} damage to an enemy"), (name, text)
        assert text.endswith(f" {value}/{max(value, 1)} minion."), (name, text)
        assert ("heal yourself" in text) == (value > 0), (name, text)
    shots.save(owl.page, "tcg-classic-rules-on")


def test_legends_spells_and_minions_say_what_they_do(people: People) -> None:
    jay = people("Jay")
    jay.create_room("tcg", {"set": "legends"}, ("open", "greedy"))
    jay.start()
    shown = faces(jay)
    assert shown
    for name, text in shown:
        if name == "Burden":  # the token Gift of Burden hands over: a plain card, no spell
            assert text.endswith("Worth nothing: it only takes up room."), (name, text)
            continue
        assert text.startswith(("Spell: ", "Minion ")), (name, text)
        assert "0/0" not in text, (name, text)
    spells = [text for _, text in shown if text.startswith("Spell: ")]
    minions = [text for _, text in shown if text.startswith("Minion ")]
    assert all(len(text) > len("Spell: ") + 8 for text in spells)
    assert all(re.match(r"Minion \d+/\d+\.", text) for text in minions)
    shots.save(jay.page, "tcg-legends-hand")


LONG_PRESS = """async () => {
  const card = document.querySelector(".side.own .tcg-card");
  const text = card.querySelector(".card-text")?.textContent ?? "";
  const at = card.getBoundingClientRect();
  const touch = { pointerType: "touch", bubbles: true, clientX: at.left + 5, clientY: at.top + 5 };
  const before = document.querySelector("#controls")?.textContent ?? "";
  card.dispatchEvent(new PointerEvent("pointerdown", touch));
  await new Promise((done) => setTimeout(done, 700));
  const preview = document.querySelector("#card-preview");
  const shown = preview && !preview.hidden ? preview.textContent : null;
  card.dispatchEvent(new PointerEvent("pointerup", touch));
  card.click();  // the finger lifts: the click that follows a long press plays nothing
  const after = document.querySelector("#controls")?.textContent ?? "";
  const error = document.querySelector("#decision-error")?.textContent ?? "";
  return { text, shown, pressed: card.getAttribute("aria-pressed"), same: before === after, error };
}"""


def test_a_long_press_shows_the_card_and_does_not_play_it(people: People) -> None:
    fox = people("Fox", width=390, height=844)
    fox.create_room("tcg", {"healing": True}, ("open", "greedy"), host="0")
    fox.start()
    fox.page.wait_for_selector("#turn:has-text('Your turn')")
    assert faces(fox)
    pressed = fox.page.evaluate(LONG_PRESS)  # reads the text of the card it presses, as it does
    assert pressed["text"].startswith("Deal "), pressed
    assert pressed["shown"] is not None, pressed
    assert pressed["text"] in pressed["shown"], pressed
    assert pressed["pressed"] == "false", pressed  # not chosen: a look, not a play
    assert pressed["same"], pressed
    assert not pressed["error"], pressed  # nor refused
