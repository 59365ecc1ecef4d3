// The notifications' inbox of a signed-in person: a link with the unread count in the header
// of every page (inboxLink), and the page #/inbox (inboxPage) that lists them newest first,
// marks one or all read, and deletes. Each notification shows the server's plain sentence as
// text (never markup); its link is followed only when it is a page of this client ("#/...").
// The count is read again at once when the personal channel (personal.js) says something was
// added, when the page changes, when who is here changes, when the inbox page changes
// something, and, as a fallback, every two minutes (every half minute while the channel is
// down). Browser notifications, when the person switched them on here and the browser allows
// them, show what was added while the tab is hidden.
import { ApiError, call } from "./api.js";
import { h, fill } from "./dom.js";
import { countingLink, onPersonal, onReopened } from "./personal.js";
import { me, signInLink } from "./session.js";
import { invitations } from "./invite.js";
import { keepSeat } from "./store.js";
import { timeLeft } from "./times.js";

const CHANGED = "cardtable:inbox";
const PAGE = 50;
const SHOW_KEY = "cardtable.browser-notifications";

export const inboxApi = {
  page: (before, limit = PAGE) => call("GET", `/notifications?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ""}`),
  unread: () => call("GET", "/inbox/unread"),
  read: (id) => call("POST", `/notifications/${encodeURIComponent(id)}/read`),
  readAll: () => call("POST", "/inbox/read"),
  remove: (id) => call("DELETE", `/notifications/${encodeURIComponent(id)}`),
  settings: () => call("GET", "/inbox/settings"),
  mute: (muted) => call("PUT", "/inbox/settings", { muted }),
};

/** "What to tell me": a box per kind of notification, ticked when it is heard (a muted kind
 * is not kept at all when it happens). Saved at each change. */
function settingsPanel() {
  const boxes = h("div", { id: "inbox-kinds" });
  const said = h("p", { class: "muted", role: "status", id: "inbox-settings-status" });
  const panel = h("details", { class: "panel", id: "inbox-settings" },
    h("summary", {}, "What to tell me"), boxes, said);
  let kinds = [];
  async function save() {
    const muted = kinds.filter((k) => !boxes.querySelector(`input[value="${k.kind}"]`).checked).map((k) => k.kind);
    try {
      kinds = (await inboxApi.mute(muted)).kinds;
      said.textContent = "Saved.";
    } catch (error) {
      said.textContent = error.message;
    }
  }
  panel.addEventListener("toggle", async () => {
    if (!panel.open || kinds.length) return;
    try {
      kinds = (await inboxApi.settings()).kinds;
    } catch (error) {
      said.textContent = error.message;
      return;
    }
    fill(boxes, kinds.map((k) => {
      const id = `inbox-kind-${k.kind}`;
      return h("div", { class: "field check" },
        h("input", { type: "checkbox", id, value: k.kind, checked: !k.muted, onchange: save }),
        h("label", { for: id }, k.description));
    }));
  });
  return panel;
}

function changed() {
  window.dispatchEvent(new Event(CHANGED));
}

/** Whether the person switched browser notifications on in this browser. */
function showWanted() {
  try {
    return localStorage.getItem(SHOW_KEY) === "on";
  } catch {
    return false;
  }
}

function setShowWanted(on) {
  try {
    if (on) localStorage.setItem(SHOW_KEY, "on");
    else localStorage.removeItem(SHOW_KEY);
  } catch {
    // no storage: the choice lasts as long as the page
  }
}

function notificationsAllowed() {
  return "Notification" in window && Notification.permission === "granted";
}

/** "Show browser notifications while cardtable is open": asks the browser's permission when
 * switched on; remembered in this browser. */
function browserNotificationsPanel() {
  const id = "browser-notifications";
  const box = h("input", { type: "checkbox", id });
  const said = h("p", { class: "muted", role: "status", id: "browser-notifications-status" });
  const supported = "Notification" in window;
  function tell() {
    if (!supported) {
      box.disabled = true;
      said.textContent = "This browser does not show notifications.";
    } else if (box.checked && Notification.permission === "denied") {
      said.textContent = "Your browser blocks notifications from this site: allow them in its site settings.";
    } else if (box.checked && Notification.permission === "granted") {
      said.textContent = "On: while the tab is in the background, what reaches your inbox also shows as a notification.";
    } else {
      said.textContent = "";
    }
  }
  box.checked = supported && showWanted();
  box.addEventListener("change", async () => {
    setShowWanted(box.checked);
    if (box.checked && Notification.permission === "default") {
      try {
        await Notification.requestPermission();
      } catch {
        // an old browser's callback form: the permission is read below anyway
      }
    }
    tell();
  });
  tell();
  return h("div", { class: "panel", id: "browser-notifications-panel" },
    h("div", { class: "field check" }, box, h("label", { for: id }, "Show browser notifications while cardtable is open")),
    said);
}

/** A notification the personal channel told of, shown by the browser (if wanted, allowed,
 * and the tab hidden); clicking it comes back to its page. */
async function showInBrowser(told) {
  if (!showWanted() || !notificationsAllowed() || !document.hidden) return;
  let found = null;
  try {
    const page = await inboxApi.page(null, 10);
    found = page.notifications.find((n) => String(n.id) === String(told.id)) || null;
  } catch {
    return;
  }
  if (!found || found.read) return;
  try {
    const shown = new Notification("cardtable", { body: found.text, tag: `cardtable-${found.id}` });
    shown.addEventListener("click", () => {
      window.focus();
      location.hash = found.link && found.link.startsWith("#/") ? found.link : "#/inbox";
      shown.close();
    });
  } catch {
    // some browsers show notifications only from a service worker: the inbox has it anyway
  }
}

onReopened(changed); // what came while the channel was down was told by no one
onPersonal("notification", (message) => {
  changed(); // the count, and the inbox page if open
  if (message.notification && message.notification.id !== undefined) showInBrowser(message.notification);
});

/** The header's link to the inbox, with the unread count (shown to accounts only). */
export function inboxLink() {
  return countingLink({
    href: "#/inbox", id: "inbox-link", countId: "inbox-unread", words: "Inbox", changed: CHANGED,
    read: async () => (await inboxApi.unread()).unread,
    title: (n) => `${n} unread`,
    label: (n) => (n ? `Inbox, ${n} unread` : "Inbox"),
  });
}

/** An invitation's "Join" (a seat, the room's password not asked; then the room) and
 * "Decline"; what the server refuses (used, expired, full) is said beside them. */
function invitationActions(n, row, problem) {
  const { invite, room } = n.data;
  const settle = async () => {
    if (!n.read) await inboxApi.read(n.id).catch(() => null);
    changed();
  };
  const join = h("button", { type: "button", class: "inbox-join", onclick: async () => {
    join.disabled = true;
    try {
      const joined = await invitations.accept(invite);
      keepSeat(room, { token: joined.token, seat: joined.seat, role: "player" });
      await settle();
      location.hash = `#/room/${encodeURIComponent(room)}`;
    } catch (error) {
      join.disabled = false;
      problem(error);
    }
  } }, "Join");
  const decline = h("button", { type: "button", class: "secondary inbox-decline", onclick: async () => {
    try {
      await invitations.decline(invite);
      await settle();
      row.replaceWith(h("li", { class: "inbox-item read muted" }, "Declined."));
    } catch (error) {
      problem(error);
    }
  } }, "Decline");
  return h("span", { class: "actions inbox-invitation" }, join, decline);
}

const TURN_NEWS = new Set(["your_turn", "deadline_soon"]);

/** A turn's news (a correspondence match): by when, and the way to the table (which marks
 * it read). */
function turnActions(n) {
  const deadline = typeof n.data?.deadline === "number" ? n.data.deadline : null;
  const open = h("a", { class: "button inbox-open", href: n.link, onclick: () => {
    if (!n.read) inboxApi.read(n.id).then(changed, () => null);
  } }, "Open the table");
  return h("span", { class: "actions inbox-turn" },
    deadline ? h("span", { class: "inbox-deadline", title: `Until ${when(deadline)}` }, deadline > Date.now() / 1000 ? timeLeft(deadline) : "its time ran out") : null,
    open);
}

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString();
}

/** #/inbox: one's notifications, newest first. */
export function inboxPage(main) {
  let gone = false;
  const status = h("p", { class: "muted", role: "status", id: "inbox-status" }, "Loading…");
  const list = h("ul", { class: "inbox", id: "inbox-list" });
  const more = h("button", { type: "button", id: "inbox-more", hidden: true }, "Older");
  const allRead = h("button", { type: "button", id: "inbox-read-all" }, "Mark all read");
  let next = null;

  function problem(error) {
    status.textContent = error instanceof ApiError ? error.message : "Something went wrong.";
  }

  function item(n) {
    const text = n.link
      ? h("a", { href: n.link, class: "inbox-text" }, n.text)
      : h("span", { class: "inbox-text" }, n.text);
    const row = h("li", { class: n.read ? "inbox-item read" : "inbox-item unread", dataset: { id: String(n.id), kind: n.kind } },
      n.read ? null : h("span", { class: "badge alert inbox-new" }, "New"),
      text,
      h("span", { class: "muted inbox-when" }, ` ${when(n.created_at)} `));
    if (n.kind === "room_invite" && typeof n.data?.invite === "string" && typeof n.data?.room === "string") {
      row.appendChild(invitationActions(n, row, problem));
    }
    if (TURN_NEWS.has(n.kind) && n.link && n.link.startsWith("#/")) row.appendChild(turnActions(n));
    if (!n.read) {
      row.appendChild(h("button", { type: "button", class: "link inbox-mark", onclick: async () => {
        try {
          row.replaceWith(item(await inboxApi.read(n.id)));
          changed();
        } catch (error) {
          problem(error);
        }
      } }, "Mark read"));
    }
    row.appendChild(h("button", { type: "button", class: "link inbox-delete", onclick: async () => {
      try {
        await inboxApi.remove(n.id);
        row.remove();
        if (!list.children.length) status.textContent = "No notifications.";
        changed();
      } catch (error) {
        problem(error);
      }
    } }, "Delete"));
    return row;
  }

  async function load(before) {
    try {
      const page = await inboxApi.page(before);
      if (gone) return;
      if (!before) list.replaceChildren();
      for (const n of page.notifications) list.appendChild(item(n));
      next = page.next;
      more.hidden = !next;
      status.textContent = list.children.length ? `${page.unread} unread` : "No notifications.";
    } catch (error) {
      problem(error);
    }
  }

  more.addEventListener("click", () => load(next));
  allRead.addEventListener("click", async () => {
    try {
      await inboxApi.readAll();
      changed();
      await load(null);
    } catch (error) {
      problem(error);
    }
  });

  if (!me()) {
    fill(main, h("h1", {}, "Inbox"),
      h("p", {}, "Notifications are for accounts. ", h("a", { href: signInLink("#/inbox") }, "Sign in"), " to see yours."));
    return () => {};
  }
  fill(main, h("h1", {}, "Inbox"), h("p", {}, allRead), status, list, more, settingsPanel(), browserNotificationsPanel());
  load(null);
  const stop = onPersonal("notification", () => { if (list.children.length <= PAGE) load(null); }); // no older page shown
  return () => {
    gone = true;
    stop();
  };
}
