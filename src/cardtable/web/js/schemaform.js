// A form for any game's ruleset, made from its JSON Schema: one field per property, with its
// default, bounds and help text, under the headings the schema gives (each folded until
// opened). The client knows no rule: the schema says everything.
import { h } from "./dom.js";

function label(name, prop) {
  return prop.title || name.replace(/_/g, " ");
}

function kind(prop) {
  if (Array.isArray(prop.enum)) return "enum";
  if (prop.type === "boolean") return "boolean";
  if (prop.type === "integer" || prop.type === "number") return "number";
  if (prop.type === "string") return "string";
  return "json"; // arrays, objects, unions: edited as JSON
}

/**
 * Build the fields of `schema` into a fieldset; returns {element, values(), get(), set()}.
 * values() gives only the fields that differ from their defaults, or throws an Error
 * naming the field whose JSON does not read.
 */
export function rulesetForm(schema, defaults, idPrefix) {
  const fields = [];
  // each heading the schema gives its fields (`group`), folded, in the order they first come
  const groups = new Map();
  const groupOf = (title) => {
    if (!groups.has(title)) groups.set(title, h("div", { class: "fields" }));
    return groups.get(title);
  };
  for (const [name, prop] of Object.entries(schema.properties || {})) {
    const id = `${idPrefix}-${name}`;
    const fallback = name in defaults ? defaults[name] : prop.default;
    const k = kind(prop);
    const help = prop.description ? h("small", { id: `${id}-help`, class: "help" }, prop.description) : null;
    let input;
    if (k === "enum") {
      input = h("select", { id, name }, prop.enum.map((v) => h("option", { value: String(v) }, String(v))));
      input.value = String(fallback);
    } else if (k === "boolean") {
      input = h("input", { id, name, type: "checkbox" });
      input.checked = Boolean(fallback);
    } else if (k === "number") {
      input = h("input", {
        id, name, type: "number", inputmode: "numeric",
        min: prop.minimum, max: prop.maximum, step: prop.type === "integer" ? 1 : "any",
      });
      input.value = String(fallback);
    } else if (k === "string") {
      input = h("input", { id, name, type: "text", maxlength: prop.maxLength });
      input.value = fallback ?? "";
    } else {
      input = h("textarea", { id, name, rows: 4, spellcheck: "false", class: "json" });
      input.value = JSON.stringify(fallback, null, 1);
    }
    if (help) input.setAttribute("aria-describedby", help.id);
    const row = k === "boolean"
      ? h("div", { class: "field check" }, input, h("label", { for: id }, label(name, prop)), help)
      : h("div", { class: "field" }, h("label", { for: id }, label(name, prop)), input, help);
    groupOf(prop.group || "Other rules").appendChild(row);
    fields.push({ name, prop, k, input, fallback });
  }
  const other = groups.get("Other rules");
  groups.delete("Other rules"); // fields under no heading come last
  if (other) groups.set("Other rules", other);
  const element = h("div", { class: "ruleset" },
    [...groups].map(([title, body]) => h("details", { class: "rule-group", dataset: { group: title } },
      h("summary", {}, title), body)));

  function values() {
    const out = {};
    for (const f of fields) {
      let value;
      if (f.k === "boolean") value = f.input.checked;
      else if (f.k === "number") {
        if (f.input.value.trim() === "") continue;
        value = Number(f.input.value);
      } else if (f.k === "json") {
        try {
          value = JSON.parse(f.input.value);
        } catch {
          throw new Error(`The rule "${label(f.name, f.prop)}" is not valid JSON.`);
        }
      } else value = f.input.value;
      if (JSON.stringify(value) !== JSON.stringify(f.fallback)) out[f.name] = value;
    }
    return out;
  }

  function get(name) {
    return fields.find((f) => f.name === name)?.input || null;
  }

  /** Write `value` into the field of rule `name` (as a person would type it). */
  function set(name, value) {
    const f = fields.find((x) => x.name === name);
    if (!f) return;
    if (f.k === "boolean") f.input.checked = Boolean(value);
    else if (f.k === "json") f.input.value = JSON.stringify(value, null, 1);
    else f.input.value = String(value);
  }

  return { element, values, get, set };
}
