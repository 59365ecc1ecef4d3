// Tournaments (#/tournaments): the list, open for entries first, then those under way and
// those finished (a row each: its name, game, format, entrants, when it starts, its round,
// its winner), read again now and then while the page is shown; and, for a signed-in person,
// the form that creates one (its game and rules, a rated ruleset or house rules, its format,
// who may enter, computer players, the time per turn, how many entrants, when it starts).
// The server pairs, seats and ranks: this page shows what it says, as text. One tournament's
// page is tournament.js's.
import { call } from "./api.js";
import { h, fill, notice, redraw } from "./dom.js";
import { clearAll, field, formError, moment, showRefusal } from "./forms.js";
import { ratedRulesets } from "./ratings.js";
import { rulesetForm } from "./schemaform.js";
import { me, onAccount, signInLink } from "./session.js";

const MOST_START_DAYS = 30; // how far ahead a tournament may be set to start (the server's limit)
const POLL_MS = 10000; // the list, while shown: entries come and rounds move on

export const tournamentApi = {
  list: (state) => call("GET", `/tournaments${state ? `?state=${encodeURIComponent(state)}` : ""}`),
  one: (id) => call("GET", `/tournaments/${encodeURIComponent(id)}`),
  create: (body) => call("POST", "/tournaments", body),
  join: (id, body) => call("POST", `/tournaments/${encodeURIComponent(id)}/join`, body),
  leave: (id) => call("POST", `/tournaments/${encodeURIComponent(id)}/leave`),
  addComputer: (id, agent) => call("POST", `/tournaments/${encodeURIComponent(id)}/computers`, { agent }),
  remove: (id, entrant) => call("DELETE", `/tournaments/${encodeURIComponent(id)}/entrants/${encodeURIComponent(entrant)}`),
  start: (id) => call("POST", `/tournaments/${encodeURIComponent(id)}/start`),
  cancel: (id) => call("POST", `/tournaments/${encodeURIComponent(id)}/cancel`),
  games: () => call("GET", "/games"),
  presets: (game) => call("GET", `/games/${encodeURIComponent(game)}/presets`),
  computerPlayers: (game) => call("GET", `/games/${encodeURIComponent(game)}/computer-players`),
};

export const FORMATS = {
  swiss: ["Swiss", "A set number of rounds; each round pairs those with the same points, and nobody meets anyone twice."],
  knockout: ["Knockout", "Each table's best go on to the next round until one is left; a bye goes on without playing."],
  round_robin: ["Round robin", "Everyone meets everyone else once (at most 32 entrants)."],
};

export const STATES = { open: "open for entries", running: "under way", finished: "finished", cancelled: "cancelled" };

const ACCESS = { public: "anyone signed in", password: "with its password", friends: "the host's friends" };

/** The format's name: "Swiss". */
export function formatWords(format) {
  return FORMATS[format]?.[0] || format;
}

/** When it starts: "when full", or the day and time. */
function startWords(t) {
  if (t.started_at) return `started ${moment(t.started_at)}`;
  return t.starts_at ? `starts ${moment(t.starts_at)}` : "starts when full";
}

/** The round it is at: "round 2 of 3" (a knockout's rounds: for its field now). */
export function roundWords(t) {
  if (t.state === "open" || t.state === "cancelled" || !t.round) return "";
  return `round ${t.round} of ${t.rounds}`;
}

/** A number of points as people write them: 2, 1½, ½. */
export function points(value) {
  const n = Number(value);
  if (!Number.isFinite(n)) return "";
  const whole = Math.trunc(n);
  const rest = Math.abs(n - whole);
  if (rest < 1e-9) return String(whole);
  if (Math.abs(rest - 0.5) < 1e-9) return `${whole === 0 ? (n < 0 ? "−" : "") : whole}½`;
  return String(Math.round(n * 100) / 100);
}

/** The state's badge. */
export function stateBadge(state) {
  return h("span", { class: `badge tournament-state ${state}`, dataset: { state } }, STATES[state] || state);
}

/** The badges of what sets a tournament apart: rated, a password, friends only, entered. */
export function badges(t) {
  return [
    t.rated ? h("span", { class: "badge rated", title: "Its matches count for the players' ratings" }, "rated") : null,
    t.access === "password" ? h("span", { class: "badge", title: "Entering needs its password" }, "password") : null,
    t.access === "friends" ? h("span", { class: "badge", title: "For its host's friends" }, "friends") : null,
    t.entered ? h("span", { class: "badge you entered" }, "entered") : null,
  ];
}

/** One tournament of the list. */
function row(t) {
  const facts = [
    t.title,
    formatWords(t.format),
    t.seats > 2 ? `${t.seats} at a table` : null,
    `${t.entrants} of ${t.most_entrants} entrants`,
    t.state === "open" ? startWords(t) : null,
    roundWords(t),
    `hosted by ${t.host}`,
  ].filter(Boolean);
  return h("li", { class: "tournament-row", dataset: { tournament: t.id, state: t.state } },
    h("div", { class: "what" },
      h("a", { class: "tournament-name", href: `#/tournament/${encodeURIComponent(t.id)}`, dataset: { focus: `open:${t.id}` } }, t.name),
      " ", stateBadge(t.state), badges(t),
      h("div", { class: "muted tournament-row-facts" }, facts.join(" · ")),
      t.winner ? h("div", { class: "tournament-winner-line" }, "Winner: ", h("strong", {}, t.winner)) : null));
}

const SECTIONS = [
  ["open", "Open for entries", "No tournament takes entries just now."],
  ["running", "Under way", "No tournament is under way."],
  ["finished", "Finished", "No tournament has finished yet."],
  ["cancelled", "Cancelled", ""],
];

/** #/tournaments: the list, and the form that creates one. */
export function tournamentsPage(main) {
  let gone = false;
  let timer = null;
  let shown = null;
  const problem = notice();
  const lists = Object.fromEntries(SECTIONS.map(([state]) => [state, h("ul", { class: "tournaments", id: `tournaments-${state}` })]));
  const sections = SECTIONS.map(([state, title]) => h("section", { class: "panel", id: `tournaments-${state}-section`, "aria-labelledby": `tournaments-${state}-title`, hidden: state === "cancelled" },
    h("h2", { id: `tournaments-${state}-title` }, title), lists[state]));
  const createSlot = h("div", { id: "tournament-create-slot" });
  fill(main, h("h1", {}, "Tournaments"),
    h("p", { class: "lead" }, "Swiss, knockout and round robin events: the server pairs each round, seats everyone at their table and keeps the standings."),
    createSlot, problem, sections);

  function drawCreate() {
    if (!me()) {
      fill(createSlot, h("p", { class: "panel", id: "tournament-sign-in" }, "Tournaments are played with an account. ",
        h("a", { href: signInLink("#/tournaments") }, "Sign in"), " or ",
        h("a", { href: signInLink("#/tournaments", "signup") }, "sign up"), " to create one or to enter."));
      return;
    }
    if (createSlot.querySelector("#tournament-form")) return; // kept, with what was written in it
    const slot = h("div", {}, h("p", { class: "muted" }, "Loading the games…"));
    fill(createSlot, h("section", { class: "panel", "aria-labelledby": "tournament-create-title" },
      h("details", { id: "tournament-create", class: "more-rules" },
        h("summary", { id: "tournament-create-title" }, "Create a tournament"), slot)));
    tournamentApi.games().then((games) => {
      if (!gone) fill(slot, createForm(games));
    }, (error) => {
      if (!gone) fill(slot, h("p", { class: "notice error", role: "alert" }, error.message));
    });
  }

  async function load() {
    clearTimeout(timer);
    try {
      const found = await Promise.all(SECTIONS.map(([state]) => tournamentApi.list(state)));
      if (gone) return;
      problem.say("");
      const now = JSON.stringify(found);
      if (now !== shown) {
        shown = now;
        SECTIONS.forEach(([state, , empty], index) => {
          const items = found[index].tournaments;
          redraw(lists[state], () => fill(lists[state], items.length ? items.map(row) : h("li", { class: "muted empty" }, empty)));
          if (state === "cancelled") sections[index].hidden = !items.length;
        });
      }
    } catch (error) {
      if (!gone) problem.say(error.message);
    }
    if (!gone) timer = setTimeout(tick, POLL_MS);
  }

  function tick() {
    if (document.hidden) timer = setTimeout(tick, POLL_MS);
    else load();
  }

  drawCreate();
  const stop = onAccount(() => {
    drawCreate();
    shown = null;
    load();
  });
  load();
  return () => {
    gone = true;
    clearTimeout(timer);
    stop();
  };
}

/** A labelled number field, empty allowed where `optional`. */
function numberField(label, id, { min, max, value = "", help = null, placeholder = null } = {}) {
  const f = field(label, { id, type: "number", min, max, step: 1, inputmode: "numeric", placeholder }, help);
  f.input.value = String(value);
  return f;
}

/** The whole number written in `f`, or null when empty; undefined (and `f` says why) when it is
 * not one within its bounds. */
function wholeNumber(f, optional = false) {
  const text = f.input.value.trim();
  if (!text && optional) return null;
  const n = Number(text);
  const min = Number(f.input.min);
  const max = Number(f.input.max);
  if (!text || !Number.isInteger(n) || n < min || n > max) {
    f.say(`A whole number from ${min} to ${max}${optional ? ", or nothing" : ""}.`);
    return undefined;
  }
  return n;
}

/** The form that creates a tournament; its creator hosts it, and enters it like anyone. */
function createForm(games) {
  const fields = {
    name: field("Name", { id: "tournament-name", maxlength: 60, required: true, autocomplete: "off", placeholder: "Friday cup" }),
    rounds: numberField("Rounds", "tournament-rounds", { min: 1, max: 30, value: 3 }),
    advance: numberField("Places that go on from each table", "tournament-advance", { min: 1, max: 5, value: 1, help: "1 at duels: the winner." }),
    fewest: numberField("Fewest at a table (optional)", "tournament-fewest", { min: 2, max: 16, help: "When the entrants do not divide into full tables. Empty: the fewest the rules seat." }),
    password: field("Password", { id: "tournament-password", type: "password", maxlength: 128, autocomplete: "new-password" }),
    turn: numberField("Time per turn, in seconds (optional)", "tournament-turn", { min: 5, max: 3600, value: 120, placeholder: "no limit", help: "A turn out of time forfeits the match. Empty: no limit." }),
    fewestEntrants: numberField("Fewest entrants", "tournament-fewest-entrants", { min: 2, max: 1024, value: 2, help: "Too few at the start: it is called off." }),
    mostEntrants: numberField("Most entrants", "tournament-most-entrants", { min: 2, max: 1024, value: 16 }),
    starts: field("Starts at", { id: "tournament-starts", type: "datetime-local" }, "Within 30 days."),
  };
  for (const f of Object.values(fields)) f.input.addEventListener("input", () => f.say("")); // mended: said no more
  const gameSelect = h("select", { id: "tournament-game" }, games.map((g) => h("option", { value: g.name }, g.title)));
  const gameSummary = h("p", { class: "help", id: "tournament-game-summary" });
  const ratedSelect = h("select", { id: "tournament-rated", "aria-describedby": "tournament-rated-help" });
  const ratedHelp = h("span", { class: "help", id: "tournament-rated-help" });
  const presetSelect = h("select", { id: "tournament-preset" });
  const presetField = h("div", { class: "field", hidden: true }, h("label", { for: "tournament-preset" }, "Start from"), presetSelect);
  const rulesSlot = h("div", { id: "tournament-rules-slot" });
  const houseRules = h("fieldset", { id: "tournament-rules" }, h("legend", {}, "House rules"), presetField, rulesSlot);
  const format = h("select", { id: "tournament-format", "aria-describedby": "tournament-format-help" },
    Object.entries(FORMATS).map(([value, [words]]) => h("option", { value }, words)));
  format.value = "swiss";
  const formatHelp = h("span", { class: "help", id: "tournament-format-help" });
  const seeding = h("select", { id: "tournament-seeding" },
    h("option", { value: "rating" }, "by rating, the highest first"), h("option", { value: "random" }, "at random"));
  const access = h("select", { id: "tournament-access" },
    Object.entries(ACCESS).map(([value, words]) => h("option", { value }, words)));
  const computers = h("input", { type: "checkbox", id: "tournament-computers" });
  const fillBox = h("input", { type: "checkbox", id: "tournament-fill", disabled: true });
  const startFull = h("input", { type: "radio", name: "tournament-start", id: "tournament-start-full", value: "full", checked: true });
  const startAt = h("input", { type: "radio", name: "tournament-start", id: "tournament-start-at", value: "at" });
  const error = formError("tournament-create-error");
  const submit = h("button", { type: "submit", id: "tournament-submit" }, "Create the tournament");
  let known = { rulesets: [] };
  let current = null; // {game, form}
  let asked = 0;

  const show = (f, on) => { f.element.hidden = !on; };

  function drawFormat() {
    formatHelp.textContent = FORMATS[format.value][1];
    show(fields.rounds, format.value === "swiss");
    show(fields.advance, format.value === "knockout");
  }

  function drawOptions() {
    show(fields.password, access.value === "password");
    fillBox.disabled = !computers.checked;
    if (!computers.checked) fillBox.checked = false;
    show(fields.starts, startAt.checked);
  }

  function drawRated() {
    const game = current?.game;
    const offered = game ? known.rulesets.filter((r) => r.game === game.name) : [];
    const before = ratedSelect.value;
    fill(ratedSelect, h("option", { value: "" }, "House rules (below): not rated"),
      offered.map((r) => h("option", { value: r.rated }, `Rated: ${r.title}`)));
    ratedSelect.value = offered.some((r) => r.rated === before) ? before : "";
    ratedSelect.disabled = !offered.length;
    ratedHelp.textContent = !game ? "" : offered.length
      ? "A rated tournament plays the game's standard rules unchanged, and its matches count for everyone's rating."
      : `${game.title} rates no matches: house rules only.`;
    houseRules.hidden = Boolean(ratedSelect.value);
  }

  async function choose(name) {
    const ask = ++asked;
    const game = games.find((g) => g.name === name);
    gameSummary.textContent = game.summary;
    let presets = [];
    try {
      presets = await tournamentApi.presets(name);
    } catch {
      presets = []; // the rules' own defaults, then
    }
    if (ask !== asked || gameSelect.value !== name) return;
    const form = rulesetForm(game.ruleset_schema, game.default_ruleset, `tournament-rule-${name}`);
    current = { game, form, presets };
    const players = form.get("players");
    const group = players?.closest("details");
    if (group) group.open = true; // the table size: the rule a tournament is most about
    fill(presetSelect, h("option", { value: "" }, "the rules' defaults"),
      presets.map((p, i) => h("option", { value: String(i) }, `${p.title}: ${p.description}`)));
    presetField.hidden = !presets.length;
    fill(rulesSlot, form.element);
    drawRated();
  }

  presetSelect.addEventListener("change", () => {
    if (!current) return;
    const preset = current.presets[Number(presetSelect.value)];
    const rules = preset ? preset.ruleset : current.game.default_ruleset;
    for (const [rule, value] of Object.entries(rules)) current.form.set(rule, value);
  });

  function values() {
    clearAll(fields, error);
    const name = fields.name.input.value.trim();
    let wrong = null;
    const check = (f, value) => {
      if (value === undefined && !wrong) wrong = f;
      return value;
    };
    if (!name) {
      fields.name.say("Give the tournament a name.");
      wrong = fields.name;
    }
    const body = {
      name,
      game: current.game.name,
      format: format.value,
      seeding: seeding.value,
      access: access.value,
      computers: computers.checked,
      fill: fillBox.checked,
    };
    if (ratedSelect.value) {
      body.rated = ratedSelect.value;
    } else {
      try {
        body.ruleset = current.form.values();
      } catch (e) {
        error.say(e.message);
        return null;
      }
    }
    if (format.value === "swiss") body.rounds = check(fields.rounds, wholeNumber(fields.rounds));
    if (format.value === "knockout") body.advance = check(fields.advance, wholeNumber(fields.advance));
    const fewest = check(fields.fewest, wholeNumber(fields.fewest, true));
    if (fewest !== null) body.fewest = fewest;
    body.turn_seconds = check(fields.turn, wholeNumber(fields.turn, true));
    body.fewest_entrants = check(fields.fewestEntrants, wholeNumber(fields.fewestEntrants));
    body.most_entrants = check(fields.mostEntrants, wholeNumber(fields.mostEntrants));
    if (access.value === "password") {
      body.password = fields.password.input.value;
      if (!body.password) {
        fields.password.say("Write the password entrants will need.");
        wrong = wrong || fields.password;
      }
    }
    body.starts_at = null;
    if (startAt.checked) {
      const when = new Date(fields.starts.input.value).getTime();
      if (!fields.starts.input.value || !Number.isFinite(when)) {
        fields.starts.say("Choose the day and time it starts.");
        wrong = wrong || fields.starts;
      } else if (when <= Date.now() || when > Date.now() + MOST_START_DAYS * 86400000) {
        fields.starts.say(`A time to come, within ${MOST_START_DAYS} days.`);
        wrong = wrong || fields.starts;
      } else {
        body.starts_at = when / 1000;
      }
    }
    if (wrong) {
      wrong.input.focus();
      return null;
    }
    return body;
  }

  async function onSubmit(event) {
    event.preventDefault();
    if (!current) return;
    const body = values();
    if (!body) return;
    submit.disabled = true;
    try {
      const made = await tournamentApi.create(body);
      location.hash = `#/tournament/${encodeURIComponent(made.id)}`;
    } catch (e) {
      showRefusal(e, { name: fields.name, rounds: fields.rounds, password: fields.password, starts_at: fields.starts }, error);
    } finally {
      submit.disabled = false;
    }
  }

  gameSelect.addEventListener("change", () => choose(gameSelect.value));
  ratedSelect.addEventListener("change", drawRated);
  format.addEventListener("change", drawFormat);
  for (const el of [access, computers, startFull, startAt]) el.addEventListener("change", drawOptions);
  ratedRulesets().then((answer) => {
    known = answer;
    drawRated();
  }, () => {
    ratedHelp.textContent = "The rated rules could not be read: house rules only, for now.";
  });
  drawFormat();
  drawOptions();
  choose(gameSelect.value);

  return h("form", { id: "tournament-form", onsubmit: onSubmit, novalidate: true },
    fields.name.element,
    h("fieldset", {}, h("legend", {}, "Game"),
      h("div", { class: "field" }, h("label", { for: "tournament-game" }, "Game"), gameSelect, gameSummary),
      h("div", { class: "field" }, h("label", { for: "tournament-rated" }, "Rules"), ratedHelp, ratedSelect)),
    houseRules,
    h("fieldset", {}, h("legend", {}, "Format"),
      h("div", { class: "field" }, h("label", { for: "tournament-format" }, "Format"), formatHelp, format),
      h("div", { class: "fields" }, fields.rounds.element, fields.advance.element, fields.fewest.element,
        h("div", { class: "field" }, h("label", { for: "tournament-seeding" }, "Seeding"), seeding))),
    h("fieldset", {}, h("legend", {}, "Entrants"),
      h("div", { class: "fields" }, fields.fewestEntrants.element, fields.mostEntrants.element,
        h("div", { class: "field" }, h("label", { for: "tournament-access" }, "Who may enter"), access), fields.password.element),
      h("div", { class: "field check" }, computers, h("label", { for: "tournament-computers" }, "Computer players may enter (you add them)")),
      h("div", { class: "field check" }, fillBox, h("label", { for: "tournament-fill" }, "Computer players fill the places still empty at the start"))),
    h("fieldset", {}, h("legend", {}, "Time"),
      fields.turn.element,
      h("fieldset", { class: "kinds" }, h("legend", {}, "When it starts"),
        h("div", { class: "field check" }, startFull, h("label", { for: "tournament-start-full" }, "As soon as it is full (or when you start it)")),
        h("div", { class: "field check" }, startAt, h("label", { for: "tournament-start-at" }, "At a time")),
        fields.starts.element)),
    error, submit);
}
