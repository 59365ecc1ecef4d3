// The personal channel (/ws/me): one WebSocket per tab while someone is signed in, beside the
// rooms' sockets. It brings what concerns the person: a friend's whereabouts changed
// (`presence`) and something was added to the inbox (`notification`). The page tells it
// whether the person is there: `idle` when the tab is hidden or left without input for a few
// minutes (friends then see them away), `active` when they come back, and now and then while
// they use the page. After a drop it reconnects by itself, waiting a little longer each time
// (as a room's Connection does), and gives up an attempt not welcomed within a few seconds;
// signing out closes it.
//
// Others listen with onPersonal(type, listener): "presence", "notification", "matchmaking"
// (one's place in the queue of ranked play: ranked.js), and "welcome" (each (re)connection:
// whatever was shown from an earlier load may have changed meanwhile).
import { api, call } from "./api.js";
import { confirmSession, me, onAccount } from "./session.js";
import { h } from "./dom.js";

const VERSION = 1; // the personal channel's version (apart from the rooms' protocol)
const FATAL = new Set(["protocol_version", "not_logged_in", "forbidden_origin", "hello_first", "bad_message"]);
const PING_MS = 25000;
const IDLE_MS = 3 * 60 * 1000; // no input for this long: away
const ALIVE_MS = 60 * 1000; // while used, `active` at most this often (the server's "nothing came")
const MAX_DELAY_MS = 30000;
const HANDSHAKE_MS = 10000; // a connection not welcomed by then is given up, and tried again
const INPUTS = ["pointerdown", "keydown", "wheel", "touchstart", "mousemove", "focus"];

const listeners = new Map(); // type -> Set of listeners

/** Call `listener(message)` for each message of `type` ("presence", "notification",
 * "welcome", "state"); returns a function that stops it. */
export function onPersonal(type, listener) {
  if (!listeners.has(type)) listeners.set(type, new Set());
  listeners.get(type).add(listener);
  return () => listeners.get(type)?.delete(listener);
}

/** Call `listener()` each time the channel opens again on this page (not the first time, which
 * the page's first reads cover): what came while it was down was told to no one. */
export function onReopened(listener) {
  return onPersonal("welcome", () => { if (welcomes > 1) listener(); });
}

function emit(type, message) {
  for (const listener of [...(listeners.get(type) || [])]) {
    try {
      listener(message);
    } catch (error) {
      console.warn("a listener of the personal channel failed", error); // the others still hear
    }
  }
}

let socket = null;
let account = null; // whose channel is open (a username)
let retries = 0;
let retryTimer = null;
let pinger = null;
let state = "closed"; // "connecting", "open", "reconnecting", "closed"
let idle = false;
let idleTimer = null;
let lastSent = 0;
let welcomes = 0; // how many times the channel opened on this page

/** The channel's state: "connecting", "open", "reconnecting" or "closed". */
export function personalState() {
  return state;
}

function setState(next) {
  if (state === next) return;
  state = next;
  emit("state", { type: "state", state: next });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
    if (message.type === "active" || message.type === "idle") lastSent = Date.now();
    return true;
  }
  return false;
}

function open() {
  clearTimeout(retryTimer);
  if (!account) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const here = new WebSocket(`${scheme}://${location.host}/ws/me`);
  socket = here;
  let fatal = false;
  setState(retries ? "reconnecting" : "connecting");
  // an attempt that hangs (accepted, then nothing: a stalled proxy or server) would otherwise
  // leave the channel reconnecting for good: give it up, which retries as any close does
  const handshake = setTimeout(() => { if (socket === here) here.close(); }, HANDSHAKE_MS);
  here.addEventListener("open", () => {
    here.send(JSON.stringify({ type: "hello", version: VERSION }));
    pinger = setInterval(() => send({ type: "ping", nonce: Date.now() % 1e9 }), PING_MS);
  });
  here.addEventListener("message", (event) => {
    if (socket !== here) return;
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (!message || typeof message.type !== "string") return;
    if (message.type === "welcome") {
      clearTimeout(handshake);
      welcomes += 1;
      retries = 0;
      setState("open");
      if (idle || away()) { // a new connection starts active: say so if the person is not
        idle = true;
        send({ type: "idle" });
      }
    }
    if (message.type === "error" && FATAL.has(message.code)) fatal = true;
    emit(message.type, message); // a type this page does not know has no listeners: skipped
  });
  here.addEventListener("close", () => {
    clearTimeout(handshake);
    clearInterval(pinger);
    if (socket !== here) return;
    socket = null;
    if (!account || fatal) {
      setState("closed");
      return;
    }
    setState("reconnecting");
    const delay = Math.min(MAX_DELAY_MS, 500 * 2 ** retries) * (0.75 + Math.random() / 2);
    retries += 1;
    retryTimer = setTimeout(open, delay);
  });
  here.addEventListener("error", () => {
    // the close event follows and reconnects
  });
}

/** Drop the connection as a network would (it reconnects by itself). */
export function dropPersonal() {
  if (socket) socket.close();
}

function close() {
  account = null;
  clearTimeout(retryTimer);
  clearInterval(pinger);
  const was = socket;
  socket = null;
  retries = 0;
  if (was) was.close(1000);
  setState("closed");
}

/** Whether the person is not at the page: the tab is hidden. */
function away() {
  return document.visibilityState === "hidden";
}

function goIdle() {
  clearTimeout(idleTimer);
  if (idle) return;
  idle = true;
  send({ type: "idle" });
}

function used() {
  if (away()) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(goIdle, IDLE_MS);
  if (idle) {
    idle = false;
    send({ type: "active" });
  } else if (Date.now() - lastSent > ALIVE_MS) {
    send({ type: "active" });
  }
}

let started = false;

/** Keep the channel open while someone is signed in (once per page load, from main.js). */
export function startPersonal() {
  if (started) return;
  started = true;
  const follow = (who) => {
    const name = who?.username || null;
    if (name === account && state !== "closed") return;
    close();
    if (!name) return;
    account = name;
    open();
  };
  confirmSession().then(() => {
    follow(me());
    onAccount(follow);
  });
  let moved = 0;
  for (const kind of INPUTS) {
    window.addEventListener(kind, () => {
      if (kind === "mousemove") { // many a second: heard once in a while
        const now = Date.now();
        if (now - moved < 5000) return;
        moved = now;
      }
      used();
    }, { passive: true, capture: true });
  }
  document.addEventListener("visibilitychange", () => {
    if (away()) goIdle();
    else used();
  });
  window.addEventListener("online", () => { // the network is back: no need to wait out the delay
    if (account && !socket) {
      retries = 0;
      open();
    }
  });
  used();
}

// -- friends' whereabouts: what the page knows of each, from a page load then live ----------

/** The whereabouts' routes: one's friends' (a page load), and whether one hides one's own. */
export const whereaboutsApi = {
  friends: () => call("GET", "/whereabouts"),
  settings: () => call("GET", "/whereabouts/settings"),
  hide: (hidden) => call("PUT", "/whereabouts/settings", { hidden }),
};

const known = new Map(); // username -> the latest presence heard of them
const watchers = new Set();
let heardAt = new Map(); // username -> when a live message about them came (ms)

function changed() {
  for (const watcher of [...watchers]) watcher(known);
}

onPersonal("presence", (message) => {
  if (typeof message.username !== "string") return;
  known.set(message.username, message);
  heardAt.set(message.username, performance.now());
  changed();
});
onPersonal("welcome", () => {
  if (watchers.size) loadWhereabouts(); // who left while the channel was down is told by no one
});
onAccount(() => {
  known.clear();
  heardAt = new Map();
});

/** Read every friend's whereabouts from the server (what came live since the request left
 * is newer and stays); the watchers hear of it. */
export async function loadWhereabouts() {
  const asked = performance.now();
  const { friends } = await whereaboutsApi.friends();
  for (const presence of friends) {
    if ((heardAt.get(presence.username) ?? -1) < asked) known.set(presence.username, presence);
  }
  changed();
  return known;
}

/** Call `watcher(known)` (a Map of username to presence) whenever a friend's whereabouts
 * change; reads them from the server first (unless `load` is false). Returns a function that
 * stops it. */
export function watchWhereabouts(watcher, { load = true } = {}) {
  watchers.add(watcher);
  if (load) loadWhereabouts().catch(() => null); // a courtesy: without it the names still show
  return () => watchers.delete(watcher);
}

const ORDER = { playing: 0, online: 1, away: 2, offline: 3 };

/** A sort key: playing and online first, then away, then offline. */
export function whereaboutsRank(presence) {
  return ORDER[presence?.state] ?? 3;
}

/** "just now", "5 minutes ago", "yesterday", "3 days ago", or a date for long ago. */
export function agoInWords(seconds, now = Date.now() / 1000) {
  const gone = Math.max(0, now - seconds);
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"} ago`;
  if (gone < 60) return "just now";
  if (gone < 3600) return plural(Math.floor(gone / 60), "minute");
  if (gone < 86400) return plural(Math.floor(gone / 3600), "hour");
  if (gone < 2 * 86400) return "yesterday";
  if (gone < 30 * 86400) return plural(Math.floor(gone / 86400), "day");
  return `on ${new Date(seconds * 1000).toLocaleDateString()}`;
}

/** A friend's whereabouts in a few words: "Online", "Playing War", "Away", "Offline, last
 * seen 5 minutes ago". `titles` maps a game's name to its title. */
export function whereaboutsWords(presence, titles = {}) {
  switch (presence?.state) {
    case "online":
      return "Online";
    case "playing":
      return `Playing ${titles[presence.game] || presence.game || "a match"}`;
    case "away":
      return "Away";
    default:
      return presence?.last_seen ? `Offline, last seen ${agoInWords(presence.last_seen)}` : "Offline";
  }
}

let titles = null;

/** The games' titles by name ({war: "War"}), read once. */
export function gameTitles() {
  if (!titles) {
    titles = api.games().then(
      (games) => Object.fromEntries(games.map((game) => [game.name, game.title])),
      () => {
        titles = null; // asked again next time
        return {};
      },
    );
  }
  return titles;
}

const COUNT_POLL_MS = 30000; // while the personal channel is down
const COUNT_FALLBACK_MS = 120000; // while it is open: it tells at once, this catches what it missed

/**
 * A header link that counts something of the signed-in person's (a guest never sees it): the
 * inbox's unread notifications, the matches waiting for their move. `read()` resolves to the
 * count; `label(n)` is the link's name for people with a count of n (`title(n)`: the badge's
 * tip). The count is read again when the account changes, when `changed` (a window event) is
 * fired, when the page changes, and now and then: every half minute while the personal channel
 * is down, every two minutes while it is open (it tells at once).
 */
export function countingLink({ href, id, countId, words, read, label, title, changed }) {
  const count = h("span", { class: "badge alert", id: countId, hidden: true });
  const link = h("a", { href, id, hidden: !me() }, words, count);
  let asking = 0;
  let counted = 0;
  async function recount() {
    const asked = ++asking;
    counted = Date.now();
    await confirmSession(); // the page's note of an account may be stale: ask the server first
    if (asked !== asking) return;
    link.hidden = !me();
    if (!me()) {
      count.hidden = true;
      return;
    }
    try {
      const n = await read();
      if (asked !== asking) return;
      count.textContent = String(n);
      count.hidden = n === 0;
      count.title = title(n);
      link.setAttribute("aria-label", label(n));
    } catch {
      count.hidden = true; // a courtesy: the page of its own says what went wrong
    }
  }
  recount();
  onAccount(recount);
  window.addEventListener(changed, recount);
  window.addEventListener("hashchange", recount);
  setInterval(() => {
    if (document.hidden) return;
    if (personalState() !== "open" || Date.now() - counted >= COUNT_FALLBACK_MS) recount();
  }, COUNT_POLL_MS);
  return link;
}
