// My matches (#/matches): every match under way of the signed-in person, live and
// correspondence, as the server lists them (their turns first, the longest waiting first):
// the game and the room, who they play against, whose turn it is, by when, and a link to the
// table. The header's "My matches" link, on every page of a signed-in person, counts the
// matches where it is their turn. Both are read again when the personal channel (personal.js)
// says a notification came that concerns a match (a turn, a reminder, an end), when a table
// shows whose turn it is changed, when the page changes, when who is here changes, and now and
// then. Everything is the server's word, set
// as text.
import { call } from "./api.js";
import { h, fill, notice } from "./dom.js";
import { moment } from "./forms.js";
import { agoInWords, countingLink, onPersonal, onReopened } from "./personal.js";
import { me, signInLink } from "./session.js";
import { timeLeft } from "./times.js";

const CHANGED = "cardtable:matches";
const NEWS = new Set(["your_turn", "deadline_soon", "match_finished"]); // kinds about a match
const POLL_MS = 30000; // while the page is open: the deadlines move, and what the channel missed

export const matchesApi = {
  playing: () => call("GET", "/account/playing"),
};

/** Read My matches again (the header's count, and the page if open): whose turn it is changed. */
export function matchesChanged() {
  window.dispatchEvent(new Event(CHANGED));
}
const changed = matchesChanged;

onPersonal("notification", (message) => {
  if (NEWS.has(message.notification?.type)) changed();
});
onReopened(changed); // what came while the channel was down was told by no one

/** A link of the server's: only a page of this client (#/...), never another kind of URL. */
function safeLink(link) {
  return typeof link === "string" && /^#\/[A-Za-z0-9_\-./~%?=&]*$/.test(link) ? link : null;
}

/** The header's link to My matches, with how many wait for the person's move (accounts only). */
export function matchesLink() {
  return countingLink({
    href: "#/matches", id: "matches-link", countId: "matches-turns", words: "My matches",
    changed: CHANGED,
    read: async () => (await matchesApi.playing()).matches.filter((m) => m.my_turn).length,
    title: (n) => `Your turn in ${n} ${n === 1 ? "match" : "matches"}`,
    label: (n) => (n ? `My matches, your turn in ${n}` : "My matches"),
  });
}

/** Who else sits at the table: "Owl", "Owl and Cat", "Owl, Cat and Elk". */
function opponents(match) {
  const others = match.seats.filter((_, i) => i !== match.seat);
  if (!others.length) return "";
  return others.length > 1 ? `${others.slice(0, -1).join(", ")} and ${others.at(-1)}` : others[0];
}

/** One match: what, against whom, whose turn, by when, and the way to its table. */
function row(match) {
  const link = safeLink(match.link);
  const against = opponents(match);
  const turn = match.my_turn
    ? h("span", { class: "badge alert turn-mine" }, "Your turn")
    : h("span", { class: "badge turn-theirs" },
      match.to_act === null || match.to_act === undefined ? "Nobody's turn" : `${match.seats[match.to_act] ?? `Seat ${match.to_act + 1}`}'s turn`);
  const deadline = match.deadline
    ? h("span", { class: "deadline", title: `Until ${moment(match.deadline)}`, dataset: { deadline: String(match.deadline) } }, timeLeft(match.deadline))
    : h("span", { class: "deadline muted" }, "no time limit");
  const what = match.room_name ? [h("strong", { class: "room-name" }, match.room_name), " · ", match.title] : [h("strong", {}, match.title)];
  return h("li", { class: `my-match${match.my_turn ? " mine" : ""}`, dataset: { match: match.match, room: match.room, turn: match.my_turn ? "mine" : "theirs" } },
    h("div", { class: "what" },
      h("div", {}, what, match.kind === "correspondence" ? h("span", { class: "badge kind" }, "correspondence") : h("span", { class: "badge kind" }, "live")),
      h("div", { class: "muted" }, against ? `against ${against}` : "", against ? " · " : "", `turn began ${agoInWords(match.waiting_since)}`)),
    h("div", { class: "when" }, turn, " ", deadline),
    link ? h("a", { class: match.my_turn ? "button open" : "button secondary open", href: link, dataset: { focus: `open:${match.match}` } }, "Open", h("span", { class: "visually-hidden" }, ` ${match.room_name || match.title}${against ? ` against ${against}` : ""}`)) : null);
}

/** #/matches: one's matches under way. */
export function matchesPage(main) {
  if (!me()) {
    fill(main, h("h1", {}, "My matches"),
      h("p", { class: "panel", id: "matches-sign-in" }, "Your matches under way are listed for accounts. ",
        h("a", { href: signInLink("#/matches") }, "Sign in"), " or ",
        h("a", { href: signInLink("#/matches", "signup") }, "sign up"), " to see whose turn it is in each."));
    return () => {};
  }
  let gone = false;
  let shown = null;
  const status = h("p", { class: "muted", role: "status", id: "matches-status" }, "Loading…");
  const list = h("ul", { class: "my-matches", id: "matches-list" });
  const problem = notice();
  fill(main, h("h1", {}, "My matches"),
    h("p", { class: "lead" }, "Every match you are playing: your turns first, then the others', the longest waiting first."),
    problem, status, list);

  async function load() {
    if (!me()) return; // signing out (the page is drawn again for a guest once signed out)
    try {
      const { matches } = await matchesApi.playing();
      if (gone) return;
      problem.say("");
      const mine = matches.filter((m) => m.my_turn).length;
      status.textContent = matches.length
        ? `${matches.length} ${matches.length === 1 ? "match" : "matches"} under way; your turn in ${mine}.`
        : "";
      const now = JSON.stringify(matches);
      if (now !== shown) { // the same list: the keyboard's place is left where it is
        shown = now;
        if (matches.length) fill(list, matches.map(row));
        else fill(list, h("li", { class: "muted", id: "matches-none" }, "No matches under way. ", h("a", { href: "#/" }, "Start one in the lobby"), "."));
      } else {
        for (const el of list.querySelectorAll(".deadline[data-deadline]")) el.textContent = timeLeft(Number(el.dataset.deadline));
      }
    } catch (error) {
      if (!gone) problem.say(error.message);
    }
  }

  load();
  window.addEventListener(CHANGED, load);
  const timer = setInterval(() => { if (!document.hidden) load(); }, POLL_MS);
  return () => {
    gone = true;
    clearInterval(timer);
    window.removeEventListener(CHANGED, load);
  };
}
