// Cards drawn with CSS, text and inline SVG (no image files, no emoji): playing cards by their
// key ("10H", "QS", "BJ"), card backs, and the Kata TCG's cards by their stats.
import { h } from "./dom.js";
import { icon } from "./icons.js";

// Each suit: the icon of its symbol, its word, its colour.
const SUITS = {
  C: ["club", "clubs", "black"],
  D: ["diamond", "diamonds", "red"],
  H: ["heart", "hearts", "red"],
  S: ["spade", "spades", "black"],
  M: ["moon", "moons", "blue"],
  T: ["tower", "towers", "green"],
  W: ["wheel", "wheels", "blue"],
  L: ["leaf", "leaves", "green"],
};

const RANKS = { A: "Ace", K: "King", Q: "Queen", J: "Jack" };

/** A suit by its short form: a letter, or "#9" for a numbered suit (9 and up). */
function suitEntry(letter) {
  const numbered = /^#(\d+)$/.exec(letter);
  if (numbered) return [letter, `suit ${numbered[1]}`, Number(numbered[1]) % 2 ? "blue" : "green"];
  return SUITS[letter];
}

/** A playing card's key split into its rank and its suit's short form ("10#9" → ["10", "#9"]). */
function splitKey(key) {
  const numbered = /^(.+?)(#\d+)$/.exec(key);
  return numbered ? [numbered[1], numbered[2]] : [key.slice(0, -1), key.slice(-1)];
}

/** The word of a suit letter ("H" → "hearts"). */
export function suitWord(letter) {
  const s = suitEntry(letter);
  return s ? s[1] : letter;
}

/** The symbol of a suit letter, drawn (hidden from screen readers: words say the suit);
 * a numbered suit's number. */
export function suitSymbol(letter) {
  const s = suitEntry(letter);
  return s && SUITS[letter] ? icon(s[0], { class: `suit ${s[2]}` }) : letter;
}

/** A card's key in words: "10H" → "10 of hearts", "QS" → "Queen of spades", "BJ" → "Black joker". */
export function shortName(key) {
  if (key === "BJ" || key === "RJ") return key === "BJ" ? "Black joker" : "Red joker";
  const [rank, letter] = splitKey(key);
  const suit = suitEntry(letter);
  return suit ? `${RANKS[rank] || rank} of ${suit[1]}` : key;
}

/**
 * A playing card. opts: {name, button, onclick, playable, selected, fresh, small, id, refusal}.
 * A button when it can be chosen; its accessible name is the card's full name. `refusal`
 * ({code, phrase, reason}): why the rules keep it in the hand now, said in its name and title
 * and kept in data-refusal.
 */
export function playingCard(key, opts = {}) {
  let [rank, letter] = splitKey(key);
  let suit = suitEntry(letter);
  let colour = suit ? suit[2] : "black";
  const joker = key === "BJ" || key === "RJ";
  if (joker) {
    rank = icon("star");
    suit = ["Joker", "joker", key === "RJ" ? "red" : "black"];
    colour = suit[2];
  }
  const symbol = () => (joker ? icon("star") : suit && SUITS[letter] ? icon(suit[0]) : letter);
  const classes = ["card", "face", colour];
  if (opts.playable) classes.push("playable");
  if (opts.selected) classes.push("selected");
  if (opts.fresh) classes.push("fresh");
  if (opts.small) classes.push("small");
  const why = opts.refusal || null;
  if (why) classes.push("refused");
  const inner = [
    h("span", { class: "corner", "aria-hidden": "true" }, rank, h("br"), joker ? "" : symbol()),
    h("span", { class: "pip", "aria-hidden": "true" }, symbol()),
  ];
  if (why) inner.push(h("span", { class: "why-mark", "aria-hidden": "true" }, icon("cross")));
  const name = opts.name || shortName(key);
  const label = why ? `${name} — ${why.phrase}` : name;
  if (opts.button) {
    return h("button", {
      type: "button", class: classes.join(" "), "aria-label": label, title: why ? `${label} (${why.reason})` : label,
      "aria-disabled": opts.playable ? null : "true", dataset: { key, ...(why ? { refusal: why.code } : {}) }, onclick: opts.onclick,
    }, inner);
  }
  return h("span", { class: classes.join(" "), role: "img", "aria-label": label, title: label, dataset: { key } }, inner);
}

/** A face-down card (or `count` of them, fanned, with the count written beside). */
export function cardBacks(count, opts = {}) {
  const shown = Math.min(count, opts.max ?? 8);
  const backs = [];
  for (let i = 0; i < shown; i++) backs.push(h("span", { class: `card back${opts.small ? " small" : ""}`, "aria-hidden": "true" }));
  return h("span", { class: "backs", role: "img", "aria-label": `${count} face-down card${count === 1 ? "" : "s"}` },
    backs, count > shown ? h("span", { class: "more", "aria-hidden": "true" }, `+${count - shown}`) : null);
}

/** A pile drawn as a stack with its size. */
export function pile(count, label) {
  return h("span", { class: "pile", role: "img", "aria-label": `${label}: ${count} card${count === 1 ? "" : "s"}` },
    h("span", { class: `card back${count ? "" : " empty"}`, "aria-hidden": "true" }),
    h("span", { class: "count", "aria-hidden": "true" }, String(count)));
}
