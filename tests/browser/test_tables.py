"""The generic table, which any game without a table of its own gets (a plug-in game is
playable in the browser at once), and the log's wording, run as modules in the browser."""

from __future__ import annotations

from collections.abc import Callable

from tests.browser.ui import Person

People = Callable[..., Person]

GENERIC = """async () => {
  const { genericTable } = await import("/js/tables/generic.js");
  const slot = document.createElement("div");
  document.querySelector("main").appendChild(slot);
  const decided = [];
  const table = genericTable(slot, { decide: (text) => decided.push(text) });
  table.update({
    message: {
      view: {
        zones: {
          "hand:0": { name: "hand:0", size: 2, cards: [
            { id: 1, key: "7H", name: "Seven of Hearts" }, { id: 2, key: "gem", name: "Gem" }] },
          "hand:1": { name: "hand:1", size: 3, cards: null },
        },
        public: { score: [3, 1] },
      },
      legal: ["play 7H", "take <b>gem</b>"], outcome: null, to_act: 0,
    },
    names: ["Fox", "Owl"], seat: 0, events: [],
  });
  slot.querySelector("#controls button:last-child").click();
  return {
    buttons: [...slot.querySelectorAll("#controls button")].map((b) => b.textContent),
    decided,
    faces: [...slot.querySelectorAll(".card.face")].map((c) => c.getAttribute("aria-label")),
    chips: [...slot.querySelectorAll(".chip")].map((c) => c.textContent),
    backs: slot.querySelector(".backs").getAttribute("aria-label"),
    zones: [...slot.querySelectorAll("dt")].map((d) => d.textContent),
    bold: slot.querySelectorAll("b").length,
  };
}"""

LOG = """async () => {
  const { describeEvent } = await import("/js/events.js");
  const names = ["Fox", "Owl"];
  const cards = new Map([[7, "Damage 3"]]);
  return [
    describeEvent({ type: "attack", seat: 0, minion: 7, target: "p1" }, names, cards),
    describeEvent({ type: "won", seat: 1, cards: 2, by: "rank" }, names),
    describeEvent(
      { type: "pick", seat: 0, count: 1, cards: [{ id: 3, key: "7H", name: "Seven of Hearts" }] },
      names,
    ),
  ];
}"""


def test_the_generic_table_offers_every_legal_decision(people: People) -> None:
    fox = people("Fox")
    drawn = fox.page.evaluate(GENERIC)
    assert drawn["buttons"] == ["play 7H", "take <b>gem</b>"]
    assert drawn["decided"] == ["take <b>gem</b>"]
    assert drawn["bold"] == 0  # decisions are text
    assert drawn["faces"] == ["Seven of Hearts"]
    assert drawn["chips"] == ["Gem"]
    assert drawn["backs"] == "3 face-down cards"
    assert drawn["zones"] == ["hand of Fox (2)", "hand of Owl (3)"]


def test_the_log_names_seats_heroes_and_cards(people: People) -> None:
    fox = people("Fox")
    assert fox.page.evaluate(LOG) == [
        "Fox — attack: minion Damage 3, target Owl",
        "Owl — won: cards 2, by rank",
        "Fox — pick: count 1, cards Seven of Hearts",
    ]
