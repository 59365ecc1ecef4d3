// One tournament (#/tournament/ID): what it is (game, format, state, its round, its host, the
// winner once finished), what the viewer may do (enter, leave or withdraw; its host: add
// computer players, take entrants out, start it, call it off), the viewer's own table first
// (a Play link to its room), then a knockout's bracket or the standings of a Swiss or a round
// robin (each tie-break's meaning as its column's title and in a legend), each round's tables
// (the current one open, with Watch links; the earlier ones folded), and the entrants.
//
// Live: read again whenever the personal channel says the tournament moved on, and every few
// seconds while the page is shown; each part is drawn again only when what it shows changed,
// so the keyboard's place stays where it was. The server pairs and ranks: nothing is worked
// out here, and every name is set as text.
import { bracket } from "./bracket.js";
import { h, fill, notice, redraw } from "./dom.js";
import { moment } from "./forms.js";
import { onPersonal, onReopened } from "./personal.js";
import { ordinal } from "./ratings.js";
import { me, onAccount, signInLink } from "./session.js";
import { duration } from "./times.js";
import { badges, formatWords, points, roundWords, stateBadge, tournamentApi } from "./tournaments.js";

const POLL_MS = 3000; // while the page is shown: results come in table by table

const TIEBREAKS = {
  buchholz: ["Buchholz", "Buch."],
  sonneborn_berger: ["Sonneborn–Berger", "S–B"],
  opponents_points: ["Opponents' points", "Opp."],
  placings: ["Placings", "Plac."],
  round: ["Round reached", "Rnd"],
  table_place: ["Place at the table", "Tbl"],
};

function tiebreakName(name) {
  return TIEBREAKS[name]?.[0] || name.replace(/_/g, " ");
}

/** A room's page: to play at one's own table, to watch another. */
function roomLink(room, mine) {
  return `#/room/${encodeURIComponent(room)}${mine ? "" : "?watch"}`;
}

/** "Ann", "Ann and Bo", "Ann, Bo and Cy". */
function listed(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0] || "";
}

/** A seat's result in a few words: "1st, 1 point", "forfeit", "" while playing. */
function resultWords(seat) {
  if (seat.forfeit) return "forfeit, 0 points";
  if (seat.place === null || seat.place === undefined) return "";
  const n = seat.points;
  return `${ordinal(seat.place)}, ${points(n)} ${n === 1 ? "point" : "points"}`;
}

export function tournamentPage(main, id) {
  let gone = false;
  let timer = null;
  let t = null;
  let agents = null; // the host's choice of computer players, read once
  const drawn = {}; // each part's data when last drawn
  const openRounds = new Set(); // earlier rounds the person unfolded

  const head = h("div", { id: "tournament-head" });
  const winner = h("p", { class: "tournament-winner", id: "tournament-winner", hidden: true });
  const mine = h("section", { class: "panel my-table", id: "my-table", "aria-labelledby": "my-table-title", hidden: true });
  const actions = h("div", { class: "actions", id: "tournament-actions" });
  const actionError = notice();
  actionError.id = "tournament-error";
  const actionPanel = h("section", { class: "panel", id: "tournament-actions-panel", "aria-label": "What you may do" }, actions, actionError);
  const board = h("section", { class: "panel", id: "tournament-board", "aria-labelledby": "tournament-board-title" });
  const rounds = h("section", { class: "panel", id: "tournament-rounds", "aria-labelledby": "tournament-rounds-title", hidden: true });
  const entrants = h("section", { class: "panel", id: "tournament-entrants", "aria-labelledby": "tournament-entrants-title" });
  const news = h("p", { class: "visually-hidden", id: "tournament-news", "aria-live": "polite" });
  const problem = notice();
  // kept across redraws, with what was typed or chosen in them
  const password = h("input", { id: "tournament-join-password", type: "password", maxlength: 128, autocomplete: "off" });
  const agentSelect = h("select", { id: "tournament-agent" });

  fill(main, h("p", { class: "muted", id: "tournament-loading" }, "Loading the tournament…"));

  /** Draw `part` with `draw()` when `data` differs from what it was drawn from. */
  function part(name, el, data, draw) {
    const now = JSON.stringify(data);
    if (drawn[name] === now) return;
    drawn[name] = now;
    const scrolled = [...el.querySelectorAll(".scroll, .bracket-scroll")].map((box) => box.scrollLeft);
    redraw(el, draw);
    el.querySelectorAll(".scroll, .bracket-scroll").forEach((box, index) => { box.scrollLeft = scrolled[index] || 0; }); // the place kept
  }

  function layout() {
    fill(main, head, winner, news, problem, mine, actionPanel, board, rounds, entrants);
  }

  function draw() {
    if (!main.contains(head)) layout();
    part("head", head, [t.name, t.title, t.format, t.state, t.round, t.rounds, t.host, t.entrants, t.most_entrants, t.fewest_entrants, t.starts_at, t.started_at, t.turn_seconds, t.rated, t.access, t.entered, t.seats, t.seeding, t.computers, t.fill], drawHead);
    part("winner", winner, [t.state, t.winner], () => {
      winner.hidden = !(t.state === "finished" && t.winner);
      fill(winner, "Winner: ", h("strong", {}, t.winner || ""));
    });
    part("mine", mine, [t.me, t.state, t.round, t.standings.find((s) => s.entrant === t.me?.entrant)?.place, t.standings.length], drawMine);
    part("actions", actions, [t.state, t.entered, t.me?.withdrawn, t.hosting, t.access, t.computers, t.entrants >= t.most_entrants, Boolean(me()), agents], drawActions);
    if (t.format === "knockout") part("board", board, [t.tables, t.state, t.round, t.rounds, t.me?.entrant], drawBracket);
    else part("board", board, [t.standings, t.tiebreaks, t.state, t.round, t.me?.entrant], drawStandings);
    part("rounds", rounds, [t.format, t.tables, t.round, t.me?.entrant], drawRounds);
    part("entrants", entrants, [t.field, t.hosting, t.state, t.entrants, t.most_entrants], drawEntrants);
  }

  function drawHead() {
    const facts = [
      ["Game", [t.title, t.rated ? " (rated)" : ""]],
      ["Format", `${formatWords(t.format)}${t.seats > 2 ? `, ${t.seats} at a table` : ", duels"}`],
      ["Entrants", `${t.entrants} of at most ${t.most_entrants}${t.state === "open" ? ` (at least ${t.fewest_entrants})` : ""}`],
      t.started_at ? ["Started", moment(t.started_at)] : ["Starts", t.starts_at ? moment(t.starts_at) : "when full, or when its host starts it"],
      ["Time per turn", t.turn_seconds ? duration(t.turn_seconds) : "no limit"],
      ["Host", t.host],
      ["Seeding", t.seeding === "random" ? "at random" : "by rating"],
      ["Computer players", t.computers ? (t.fill ? "may enter, and fill the empty places" : "may enter") : "none"],
    ];
    fill(head,
      h("h1", { id: "tournament-title" }, t.name),
      h("p", { class: "tournament-status", id: "tournament-status" },
        stateBadge(t.state), badges(t), " ",
        h("span", { id: "tournament-round" }, roundWords(t) ? `Round ${t.round} of ${t.rounds}` : t.state === "open" ? "Not started yet" : "")),
      h("dl", { class: "tournament-facts", id: "tournament-facts" }, facts.map(([term, value]) => h("div", {}, h("dt", {}, term), h("dd", {}, value)))),
      h("p", {}, h("a", { href: "#/tournaments" }, "All tournaments")));
  }

  function drawMine() {
    const place = t.me;
    mine.hidden = !place;
    if (!place) return;
    const title = h("h2", { id: "my-table-title" }, "Your table");
    const standing = t.standings.find((s) => s.entrant === place.entrant);
    if (place.withdrawn) {
      fill(mine, title, h("p", { id: "my-table-text" }, "You withdrew: you are paired no more."));
      return;
    }
    if (t.state === "open") {
      fill(mine, title, h("p", { id: "my-table-text" }, `You are entered. ${t.starts_at ? `It starts ${moment(t.starts_at)}` : "It starts when full"}; your table is shown here then.`));
      return;
    }
    if (t.state === "finished") {
      fill(mine, h("h2", { id: "my-table-title" }, "Your result"),
        h("p", { id: "my-table-text" }, standing ? `You finished ${ordinal(standing.place)} of ${t.standings.length}.` : "The tournament is over."));
      return;
    }
    if (t.state === "cancelled") {
      fill(mine, title, h("p", { id: "my-table-text" }, "It was called off."));
      return;
    }
    const table = place.table;
    if (!table) {
      fill(mine, title, h("p", { id: "my-table-text" }, `Round ${t.round}: no table for you this round.`));
      return;
    }
    if (table.bye) {
      fill(mine, title, h("p", { id: "my-table-text" }, `Round ${place.round}: you have a bye, and play no match this round.`));
      return;
    }
    const others = table.seats.filter((s) => s.entrant !== place.entrant).map((s) => s.name);
    const seat = table.seats.find((s) => s.entrant === place.entrant);
    const line = h("p", { id: "my-table-text" }, h("strong", {}, `Round ${place.round}, table ${table.number}`), ` — against ${listed(others)}`);
    const play = table.state === "playing" && table.room
      ? h("a", { class: "button big", id: "my-table-play", href: roomLink(table.room, true) }, "Play", h("span", { class: "visually-hidden" }, ` at round ${place.round}, table ${table.number}`))
      : null;
    const done = table.state === "done" && seat ? h("p", { id: "my-table-result" }, `Your match is over: ${resultWords(seat)}. The next round is paired once every table has finished.`) : null;
    const waiting = table.state === "playing" && !table.room ? h("p", { class: "muted" }, "Its room is being made…") : null;
    fill(mine, title, line, play ? h("div", { class: "actions" }, play) : null, done, waiting);
  }

  function drawActions() {
    const buttons = [];
    const who = me();
    if (!who) {
      if (t.state === "open") {
        buttons.push(h("p", { id: "tournament-sign-in" }, h("a", { href: signInLink(`#/tournament/${id}`) }, "Sign in"), " or ",
          h("a", { href: signInLink(`#/tournament/${id}`, "signup") }, "sign up"), " to enter."));
      }
    } else if (t.state === "open" && !t.entered) {
      if (t.entrants >= t.most_entrants) buttons.push(h("p", { class: "muted", id: "tournament-full" }, "It is full."));
      else {
        if (t.access === "password") buttons.push(h("span", { class: "field inline" }, h("label", { for: "tournament-join-password" }, "Password"), password));
        buttons.push(h("button", { type: "button", id: "tournament-join", onclick: () => {
          if (t.access === "password" && !password.value) {
            actionError.say("Write the tournament's password to enter.");
            password.focus();
            return;
          }
          act(() => tournamentApi.join(id, t.access === "password" ? { password: password.value } : undefined));
        } }, "Enter the tournament"));
      }
    } else if (t.state === "open" && t.entered) {
      buttons.push(h("button", { type: "button", class: "secondary", id: "tournament-leave", onclick: () => act(() => tournamentApi.leave(id)) }, "Leave the tournament"));
    } else if (t.state === "running" && t.entered && !t.me?.withdrawn) {
      buttons.push(h("button", { type: "button", class: "secondary", id: "tournament-withdraw", onclick: () => {
        if (confirm("Withdrawing concedes your match under way, and you are paired no more. Withdraw?")) act(() => tournamentApi.leave(id));
      } }, "Withdraw"));
    }
    if (t.hosting && t.state === "open") {
      if (t.computers && t.entrants < t.most_entrants) {
        if (agents === null) loadAgents();
        buttons.push(h("span", { class: "field inline add-computer" },
          h("label", { for: "tournament-agent" }, "Computer player"), agentSelect,
          h("button", { type: "button", class: "secondary", id: "tournament-add-computer", disabled: !agents?.length, onclick: () => act(() => tournamentApi.addComputer(id, agentSelect.value)) }, "Add")));
      }
      buttons.push(h("button", { type: "button", id: "tournament-start", onclick: () => act(() => tournamentApi.start(id)) }, "Start now"));
      buttons.push(h("button", { type: "button", class: "secondary", id: "tournament-cancel", onclick: () => {
        if (confirm("Call the tournament off? Its entrants are told.")) act(() => tournamentApi.cancel(id));
      } }, "Call it off"));
    }
    actionPanel.hidden = !buttons.length;
    fill(actions, buttons);
  }

  async function loadAgents() {
    agents = [];
    try {
      const found = await tournamentApi.computerPlayers(t.game);
      if (gone) return;
      fill(agentSelect, found.map((a) => h("option", { value: a.name }, a.title)));
      agents = found;
    } catch (error) {
      actionError.say(error.message);
      agents = null;
      return;
    }
    draw();
  }

  function drawStandings() {
    const title = h("h2", { id: "tournament-board-title" }, "Standings");
    if (!t.standings.length) {
      fill(board, title, h("p", { class: "muted", id: "standings-empty" }, t.state === "cancelled" ? "It was called off before it started." : "The standings appear once it starts."));
      return;
    }
    const names = Object.keys(t.tiebreaks);
    const played = t.tables.filter((r) => r.tables.every((table) => table.state === "done")).length;
    const caption = t.state === "finished" ? "Final standings"
      : played ? `After ${played} ${played === 1 ? "round" : "rounds"}` : "No round has been played yet.";
    const rows = t.standings.map((s) => {
      const classes = [s.entrant === t.me?.entrant ? "me" : "", s.withdrawn ? "withdrawn" : ""].filter(Boolean).join(" ");
      return h("tr", { class: classes || null, dataset: { entrant: s.entrant, place: String(s.place), points: String(s.points) }, "aria-current": s.entrant === t.me?.entrant ? "true" : null },
        h("td", { class: "rank" }, String(s.place)),
        h("th", { scope: "row", class: "player" }, h("span", { class: "player-name" }, s.name),
          s.entrant === t.me?.entrant ? h("span", { class: "badge you" }, "you") : null,
          s.withdrawn ? h("span", { class: "badge withdrawn" }, "withdrawn") : null),
        h("td", { class: "num points" }, points(s.points)),
        names.map((name) => h("td", { class: "num tiebreak", dataset: { tiebreak: name } }, points(s.tiebreaks[name] ?? 0))),
        h("td", { class: "num played" }, String(s.played)),
        h("td", { class: "num byes" }, String(s.byes)));
    });
    fill(board, title,
      h("div", { class: "scroll", tabindex: "0", role: "group", "aria-labelledby": "tournament-board-title" },
        h("table", { class: "board-table standings", id: "standings" },
          h("caption", { class: "muted" }, caption),
          h("thead", {}, h("tr", {},
            h("th", { scope: "col", class: "rank" }, h("abbr", { title: "Place" }, "#")),
            h("th", { scope: "col" }, "Player"),
            h("th", { scope: "col", class: "num" }, "Points"),
            names.map((name) => h("th", { scope: "col", class: "num", title: t.tiebreaks[name], dataset: { tiebreak: name } },
              h("abbr", { title: `${tiebreakName(name)}: ${t.tiebreaks[name]}` }, TIEBREAKS[name]?.[1] || tiebreakName(name)))),
            h("th", { scope: "col", class: "num" }, "Played"),
            h("th", { scope: "col", class: "num" }, "Byes"))),
          h("tbody", {}, rows))),
      names.length ? h("dl", { class: "tiebreak-legend", id: "tiebreak-legend", "aria-label": "Tie-breaks, in the order they count" },
        names.map((name) => h("div", {}, h("dt", {}, `${TIEBREAKS[name]?.[1] || tiebreakName(name)}: ${tiebreakName(name)}`), h("dd", {}, t.tiebreaks[name])))) : null);
  }

  function drawBracket() {
    fill(board, h("h2", { id: "tournament-board-title" }, "Bracket"), bracket(t, t.me?.entrant || null));
  }

  function tableItem(table, round, current) {
    const seated = table.seats.some((s) => s.entrant === t.me?.entrant);
    const seats = table.seats.map((s, index) => {
      const result = resultWords(s);
      return [index ? h("span", { class: "versus" }, " against ") : null,
        h("span", { class: `table-seat${s.entrant === t.me?.entrant ? " mine" : ""}`, dataset: { entrant: s.entrant, place: s.place ?? "" } },
          h("span", { class: "seat-name" }, s.name), result ? h("span", { class: "muted seat-result" }, ` (${result})`) : null)];
    });
    const link = current && table.state === "playing" && table.room
      ? h("a", { class: `button${seated ? "" : " secondary"} table-room`, href: roomLink(table.room, seated), dataset: { focus: `room:${round.number}:${table.number}` } },
        seated ? "Play" : "Watch", h("span", { class: "visually-hidden" }, ` table ${table.number}`))
      : null;
    return h("li", { class: `round-table${seated ? " mine" : ""}`, dataset: { table: String(table.number), state: table.state, bye: table.bye ? "yes" : "no" } },
      h("span", { class: "table-name" }, table.bye ? "Bye" : `Table ${table.number}`),
      h("span", { class: "table-seats" }, seats),
      h("span", { class: `badge ${table.state === "done" ? "finished" : "playing"}` }, table.bye ? "bye" : table.state === "done" ? "played" : "playing"),
      link);
  }

  function drawRounds() {
    rounds.hidden = t.format === "knockout" || !t.tables.length;
    if (rounds.hidden) return;
    for (const el of rounds.querySelectorAll("details.round[data-round]")) {
      if (el.open) openRounds.add(el.dataset.round);
      else openRounds.delete(el.dataset.round);
    }
    const newest = [...t.tables].sort((a, b) => b.number - a.number);
    const [current, ...earlier] = newest;
    const done = current.tables.every((table) => table.state === "done");
    fill(rounds, h("h2", { id: "tournament-rounds-title" }, "Rounds"),
      h("div", { class: "round current", id: `round-${current.number}`, dataset: { round: String(current.number) } },
        h("h3", {}, `Round ${current.number}`, " ", h("span", { class: `badge ${done ? "finished" : "playing"}` }, done ? "played" : "under way")),
        h("ul", { class: "round-tables" }, current.tables.map((table) => tableItem(table, current, true)))),
      earlier.map((round) => {
        const folded = h("details", { class: "round earlier", id: `round-${round.number}`, dataset: { round: String(round.number) } },
          h("summary", {}, `Round ${round.number}`),
          h("ul", { class: "round-tables" }, round.tables.map((table) => tableItem(table, round, false))));
        folded.open = openRounds.has(String(round.number));
        return folded;
      }));
  }

  function drawEntrants() {
    const removable = t.hosting && t.state === "open";
    const field = t.field;
    fill(entrants, h("h2", { id: "tournament-entrants-title" }, `Entrants (${t.entrants} of ${t.most_entrants})`),
      field.length
        ? h("div", { class: "scroll" }, h("table", { class: "board-table entrants", id: "entrants" },
          h("thead", {}, h("tr", {},
            h("th", { scope: "col", class: "rank" }, h("abbr", { title: "Seed" }, "Seed")),
            h("th", { scope: "col" }, "Player"),
            h("th", { scope: "col", class: "num" }, "Rating"),
            removable ? h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, "Remove")) : null)),
          h("tbody", {}, field.map((e) => h("tr", { class: e.withdrawn ? "withdrawn" : null, dataset: { entrant: e.id, kind: e.kind } },
            h("td", { class: "rank" }, e.seed ? String(e.seed) : "–"),
            h("th", { scope: "row", class: "player" },
              e.username ? h("a", { class: "player-name", href: `#/u/${encodeURIComponent(e.username)}` }, e.name) : h("span", { class: "player-name" }, e.name),
              e.kind === "agent" ? h("span", { class: "badge" }, "computer") : null,
              e.id === t.me?.entrant ? h("span", { class: "badge you" }, "you") : null,
              e.withdrawn ? h("span", { class: "badge withdrawn" }, "withdrawn") : null),
            h("td", { class: "num" }, e.rating ? String(e.rating) : "–"),
            removable ? h("td", {}, h("button", { type: "button", class: "secondary small remove-entrant", dataset: { focus: `remove:${e.id}` },
              onclick: () => act(() => tournamentApi.remove(id, e.id)) }, "Remove", h("span", { class: "visually-hidden" }, ` ${e.name}`))) : null)))))
        : h("p", { class: "muted", id: "entrants-empty" }, "Nobody has entered yet."));
  }

  let busy = false; // one request at a time (a double click asks once)

  async function act(request) {
    if (busy) return;
    busy = true;
    actionError.say("");
    actionPanel.setAttribute("aria-busy", "true");
    try {
      show(await request());
    } catch (error) {
      actionError.say(error.message);
    } finally {
      busy = false;
      actionPanel.removeAttribute("aria-busy");
    }
  }

  function show(next) {
    const before = t;
    t = next;
    if (before && (before.round !== t.round || before.state !== t.state)) {
      news.textContent = t.state === "finished" ? `The tournament is over${t.winner ? `: ${t.winner} won` : ""}.`
        : t.state === "cancelled" ? "The tournament was called off."
          : t.state === "running" && before.state === "open" ? "The tournament has started."
            : `Round ${t.round} has begun${t.me?.table?.room && !t.me.table.bye ? ": your table is ready" : ""}.`;
    }
    draw();
  }

  async function load() {
    clearTimeout(timer);
    try {
      const next = await tournamentApi.one(id);
      if (gone) return;
      problem.say("");
      show(next);
    } catch (error) {
      if (gone) return;
      if (error.code === "not_found") {
        fill(main, h("h1", {}, "No such tournament"), h("p", { role: "alert" }, error.message), h("p", {}, h("a", { href: "#/tournaments" }, "All tournaments")));
        return;
      }
      if (t) problem.say(error.message);
      else fill(main, h("h1", {}, "Tournament"), h("p", { class: "notice error", role: "alert", id: "tournament-problem" }, error.message));
    }
    if (!gone) timer = setTimeout(tick, POLL_MS);
  }

  function tick() {
    if (document.hidden) timer = setTimeout(tick, POLL_MS);
    else load();
  }

  const visible = () => { if (!document.hidden) load(); };
  document.addEventListener("visibilitychange", visible);
  const stops = [
    onPersonal("tournament", (message) => { if (message.tournament?.id === id) load(); }),
    onReopened(load),
    onAccount(() => {
      for (const key of Object.keys(drawn)) delete drawn[key];
      load();
    }),
  ];
  load();
  return () => {
    gone = true;
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", visible);
    for (const stop of stops) stop();
  };
}

