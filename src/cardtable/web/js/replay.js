// Replays: choose a finished match, then step through it (forward, back, or with the
// slider) from the point of view of any seat, drawn on the game's own table, or seen by
// everyone (every card face up: a finished match's record is public). The matches of a room
// with a password are shown for a token of the room: the one this browser keeps, if any.
import { api } from "./api.js";
import { shareReplayPanel } from "./feed.js";
import { seatOf } from "./store.js";
import { cardNames, describeEvent } from "./events.js";
import { fill, h, notice } from "./dom.js";
import { icon } from "./icons.js";
import { tableFor, tablesReady } from "./tables/index.js";
import { everythingTable, stateCardNames } from "./tables/everything.js";

/** Seat names, two of one name told apart by their seats (as in a room). */
function distinct(names) {
  return names.map((n, i) => (names.indexOf(n) !== names.lastIndexOf(n) ? `${n} (seat ${i + 1})` : n));
}

// The room of each match listed, so that its replay finds the room's token.
const roomOfMatch = new Map();

/** The token this browser keeps for a room (its seat's, or the spectator ticket, or the host's). */
function tokenOf(roomId) {
  const kept = roomId ? seatOf(roomId) : null;
  return kept ? kept.token || kept.host || null : null;
}

function when(seconds) {
  return seconds ? new Date(seconds * 1000).toLocaleString([], { dateStyle: "short", timeStyle: "short" }) : "";
}

export function replaysPage(main) {
  const query = new URLSearchParams((location.hash.split("?")[1]) || "");
  const onlyRoom = query.get("room");
  const list = h("ul", { class: "matches", id: "match-list" }, h("li", { class: "muted" }, "Loading…"));
  const error = notice();
  let gone = false;
  fill(main, h("h1", {}, "Replays"),
    h("p", { class: "lead" }, onlyRoom ? "The finished matches of this room." : "Finished matches, newest first. Choose one to step through it."),
    error, list);

  (async () => {
    try {
      const titles = Object.fromEntries((await api.games()).map((g) => [g.name, g.title]));
      let found = onlyRoom ? await api.matches(onlyRoom, tokenOf(onlyRoom)) : await api.finished();
      found = found.filter((m) => m.status === "finished");
      for (const m of found) roomOfMatch.set(m.id, m.room);
      if (gone) return;
      found.sort((a, b) => (b.finished_at || 0) - (a.finished_at || 0));
      fill(list, found.length ? found.map((m) => {
        const winners = (m.outcome?.winners || []).map((w) => m.seats[w]);
        return h("li", {},
          h("a", { href: `#/replay/${m.id}`, class: "button secondary" }, "Replay"), " ",
          h("strong", {}, titles[m.game] || m.game), " ", m.seats.join(" vs "),
          h("span", { class: "muted" }, ` · ${winners.length ? `${winners.join(" and ")} won` : "nobody won"} · ${when(m.finished_at)}`));
      }) : h("li", { class: "muted" }, "No finished match yet."));
    } catch (e) {
      if (!gone) error.say(e.message);
    }
  })();
  return () => {
    gone = true;
  };
}

export function replayPage(main, raw) {
  const [matchId, rawQuery] = raw.split("?");
  const roomId = new URLSearchParams(rawQuery || "").get("room") || roomOfMatch.get(matchId);
  const token = tokenOf(roomId);
  // the seat this browser played in the match's room, if it did: the only one marked "(you)"
  let you = null;
  const counts = new Map(); // "seat:step" → how many events the step's view holds
  let info = null;
  let step = 0;
  let steps = 0;
  let seat = 0; // or null: everyone
  let table = null;
  let tableKind = null;
  let gone = false;
  let loading = 0;

  const title = h("h1", {}, "Replay");
  const seatSelect = h("select", { id: "replay-seat" });
  const slider = h("input", { type: "range", id: "replay-slider", min: 0, max: 0, value: 0, "aria-label": "Step" });
  const position = h("output", { id: "replay-step", for: "replay-slider", "aria-live": "polite" });
  const decision = h("p", { class: "muted", id: "replay-decision" });
  const error = notice();
  const tableSlot = h("div", { class: "table-slot" });
  const log = h("ol", { class: "log", id: "replay-log" });
  const button = (id, label, shape, go) => h("button", { type: "button", id, "aria-label": label, title: label, onclick: go }, icon(shape));

  fill(main, title,
    h("div", { class: "replay-controls panel", role: "group", "aria-label": "Replay controls" },
      h("div", { class: "field" }, h("label", { for: "replay-seat" }, "Whose view"), seatSelect),
      h("div", { class: "stepper" },
        button("replay-first", "First step", "first", () => show(0)),
        button("replay-back", "Step back", "back", () => show(step - 1)),
        slider,
        button("replay-forward", "Step forward", "forward", () => show(step + 1)),
        button("replay-last", "Last step", "last", () => show(steps))),
      position, decision, error),
    h("div", { class: "room-grid" },
      h("section", { class: "play-area", "aria-label": "The table" }, tableSlot),
      h("aside", { class: "side" }, h("section", { class: "panel" }, h("h2", {}, "Log"), log), shareReplayPanel(matchId))));

  // Playing, the next step is asked for a moment after the last one is shown: a step slower
  // to come than the pace is waited for (asked again at each tick, it would never be shown).
  const PACE_MS = 700;
  let playing = null; // the timer of the next step while playing
  let run = 0; // which press of Play a step belongs to (a pause and a new Play start anew)
  const play = h("button", { type: "button", id: "replay-play", class: "secondary", "aria-pressed": "false" }, "Play");
  const stop = () => {
    clearTimeout(playing);
    playing = null;
    run++;
    play.textContent = "Play";
    play.setAttribute("aria-pressed", "false");
  };
  const tick = async (mine) => {
    if (step >= steps) {
      stop();
      return;
    }
    await show(step + 1);
    if (mine === run && playing !== null) playing = setTimeout(tick, PACE_MS, mine);
  };
  play.addEventListener("click", async () => {
    if (playing !== null) {
      stop();
      return;
    }
    const mine = ++run;
    play.textContent = "Pause";
    play.setAttribute("aria-pressed", "true");
    playing = -1; // playing: from the start again first, when at the end
    if (step >= steps) await show(0);
    if (mine === run) playing = setTimeout(tick, PACE_MS, mine);
  });
  main.querySelector(".stepper").appendChild(play);

  slider.addEventListener("input", () => show(Number(slider.value)));
  seatSelect.addEventListener("change", () => {
    seat = seatSelect.value === "all" ? null : Number(seatSelect.value);
    show(step);
  });

  async function show(wanted) {
    const target = Math.max(0, Math.min(steps || wanted, wanted));
    const ticket = ++loading;
    let data;
    try {
      data = await api.replay(matchId, target, seat, token);
    } catch (e) {
      error.say(e.message);
      return;
    }
    if (gone || ticket !== loading) return;
    error.say("");
    step = data.step;
    steps = data.steps;
    slider.max = String(steps);
    slider.value = String(step);
    position.textContent = `Step ${step} of ${steps}`;
    counts.set(`${seat}:${step}`, data.events.length);
    const names = distinct(info.seats);
    const cardsNamed = seat === null ? stateCardNames(data.state) : cardNames(data.view);
    decision.textContent = step ? await whatHappened(data, names, cardsNamed) : "The deal, before anyone decided.";
    await tablesReady(); // a plug-in game's table
    if (gone || ticket !== loading) return;
    const kind = seat === null ? "everyone" : "seat";
    if (table && tableKind !== kind) {
      table.destroy();
      table = null;
    }
    tableKind = kind;
    if (seat === null) {
      if (!table) table = everythingTable(tableSlot);
      table.update({ state: data.state, names, outcomeText: data.outcome_text });
      showLog(data.events, cardsNamed);
      return;
    }
    const view = data.view;
    if (!table) table = tableFor(info.game)(tableSlot, { decide: () => {} });
    table.update({
      message: { match: matchId, version: view.version, seat, view, legal: [], unplayable: [], to_act: view.to_act, default: null, outcome: view.outcome, outcome_text: data.outcome_text, events: data.events.length },
      names,
      seat,
      you,
      events: data.events,
    });
    showLog(data.events, cardsNamed);
  }

  /** What this step's decision did, in the events' own words (as a live match's log tells
   * it), never the decision's text: the lines of the events the step added. */
  async function whatHappened(data, names, cards) {
    const key = `${seat}:${data.step - 1}`;
    if (!counts.has(key)) {
      try {
        const before = await api.replay(matchId, data.step - 1, seat, token);
        counts.set(key, before.events.length);
      } catch {
        counts.set(key, data.events.length);
      }
    }
    const lines = data.events.slice(counts.get(key)).map((e) => describeEvent(e, names, cards)).filter((line) => line !== null);
    if (lines.length) return lines.map((line) => line.replace(/[.;:]$/, "")).join("; ") + ".";
    const who = data.decision ? names[data.decision[0]] ?? `Seat ${data.decision[0] + 1}` : "Someone";
    return `${who} made a move that the view of this seat does not show.`;
  }

  function showLog(events, cards) {
    const names = distinct(info.seats);
    const lines = events.slice(-60).map((e) => describeEvent(e, names, cards)).filter((line) => line !== null);
    fill(log, lines.map((line) => h("li", {}, line)));
    log.scrollTop = log.scrollHeight;
  }

  (async () => {
    try {
      info = await api.match(matchId, token);
    } catch (e) {
      error.say(e.message);
      return;
    }
    if (gone) return;
    title.textContent = `Replay: ${info.seats.join(" vs ")}`;
    const kept = info.room ? seatOf(info.room) : null;
    if (kept && kept.role === "player" && Number.isInteger(kept.seat) && kept.seat < info.seats.length) you = kept.seat;
    fill(seatSelect, info.seats.map((name, i) => h("option", { value: String(i) }, `${name} (seat ${i + 1})${i === you ? ", you" : ""}`)),
      h("option", { value: "all" }, "Everyone: every card face up"));
    show(0);
  })();

  return () => {
    gone = true;
    clearInterval(playing);
    table?.destroy();
  };
}
