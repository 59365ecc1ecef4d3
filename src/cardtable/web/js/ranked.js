// Play ranked (#/ranked): the matchmaking queue. A signed-in person chooses a game's rated
// ruleset and whether a computer player of their rating may fill the table after a wait, and
// joins the queue; while they wait the page counts the time, and they may leave. When the
// queue finds a table, everyone at it confirms within a short time ("Match found": who sits
// there, with their ratings, and the time left); once everyone has, the rated room is made
// and the page goes to its table.
//
// Where one stands (a QueueState) comes from the server: the page reads it, each action
// answers with it, and the personal channel (personal.js) pushes it whenever it changes, on
// any page. Leaving the page does not leave the queue: elsewhere the header's "Play ranked"
// says "waiting", and a table found is announced at the top of every page, with its Confirm
// and Decline buttons.
import { api } from "./api.js";
import { clock, h, fill, notice } from "./dom.js";
import { boardLink } from "./leaderboard.js";
import { onPersonal, personalState } from "./personal.js";
import { provisionalBadge, ratedRulesets, ratingWords } from "./ratings.js";
import { me, onAccount, signInLink } from "./session.js";

const IDLE = { state: "idle", proposal: null, room: null };
const KEY = "cardtable.ranked"; // {queued, went, rated, computer, after}: this browser's notes
const POLL_OPEN_MS = 20000; // while the page is open and the channel tells at once
const POLL_DOWN_MS = 4000; // while the channel is down
const COMPUTER_AFTER = [10, 600];

// -- this browser's notes ----------------------------------------------------------------

function notes() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    return {};
  }
}

function note(change) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...notes(), ...change }));
  } catch {
    // no storage: the page asks the server instead
  }
}

// -- where I stand in the queue, kept for every page -------------------------------------

let current = null; // the latest QueueState heard (null: not asked yet)
let pageOpen = false; // whether the Play ranked page is open
let heardAt = 0; // performance.now() when it was heard
const watchers = new Set();

function setQueue(queue, { live = false } = {}) {
  current = queue && typeof queue.state === "string" ? queue : IDLE;
  heardAt = performance.now();
  note({ queued: current.state !== "idle" });
  for (const watcher of [...watchers]) watcher(current);
  if (live && current.state === "matched" && current.room) go(current.room);
}

/** To the table of a rated room made for me (once per room: a reload does not go again). */
function go(room) {
  if (notes().went === room) return;
  note({ went: room });
  location.hash = `#/room/${encodeURIComponent(room)}`;
}

let reading = null;

/** Ask the server where I stand (one question at a time). */
function readQueue() {
  if (!me()) {
    setQueue(IDLE);
    return Promise.resolve(IDLE);
  }
  if (!reading) {
    reading = api.queue().then((queue) => {
      setQueue(queue);
      return queue;
    }).finally(() => { reading = null; });
  }
  return reading;
}

/** Call `watcher(queue)` whenever where I stand changes; returns a function that stops it. */
function watchQueue(watcher) {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

onPersonal("matchmaking", (message) => {
  if (message.queue && typeof message.queue.state === "string") setQueue(message.queue, { live: true });
});
onPersonal("welcome", () => {
  // what changed while the channel was down was told to no one: ask, if this browser queued
  if (notes().queued || pageOpen) readQueue().catch(() => null);
});
let whose = me()?.username || null; // whose queue `current` is
onAccount((who) => {
  const name = who?.username || null;
  if (name === whose) return; // the same person, confirmed by the server
  whose = name;
  setQueue(IDLE);
  if (name && notes().queued) readQueue().catch(() => null);
});

/** Seconds waited so far, by this page's clock since the server said. */
function waitedNow(queue) {
  return (queue.waited || 0) + (performance.now() - heardAt) / 1000;
}

/** Seconds left to confirm a proposal: the server's deadline less the server's time when it
 * spoke (its `joined_at + waited`), less what went by here since (clocks may differ). */
function leftToConfirm(queue) {
  const deadline = queue.proposal?.deadline;
  if (!deadline) return 0;
  const then = queue.joined_at ? queue.joined_at + (queue.waited || 0) : Date.now() / 1000 - (performance.now() - heardAt) / 1000;
  return deadline - then - (performance.now() - heardAt) / 1000;
}

async function confirm(queue, problem) {
  problem.say("");
  try {
    setQueue(await api.confirmTable(queue.proposal.id), { live: true });
  } catch (error) {
    problem.say(error.message);
    readQueue().catch(() => null);
  }
}

async function decline(queue, problem) {
  problem.say("");
  try {
    await api.declineTable(queue.proposal.id);
    setQueue(IDLE);
    readQueue().catch(() => null);
  } catch (error) {
    problem.say(error.message);
    readQueue().catch(() => null);
  }
}

/** The people (and computer players) of a proposed table, with their ratings. */
function seatList(proposal) {
  const who = me();
  return h("ul", { class: "proposal-seats", id: "proposal-seats" }, proposal.seats.map((seat, i) => {
    const mine = who && seat.username && seat.username.toLowerCase() === who.username.toLowerCase();
    const confirmed = proposal.confirmed.includes(i);
    const name = seat.kind === "account" && seat.username
      ? h("a", { href: `#/u/${encodeURIComponent(seat.username)}`, target: "_blank", rel: "noopener" }, seat.name)
      : h("span", {}, seat.name);
    return h("li", { class: `proposal-seat${mine ? " me" : ""}`, dataset: { seat: i, kind: seat.kind, confirmed: confirmed ? "yes" : "no" } },
      h("span", { class: "seat-name" }, name, mine ? h("span", { class: "badge you" }, "you") : null,
        seat.kind === "agent" ? h("span", { class: "badge kind" }, "computer") : null),
      h("span", { class: "seat-rating" }, h("strong", {}, String(seat.rating))),
      h("span", { class: `seat-ready ${confirmed ? "yes" : "no"}` }, confirmed ? "confirmed" : "not yet"));
  }));
}

/** "against Bob (1409) and Heuristic (1200)". */
function againstWords(proposal) {
  const who = me();
  const others = proposal.seats.filter((s) => !(who && s.username && s.username.toLowerCase() === who.username.toLowerCase()))
    .map((s) => `${s.name} (${s.rating})`);
  if (!others.length) return "";
  return `against ${others.length > 1 ? `${others.slice(0, -1).join(", ")} and ${others.at(-1)}` : others[0]}`;
}

// -- the header's link, and the notice of a table found on every other page -----------------

/** The header's "Play ranked" (signed-in people only), with a badge while queued. */
export function rankedLink() {
  const badge = h("span", { class: "badge", id: "ranked-badge", hidden: true });
  const link = h("a", { href: "#/ranked", id: "ranked-link", hidden: !me() }, "Play ranked", badge);
  const draw = () => {
    link.hidden = !me();
    const state = me() ? current?.state : "idle";
    badge.hidden = !(state === "waiting" || state === "proposed");
    badge.textContent = state === "proposed" ? "match found" : "waiting";
    badge.className = state === "proposed" ? "badge alert" : "badge";
    link.setAttribute("aria-label", state === "proposed" ? "Play ranked: a match was found" : state === "waiting" ? "Play ranked: waiting for a match" : "Play ranked");
  };
  draw();
  watchQueue(draw);
  onAccount(draw);
  // a reload while queued: the badge (and a table found meanwhile) come back
  if (me() && notes().queued) readQueue().catch(() => null);
  return link;
}

/** The notice of a table found, at the top of every page but Play ranked's own: who sits
 * there, the time left, Confirm and Decline. */
export function rankedAlert() {
  const box = h("div", { class: "ranked-alert", id: "ranked-alert", role: "region", "aria-label": "Ranked play", hidden: true });
  const problem = notice();
  let timer = null;
  let shownFor = null; // the proposal (and whether I had confirmed) drawn
  const countdown = h("span", { class: "countdown", id: "ranked-alert-left" });

  const tick = () => {
    if (current?.state !== "proposed") return;
    const seconds = leftToConfirm(current);
    countdown.textContent = seconds > 0 ? `${clock(seconds)} left` : "time is up";
  };

  const draw = () => {
    const q = current;
    const here = /^#\/ranked\b/.test(location.hash);
    const show = Boolean(me() && q && q.state === "proposed" && q.proposal && !here);
    box.hidden = !show;
    clearInterval(timer);
    if (!show) {
      shownFor = null;
      return;
    }
    const key = `${q.proposal.id}:${q.proposal.me_confirmed}:${q.proposal.confirmed.join(",")}`;
    if (key !== shownFor) {
      const fresh = !shownFor || !shownFor.startsWith(`${q.proposal.id}:`);
      shownFor = key;
      const words = q.proposal.me_confirmed
        ? `Confirmed: waiting for the others (${q.proposal.confirmed.length} of ${q.proposal.seats.length}).`
        : `Match found: ${q.title || "a rated match"} ${againstWords(q.proposal)}.`;
      fill(box,
        h("p", { class: "ranked-alert-text", role: fresh ? "alert" : "status" }, h("strong", {}, words), " ", countdown),
        h("div", { class: "actions" },
          q.proposal.me_confirmed ? null : h("button", { type: "button", id: "ranked-alert-confirm", onclick: () => confirm(q, problem) }, "Confirm"),
          q.proposal.me_confirmed ? null : h("button", { type: "button", class: "secondary", id: "ranked-alert-decline", onclick: () => decline(q, problem) }, "Decline"),
          h("a", { href: "#/ranked", class: "button secondary" }, "Details")),
        problem);
    }
    tick();
    timer = setInterval(tick, 250);
  };
  watchQueue(draw);
  window.addEventListener("hashchange", draw);
  onAccount(draw);
  return box;
}

// -- the page ------------------------------------------------------------------------------

export function rankedPage(main) {
  document.title = "Play ranked — cardtable";
  if (!me()) {
    fill(main, h("h1", {}, "Play ranked"),
      h("p", { class: "panel", id: "ranked-sign-in" }, "Rated matches are for accounts: your rating is your account's. ",
        h("a", { href: signInLink("#/ranked") }, "Sign in"), " or ",
        h("a", { href: signInLink("#/ranked", "signup") }, "sign up"), " to play ranked."),
      h("p", {}, h("a", { href: "#/leaderboard" }, "See the leaderboards")));
    return () => {};
  }
  let gone = false;
  let known = null; // {rulesets, season}
  let mine = null; // my ratings, by "game/rated"
  let drawnState = null; // the state the status panel shows (redrawn only when it changes)
  let timer = null;
  let poll = null;
  const saved = notes();

  const rulesetSelect = h("select", { id: "ranked-ruleset", required: true });
  const myRating = h("p", { class: "muted", id: "ranked-my-rating" });
  const computer = h("input", { type: "checkbox", id: "ranked-computer", checked: Boolean(saved.computer) });
  const after = h("input", {
    type: "number", id: "ranked-after", min: COMPUTER_AFTER[0], max: COMPUTER_AFTER[1], step: 1, inputmode: "numeric",
    value: Number.isInteger(saved.after) ? saved.after : 30, "aria-describedby": "ranked-after-help ranked-after-error",
  });
  const afterError = notice();
  afterError.id = "ranked-after-error";
  const play = h("button", { type: "submit", id: "ranked-play", class: "big" }, "Play ranked");
  const problem = notice();
  problem.id = "ranked-error";
  const form = h("form", { id: "ranked-form", class: "panel", novalidate: true, "aria-labelledby": "ranked-form-title" },
    h("h2", { id: "ranked-form-title" }, "Find a rated match"),
    h("div", { class: "field" }, h("label", { for: "ranked-ruleset" }, "Game"), rulesetSelect, myRating),
    h("div", { class: "field check computer-fill" }, computer,
      h("label", { for: "ranked-computer" }, "Let a computer player of my rating fill the table after"),
      h("span", { class: "after-input" }, h("label", { for: "ranked-after", class: "visually-hidden" }, "Seconds before a computer player may fill the table"), after, " seconds"),
      h("span", { class: "help", id: "ranked-after-help" }, "From 10 to 600 seconds. Left unticked, you wait for people only."),
      afterError),
    h("div", { class: "actions" }, play));
  const status = h("section", { class: "panel queue-status", id: "ranked-status", "aria-labelledby": "ranked-status-title", hidden: true });
  const loading = h("p", { class: "muted", id: "ranked-loading" }, "Loading…");

  fill(main, h("h1", {}, "Play ranked"),
    h("p", { class: "lead" }, "Play a rated match against people whose rating is close to yours: the longer you wait, the wider the gap allowed. ",
      "In a rated match, leaving the table or running out of time forfeits it. ",
      h("a", { href: "#/leaderboard" }, "The leaderboards")),
    problem, loading, status, form);
  form.hidden = true;

  const syncAfter = () => { after.disabled = !computer.checked; };
  computer.addEventListener("change", () => {
    syncAfter();
    note({ computer: computer.checked });
  });
  syncAfter();
  rulesetSelect.addEventListener("change", () => {
    note({ rated: rulesetSelect.value });
    drawMyRating();
  });

  function drawMyRating() {
    if (!mine) {
      myRating.textContent = "";
      return;
    }
    const r = mine.get(rulesetSelect.value);
    if (!r) {
      myRating.textContent = "You have no rating here yet: your first rated matches set it.";
      return;
    }
    fill(myRating, `Your rating: ${ratingWords(r.rating, r.sigma)}, after ${r.matches} rated ${r.matches === 1 ? "match" : "matches"}`,
      r.provisional ? [" ", provisionalBadge()] : null,
      r.rank ? [" · ", h("a", { href: boardLink(r.game, r.rated, { view: "around" }) }, `place ${r.rank}`)] : null);
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    problem.say("");
    afterError.say("");
    after.removeAttribute("aria-invalid");
    let wait = null;
    if (computer.checked) {
      wait = Number(after.value);
      if (!after.value.trim() || !Number.isInteger(wait) || wait < COMPUTER_AFTER[0] || wait > COMPUTER_AFTER[1]) {
        afterError.say("A whole number of seconds, from 10 to 600.");
        after.setAttribute("aria-invalid", "true");
        after.focus();
        return;
      }
      note({ after: wait });
    }
    const [game, rated] = rulesetSelect.value.split("/");
    play.disabled = true;
    try {
      setQueue(await api.joinQueue({ game, rated, computer_after: wait }));
    } catch (error) {
      problem.say(error.message);
      if (error.code === "already_queued") readQueue().catch(() => null);
    } finally {
      play.disabled = false;
    }
  });

  const ticking = [];
  function tick() {
    for (const update of ticking) update();
  }

  function draw(q) {
    if (gone) return;
    loading.hidden = true;
    const key = q.state === "proposed" && q.proposal
      ? `proposed:${q.proposal.id}:${q.proposal.me_confirmed}:${q.proposal.confirmed.join(",")}`
      : `${q.state}:${q.room || ""}:${q.game || ""}/${q.rated || ""}`;
    form.hidden = !(q.state === "idle" || q.state === "matched");
    if (key === drawnState) return;
    const hadFocus = status.contains(document.activeElement) || form.contains(document.activeElement);
    const before = drawnState;
    drawnState = key;
    ticking.length = 0;
    status.dataset.state = q.state;
    if (q.state === "idle") {
      status.hidden = true;
      fill(status);
      if (hadFocus && before) play.focus();
      return;
    }
    status.hidden = false;
    if (q.state === "waiting") {
      const elapsed = h("span", { class: "elapsed", id: "ranked-waited" });
      ticking.push(() => { elapsed.textContent = clock(waitedNow(q)); });
      const leave = h("button", { type: "button", class: "secondary", id: "ranked-leave" }, "Leave the queue");
      leave.addEventListener("click", async () => {
        problem.say("");
        leave.disabled = true;
        try {
          await api.leaveQueue();
          setQueue(IDLE);
        } catch (error) {
          problem.say(error.message);
          leave.disabled = false;
        }
      });
      fill(status,
        h("h2", { id: "ranked-status-title" }, `Looking for a table of ${q.title || "a rated match"}…`),
        h("p", { class: "waiting-line" }, h("span", { class: "spinner", "aria-hidden": "true" }), "Waited ", elapsed, "."),
        h("p", { class: "muted" }, q.computer_after
          ? `A computer player of your rating may fill the table once you have waited ${q.computer_after} seconds.`
          : "You wait for people only."),
        h("p", { class: "muted" }, "You may look around the site meanwhile: you stay in the queue while it is open, and a table found is announced on every page."),
        h("div", { class: "actions" }, leave));
      if (hadFocus || before?.startsWith("proposed")) leave.focus();
    } else if (q.state === "proposed" && q.proposal) {
      const left = h("span", { class: "countdown", id: "ranked-left" });
      ticking.push(() => {
        const seconds = leftToConfirm(q);
        left.textContent = seconds > 0 ? `${clock(seconds)} left to confirm` : "time is up";
        left.dataset.warn = seconds <= 5 ? "soon" : "";
      });
      const confirmButton = q.proposal.me_confirmed ? null : h("button", { type: "button", class: "big", id: "ranked-confirm" }, "Confirm");
      const declineButton = q.proposal.me_confirmed ? null : h("button", { type: "button", class: "secondary", id: "ranked-decline" }, "Decline");
      confirmButton?.addEventListener("click", () => { confirmButton.disabled = true; confirm(q, problem); });
      declineButton?.addEventListener("click", () => { declineButton.disabled = true; decline(q, problem); });
      const fresh = !before || !before.startsWith(`proposed:${q.proposal.id}:`);
      fill(status,
        h("h2", { id: "ranked-status-title", class: "match-found" }, "Match found"),
        h("p", { role: fresh ? "alert" : "status", class: "found-line" },
          q.proposal.me_confirmed
            ? `You confirmed: waiting for the others (${q.proposal.confirmed.length} of ${q.proposal.seats.length} confirmed).`
            : `${q.title || "A rated match"} ${againstWords(q.proposal)}: confirm to take your seat.`),
        seatList(q.proposal),
        h("p", { class: "countdown-line" }, left),
        h("div", { class: "actions" }, confirmButton, declineButton));
      status.classList.add("found");
      if (confirmButton && fresh) confirmButton.focus();
    } else if (q.state === "matched") {
      const link = q.room ? h("a", { class: "button big", href: `#/room/${encodeURIComponent(q.room)}`, id: "ranked-room" }, "Go to the table") : null;
      fill(status,
        h("h2", { id: "ranked-status-title" }, "Your table is ready"),
        h("p", {}, `${q.title || "Your rated match"}: everyone confirmed.`),
        h("div", { class: "actions" }, link),
        h("p", { class: "muted" }, "Or find another rated match below."));
    }
    if (q.state !== "proposed") status.classList.remove("found");
    tick();
  }

  async function start() {
    try {
      known = await ratedRulesets();
    } catch (error) {
      if (!gone) problem.say(error.message);
      return;
    }
    if (gone) return;
    const list = known.rulesets;
    fill(rulesetSelect, list.map((r) => h("option", { value: `${r.game}/${r.rated}` }, r.title)));
    if (saved.rated && list.some((r) => `${r.game}/${r.rated}` === saved.rated)) rulesetSelect.value = saved.rated;
    api.ratingsOf(me().username).then((answer) => {
      if (gone) return;
      mine = new Map(answer.ratings.map((r) => [`${r.game}/${r.rated}`, r]));
      drawMyRating();
    }, () => {});
    try {
      await readQueue();
    } catch (error) {
      if (gone) return;
      loading.hidden = true;
      problem.say(error.message);
      form.hidden = false; // the server's word stands above the form, which may be tried again
      return;
    }
    if (gone) return;
    draw(current || IDLE);
  }

  const stopWatching = watchQueue(draw);
  timer = setInterval(tick, 250);
  const schedule = () => {
    clearTimeout(poll);
    const queued = current && (current.state === "waiting" || current.state === "proposed");
    poll = setTimeout(() => {
      if (!gone && queued && !document.hidden) readQueue().catch(() => null);
      if (!gone) schedule();
    }, personalState() === "open" ? POLL_OPEN_MS : POLL_DOWN_MS);
  };
  schedule();
  pageOpen = true;
  start();
  return () => {
    gone = true;
    pageOpen = false;
    clearInterval(timer);
    clearTimeout(poll);
    stopWatching();
  };
}
