// Signing up, signing in, and redeeming a password reset code from the server's operator.
// Each refusal of the server stands beside the field it is about; after signing in or up the
// person goes back to where they were (the address's "next").
import { api } from "./api.js";
import { h, fill } from "./dom.js";
import { clearAll, field, formError, hashQuery, showRefusal } from "./forms.js";
import { me, setAccount, signInLink } from "./session.js";

const USERNAME_HELP = "3 to 24 letters, digits, “_”, “-” or “.”; it is how others find you.";
const PASSWORD_HELP = "At least 10 characters, not your username, not a common password.";

/** Where to go once signed in: the "next" of the address, if it is one of this client's pages. */
function nextPlace() {
  const next = hashQuery().get("next") || "";
  return next.startsWith("#/") && !/^#\/(login|signup|reset)\b/.test(next) ? next : "#/";
}

function already(main) {
  const who = me();
  if (!who) return false;
  fill(main, h("h1", {}, "You are signed in"),
    h("p", {}, "You are signed in as ", h("strong", {}, who.display_name), ` (@${who.username}). `,
      h("a", { href: nextPlace() }, "Carry on"), " or ", h("a", { href: "#/account" }, "open your settings"), "."));
  return true;
}

export function signUpPage(main) {
  if (already(main)) return null;
  const username = field("Username", { id: "signup-username", name: "username", autocomplete: "username", maxlength: 64, required: true, autocapitalize: "none", spellcheck: "false" }, USERNAME_HELP);
  const display = field("Display name (optional)", { id: "signup-display", name: "display_name", autocomplete: "nickname", maxlength: 128 }, "The name the table calls you; your username if left empty.");
  const password = field("Password", { id: "signup-password", name: "password", type: "password", autocomplete: "new-password", maxlength: 512, required: true }, PASSWORD_HELP);
  const confirm = field("Password again", { id: "signup-confirm", name: "confirm", type: "password", autocomplete: "new-password", maxlength: 512, required: true });
  const fields = { username, display_name: display, password, confirm };
  const general = formError("signup-error");
  const submit = h("button", { type: "submit", id: "signup-submit" }, "Sign up");

  async function onSubmit(event) {
    event.preventDefault();
    clearAll(fields, general);
    if (!username.input.value.trim()) return fail(username, "Choose a username.");
    if (!password.input.value) return fail(password, "Choose a password.");
    if (password.input.value !== confirm.input.value) return fail(confirm, "The two passwords differ: type the same one twice.");
    submit.disabled = true;
    try {
      const signedIn = await api.signUp({
        username: username.input.value.trim(),
        password: password.input.value,
        display_name: display.input.value.trim() || null,
      });
      setAccount(signedIn.account);
      location.hash = nextPlace();
    } catch (error) {
      showRefusal(error, fields, general, { username_taken: "username" });
    } finally {
      submit.disabled = false;
    }
  }

  fill(main,
    h("h1", {}, "Sign up"),
    h("p", { class: "lead" }, "An account keeps your seats and your matches: resume a match from any browser, find your history, be found by others. You can also play as a guest without one."),
    h("form", { class: "panel narrow", id: "signup-form", onsubmit: onSubmit, novalidate: true },
      username.element, display.element, password.element, confirm.element, general,
      h("div", { class: "actions" }, submit),
      h("p", { class: "muted" }, "Matches you played as a guest in this browser become your account's. Already have an account? ",
        h("a", { href: signInLink(nextPlace()) }, "Sign in"), ".")));
  username.input.focus();
  return null;
}

function fail(target, text) {
  target.say(text);
  target.input.focus();
}

export function signInPage(main) {
  if (already(main)) return null;
  const username = field("Username", { id: "login-username", name: "username", autocomplete: "username", maxlength: 64, required: true, autocapitalize: "none", spellcheck: "false" });
  const password = field("Password", { id: "login-password", name: "password", type: "password", autocomplete: "current-password", maxlength: 512, required: true });
  const fields = { username, password };
  const general = formError("login-error");
  const submit = h("button", { type: "submit", id: "login-submit" }, "Sign in");
  let countdown = null;

  function waitOut(error) {
    // too many tries: say how long is left, second by second, until one may try again
    clearInterval(countdown);
    const until = Date.now() + (error.retryAfter || 5) * 1000;
    general.dataset.code = "too_many";
    const tick = () => {
      const left = Math.ceil((until - Date.now()) / 1000);
      if (left <= 0) {
        clearInterval(countdown);
        countdown = null;
        general.dataset.wait = "0";
        general.say("You may try again now.");
        return;
      }
      general.dataset.wait = String(left);
      general.say(`Too many wrong tries for now: to protect the account, signing in waits. Try again in ${left} s.`);
    };
    tick();
    countdown = setInterval(tick, 250);
  }

  async function onSubmit(event) {
    event.preventDefault();
    clearAll(fields, general);
    delete general.dataset.code;
    if (!username.input.value.trim()) return fail(username, "Write your username.");
    if (!password.input.value) return fail(password, "Write your password.");
    submit.disabled = true;
    try {
      const signedIn = await api.signIn({ username: username.input.value.trim(), password: password.input.value });
      clearInterval(countdown);
      setAccount(signedIn.account);
      location.hash = nextPlace();
    } catch (error) {
      if (error.code === "too_many") {
        waitOut(error);
      } else if (error.code === "wrong_password") {
        general.dataset.code = error.code;
        password.say(error.message);
        password.input.select();
        password.input.focus();
      } else {
        general.dataset.code = error.code;
        showRefusal(error, fields, general);
      }
    } finally {
      submit.disabled = false;
    }
  }

  const form = h("form", { class: "panel narrow", id: "login-form", onsubmit: onSubmit, novalidate: true },
    username.element, password.element, general,
    h("div", { class: "actions" }, submit),
    h("p", { class: "muted" }, "No account yet? ", h("a", { href: signInLink(nextPlace(), "signup") }, "Sign up"),
      ". Forgot your password? Ask the server's operator for a reset code and ", h("a", { href: "#/reset", id: "to-reset" }, "set a new password"), "."));
  fill(main, h("h1", {}, "Sign in"),
    hashQuery().get("reset") ? h("p", { class: "notice info", role: "status" }, "Your new password is set: sign in with it.") : null,
    form);
  username.input.focus();
  return () => clearInterval(countdown);
}

export function resetPage(main) {
  const username = field("Username", { id: "reset-username", name: "username", autocomplete: "username", maxlength: 64, required: true, autocapitalize: "none", spellcheck: "false" });
  const code = field("Reset code", { id: "reset-code", name: "code", autocomplete: "one-time-code", maxlength: 64, required: true, autocapitalize: "characters", spellcheck: "false" }, "The code the server's operator gave you, such as 7KQ2-MX9D-0000-0001.");
  const password = field("New password", { id: "reset-password", name: "new_password", type: "password", autocomplete: "new-password", maxlength: 512, required: true }, PASSWORD_HELP);
  const confirm = field("New password again", { id: "reset-confirm", name: "confirm", type: "password", autocomplete: "new-password", maxlength: 512, required: true });
  const fields = { username, code, new_password: password, confirm };
  const general = formError("reset-error");
  const submit = h("button", { type: "submit", id: "reset-submit" }, "Set the new password");
  const who = me();
  if (who) username.input.value = who.username;

  async function onSubmit(event) {
    event.preventDefault();
    clearAll(fields, general);
    if (!username.input.value.trim()) return fail(username, "Write your username.");
    if (!code.input.value.trim()) return fail(code, "Write the code you were given.");
    if (!password.input.value) return fail(password, "Choose a new password.");
    if (password.input.value !== confirm.input.value) return fail(confirm, "The two passwords differ: type the same one twice.");
    submit.disabled = true;
    try {
      await api.redeemReset({ username: username.input.value.trim(), code: code.input.value.trim(), new_password: password.input.value });
      const name = username.input.value.trim().toLowerCase();
      if (who && who.username.toLowerCase() === name) setAccount(null); // its sessions ended
      location.hash = "#/login?reset=1";
    } catch (error) {
      showRefusal(error, fields, general, { bad_reset_code: "code" });
    } finally {
      submit.disabled = false;
    }
  }

  fill(main, h("h1", {}, "Set a new password"),
    h("p", { class: "lead" }, "This server sends no e-mail: its operator gives you a one-time code. Setting a new password signs you out everywhere."),
    h("form", { class: "panel narrow", id: "reset-form", onsubmit: onSubmit, novalidate: true },
      username.element, code.element, password.element, confirm.element, general,
      h("div", { class: "actions" }, submit)));
  (who ? code : username).input.focus();
  return null;
}
