// A large preview of a card with its whole text: shown while the pointer rests on the card,
// while the card has the keyboard's focus, and on a long press (a phone has no hover). It is
// drawn for the eye only: the card's own accessible name already says everything it shows.
import { h, fill } from "./dom.js";

const LONG_PRESS_MS = 450; // held this long without moving far, a touch shows the preview
const MOVE_TOLERANCE_PX = 10;

let panel = null; // the one preview element, made when first needed

function thePanel() {
  if (!panel || !panel.isConnected) {
    panel = h("div", { id: "card-preview", class: "card-preview", "aria-hidden": "true", hidden: true });
    document.body.append(panel);
    document.addEventListener("pointerdown", hidePreview, true); // a tap elsewhere puts it away
  }
  return panel;
}

/** Hide the preview (a new view redraws the cards it was showing). */
export function hidePreview() {
  if (panel) panel.hidden = true;
}

/** Show `content` (elements) as the preview of `anchor`, above it when there is room. */
function show(anchor, content) {
  const box = thePanel();
  fill(box, content);
  box.hidden = false;
  const at = anchor.getBoundingClientRect();
  const size = box.getBoundingClientRect();
  const margin = 8;
  const left = Math.min(Math.max(margin, at.left + at.width / 2 - size.width / 2), window.innerWidth - size.width - margin);
  const above = at.top - size.height - margin;
  const top = above >= margin ? above : Math.min(at.bottom + margin, window.innerHeight - size.height - margin);
  box.style.left = `${Math.max(margin, left)}px`;
  box.style.top = `${Math.max(margin, top)}px`;
}

/**
 * Make `element` show the preview `content()` (a function making its elements) on hover,
 * focus and long press. A long press does not also click: the click after it is swallowed.
 * Returns `element`.
 */
export function previewable(element, content) {
  let timer = null;
  let start = null;
  let pressed = false;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  element.addEventListener("mouseenter", () => show(element, content()));
  element.addEventListener("mouseleave", hidePreview);
  element.addEventListener("focus", () => {
    if (element.matches(":focus-visible")) show(element, content()); // the keyboard's, not a click's
  });
  element.addEventListener("blur", hidePreview);
  element.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch") return;
    pressed = false;
    start = [e.clientX, e.clientY];
    cancel();
    timer = setTimeout(() => {
      pressed = true;
      show(element, content());
    }, LONG_PRESS_MS);
  });
  element.addEventListener("pointermove", (e) => {
    if (timer && start && Math.hypot(e.clientX - start[0], e.clientY - start[1]) > MOVE_TOLERANCE_PX) cancel();
  });
  for (const end of ["pointerup", "pointercancel"]) element.addEventListener(end, cancel);
  element.addEventListener("contextmenu", (e) => {
    if (pressed || timer) e.preventDefault(); // a long press is a preview, not a menu
  });
  element.addEventListener("click", (e) => {
    if (!pressed) return;
    pressed = false; // the finger lifted after a long press: it was a look, not a play
    e.stopImmediatePropagation();
    e.preventDefault();
  }, { capture: true });
  return element;
}
