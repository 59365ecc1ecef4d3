"""The generic table, which any game without a table of its own gets (a plug-in game is
playable in the browser at once), the log's wording, and the tables' reading of protocol 4's
decision objects and reasons, run as modules in the browser."""

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
      legal: [
        { kind: "play", text: "play 7H", cards: ["7H"], targets: [], mode: null, details: {} },
        { kind: "take", text: "take <b>gem</b>", cards: [], targets: [], mode: null, details: {} },
      ],
      unplayable: [], outcome: null, to_act: 0,
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


TCG = """async () => {
  const { default: tcgTable } = await import("/js/tables/tcg.js");
  const slot = document.createElement("div");
  document.querySelector("main").appendChild(slot);
  const decided = [];
  const table = tcgTable(slot, { decide: (text) => decided.push(text) });
  const card = (id, name, cost, damage) => ({ id, key: `d${cost}`, name, stats: { cost, damage } });
  const play = (id, target) => ({
    kind: "play", text: `play #${id} @${target}`, cards: [id], targets: [target], mode: "",
    details: {} });
  table.update({
    message: {
      view: {
        zones: {
          "hand:0": { name: "hand:0", size: 3, cards: [
            card(3, "Damage 2", 2, 2), card(5, "Damage 5", 5, 5), card(8, "Damage 4", 4, 4)] },
          "hand:1": { name: "hand:1", size: 2, cards: null },
        },
        public: { heroes: [
          { seat: 0, life: [30, 30], mana: [3, 3] }, { seat: 1, life: [30, 30], mana: [2, 0] }] },
      },
      legal: [play(3, "p1"), play(3, "p0"),
              { kind: "end", text: "end", cards: [], targets: [], mode: null, details: {} }],
      unplayable: [
        { card: 5, code: "cannot_afford",
          reason: "you cannot afford Damage 5: it costs 5 mana and you have 3" },
        { card: 8, code: "a_rule_unknown_here", reason: "the moon is not full" },
      ],
      card_text: { 3: "Deal 2 damage to the enemy hero.", 5: "Deal 5 damage to the enemy hero.",
                   8: "Deal 4 damage to the enemy hero." },
      outcome: null, to_act: 0,
    },
    names: ["Fox", "Owl"], seat: 0, events: [],
  });
  const said = (id) => {
    const el = slot.querySelector(`.tcg-card[data-card="${id}"]`);
    return { refusal: el.dataset.refusal ?? null, label: el.getAttribute("aria-label"),
             face: el.querySelector(".card-text").textContent,
             disabled: el.getAttribute("aria-disabled"),
             badge: el.querySelector(".why")?.textContent ?? null };
  };
  const cards = { 3: said(3), 5: said(5), 8: said(8) };
  slot.querySelector('.tcg-card[data-card="5"]').dispatchEvent(new MouseEvent("mouseenter"));
  const preview = document.querySelector("#card-preview");
  const hovered = { hidden: preview.hidden, text: preview.textContent };
  slot.querySelector('.tcg-card[data-card="5"]').dispatchEvent(new MouseEvent("mouseleave"));
  const left = preview.hidden;
  slot.querySelector('.tcg-card[data-card="5"]').click();
  const dear = slot.querySelector("#decision-error").textContent;
  slot.querySelector('.tcg-card[data-card="8"]').click();
  const unknown = slot.querySelector("#decision-error").textContent;
  slot.querySelector('.tcg-card[data-card="3"]').click();  // one way to play it, aimed: whom?
  const targets = [...slot.querySelectorAll(".target-button")].map((b) => b.dataset.target);
  slot.querySelector('.target-button[data-target="p1"]').click();
  const ended = slot.querySelector("[data-decision='end']") !== null;
  return { cards, dear, unknown, targets, decided, ended, hovered, left };
}"""

KARATA = """async () => {
  const { default: karataTable } = await import("/js/tables/karata.js");
  const slot = document.createElement("div");
  document.querySelector("main").appendChild(slot);
  const decided = [];
  const table = karataTable(slot, { decide: (text) => decided.push(text) });
  const finish = (request, last) => ({
    kind: "finish",
    text: ["finish", request ? `ask ${request}` : "", last ? "last" : ""].filter(Boolean).join(" "),
    cards: [], targets: [], mode: null, details: { request, last } });
  table.update({
    message: {
      view: {
        zones: {
          "hand:0": { name: "hand:0", size: 2, cards: [
            { id: 4, key: "AS", name: "Ace of Spades" },
            { id: 9, key: "7C", name: "Seven of Clubs" }] },
          "hand:1": { name: "hand:1", size: 3, cards: null },
          pile: { name: "pile", size: 1, cards: [{ id: 1, key: "7H", name: "Seven of Hearts" }] },
          play: { name: "play", size: 1, cards: [{ id: 2, key: "AH", name: "Ace of Hearts" }] },
          deck: { name: "deck", size: 30, cards: null },
        },
        public: { direction: 1, request: null, bomb: 0, declared: [false, false], out: [] },
      },
      legal: [
        { kind: "play", text: "play AS", cards: ["AS"], targets: [], mode: null, details: {} },
        finish("H", false), finish("S", false), finish("H", true),
      ],
      unplayable: [{ card: 9, code: "must_follow_face",
                     reason: "within a turn, a card must have the face of the card before it" }],
      outcome: null, to_act: 0,
    },
    names: ["Fox", "Owl"], seat: 0, events: [],
  });
  const seven = slot.querySelector('.hand button.card[data-key="7C"]');
  const ace = slot.querySelector('.hand button.card[data-key="AS"]');
  const asks = [...slot.querySelectorAll("#controls [data-ask]")].map((b) => b.dataset.ask);
  const declare = slot.querySelector("#declare-last") !== null;
  const finishing = slot.querySelector("#finish") !== null;
  seven.click();
  const error = slot.querySelector("#decision-error").textContent;
  ace.click();
  slot.querySelector("#declare-last").click();
  slot.querySelector('#controls [data-ask="H"]').click();
  slot.querySelector('#controls [data-ask="S"]').click();  // no such finish with last card
  return {
    seven: { refusal: seven.dataset.refusal, label: seven.getAttribute("aria-label"),
             title: seven.title, disabled: seven.getAttribute("aria-disabled") },
    ace: { refusal: ace.dataset.refusal ?? null, label: ace.getAttribute("aria-label"),
           playable: ace.classList.contains("playable") },
    asks, declare, finishing, error, decided,
    after: slot.querySelector("#decision-error").textContent,
  };
}"""


def test_the_kata_tcg_table_says_why_a_card_cannot_be_played(people: People) -> None:
    fox = people("Fox")
    drawn = fox.page.evaluate(TCG)
    dear, unknown, playable = drawn["cards"]["5"], drawn["cards"]["8"], drawn["cards"]["3"]
    assert dear["refusal"] == "cannot_afford"
    assert dear["disabled"] == "true"
    assert dear["label"] == "Damage 5, cost 5: Deal 5 damage to the enemy hero. — Not enough mana"
    assert dear["face"] == "Deal 5 damage to the enemy hero."
    assert dear["badge"] == "Not enough mana"
    assert drawn["dear"] == (
        "Damage 5: Not enough mana — you cannot afford Damage 5: it costs 5 mana and you have 3."
    )
    # hovered, the large preview has the whole text and the whole reason; left, it goes away
    assert drawn["hovered"] == {
        "hidden": False,
        "text": "5Damage 5Deal 5 damage to the enemy hero."
        "Not enough mana — you cannot afford Damage 5: it costs 5 mana and you have 3.",
    }
    assert drawn["left"] is True
    # a code this client has no words for: the server's sentence says it
    assert unknown["refusal"] == "a_rule_unknown_here"
    assert unknown["label"] == (
        "Damage 4, cost 4: Deal 4 damage to the enemy hero. — The moon is not full"
    )
    assert drawn["unknown"] == "Damage 4: The moon is not full."
    assert playable == {
        "refusal": None, "label": "Damage 2, cost 2: Deal 2 damage to the enemy hero.",
        "face": "Deal 2 damage to the enemy hero.", "disabled": None, "badge": None,
    }  # fmt: skip
    assert drawn["targets"] == ["p1", "p0"]
    assert drawn["decided"] == ["play #3 @p1"]  # the decision's own text, sent back
    assert drawn["ended"]


def test_the_karata_table_reads_decisions_and_reasons_by_their_fields(people: People) -> None:
    fox = people("Fox")
    drawn = fox.page.evaluate(KARATA)
    assert drawn["seven"] == {
        "refusal": "must_follow_face",
        "label": "Seven of Clubs — Must have the face of the card before",
        "title": "Seven of Clubs — Must have the face of the card before (within a turn, a card "
        "must have the face of the card before it)",
        "disabled": "true",
    }
    assert drawn["ace"] == {"refusal": None, "label": "Ace of Spades", "playable": True}
    assert drawn["error"].startswith("Seven of Clubs: Must have the face of the card before — ")
    assert drawn["asks"] == ["H", "S"]
    assert drawn["declare"]
    assert not drawn["finishing"]  # these Aces must ask for something
    assert drawn["decided"] == ["play AS", "finish ask H last"]
    assert drawn["after"] == "You may not declare last card with this turn."


def test_every_refusal_code_of_the_rules_has_words(people: People) -> None:
    """The client's short phrases cover every code the engine and the built-in games name (as
    their rules pages list them), so no card is explained by a bare code."""
    from cardtable.engine.errors import ENGINE_REFUSAL_CODES
    from cardtable.games.registry import find

    listed = set(ENGINE_REFUSAL_CODES) - {"illegal_decision"}  # a game's missing code: no words
    for game in ("tcg", "karata", "war"):
        listed |= set(find(game).refusal_codes)
    fox = people("Fox")
    known = fox.page.evaluate(
        "async () => Object.keys((await import('/js/refusals.js')).REFUSAL_PHRASES)"
    )
    assert {"cannot_afford", "board_full", "must_follow_suit_or_face", "pending_pick"} <= listed
    assert sorted(listed - set(known)) == []


WAR = """async () => {
  const { default: warTable } = await import("/js/tables/war.js");
  const slot = document.createElement("div");
  document.querySelector("main").appendChild(slot);
  const table = warTable(slot, { decide: () => {} });
  const lines = (turn) => {
    const empty = (name) => ({ name, size: 0, cards: [] });
    table.update({
      message: {
        view: {
          turn,
          zones: { "pile:0": empty("pile:0"), "pile:1": empty("pile:1"), "down:0": empty("down:0"),
                   "down:1": empty("down:1"), "up:0": empty("up:0"), "up:1": empty("up:1") },
          public: { last: { number: 4, winner: 1, cards: 2, rounds: [[
            { seat: 0, down: 0, card: "3H" }, { seat: 1, down: 0, card: "9H" }]] } },
        },
        legal: [], unplayable: [], outcome: null, to_act: 0,
      },
      names: ["Fox", "Owl"], seat: 0, events: [],
    });
    return [...slot.querySelectorAll("p.muted")].map((p) => p.textContent);
  };
  return { between: lines(4), during: lines(5) };
}"""


def test_the_war_table_tells_a_battle_once(people: People) -> None:
    """Between battles, the last one's line alone; once the next has begun, its number too."""
    fox = people("Fox")
    told = fox.page.evaluate(WAR)
    assert told["between"] == ["Battle 4: Owl won 2 cards."]
    assert told["during"] == ["Battle 4: Owl won 2 cards.", "Battle 5"]
