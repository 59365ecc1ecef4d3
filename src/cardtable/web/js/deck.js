// Bringing one's own deck to a room of a game with decks (the Kata TCG): a small builder over
// the room's card pool (copies per card, the count against the deck's size), deck files read
// in the browser, and the last deck remembered. The server checks every deck; a refusal
// (code bad_deck) is shown beside the builder, in the server's words.
import { h, fill, notice } from "./dom.js";
import { keepDeck, lastDeck } from "./store.js";

/** Whether a ruleset holds what a deck is built from: a card pool and the deck's limits. */
export function hasDecks(ruleset) {
  return Boolean(ruleset) && Array.isArray(ruleset.cards) &&
    Number.isInteger(ruleset.deck_size) && Number.isInteger(ruleset.copies_limit);
}

/**
 * A deck file's text (TOML as `cardtable deck new` writes it) as a deck:
 *   name = "Bolts"      set = "kata"      [cards]      bolt = 4
 * Throws an Error naming the line that cannot be read.
 */
export function parseDeckFile(text) {
  const deck = { name: null, set: null, cards: {} };
  let table = "";
  const value = (raw, line) => {
    const v = raw.trim();
    if (/^"(?:[^"\\]|\\.)*"$/.test(v)) return JSON.parse(v);
    if (/^'[^']*'$/.test(v)) return v.slice(1, -1);
    if (/^[+]?\d+$/.test(v)) return Number(v);
    throw new Error(`Line ${line} of the deck file cannot be read: ${v} is neither text in quotes nor a number.`);
  };
  String(text).split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/^\s+|\s+$/g, "");
    if (!line || line.startsWith("#")) return;
    const header = /^\[\s*([A-Za-z0-9_-]+)\s*\]\s*(#.*)?$/.exec(line);
    if (header) {
      table = header[1];
      return;
    }
    const pair = /^("?)([A-Za-z0-9_-]+)\1\s*=\s*(.+?)\s*(#[^"']*)?$/.exec(line);
    if (!pair) throw new Error(`Line ${i + 1} of the deck file cannot be read: write key = value.`);
    const [, , key, raw2] = pair;
    const v = value(raw2, i + 1);
    if (table === "cards") {
      if (typeof v !== "number") throw new Error(`Line ${i + 1} of the deck file: ${key} needs a number of copies.`);
      deck.cards[key] = v;
    } else if (table === "" && (key === "name" || key === "set")) {
      if (typeof v !== "string") throw new Error(`Line ${i + 1} of the deck file: ${key} is text, in quotes.`);
      deck[key] = v;
    } else {
      throw new Error(`Line ${i + 1} of the deck file: ${key} is not part of a deck file (name, set, and [cards]).`);
    }
  });
  if (!Object.keys(deck.cards).length) throw new Error("The deck file lists no cards: under [cards], write each card's id = copies.");
  return deck;
}

/** A deck as the TOML text of a deck file. */
export function deckFileText(deck) {
  return [`name = ${JSON.stringify(deck.name)}`, `set = ${JSON.stringify(deck.set)}`, "", "[cards]",
    ...Object.entries(deck.cards).map(([id, n]) => `${id} = ${n}`), ""].join("\n");
}

/** What a card does, from its own fields: its text, else its numbers (never a rule). */
function facts(card) {
  const parts = [];
  if (card.kind && card.kind !== "value") parts.push(card.kind);
  for (const [key, v] of Object.entries(card)) {
    if (key !== "cost" && typeof v === "number" && v) parts.push(`${key.replace(/_/g, " ")} ${v}`);
  }
  const effect = (e) => [e.do, e.amount || null, e.card || null, e.target && e.target !== "none" ? `(${e.target.replace(/_/g, " ")})` : null]
    .filter((x) => x !== null && x !== undefined && x !== "").join(" ");
  if (card.text) parts.push(card.text);
  else {
    if (Array.isArray(card.effects)) parts.push(...card.effects.map(effect));
    if (Array.isArray(card.triggers)) parts.push(...card.triggers.map((t) => `when ${String(t.when).replace(/_/g, " ")}: ${(t.effects || []).map(effect).join(", ")}`));
  }
  return parts.join(" · ");
}

export class DeckBuilder {
  /** `id`: the prefix of its elements' ids (e.g. "join-deck"). */
  constructor(id) {
    this.id = id;
    this.pool = null;
    this.setName = "";
    this.counts = new Map(); // card id → copies, in the order they were added
    this.loadedSet = null; // the set a loaded deck file names
    this.bring = h("input", { id: `${id}-bring`, type: "checkbox" });
    this.name = h("input", { id: `${id}-name`, maxlength: 60, value: "My deck" });
    this.file = h("input", { id: `${id}-file`, type: "file", accept: ".toml,text/plain" });
    this.count = h("p", { id: `${id}-count`, class: "deck-count", role: "status", "aria-live": "polite" });
    this.list = h("ul", { class: "deck-cards", id: `${id}-cards`, "aria-label": "Cards of the pool" });
    this.note = h("p", { class: "muted", id: `${id}-note` });
    this.problem = notice();
    this.problem.id = `${id}-error`;
    this.body = h("div", { class: "deck-body" },
      h("div", { class: "field" }, h("label", { for: `${id}-name` }, "Deck name"), this.name),
      h("div", { class: "field" }, h("label", { for: `${id}-file` }, "Load a deck file (.toml)"), this.file),
      this.note, this.count,
      h("div", { class: "actions" },
        h("button", { type: "button", class: "secondary", id: `${id}-save`, onclick: () => this.save() }, "Save as a deck file"),
        h("button", { type: "button", class: "secondary", id: `${id}-clear`, onclick: () => this.clear() }, "Take every card out")),
      this.list);
    this.body.hidden = true;
    this.element = h("fieldset", { class: "deck", id },
      h("legend", {}, "Your deck (optional)"),
      h("div", { class: "field check" }, this.bring, h("label", { for: `${id}-bring` }, "Bring my own deck"),
        h("small", { class: "help" }, "Without one, you play the deck the room's rules give.")),
      this.body, this.problem);
    this.bring.addEventListener("change", () => this.toggle());
    this.file.addEventListener("change", () => this.load());
  }

  /** The pool and limits to build from: a ruleset with cards, deck_size and copies_limit. */
  setPool(ruleset, setName = "") {
    this.pool = ruleset;
    this.setName = setName;
    this.render();
  }

  toggle() {
    this.problem.say("");
    this.body.hidden = !this.bring.checked;
    if (this.bring.checked && !this.counts.size) {
      const last = lastDeck();
      const ids = new Set((this.pool?.cards || []).map((c) => c.id));
      if (last && Object.keys(last.cards || {}).every((id) => ids.has(id))) {
        this.use(last);
        this.note.textContent = `Your last deck, “${last.name}”.`;
      }
    }
    this.render();
  }

  use(deck) {
    this.counts = new Map(Object.entries(deck.cards).map(([id, n]) => [id, Number(n)]));
    if (deck.name) this.name.value = deck.name;
    this.loadedSet = deck.set || null;
  }

  async load() {
    const file = this.file.files && this.file.files[0];
    if (!file) return;
    this.problem.say("");
    try {
      const deck = parseDeckFile(await file.text());
      if (!deck.name) deck.name = file.name.replace(/\.toml$/i, "");
      this.use(deck);
      this.note.textContent = `Loaded from ${file.name}.`;
    } catch (e) {
      this.problem.say(e.message);
    }
    this.file.value = "";
    this.render();
  }

  /** Download the deck as a deck file, for `cardtable play tcg --deck FILE` or another room. */
  save() {
    const deck = { ...this.value(), name: this.name.value.trim() || "My deck" };
    const url = URL.createObjectURL(new Blob([deckFileText(deck)], { type: "text/plain" }));
    const file = `${deck.name.toLowerCase().replace(/[^a-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "deck"}.toml`;
    const link = h("a", { href: url, download: file, hidden: true });
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  clear() {
    this.counts = new Map();
    this.loadedSet = null;
    this.note.textContent = "";
    this.problem.say("");
    this.render();
  }

  total() {
    let n = 0;
    for (const v of this.counts.values()) n += v;
    return n;
  }

  change(id, copies) {
    const n = Math.max(0, Math.floor(copies) || 0);
    if (n) this.counts.set(id, n);
    else this.counts.delete(id);
    this.problem.say("");
    this.render();
  }

  render() {
    if (!this.pool) return;
    const size = this.pool.deck_size;
    const limit = this.pool.copies_limit;
    const total = this.total();
    const off = total - size;
    this.count.textContent = `${total} of ${size} cards${off > 0 ? ` (${off} too many)` : off < 0 ? ` (${-off} to go)` : ""}`;
    this.count.dataset.full = String(off === 0);
    const active = document.activeElement;
    const focus = this.list.contains(active) ? active.id : null;
    const row = (card, known) => {
      const held = this.counts.get(card.id) || 0;
      const cid = `${this.id}-card-${card.id}`;
      // (a file may hold more than the limit: shown as it is, for the server to judge, and
      // never blocking the form's sending)
      const input = h("input", { id: cid, type: "number", min: 0, max: known ? Math.max(limit, held) : held, inputmode: "numeric", class: "copies", value: held });
      input.addEventListener("change", () => this.change(card.id, known ? Math.min(Number(input.value), limit) : Math.min(Number(input.value), held)));
      input.addEventListener("keydown", (e) => {
        if (e.key !== "Enter") return;
        e.preventDefault(); // Enter takes the count, and does not send the whole form yet
        input.dispatchEvent(new Event("change"));
      });
      const name = card.name || card.id;
      return h("li", { dataset: { card: card.id }, class: held ? "held" : "" },
        h("button", { type: "button", class: "secondary step", id: `${cid}-less`, "aria-label": `One fewer ${name}`, disabled: held === 0, onclick: () => this.change(card.id, held - 1) }, "−"),
        input,
        h("button", { type: "button", class: "secondary step", id: `${cid}-more`, "aria-label": `One more ${name}`, disabled: !known || card.token || held >= limit || total >= size, onclick: () => this.change(card.id, held + 1) }, "+"),
        h("label", { for: cid, class: "deck-card" },
          known ? h("span", { class: "cost", title: "cost" }, String(card.cost ?? "")) : null,
          h("strong", {}, name),
          h("span", { class: "muted" }, known ? ` ${facts(card)}${card.token ? " (a token: effects make it)" : ""}` : " — not among this room's cards")));
    };
    const pool = this.pool.cards.filter((c) => !c.token || this.counts.has(c.id));
    const ids = new Set(pool.map((c) => c.id));
    const strangers = [...this.counts.keys()].filter((id) => !ids.has(id)).map((id) => ({ id }));
    fill(this.list, pool.map((c) => row(c, true)), strangers.map((c) => row(c, false)));
    if (focus) {
      // a step button that just became disabled hands the keyboard to its card's count
      const again = document.getElementById(focus);
      const target = again && !again.disabled ? again : document.getElementById(focus.replace(/-(more|less)$/, ""));
      target?.focus({ preventScroll: true });
    }
  }

  /** The deck to send (a deck file's data), or null when the player brings none. */
  value() {
    if (!this.bring.checked) return null;
    return {
      name: this.name.value.trim() || "My deck",
      // the set the pool is, when it is a named one; else what a loaded file said
      set: this.setName || this.loadedSet || "custom",
      cards: Object.fromEntries(this.counts),
    };
  }

  /** Show the server's refusal of the deck (or clear it with ""). */
  error(text) {
    this.problem.say(text);
    if (text) this.bring.scrollIntoView?.({ block: "nearest" });
  }

  /** The server took the deck: remember it for next time. */
  remember() {
    const deck = this.value();
    if (deck) keepDeck(deck);
  }
}

/**
 * The name of the named set (from /api/games/{game}/sets) whose cards are the pool of
 * `ruleset`, or "" when the pool is no set's (`defaults`: the game's default ruleset, whose
 * cards a set that changes none of them plays with).
 */
export function setNameOf(ruleset, sets, defaults) {
  const pool = JSON.stringify(ruleset.cards);
  const found = sets.find((s) => JSON.stringify(s.ruleset.cards ?? defaults.cards) === pool);
  return found ? found.name : "";
}
