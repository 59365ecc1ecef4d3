// A knockout's bracket, drawn in CSS columns: its rounds from left to right (those not paired
// yet too, empty), each table a box with its seats and, once played, their places; those who
// went on to the next round marked "through" (a bye's one as well), the others "out", the
// winner at the end. Everything is the server's word: who sits where comes from the
// tournament's tables, who went on from each seat's `went_on` (the server applies the rule:
// places, ties at the cut, forfeits), and the text is set as text.
import { h } from "./dom.js";
import { ordinal } from "./ratings.js";
import { points } from "./tournaments.js";

/** How a seat of a table fared: "through", "out", "winner", or "" (not decided yet). */
function fate(t, round, seat) {
  if (seat.went_on === null || seat.went_on === undefined) return "";
  const final = t.state === "finished" && round.number === t.round;
  if (!seat.went_on) return "out";
  return final ? "winner" : "through";
}

const FATE_WORDS = { through: "through", out: "out", winner: "winner" };

function seatView(t, round, table, seat, mine) {
  const how = fate(t, round, seat);
  const result = [];
  if (seat.forfeit) result.push("forfeit");
  else if (seat.place !== null && seat.place !== undefined && !table.bye) result.push(ordinal(seat.place));
  if (table.bye) result.push("bye");
  return h("li", { class: `bracket-seat${how ? ` ${how}` : ""}${seat.entrant === mine ? " mine" : ""}`, dataset: { entrant: seat.entrant, fate: how || "open" } },
    h("span", { class: "seat-name" }, seat.name),
    seat.entrant === mine ? h("span", { class: "badge you" }, "you") : null,
    h("span", { class: "seat-result" },
      result.length ? h("span", { class: "seat-place" }, result.join(", ")) : null,
      seat.points !== null && seat.points !== undefined && !table.bye ? h("span", { class: "visually-hidden" }, `, ${points(seat.points)} points`) : null,
      how ? h("span", { class: `fate ${how}` }, FATE_WORDS[how]) : null));
}

function tableView(t, round, table, mine) {
  const seated = table.seats.some((s) => s.entrant === mine);
  const label = table.bye ? `Round ${round.number}, a bye` : `Round ${round.number}, table ${table.number}`;
  const watch = table.state === "playing" && table.room && !table.bye
    ? h("a", { class: "bracket-watch", href: seated ? `#/room/${encodeURIComponent(table.room)}` : `#/room/${encodeURIComponent(table.room)}?watch`, dataset: { focus: `bracket-room:${round.number}:${table.number}` } },
      seated ? "Play" : "Watch", h("span", { class: "visually-hidden" }, ` ${label}`))
    : null;
  return h("li", { class: `bracket-table${table.bye ? " bye" : ""}${seated ? " mine" : ""}`, dataset: { round: String(round.number), table: String(table.number), state: table.state, bye: table.bye ? "yes" : "no" }, "aria-label": label },
    h("div", { class: "bracket-table-head" },
      h("span", { class: "bracket-table-name" }, table.bye ? "Bye" : `Table ${table.number}`),
      h("span", { class: "muted" }, table.bye ? "goes on" : table.state === "done" ? "played" : "playing")),
    h("ul", { class: "bracket-seats" }, table.seats.map((seat) => seatView(t, round, table, seat, mine))),
    watch);
}

/** The bracket of tournament `t` (a TournamentDetail); `mine`: the viewer's entrant id, if any. */
export function bracket(t, mine = null) {
  const paired = t.tables || [];
  const total = Math.max(t.rounds || 0, paired.length);
  const columns = [];
  for (let n = 1; n <= total; n++) {
    const round = paired.find((r) => r.number === n);
    const title = n === total && total > 1 ? "Final" : `Round ${n}`;
    const body = round
      ? h("ol", { class: "bracket-tables" }, round.tables.map((table) => tableView(t, round, table, mine)))
      : h("p", { class: "muted bracket-later" }, t.state === "cancelled" ? "Not played" : "Not paired yet");
    columns.push(h("li", { class: `bracket-round${round ? "" : " later"}${n === t.round && t.state === "running" ? " current" : ""}`, dataset: { round: String(n) } },
      h("h3", { class: "bracket-round-title" }, title, n === t.round && t.state === "running" ? h("span", { class: "badge playing" }, "now") : null),
      body));
  }
  if (!columns.length) return h("p", { class: "muted", id: "bracket-empty" }, "The bracket is drawn once it starts.");
  return h("div", { class: "bracket-scroll", tabindex: "0", role: "group", "aria-label": "The bracket: scroll sideways for the later rounds" },
    h("ol", { class: "bracket", id: "bracket" }, columns));
}
