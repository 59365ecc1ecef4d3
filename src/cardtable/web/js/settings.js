// One's settings (#/account): the display name, the password, the sessions (end one, or all),
// the history to download, and deleting the account.
import { api, HISTORY_DOWNLOAD } from "./api.js";
import { h, fill, notice } from "./dom.js";
import { clearAll, field, formError, moment, showRefusal } from "./forms.js";
import { confirmSession, me, setAccount, signInLink } from "./session.js";

function signedOutPage(main) {
  fill(main, h("h1", {}, "Settings"),
    h("p", { class: "panel" }, "Sign in to see your account's settings. ",
      h("a", { href: signInLink("#/account"), id: "settings-sign-in" }, "Sign in"), " or ",
      h("a", { href: signInLink("#/account", "signup") }, "sign up"), "."));
}

/** A browser's User-Agent in a few words ("Chrome on Linux"). */
function device(agent) {
  if (!agent) return "an unknown program";
  const browser = [["Edg/", "Edge"], ["OPR/", "Opera"], ["Firefox/", "Firefox"], ["Chrome/", "Chrome"], ["Safari/", "Safari"], ["python", "a Python program"], ["cardtable", "the cardtable CLI"]]
    .find(([mark]) => agent.includes(mark))?.[1];
  const system = [["Android", "Android"], ["iPhone", "iPhone"], ["iPad", "iPad"], ["Windows", "Windows"], ["Mac OS", "macOS"], ["Linux", "Linux"]]
    .find(([mark]) => agent.includes(mark))?.[1];
  if (!browser) return agent.slice(0, 60);
  return system ? `${browser} on ${system}` : browser;
}

export function settingsPage(main) {
  if (!me()) {
    signedOutPage(main);
    return null;
  }
  let gone = false;
  const who = me();

  // the name others see
  const display = field("Display name", { id: "settings-display", name: "display_name", autocomplete: "nickname", maxlength: 128 }, "What the table, the lobby and histories call you (1 to 32 characters).");
  display.input.value = who.display_name;
  const nameDone = notice("info");
  const nameError = formError("settings-name-error");
  const nameForm = h("form", { id: "name-form", novalidate: true, onsubmit: async (event) => {
    event.preventDefault();
    clearAll({ display }, nameError);
    nameDone.say("");
    if (!display.input.value.trim()) {
      display.say("Write the name others will see.");
      display.input.focus();
      return;
    }
    try {
      const info = await api.changeDisplayName({ display_name: display.input.value });
      setAccount(info);
      display.input.value = info.display_name;
      nameDone.say("Saved: others see this name from now on.");
    } catch (error) {
      if (lost(error)) return;
      showRefusal(error, { display_name: display }, nameError);
    }
  } }, display.element, nameError, nameDone, h("div", { class: "actions" }, h("button", { type: "submit", id: "name-submit" }, "Save the name")));

  // the password
  const current = field("Current password", { id: "settings-current", name: "current_password", type: "password", autocomplete: "current-password", maxlength: 512 });
  const fresh = field("New password", { id: "settings-new", name: "new_password", type: "password", autocomplete: "new-password", maxlength: 512 }, "At least 10 characters, not your username, not a common password.");
  const again = field("New password again", { id: "settings-again", type: "password", autocomplete: "new-password", maxlength: 512 });
  const passwordFields = { current_password: current, new_password: fresh, again };
  const passwordError = formError("settings-password-error");
  const passwordDone = notice("info");
  const passwordForm = h("form", { id: "password-form", novalidate: true, onsubmit: async (event) => {
    event.preventDefault();
    clearAll(passwordFields, passwordError);
    passwordDone.say("");
    if (!current.input.value) return say(current, "Write your current password.");
    if (!fresh.input.value) return say(fresh, "Choose a new password.");
    if (fresh.input.value !== again.input.value) return say(again, "The two new passwords differ: type the same one twice.");
    try {
      await api.changePassword({ current_password: current.input.value, new_password: fresh.input.value });
      for (const f of Object.values(passwordFields)) f.input.value = "";
      passwordDone.say("Your password is changed. Every other session has ended: sign in again there.");
      loadSessions();
    } catch (error) {
      if (lost(error)) return;
      showRefusal(error, passwordFields, passwordError, { wrong_password: "current_password" });
    }
  } }, current.element, fresh.element, again.element, passwordError, passwordDone,
  h("div", { class: "actions" }, h("button", { type: "submit", id: "password-submit" }, "Change the password")));

  // sessions
  const sessionList = h("ul", { class: "sessions", id: "session-list" }, h("li", { class: "muted" }, "Loading…"));
  const sessionError = notice();
  const everywhere = h("button", { type: "button", class: "secondary", id: "sign-out-everywhere", onclick: async () => {
    sessionError.say("");
    try {
      await api.signOutEverywhere();
    } catch (error) {
      if (lost(error)) return;
      sessionError.say(error.message);
      return;
    }
    setAccount(null);
    location.hash = "#/login";
  } }, "Sign out everywhere");

  async function loadSessions() {
    let sessions;
    try {
      sessions = await api.sessions();
    } catch (error) {
      if (!gone && !lost(error)) sessionError.say(error.message);
      return;
    }
    if (gone) return;
    fill(sessionList, sessions.map((s) => h("li", { class: "session", dataset: { session: s.id, current: s.current ? "true" : "false" } },
      h("div", {},
        h("strong", {}, device(s.user_agent)), s.current ? h("span", { class: "badge open" }, "this browser") : null,
        h("div", { class: "muted" }, `signed in ${moment(s.created_at)} · last used ${moment(s.last_used_at)}${s.address ? ` · from ${s.address}` : ""}`)),
      h("button", { type: "button", class: "secondary", dataset: { end: s.id }, onclick: () => endSession(s) }, s.current ? "Sign out here" : "End it"))));
  }

  async function endSession(s) {
    sessionError.say("");
    try {
      await api.endSession(s.id);
    } catch (error) {
      if (lost(error)) return;
      sessionError.say(error.message);
      return;
    }
    if (s.current) {
      setAccount(null);
      location.hash = "#/";
    } else {
      loadSessions();
    }
  }

  // deleting the account
  const deletePassword = field("Your password", { id: "delete-password", name: "password", type: "password", autocomplete: "current-password", maxlength: 512 });
  const sure = h("input", { type: "checkbox", id: "delete-sure" });
  const deleteError = formError("delete-error");
  const deleteForm = h("form", { id: "delete-form", novalidate: true, onsubmit: async (event) => {
    event.preventDefault();
    clearAll({ password: deletePassword }, deleteError);
    if (!sure.checked) {
      deleteError.say("Tick the box to say you are sure.");
      sure.focus();
      return;
    }
    if (!deletePassword.input.value) return say(deletePassword, "Write your password to confirm.");
    try {
      await api.deleteAccount({ password: deletePassword.input.value });
    } catch (error) {
      if (lost(error)) return;
      showRefusal(error, { password: deletePassword }, deleteError, { wrong_password: "password" });
      return;
    }
    setAccount(null);
    location.hash = "#/";
  } },
  h("p", { class: "muted" }, "Your username becomes free and your sessions end. The matches you played stay in the others' histories, under the name “deleted player”."),
  deletePassword.element,
  h("div", { class: "field check" }, sure, h("label", { for: "delete-sure" }, "Yes, delete my account for good")),
  deleteError, h("div", { class: "actions" }, h("button", { type: "submit", class: "danger", id: "delete-submit" }, "Delete the account")));

  fill(main,
    h("h1", {}, "Settings"),
    h("p", { class: "lead", id: "settings-who" }, "Signed in as ", h("strong", {}, who.display_name), ` (@${who.username}). `,
      h("a", { href: `#/u/${encodeURIComponent(who.username)}` }, "Your profile")),
    h("div", { class: "settings" },
      h("section", { class: "panel", "aria-labelledby": "name-title" }, h("h2", { id: "name-title" }, "Your name"), nameForm),
      h("section", { class: "panel", "aria-labelledby": "password-title" }, h("h2", { id: "password-title" }, "Password"), passwordForm),
      h("section", { class: "panel", "aria-labelledby": "sessions-title" }, h("h2", { id: "sessions-title" }, "Where you are signed in"),
        sessionList, sessionError, h("div", { class: "actions" }, everywhere)),
      h("section", { class: "panel", "aria-labelledby": "data-title" }, h("h2", { id: "data-title" }, "Your matches"),
        h("p", {}, h("a", { href: `#/u/${encodeURIComponent(who.username)}/matches` }, "Your history"), " · ",
          h("a", { href: HISTORY_DOWNLOAD, download: "", id: "download-history" }, "Download every match you played (JSON)"))),
      h("section", { class: "panel danger-zone", "aria-labelledby": "delete-title" }, h("h2", { id: "delete-title" }, "Delete the account"), deleteForm)));

  // a session that ended elsewhere (signed out everywhere, password changed): sign in again
  function lost(error) {
    if (error.code !== "not_logged_in") return false;
    setAccount(null);
    if (!gone) signedOutPage(main);
    return true;
  }

  confirmSession().then(() => {
    if (!gone && !me()) signedOutPage(main);
  });
  loadSessions();
  return () => { gone = true; };
}

function say(target, text) {
  target.say(text);
  target.input.focus();
}
