// A finished match seen by everyone: the full state the replay gives without a seat, drawn
// for any game. Each seat's zones (hands, decks in their order, boards...) then the shared
// ones, every card face up; the game's other public data as it is. It draws, never judges.
import { h, fill } from "../dom.js";
import { playingCard } from "../cards.js";
import { outcomeWords } from "./base.js";

const PLAYING = /^(\d{1,2}|[AJQK])[A-Z]$|^[BR]J$/;

/** Card names by key, when the ruleset lists its cards ({id, name}); else none. */
function namesByKey(state) {
  const found = new Map();
  const cards = state.ruleset?.cards;
  if (Array.isArray(cards)) for (const c of cards) if (c && c.id !== undefined && c.name) found.set(c.id, c.name);
  return found;
}

/** The name of each card of a full state, by id (to name the cards events refer to). */
export function stateCardNames(state, into = new Map()) {
  const byKey = namesByKey(state);
  for (const card of state.cards || []) into.set(card.id, byKey.get(card.key) || card.key);
  return into;
}

/** JSON written short: what fits on a line (numbers, short lists, flat objects) stays on one. */
function brief(value, pad = "") {
  const flat = (v) => v === null || typeof v !== "object" || Object.values(v).every((x) => x === null || typeof x !== "object" || (Array.isArray(x) && x.every((y) => y === null || typeof y !== "object")));
  const line = JSON.stringify(value);
  if (flat(value) && line.length <= 100) return line;
  const inner = `${pad}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + brief(v, inner)).join(",\n")}\n${pad}]`;
  return `{\n${Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${brief(v, inner)}`).join(",\n")}\n${pad}}`;
}

class EverythingTable {
  constructor(container) {
    this.root = h("div", { class: "table everything", id: "everything" });
    fill(container, this.root);
  }

  update({ state, names, outcomeText = null }) {
    const byId = new Map((state.cards || []).map((c) => [c.id, c]));
    const byKey = namesByKey(state);
    const seatName = (n) => names[n] ?? `seat ${n + 1}`;
    const card = (id) => {
      const c = byId.get(id);
      if (!c) return h("span", { class: "chip" }, `card ${id}`);
      const name = byKey.get(c.key);
      return PLAYING.test(c.key) && !name
        ? playingCard(c.key, { small: true })
        : h("span", { class: "chip", dataset: { key: c.key } }, name || c.key);
    };
    const zones = (entries) => h("dl", { class: "zones" }, entries.map(([name, ids]) => [
      h("dt", {}, `${name.replace(/:\d+$/, "")} (${ids.length})`),
      h("dd", { dataset: { zone: name } }, ids.length ? ids.map(card) : h("span", { class: "muted" }, "empty")),
    ]));
    const all = Object.entries(state.zones || {});
    const seats = [...new Set(all.map(([n]) => /:(\d+)$/.exec(n)).filter(Boolean).map((m) => Number(m[1])))].sort((a, b) => a - b);
    const shared = all.filter(([n]) => !/:\d+$/.test(n));
    const o = state.outcome;
    fill(this.root,
      o ? h("p", { class: "outcome", role: "status" }, outcomeWords({ outcome: o, outcome_text: outcomeText }, Object.fromEntries((o.winners || []).map((w) => [w, seatName(w)])))) : null,
      seats.map((s) => h("section", { class: "seat-zones", dataset: { seat: s }, "aria-label": `${seatName(s)}'s cards` },
        h("h3", {}, seatName(s)),
        zones(all.filter(([n]) => n.endsWith(`:${s}`))))),
      shared.length ? h("section", { class: "seat-zones", "aria-label": "Shared cards" }, h("h3", {}, "On the table"), zones(shared)) : null,
      state.public ? h("details", { open: true }, h("summary", {}, "Everything else the table shows"),
        h("pre", { class: "json" }, brief(state.public))) : null);
  }

  destroy() {
    this.root.remove();
  }
}

export function everythingTable(container) {
  return new EverythingTable(container);
}
