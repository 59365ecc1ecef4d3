// Friends (#/friends): ask someone by username, answer the requests one received, cancel
// one's own, remove a friend, block and unblock. The header's "Friends" link, on every page
// of a signed-in person, counts the requests waiting for an answer. Everything here is the
// server's word: the page shows the states it sends (friend, sent, received, blocked) and
// says its refusals in its sentences.
//
// Each friend shows where they are (online, playing a game with a Watch link when the room takes
// spectators, away, offline and when last seen): read at the page's load, then live from the
// personal channel (personal.js). "Hide my presence from friends" makes one offline to them.
import { api } from "./api.js";
import { h, fill, notice } from "./dom.js";
import { gameTitles, onPersonal, watchWhereabouts, whereaboutsApi, whereaboutsRank, whereaboutsWords } from "./personal.js";
import { confirmSession, me, onAccount, signInLink } from "./session.js";

const SECTIONS = [
  ["received", "Asking to be your friend", "friends-received"],
  ["friend", "Friends", "friends-list"],
  ["sent", "Waiting for their answer", "friends-sent"],
  ["blocked", "Blocked", "friends-blocked"],
];

const changed = new Set();

/** Call `listener()` whenever this page changed someone's state (the header recounts). */
export function onFriendsChanged(listener) {
  changed.add(listener);
  return () => changed.delete(listener);
}

function tell() {
  for (const listener of changed) listener();
}

/** The buttons for one person, by what they are to you. */
function actions(person, act) {
  const who = person.username;
  const button = (label, id, run, secondary = true) =>
    h("button", { type: "button", class: secondary ? "secondary" : "", dataset: { action: id, username: who }, onclick: () => act(run) }, label);
  const remove = () => api.removeFriend(who);
  const block = () => api.blockFriend(who);
  switch (person.state) {
    case "received":
      return [button("Accept", "accept", () => api.acceptFriend(who), false), button("Decline", "decline", () => api.declineFriend(who)), button("Block", "block", block)];
    case "friend":
      return [button("Remove", "remove", remove), button("Block", "block", block)];
    case "sent":
      return [button("Cancel the request", "cancel", remove)];
    default:
      return [button("Unblock", "unblock", () => api.unblockFriend(who))];
  }
}

/** Where a friend is, in words and a dot (and a Watch link while they play a watchable room);
 * `slot` is redrawn in place. */
export function drawWhereabouts(slot, presence, titles) {
  const state = presence?.state || "offline";
  slot.dataset.whereabouts = state;
  fill(slot,
    h("span", { class: "where-dot", "aria-hidden": "true" }),
    h("span", { class: "where-words" }, whereaboutsWords(presence, titles)),
    state === "playing" && presence.watchable && presence.room
      ? [" ", h("a", { href: `#/room/${encodeURIComponent(presence.room)}?watch`, class: "where-watch" }, "Watch")]
      : null);
}

/** "Hide my presence from friends": a box saved when changed. */
function hidePanel() {
  const id = "whereabouts-hidden";
  const box = h("input", { type: "checkbox", id, disabled: true });
  const said = h("p", { class: "muted", role: "status", id: "whereabouts-status" });
  box.addEventListener("change", async () => {
    box.disabled = true;
    said.textContent = "";
    try {
      const { hidden } = await whereaboutsApi.hide(box.checked);
      box.checked = hidden;
      said.textContent = hidden ? "Hidden: your friends see you offline." : "Shown: your friends see when you are here.";
    } catch (error) {
      box.checked = !box.checked;
      said.textContent = error.message;
    }
    box.disabled = false;
  });
  whereaboutsApi.settings().then(({ hidden }) => {
    box.checked = hidden;
    box.disabled = false;
  }, (error) => { said.textContent = error.message; });
  return h("section", { class: "panel", id: "whereabouts-settings", "aria-labelledby": "whereabouts-title" },
    h("h2", { id: "whereabouts-title" }, "Your presence"),
    h("div", { class: "field check" }, box, h("label", { for: id }, "Hide my presence from friends")),
    h("p", { class: "help" }, "Friends see whether you are online, playing (and what), away or offline, and when you were last here. Hidden, you are offline to them."),
    said);
}

export function friendsPage(main) {
  if (!me()) {
    fill(main, h("h1", {}, "Friends"),
      h("p", { class: "panel" }, "Friends are for accounts. ",
        h("a", { href: signInLink("#/friends"), id: "friends-sign-in" }, "Sign in"), " or ",
        h("a", { href: signInLink("#/friends", "signup") }, "sign up"), " to keep a list of friends."));
    return null;
  }
  let gone = false;
  const error = notice();
  const done = notice("info");
  const username = h("input", { id: "friend-username", name: "username", required: true, maxlength: 64, autocomplete: "off", spellcheck: "false" });
  const lists = Object.fromEntries(SECTIONS.map(([state, , id]) => [state, h("ul", { class: "friends", id })]));
  const sections = SECTIONS.map(([state, title]) => h("section", { class: "panel", dataset: { state } }, h("h2", {}, title), lists[state]));

  let whereabouts = new Map();
  let loaded = false; // the list was drawn once
  let titles = {};
  const slots = new Map(); // username -> the slot saying where a friend is

  function paint() {
    for (const [username, slot] of slots) drawWhereabouts(slot, whereabouts.get(username), titles);
  }

  async function load() {
    try {
      const { friends } = await api.friends();
      if (gone) return;
      slots.clear();
      for (const [state] of SECTIONS) {
        const people = friends.filter((f) => f.state === state);
        if (state === "friend") { // here first, then away, then offline
          people.sort((a, b) => whereaboutsRank(whereabouts.get(a.username)) - whereaboutsRank(whereabouts.get(b.username)));
        }
        fill(lists[state], people.length
          ? people.map((person) => {
              let where = null;
              if (state === "friend") {
                where = h("span", { class: "whereabouts" });
                slots.set(person.username, where);
              }
              return h("li", { class: "friend", dataset: { username: person.username, state } },
                h("span", { class: "who" },
                  h("a", { href: `#/u/${encodeURIComponent(person.username)}`, class: "name" }, person.display_name),
                  h("span", { class: "muted" }, ` @${person.username}`)),
                where,
                h("span", { class: "actions" }, actions(person, act)));
            })
          : h("li", { class: "muted empty" }, "Nobody."));
        lists[state].closest("section").hidden = state === "blocked" && !people.length;
      }
      loaded = true;
      paint();
    } catch (e) {
      if (!gone) error.say(e.message);
    }
  }

  async function act(run) {
    error.say("");
    done.say("");
    try {
      await run();
    } catch (e) {
      error.say(e.message);
    }
    tell();
    await load();
  }

  async function ask(event) {
    event.preventDefault();
    error.say("");
    done.say("");
    const name = username.value.trim();
    if (!name) {
      error.say("Write the username of the person to ask.");
      username.focus();
      return;
    }
    try {
      const friend = await api.askFriend({ username: name });
      username.value = "";
      done.say(friend.state === "friend"
        ? `You and ${friend.display_name} are friends now: they had asked you too.`
        : `Asked ${friend.display_name}: they become your friend once they accept.`);
    } catch (e) {
      error.say(e.message);
    }
    tell();
    await load();
  }

  fill(main, h("h1", {}, "Friends"),
    h("form", { class: "panel", id: "friend-form", novalidate: true, onsubmit: ask },
      h("div", { class: "field" }, h("label", { for: "friend-username" }, "Ask someone to be your friend, by username"), username),
      h("div", { class: "actions" }, h("button", { type: "submit", id: "friend-ask" }, "Send the request")),
      error, done),
    ...sections, hidePanel());
  load();
  gameTitles().then((found) => {
    titles = found;
    if (!gone) paint();
  });
  const stopWatching = watchWhereabouts((known) => {
    whereabouts = known;
    paint();
  });
  const stops = [
    // a friend not listed yet (they just accepted): read the list again
    onPersonal("presence", (message) => { if (loaded && message.state !== "offline" && !slots.has(message.username)) load(); }),
    // a request, an acceptance: the inbox was told, and so is this page
    onPersonal("notification", (message) => { if (/^friend/.test(message.notification?.type || "")) load(); }),
  ];
  const ticking = setInterval(paint, 30000); // "last seen 5 minutes ago" moves on
  const stop = onAccount(() => { if (!me()) location.hash = "#/"; });
  return () => {
    gone = true;
    stop();
    stopWatching();
    for (const stopping of stops) stopping();
    clearInterval(ticking);
  };
}

/** The header's link to one's friends, with the number of requests waiting for an answer. */
export function friendsLink() {
  const count = h("span", { class: "badge alert", id: "friends-waiting", hidden: true });
  const link = h("a", { href: "#/friends", id: "friends-link", hidden: !me() }, "Friends", count); // a guest never sees it
  let asking = 0;
  async function recount() {
    const asked = ++asking;
    await confirmSession(); // the page's note of an account may be stale: ask the server first
    if (asked !== asking) return;
    link.hidden = !me(); // friends are for accounts
    if (!me()) {
      count.hidden = true;
      return;
    }
    try {
      const { friends } = await api.friends("received");
      if (asked !== asking) return;
      count.textContent = String(friends.length);
      count.hidden = friends.length === 0;
      count.title = `${friends.length} waiting for your answer`;
    } catch {
      count.hidden = true; // the count is a courtesy: the page says what went wrong
    }
  }
  recount();
  onAccount(recount);
  onFriendsChanged(recount);
  onPersonal("notification", (message) => { if (/^friend/.test(message.notification?.type || "")) recount(); });
  window.addEventListener("hashchange", recount);
  return link;
}
