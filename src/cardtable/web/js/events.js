// Events in words, for the log: the client knows no game, so every event is read the same
// way: who (its seat), what (its type), and its other fields, cards by their names.

const SEAT_FIELDS = new Set(["seat", "player", "winner", "by_seat"]);

function cardText(card) {
  if (card === null || card === undefined) return "a hidden card";
  if (typeof card === "string") return card;
  return card.name || card.key || `card ${card.id}`;
}

function valueText(key, value, names) {
  if (value === null || value === undefined) return null;
  if (SEAT_FIELDS.has(key) && Number.isInteger(value)) return names[value] ?? `seat ${value + 1}`;
  if (Array.isArray(value)) {
    if (!value.length) return null;
    if (value.every((v) => v === null || typeof v === "object")) {
      if (value.every((v) => v === null || "key" in v || "name" in v)) return value.map(cardText).join(", ");
      return value.map((v) => (v && typeof v === "object" ? objectText(v, names) : String(v))).join("; ");
    }
    if (key === "seats" || key === "winners") return value.map((s) => names[s] ?? `seat ${s + 1}`).join(", ");
    return value.join(", ");
  }
  if (typeof value === "object") {
    if ("key" in value || "name" in value) return cardText(value);
    return objectText(value, names);
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

function objectText(obj, names) {
  return Object.entries(obj)
    .map(([k, v]) => {
      const t = valueText(k, v, names);
      return t === null ? null : `${k.replace(/_/g, " ")} ${t}`;
    })
    .filter(Boolean)
    .join(", ");
}

/** One event as a line of text, e.g. "Fox — play: card Damage 2, mode attack, target p0". */
export function describeEvent(event, names) {
  const { type, seat, ...rest } = event;
  const who = Number.isInteger(seat) ? `${names[seat] ?? `seat ${seat + 1}`} — ` : "";
  const what = String(type || "event").replace(/_/g, " ");
  const details = objectText(rest, names);
  return `${who}${what}${details ? `: ${details}` : ""}`;
}
