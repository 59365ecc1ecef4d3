// Forms whose errors stand beside the field that caused them: each field has its label, its
// help, and a message area the input names (aria-describedby), marked invalid while it shows.
import { h, notice } from "./dom.js";

/**
 * A labelled field: {element, input, say(text)}. `attrs` are the input's (id required).
 * `help` is a line under the label that stays.
 */
export function field(label, attrs, help = null) {
  const input = h(attrs.tag || "input", { ...attrs, tag: undefined });
  const error = notice();
  error.id = `${attrs.id}-error`;
  const helpLine = help ? h("span", { class: "help", id: `${attrs.id}-help` }, help) : null;
  input.setAttribute("aria-describedby", [helpLine?.id, error.id].filter(Boolean).join(" "));
  const element = h("div", { class: "field" }, h("label", { for: attrs.id }, label), helpLine, input, error);
  return {
    element,
    input,
    error,
    say(text) {
      error.say(text);
      if (text) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    },
  };
}

/**
 * Show a refusal of the server beside its field: `fields` maps the server's field names (and
 * refusal codes without a field, such as username_taken) to fields; what belongs to none goes
 * to `general`. The field at fault gets the keyboard's focus.
 */
export function showRefusal(error, fields, general, byCode = {}) {
  const name = byCode[error.code] || error.field;
  const target = name && fields[name];
  if (target) {
    target.say(error.message);
    target.input.focus();
  } else {
    general.say(error.message);
  }
}

/** Clear every field's message and the general one. */
export function clearAll(fields, general) {
  for (const f of Object.values(fields)) f.say("");
  general.say("");
}

/** A form's error area not tied to one field. */
export function formError(id) {
  const el = notice();
  el.id = id;
  return el;
}

/** The query of the page's address (after "?" in the hash) as URLSearchParams. */
export function hashQuery() {
  const q = location.hash.split("?")[1] || "";
  return new URLSearchParams(q);
}

/** A date as people write it (the day), from epoch seconds. */
export function day(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}

/** A moment (day and time), from epoch seconds. */
export function moment(seconds) {
  return new Date(seconds * 1000).toLocaleString(undefined, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}
