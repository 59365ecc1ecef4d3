// Events in words, for the log. The server words each event in its game's words (`text`);
// the client knows no game, so an event without that line is read field by field: who (its
// seat), what (its type), and its other fields, cards by their names.

const SEAT_FIELDS = new Set(["seat", "player", "winner", "by_seat"]);
const CARD_FIELDS = new Set(["source", "minion", "attacker", "defender", "card_id"]);

function cardText(card) {
  if (card === null || card === undefined) return "a hidden card";
  if (typeof card === "string") return card;
  return card.name || card.key || `card ${card.id}`;
}

function valueText(key, value, names, cards) {
  if (value === null || value === undefined) return null;
  if (SEAT_FIELDS.has(key) && Number.isInteger(value)) return names[value] ?? `seat ${value + 1}`;
  if (CARD_FIELDS.has(key) && Number.isInteger(value) && cards.has(value)) return cards.get(value);
  if (typeof value === "string") {
    // targets are written "p1" (a player's hero) or "#12" (a card): say whose or which
    const hero = /^p(\d+)$/.exec(value);
    if (hero && names[Number(hero[1])] !== undefined) return names[Number(hero[1])];
    const card = /^#(\d+)$/.exec(value);
    if (card && cards.has(Number(card[1]))) return cards.get(Number(card[1]));
  }
  if (Array.isArray(value)) {
    if (!value.length) return null;
    if (value.every((v) => v === null || typeof v === "object")) {
      if (value.every((v) => v === null || "key" in v || "name" in v)) return value.map(cardText).join(", ");
      return value.map((v) => (v && typeof v === "object" ? objectText(v, names, cards) : String(v))).join("; ");
    }
    if (key === "seats" || key === "winners") return value.map((s) => names[s] ?? `seat ${s + 1}`).join(", ");
    return value.join(", ");
  }
  if (typeof value === "object") {
    if ("key" in value || "name" in value) return cardText(value);
    return objectText(value, names, cards);
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

function objectText(obj, names, cards) {
  return Object.entries(obj)
    .map(([k, v]) => {
      const t = valueText(k, v, names, cards);
      return t === null ? null : `${k.replace(/_/g, " ")} ${t}`;
    })
    .filter(Boolean)
    .join(", ");
}

/** The names of the cards a view shows, by id (to name the cards events refer to by id). */
export function cardNames(view, into = new Map()) {
  for (const zone of Object.values(view?.zones || {})) {
    for (const card of zone.cards || []) if (card && card.id !== undefined) into.set(card.id, card.name || card.key);
  }
  return into;
}

/**
 * One event as a line of text: the game's own words when the server sent them ("Fox plays
 * Damage 2"), null when the game leaves the event out of the log, else read field by field
 * ("Fox — play: card Damage 2, mode attack, target Owl").
 */
export function describeEvent(event, names, cards = new Map()) {
  if ("text" in event) return event.text === null ? null : String(event.text);
  const { type, seat, ...rest } = event;
  const who = Number.isInteger(seat) ? `${names[seat] ?? `seat ${seat + 1}`} — ` : "";
  const what = String(type || "event").replace(/_/g, " ");
  for (const value of Object.values(rest)) {
    if (value && typeof value === "object" && !Array.isArray(value) && Number.isInteger(value.id) && value.name) cards.set(value.id, value.name);
  }
  const details = objectText(rest, names, cards);
  return `${who}${what}${details ? `: ${details}` : ""}`;
}
