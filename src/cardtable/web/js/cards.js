// Cards drawn with CSS and text (no image files): playing cards by their key ("10H", "QS",
// "BJ"), card backs, and the Kata TCG's cards by their stats.
import { h } from "./dom.js";

const SUITS = {
  C: ["♣", "clubs", "black"],
  D: ["♦", "diamonds", "red"],
  H: ["♥", "hearts", "red"],
  S: ["♠", "spades", "black"],
  M: ["☾", "moons", "blue"],
  T: ["♜", "towers", "green"],
  W: ["☸", "wheels", "blue"],
  L: ["❦", "leaves", "green"],
};

/** The symbol and word of a suit letter ("H" → ["♥", "hearts"]). */
export function suitOf(letter) {
  const s = SUITS[letter];
  return s ? [s[0], s[1]] : [letter, letter];
}

/** A card's key in short words: "10H" → "10♥", "BJ" → "Joker". */
export function shortName(key) {
  if (key === "BJ" || key === "RJ") return key === "BJ" ? "Black joker" : "Red joker";
  const suit = SUITS[key.slice(-1)];
  return suit ? `${key.slice(0, -1)}${suit[0]}` : key;
}

/**
 * A playing card. opts: {name, button, onclick, playable, selected, fresh, small, id}.
 * A button when it can be chosen; its accessible name is the card's full name.
 */
export function playingCard(key, opts = {}) {
  let rank = key.slice(0, -1);
  let suit = SUITS[key.slice(-1)];
  let colour = suit ? suit[2] : "black";
  if (key === "BJ" || key === "RJ") {
    rank = "★";
    suit = ["Joker", "joker", key === "RJ" ? "red" : "black"];
    colour = suit[2];
  }
  const symbol = suit ? suit[0] : key.slice(-1);
  const classes = ["card", "face", colour];
  if (opts.playable) classes.push("playable");
  if (opts.selected) classes.push("selected");
  if (opts.fresh) classes.push("fresh");
  if (opts.small) classes.push("small");
  const inner = [
    h("span", { class: "corner", "aria-hidden": "true" }, rank, h("br"), symbol.length > 2 ? "" : symbol),
    h("span", { class: "pip", "aria-hidden": "true" }, symbol.length > 2 ? "🃏" : symbol),
  ];
  const label = opts.name || shortName(key);
  if (opts.button) {
    return h("button", {
      type: "button", class: classes.join(" "), "aria-label": label, title: label,
      "aria-disabled": opts.playable ? null : "true", dataset: { key }, onclick: opts.onclick,
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
