"""Movement and feedback at the tables (motion.js) and the sounds' toggle (sound.js), run as
modules in the browser: a Kata TCG table (and a Karata and a War one) is drawn from hand-made
views, one after another, as a room draws them when views and events come."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.browser import shots
from tests.browser.ui import Person

People = Callable[..., Person]

SETUP = """async () => {
  const { default: tcgTable } = await import("/js/tables/tcg.js");
  document.querySelector("#motion-slot")?.remove();
  const slot = document.createElement("div");
  slot.id = "motion-slot";
  document.querySelector("main").prepend(slot);
  const decided = [];
  const table = tcgTable(slot, { decide: (text) => decided.push(text) });
  const minion = (id, name, attack, life) => ({
    id, key: `m${id}`, name,
    stats: { cost: 2, attack, health: life, life, awake: 1, attacks: 1 } });
  const card = (id, name, cost) => ({
    id, key: `c${id}`, name, stats: { cost, attack: 2, health: 3 } });
  const end = { kind: "end", text: "end", cards: [], targets: [], mode: null, details: {} };
  const view = ({ hand, board, theirs, life = [12, 12], toAct = 0 }) => ({
    message: {
      view: {
        zones: {
          "hand:0": { name: "hand:0", size: hand.length, cards: hand },
          "hand:1": { name: "hand:1", size: 3, cards: null },
          "board:0": { name: "board:0", size: board.length, cards: board },
          "board:1": { name: "board:1", size: theirs.length, cards: theirs },
          "deck:0": { name: "deck:0", size: 10, cards: null },
          "deck:1": { name: "deck:1", size: 10, cards: null },
          "graveyard:0": { name: "graveyard:0", size: 0, cards: null },
          "graveyard:1": { name: "graveyard:1", size: 0, cards: null },
        },
        public: { heroes: [
          { seat: 0, life: [12, life[0]], mana: [3, 3] },
          { seat: 1, life: [12, life[1]], mana: [3, 3] }] },
      },
      legal: toAct === 0 ? [end] : [], unplayable: [], card_text: {}, outcome: null, to_act: toAct,
    },
    names: ["Fox", "Owl"], seat: 0, events: [],
  });
  window.__motion = { table, decided, minion, card, view, events: [] };
  table.update(view({
    hand: [card(3, "Imp", 2), card(4, "Ogre", 3), card(5, "Elf", 1)],
    board: [minion(7, "Wolf", 3, 2)], theirs: [minion(9, "Bear", 2, 5)] }));
  return document.getAnimations().length;
}"""

PLAY = """async (freezeAt) => {
  const m = window.__motion;
  // the Imp goes from the hand to the board; the Wolf attacks Owl's hero for 3 and the Bear
  // takes 2 from a spell
  m.events.push(
    { type: "play", seat: 0, card: { id: 3, key: "c3", name: "Imp" }, mode: "minion",
      target: null },
    { type: "attack", seat: 0, minion: 7, target: "p1" },
    { type: "damage", reason: "attack", source: 7, hits: [{ target: "p1", amount: 3, life: 9 }] },
    { type: "damage", reason: "spell", source: 5, hits: [{ target: "#9", amount: 2, life: 3 }] },
    { type: "heal", target: "p0", amount: 2, source: 5, life: 12 });
  const state = m.view({
    hand: [m.card(4, "Ogre", 3), m.card(5, "Elf", 1)],
    board: [m.minion(7, "Wolf", 3, 2), m.minion(3, "Imp", 2, 3)],
    theirs: [m.minion(9, "Bear", 2, 3)], life: [12, 9] });
  state.events = [...m.events];
  m.table.update(state);
  const animations = document.getAnimations();
  if (freezeAt !== null) for (const a of animations) { a.pause(); a.currentTime = freezeAt; }
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const end = document.querySelector("#motion-slot [data-decision='end']");
  return {
    animations: animations.length,
    moved: animations.filter((a) => a.effect?.target?.dataset?.card === "3").length,
    floats: [...document.querySelectorAll("#motion-slot .motion-float")]
      .map((f) => [f.textContent, box(f)]),
    arrows: document.querySelectorAll("#motion-slot .motion-arrow").length,
    hero: box(document.querySelector("#motion-slot .hero[data-seat='1']")),
    bear: box(document.querySelector("#motion-slot .minion[data-card='9']")),
    end: box(end),
  };
}"""


def centre(box: list[float]) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def inside(point: tuple[float, float], box: list[float]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def floats_of(drawn: dict[str, Any]) -> dict[str, list[float]]:
    return dict(drawn["floats"])


def test_a_card_played_moves_and_damage_floats_over_what_it_hit(people: People) -> None:
    fox = people("Fox")
    page = fox.page
    page.evaluate(SETUP)
    page.wait_for_function("() => document.getAnimations().length === 0")
    drawn = page.evaluate(PLAY, None)
    assert drawn["animations"] > 0
    assert drawn["moved"] == 1  # the Imp glides from the hand to the board
    assert drawn["arrows"] == 1  # the Wolf's attack
    floats = floats_of(drawn)
    assert set(floats) == {"-3", "-2", "+2"}
    assert inside(centre(floats["-3"]), drawn["hero"])  # over Owl's hero
    assert inside(centre(floats["-2"]), drawn["bear"])  # over the Bear
    # decoration only: the overlays go once they have played
    page.wait_for_function(
        "() => !document.querySelector('#motion-slot .motion-layer > *')", timeout=3000
    )


def test_a_click_during_an_animation_acts_at_once(people: People) -> None:
    fox = people("Fox")
    page = fox.page
    page.evaluate(SETUP)
    drawn = page.evaluate(PLAY, None)
    x, y = centre(drawn["end"])
    # the arrow's overlay covers the whole table: it takes no clicks
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.dataset.decision ?? null", [x, y]
    )
    assert hit == "end"
    page.mouse.click(x, y)  # no waiting for the table to be still
    after = page.evaluate(
        "() => ({ decided: window.__motion.decided, running: document.getAnimations()"
        ".filter((a) => a.playState === 'running').length })"
    )
    assert after["decided"] == ["end"]
    assert after["running"] > 0  # the float was still rising when the click was taken


def test_mid_animation_screenshot(people: People) -> None:
    fox = people("Fox")
    page = fox.page
    page.evaluate(SETUP)
    page.wait_for_function("() => document.getAnimations().length === 0")
    drawn = page.evaluate(PLAY, 160)  # every animation held at 160 ms
    assert drawn["animations"] > 0
    shots.save(page, "motion-mid-animation")


def test_reduced_motion_draws_no_movement(people: People) -> None:
    fox = people("Fox")
    page = fox.page
    page.emulate_media(reduced_motion="reduce")
    page.evaluate(SETUP)
    drawn = page.evaluate(PLAY, None)
    assert drawn["animations"] == 0
    assert drawn["floats"] == []
    assert drawn["arrows"] == 0
    assert page.locator("#motion-slot .motion-layer").count() == 0
    # the table is drawn all the same
    assert page.locator("#motion-slot .minions .minion[data-card='3']").count() == 1


CHANGED = """async () => {
  const m = window.__motion;
  const changed = () => [...document.querySelectorAll("#motion-slot .changed")]
    .map((el) => el.dataset.card ? `#${el.dataset.card}` : `p${el.dataset.seat}`).sort();
  // Owl's turn: the Bear hits Fox's hero for 4, and Fox's Wolf is left as it was
  m.events.push({ type: "damage", reason: "attack", source: 9,
                  hits: [{ target: "p0", amount: 4, life: 8 }] });
  const theirs = m.view({
    hand: [m.card(3, "Imp", 2), m.card(4, "Ogre", 3), m.card(5, "Elf", 1)],
    board: [m.minion(7, "Wolf", 3, 2)], theirs: [m.minion(9, "Bear", 2, 5)], life: [8, 12],
    toAct: 1 });
  theirs.events = [...m.events];
  m.table.update(theirs);
  const during = changed();
  // Fox's turn again, with a card drawn
  m.events.push({ type: "turn_started", seat: 0, slots: 3, mana: 3 });
  const mine = m.view({
    hand: [m.card(3, "Imp", 2), m.card(4, "Ogre", 3), m.card(5, "Elf", 1), m.card(6, "Owl", 2)],
    board: [m.minion(7, "Wolf", 3, 2)], theirs: [m.minion(9, "Bear", 2, 5)], life: [8, 12] });
  mine.events = [...m.events];
  m.table.update(mine);
  return { during, after: changed() };
}"""


def test_what_changed_since_your_last_turn_is_lit_when_it_comes(people: People) -> None:
    fox = people("Fox")
    page = fox.page
    page.evaluate(SETUP)
    lit = page.evaluate(CHANGED)
    assert lit["during"] == []  # nothing is lit on the opponent's turn
    assert lit["after"] == ["#6", "p0"]  # the card drawn and Fox's hero, hit; not the rest
    page.evaluate(
        "() => document.getAnimations().forEach((a) => { a.pause(); a.currentTime = 400; })"
    )
    shots.save(page, "motion-changed-since-your-turn")


AUDIO_COUNTER = """
window.__audioMade = 0;
const RealAudio = window.AudioContext;
if (RealAudio) {
  window.AudioContext = class extends RealAudio {
    constructor(...args) { super(...args); window.__audioMade += 1; }
  };
}
"""


def test_sounds_are_off_until_switched_on_and_remembered(people: People) -> None:
    fox = people("Fox")
    page = fox.page
    fox.context.add_init_script(AUDIO_COUNTER)
    page.reload()
    toggle = page.locator("#sound-toggle")
    toggle.wait_for()
    assert toggle.get_attribute("aria-pressed") == "false"
    assert (toggle.text_content() or "") == "Sounds: off"
    # a card played and a hit while sounds are off: no audio context at all
    page.evaluate(SETUP)
    page.evaluate(PLAY, None)
    assert page.evaluate("window.__audioMade") == 0
    assert page.evaluate("async () => (await import('/js/sound.js')).audioStarted()") is False

    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert (toggle.text_content() or "") == "Sounds: on"
    assert page.evaluate("window.__audioMade") == 1  # made by the click that switched them on
    assert page.evaluate("localStorage.getItem('cardtable.sound')") == "on"

    page.reload()
    toggle.wait_for()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert (toggle.text_content() or "") == "Sounds: on"
    assert page.evaluate("window.__audioMade") == 0  # none until a sound is played

    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false"
    assert page.evaluate("localStorage.getItem('cardtable.sound')") is None
    page.reload()
    toggle.wait_for()
    assert toggle.get_attribute("aria-pressed") == "false"


KARATA = """async () => {
  const { default: karataTable } = await import("/js/tables/karata.js");
  const slot = document.createElement("div");
  slot.id = "motion-slot";
  document.querySelector("main").prepend(slot);
  const table = karataTable(slot, { decide: () => {} });
  const card = (id, key, name) => ({ id, key, name });
  const view = (hand, play, pile, theirs, toAct, events) => ({
    message: {
      view: {
        zones: {
          "hand:0": { name: "hand:0", size: hand.length, cards: hand },
          "hand:1": { name: "hand:1", size: theirs, cards: null },
          pile: { name: "pile", size: pile.length, cards: pile },
          play: { name: "play", size: play.length, cards: play },
          deck: { name: "deck", size: 30, cards: null },
        },
        public: { direction: 1, request: null, bomb: 0, declared: [false, false], out: [] },
      },
      legal: [], unplayable: [], outcome: null, to_act: toAct,
    },
    names: ["Fox", "Owl"], seat: 0, events,
  });
  const ace = card(4, "AS", "Ace of Spades");
  const seven = card(9, "7C", "Seven of Clubs");
  const top = card(1, "7H", "Seven of Hearts");
  const five = card(20, "5H", "Five of Hearts");
  const events = [];
  table.update(view([ace, seven], [], [top], 3, 0, [...events]));
  const moving = (id) => document.getAnimations()
    .filter((a) => !(a instanceof CSSAnimation) && a.effect?.target?.dataset?.card === String(id))
    .map((a) => a.effect.getKeyframes()[0].transform || "")
    .filter((t) => t.startsWith("translate"));
  // Fox plays the Ace: from the hand to the turn being built
  events.push({ type: "play", seat: 0, card: ace });
  table.update(view([seven], [ace], [top], 3, 0, [...events]));
  const played = moving(4);
  // Owl plays the Five, from a hand Fox cannot see: it comes from Owl's seat
  events.push({ type: "play", seat: 1, card: five });
  table.update(view([seven], [], [top, ace, five], 2, 1, [...events]));
  return { played, arrived: moving(20) };
}"""


def test_karata_cards_move_from_the_hand_and_from_a_seat(people: People) -> None:
    fox = people("Fox")
    page = fox.page
    moved = page.evaluate(KARATA)
    assert len(moved["played"]) == 1
    assert len(moved["arrived"]) == 1


WAR = """async () => {
  const { default: warTable } = await import("/js/tables/war.js");
  const slot = document.createElement("div");
  slot.id = "motion-slot";
  document.querySelector("main").prepend(slot);
  const table = warTable(slot, { decide: () => {} });
  const stack = (size, cards = null) => ({ size, cards });
  const turn = { kind: "turn", text: "turn", cards: [], targets: [], mode: null, details: {} };
  const view = ({ piles, ups = [[], []], number = 1, last = null, toAct = 0, events }) => ({
    message: {
      view: {
        turn: number,
        zones: {
          deck: stack(0), aside: stack(0),
          "pile:0": stack(piles[0]), "up:0": stack(ups[0].length, ups[0]), "down:0": stack(0),
          "pile:1": stack(piles[1]), "up:1": stack(ups[1].length, ups[1]), "down:1": stack(0),
        },
        public: { rounds: [[]], contenders: [0, 1], to_turn: [toAct], out: [], last },
      },
      legal: toAct === 0 ? [turn] : [], unplayable: [], outcome: null, to_act: toAct,
    },
    names: ["Fox", "Owl"], seat: 0, events: [...events], seats: [], pace: "normal",
  });
  const king = { id: 26, key: "KS", name: "King of Spades" };
  const nine = { id: 1, key: "9C", name: "Nine of Clubs" };
  const events = [{ type: "battle", number: 1, seats: [0, 1] }];
  const centre = (r) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  const within = ([x, y], r) => r.left <= x && x <= r.right && r.top <= y && y <= r.bottom;
  const pileBox = (seat) => slot.querySelector(`.war-seat[data-seat='${seat}'] .pile`)
    .getBoundingClientRect();
  const still = () => document.getAnimations()
    .filter((a) => !a.effect?.target?.classList?.contains("motion-ghost"))
    .forEach((a) => a.finish()); // the table as it ends (the copies flying aside)
  // each movement of card `id` across the table: whether it starts at seat `seat`'s pile as
  // it was (`pileBefore`) before the table was drawn again
  const fromPile = (id, pileBefore) => {
    const moves = document.getAnimations()
      .filter((a) => !(a instanceof CSSAnimation) && a.effect?.target?.dataset?.card === String(id))
      .map((a) => /translate\\((-?[\\d.]+)px, (-?[\\d.]+)px\\)/.exec(
        a.effect.getKeyframes()[0].transform || ""))
      .filter((found) => found);
    still();
    const card = slot.querySelector(`.card[data-card='${id}']`);
    if (!card) return ["no card"];
    const [x, y] = centre(card.getBoundingClientRect());
    return moves.map((found) => within([x + Number(found[1]), y + Number(found[2])], pileBefore));
  };
  table.update(view({ piles: [14, 14], events }));
  still();
  const foxPile = pileBox(0);
  // Fox turns the King: from his pile to the battle
  events.push({ type: "turn", seat: 0, round: 0, down: 0, card: king });
  table.update(view({ piles: [13, 14], ups: [[king], []], toAct: 1, events }));
  const animationsAfterTurn = document.getAnimations().length;
  const turned = fromPile(26, foxPile);
  // Owl turns the Nine and Fox wins both cards: they gather to Fox's pile
  events.push({ type: "turn", seat: 1, round: 0, down: 0, card: nine },
    { type: "won", seat: 0, cards: 2, by: "rank" }, { type: "battle", number: 2, seats: [0, 1] });
  const last = { number: 1, winner: 0, cards: 2, rounds: [[
    { seat: 0, down: 0, card: "KS" }, { seat: 1, down: 0, card: "9C" }]] };
  const owlPile = pileBox(1);
  table.update(view({ piles: [15, 13], number: 2, last, events }));
  const animations = document.getAnimations().length;
  const answered = fromPile(1, owlPile);
  const gathered = [...slot.querySelectorAll(".motion-layer .motion-ghost")].map((ghost) => {
    const a = ghost.getAnimations()[0];
    const timing = a.effect.getTiming();
    a.pause();
    a.currentTime = timing.delay + timing.duration * 0.85; // nearly there
    return within(centre(ghost.getBoundingClientRect()), pileBox(0));
  });
  return {
    turned, answered, gathered, animationsAfterTurn, animations,
    cards: slot.querySelectorAll(".war-seat .card.face").length,
  };
}"""


HALFWAY = """() => document.querySelectorAll("#motion-slot .motion-ghost").forEach((ghost) => {
  const a = ghost.getAnimations()[0];
  const timing = a.effect.getTiming();
  a.currentTime = timing.delay + timing.duration * 0.5;
})"""


def test_war_cards_move_from_the_piles_to_the_battle_and_to_the_winner(people: People) -> None:
    fox = people("Fox")
    moved = fox.page.evaluate(WAR)
    assert moved["turned"] == [True]  # Fox's King, from his pile
    assert moved["answered"] == [True]  # Owl's Nine, from Owl's pile
    assert moved["gathered"] == [True, True]  # both, then, toward Fox's pile
    assert moved["cards"] == 2  # the battle stays on the table, as the last one
    fox.page.evaluate(HALFWAY)  # the copies halfway to Fox's pile (before they are taken away)
    shots.save(fox.page, "motion-war-won-cards", full_page=False)


def test_war_moves_nothing_under_reduced_motion(people: People) -> None:
    fox = people("Fox")
    fox.page.emulate_media(reduced_motion="reduce")
    moved = fox.page.evaluate(WAR)
    assert moved["turned"] == []
    assert moved["answered"] == []
    assert moved["gathered"] == []
    assert moved["animationsAfterTurn"] == 0
    assert moved["animations"] == 0
    assert moved["cards"] == 2  # drawn all the same
