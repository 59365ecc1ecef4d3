// Who is at this browser: an account (signed in) or a guest. The session itself is an
// HttpOnly cookie no script reads; the page asks the server who is here once at load
// (GET /api/me, which answers guests too), and keeps a note of the account meanwhile
// (username and display name), so that the header shows it at once.
import { answered, api } from "./api.js";
import { h, fill } from "./dom.js";

const KEY = "cardtable.account";
const listeners = new Set();
let account = readNote();
let checked = null;
let leaving = false;

function readNote() {
  try {
    const note = JSON.parse(localStorage.getItem(KEY) || "null");
    return note && typeof note.username === "string" ? note : null;
  } catch {
    return null;
  }
}

function writeNote(value) {
  try {
    if (value) localStorage.setItem(KEY, JSON.stringify(value));
    else localStorage.removeItem(KEY);
  } catch {
    // no storage: the header forgets the account at the next load
  }
}

/** The signed-in account ({username, display_name, created_at}), or null for a guest (and
 * while signing out, so that nothing asks as the account while its session ends). */
export function me() {
  return leaving ? null : account;
}

/** Tell every listener (the header, the lobby) that who is here changed. */
export function setAccount(info) {
  account = info ? { username: info.username, display_name: info.display_name, created_at: info.created_at } : null;
  writeNote(account);
  for (const listener of listeners) listener(account);
}

/** Call `listener(account)` whenever who is here changes; returns a function that stops it. */
export function onAccount(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Once per page load: who is here, as the server says (the note meanwhile). */
export function confirmSession() {
  if (!checked) {
    checked = api.me().then(
      (here) => {
        setAccount(here.account);
        return account;
      },
      () => account, // the server cannot be reached: the note stands until it can
    );
  }
  return checked;
}

/** Sign out of this browser's session; the page is a guest's again once it has ended, and
 * meanwhile nothing of the page (the header's counts, the personal channel) asks as the
 * account (`me()` is null). */
export async function signOut() {
  leaving = true;
  try {
    await answered(); // what was asked as the account before: answered before the session ends
    await api.signOut();
  } finally {
    leaving = false;
    setAccount(null);
  }
}

/** The address of the sign-in page that comes back to `back` (a hash, "#/..."). */
export function signInLink(back = location.hash || "#/", page = "login") {
  const clean = back.startsWith("#/") && !/^#\/(login|signup|reset)\b/.test(back) ? back : "#/";
  return clean === "#/" ? `#/${page}` : `#/${page}?next=${encodeURIComponent(clean)}`;
}

/** The header's part that says who is here: links to one's profile and settings, or to sign in. */
export function drawWho(slot) {
  const draw = () => {
    const who = account;
    if (who) {
      fill(slot,
        h("a", { href: `#/u/${encodeURIComponent(who.username)}`, id: "who-name", title: `Your profile (@${who.username})` }, who.display_name),
        h("a", { href: "#/account", id: "who-settings" }, "Settings"),
        h("button", { type: "button", class: "link", id: "sign-out", onclick: async () => {
          try {
            await signOut();
          } catch {
            // signed out here anyway: the cookie's session ends by itself
          }
          // the page redraws as a guest's (settings have nothing to show: the lobby instead)
          if (/^#\/account\b/.test(location.hash)) location.hash = "#/";
          else window.dispatchEvent(new HashChangeEvent("hashchange"));
        } }, "Sign out"));
    } else {
      fill(slot,
        h("span", { class: "guest-note", id: "who-guest" }, "Playing as a guest"),
        h("a", { href: signInLink(), id: "who-sign-in" }, "Sign in"),
        h("a", { href: signInLink(undefined, "signup"), id: "who-sign-up" }, "Sign up"));
    }
    slot.dataset.state = who ? "account" : "guest";
  };
  draw();
  onAccount(draw);
  window.addEventListener("hashchange", () => { if (!account) draw(); }); // keep "next" current
}
