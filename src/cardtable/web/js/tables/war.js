// War: each player's pile, the cards of the battle (a war's face-down and face-up rows), and
// the one decision, turning a card. Cards carry their ids (data-card) and piles and face-down
// rows their places (data-place), so that motion.js moves a turned card from its player's pile
// to the battle and, when the server says who won, the battle's cards toward the winner's pile.
import { h, fill } from "../dom.js";
import { cardBacks, pile, playingCard } from "../cards.js";
import { icon } from "../icons.js";
import { Table, isYou, outcomeLine, zone } from "./base.js";

/** The rows seat `i` played in the last battle: [face-down count, [face-up card], true,
 * round]. The battle names its cards by their keys; `ids` (from the match's events) gives them
 * their ids where it can. */
function previous(last, i, ids) {
  if (!last) return [];
  const rows = [];
  last.rounds.forEach((round, number) => {
    for (const entry of round) {
      if (entry.seat !== i) continue;
      const card = entry.card ? [{ key: entry.card, id: ids.get(`${i}:${number}`) }] : [];
      rows.push([entry.down, card, true, number]);
    }
  });
  return rows;
}

/** The ids of the cards turned up in battle `number`, by "seat:round", as the match's events
 * (each card turned, in order) tell them: empty when the events do not reach back so far. */
function turnedIds(events, number) {
  const ids = new Map();
  let start = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i]?.type === "battle" && events[i].number === number) {
      start = i;
      break;
    }
  }
  if (start < 0) return ids;
  for (const e of events.slice(start + 1)) {
    if (e?.type === "battle") break;
    const id = e?.type === "turn" && e.card && typeof e.card === "object" ? e.card.id : null;
    if (id !== null && id !== undefined) ids.set(`${e.seat}:${e.round}`, id);
  }
  return ids;
}

/** A card drawn with its id (data-card), by which it is followed as it moves; a card of the
 * last battle is at stake (data-stake): when the events say who won it, it flies there. */
function tagged(el, id, stake) {
  if (id !== undefined && id !== null) el.dataset.card = String(id);
  if (stake) el.dataset.stake = "1";
  return el;
}

/** An element with the name of its place on the table (data-place), by which it is found. */
function placed(el, name) {
  el.dataset.place = name;
  return el;
}

class WarTable extends Table {
  constructor(container, ctx) {
    super(container, ctx, "war");
  }

  render(state) {
    const { view, legal, to_act: toAct } = state.message;
    const pub = view.public || {};
    const out = new Set(pub.out || []);
    const seats = state.names.map((_, i) => i).filter((i) => view.zones[`pile:${i}`]);
    const last = pub.last;
    const ids = last ? turnedIds(state.events || [], last.number) : new Map();
    fill(this.board,
      outcomeLine(state),
      h("div", { class: "war-seats" }, seats.map((i) => {
        const down = zone(view, `down:${i}`);
        const up = zone(view, `up:${i}`);
        const rows = down.size || up.size ? [[down.size, up.cards || [], false, null]] : previous(last, i, ids);
        const classes = ["war-seat"];
        if (i === toAct) classes.push("to-act");
        if (i === state.seat) classes.push("mine");
        if (out.has(i)) classes.push("out");
        return h("section", { class: classes.join(" "), dataset: { seat: i }, "aria-label": `${state.names[i]}` },
          h("h3", {}, state.names[i], isYou(state, i) ? " (you)" : "", out.has(i) ? " — out" : "",
            down.size ? h("span", { class: "badge alert" }, "war!") : null,
            (state.seats || [])[i]?.auto ? h("span", { class: "badge auto", title: "The server turns this seat's cards" }, "automatic") : null),
          placed(pile(zone(view, `pile:${i}`).size, `${state.names[i]}'s pile`), `pile:${i}`),
          rows.map(([downs, ups, before, round]) => h("div", { class: `battle-rows${before ? " previous" : ""}` },
            h("div", { class: "row down", "aria-label": "face down" },
              downs ? tagged(placed(cardBacks(downs, { max: 12 }), before ? `down:${i}:${round}` : `down:${i}`), null, before) : null),
            h("div", { class: "row up", "aria-label": before ? "face up in the last battle" : "face up" },
              ups.map((c) => tagged(playingCard(c.key, { name: c.name, fresh: !before && this.fresh(c.id) }), c.id, before))))));
      })),
      last ? h("p", { class: "muted last-battle" },
        `Battle ${last.number}: ${state.names[last.winner] ?? "nobody"} won ${last.cards} card${last.cards === 1 ? "" : "s"}`,
        last.rounds.length > 1 ? ` after ${last.rounds.length - 1} war${last.rounds.length > 2 ? "s" : ""}` : "", ".") : null,
      // the battle being fought, once it has begun (the last one's line says how it ended)
      view.turn && view.turn !== last?.number ? h("p", { class: "muted" }, `Battle ${view.turn}`) : null);
    fill(this.controls, legal.map((d) =>
      this.decisionButton(d.text, d.kind === "turn" ? "Turn your card" : d.text, d.kind === "turn" ? { dataset: { primary: "1" } } : {})),
    this.automatic(state));
  }

  /** Where the focus goes when what it was on is gone (the turn just taken): to the turn, when
   * it is yours; else nowhere, never to a toggle, so that the turn takes it as it comes back
   * and each battle costs the keyboard one Enter. */
  focusFirst() {
    const turn = this.controls.querySelector("[data-primary]");
    if (turn) turn.focus({ preventScroll: true });
  }

  /** A player's toggles while the match goes on (protocol 7): the server turns their cards
   * (their seat's `auto`), and the room's automatic turns come faster (its `pace`). */
  automatic(state) {
    const seat = state.seat === null || state.seat === undefined ? null : (state.seats || [])[state.seat];
    if (!seat || state.message.outcome || !this.ctx.auto) return null;
    const on = Boolean(seat.auto);
    const fast = state.pace === "fast";
    return h("span", { class: "auto-controls" },
      h("button", {
        type: "button", id: "auto-turn", class: `secondary toggle${on ? " on" : ""}`, "aria-pressed": String(on),
        title: "The server turns your card whenever it is your turn, until you switch this off",
        onclick: () => this.ctx.auto(!on),
      }, on ? icon("check") : null, "Turn my cards for me"),
      h("button", {
        type: "button", id: "pace-fast", class: `secondary toggle${fast ? " on" : ""}`, "aria-pressed": String(fast),
        title: "Automatic turns (yours and the computer players') come faster, for everyone at the table",
        onclick: () => this.ctx.pace(fast ? "normal" : "fast"),
      }, fast ? icon("check") : null, "Faster"));
  }
}

export default function warTable(container, ctx) {
  return new WarTable(container, ctx);
}
