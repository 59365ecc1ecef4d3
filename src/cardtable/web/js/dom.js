// Building the page: elements are made with their text as text, never as markup.

/**
 * An element: h("button", {class: "x", onclick: f}, "text", child, ...).
 * Attributes starting with "on" become event listeners; "dataset" sets data-*;
 * strings among the children become text nodes (never parsed as HTML).
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "class") {
      el.className = value;
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** An SVG element (for card pips and icons). */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  for (const child of children) {
    if (child instanceof Node) el.appendChild(child);
    else if (child !== null && child !== undefined) el.appendChild(document.createTextNode(String(child)));
  }
  return el;
}

/** A message area next to a control: role=alert (for an error or a fine), empty until told
 * something. */
export function notice(kind = "error") {
  const el = h("p", { class: `notice ${kind}`, role: kind === "error" || kind === "fine" ? "alert" : "status" });
  el.hidden = true;
  el.say = (text) => {
    el.textContent = text || "";
    el.hidden = !text;
  };
  return el;
}

/** Seconds as "1:05". */
export function clock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * Redraw `el` with `draw()` and give the keyboard's focus back to the same control, found by
 * its id or its data-focus key, when the focus was inside.
 */
export function redraw(el, draw) {
  const active = document.activeElement;
  const key = el.contains(active) && active !== el ? active.id || active.dataset.focus || null : null;
  draw();
  if (!key) return;
  const again = el.querySelector(`#${CSS.escape(key)}`) || el.querySelector(`[data-focus="${CSS.escape(key)}"]`);
  if (again) again.focus({ preventScroll: true });
}
