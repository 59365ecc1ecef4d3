// Lengths of time and deadlines in words, as people say them: "1 day", "2 days 3 h",
// "1 h 30 min", "45 s"; "2 days 3 h left"; a room's time per turn ("correspondence · 1 day a
// turn") and what a turn whose time runs out does, from the words of the room's settings.
import { moment } from "./forms.js";

export const HOUR = 3600;
export const DAY = 24 * HOUR;

const UNITS = [[DAY, "day", "days"], [HOUR, "h", "h"], [60, "min", "min"], [1, "s", "s"]];

/** A length of time in at most two units, the largest first (a smaller one only when it is
 * not nought): 86400 → "1 day", 183600 → "2 days 3 h", 5400 → "1 h 30 min", 45 → "45 s". */
export function duration(seconds) {
  let rest = Math.max(0, Math.floor(seconds));
  const first = UNITS.findIndex(([size]) => rest >= size);
  if (first < 0) return "0 s";
  const parts = [];
  for (const [size, one, many] of UNITS.slice(first, first + 2)) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n} ${n === 1 ? one : many}`);
  }
  return parts.join(" ");
}

/** What is left until `deadline` (epoch seconds): "2 days 3 h left", or "time is up". */
export function timeLeft(deadline, now = Date.now() / 1000) {
  const left = deadline - now;
  return left > 0 ? `${duration(left)} left` : "time is up";
}

/** When `deadline` (epoch seconds) is, for a title: "until 28 Nov 2026, 14:05". */
export function until(deadline) {
  return `until ${moment(deadline)}`;
}

const TIMEOUT_WORDS = {
  default: "a turn out of time plays the default move",
  forfeit: "a turn out of time forfeits the match",
  agent: "a turn out of time is played by a computer player",
};

/** A room's way of play in a few words, as parts to join with " · ": "correspondence",
 * "1 day a turn" (none for a live room without a time limit). */
export function turnWords(room) {
  const parts = [];
  if (room.kind === "correspondence") parts.push("correspondence");
  if (room.turn_seconds) parts.push(`${duration(room.turn_seconds)} a turn`);
  return parts;
}

/** What a turn whose time runs out does in `room` ("" where turns have no time limit). */
export function timeoutWords(room) {
  return room.turn_seconds ? TIMEOUT_WORDS[room.timeout] || "" : "";
}
