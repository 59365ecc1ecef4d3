// Icons drawn as inline SVG (no emoji, no icon font): every machine shows them, whatever its
// fonts. Each is an <svg> of the class "icon", coloured by the text around it (currentColor)
// and set with presentation attributes only (the content security policy allows no inline
// style). Beside words that say the same, an icon is hidden from screen readers; alone, it
// has a name of its own.
import { svg } from "./dom.js";

// Each icon: its shapes on a 24 × 24 grid, as [tag, attributes] pairs.
const SHAPES = {
  timer: [
    ["circle", { cx: 12, cy: 13.5, r: 8, fill: "none", stroke: "currentColor", "stroke-width": 2.2 }],
    ["path", { d: "M9 2.5h6M12 2.5v3M12 13.5V9M12 13.5l3 2.5M18.5 5.5l1.6 1.6", fill: "none", stroke: "currentColor", "stroke-width": 2.2, "stroke-linecap": "round" }],
  ],
  shield: [["path", { d: "M12 2 4 5v6c0 5.2 3.4 9.6 8 11 4.6-1.4 8-5.8 8-11V5z" }]],
  lock: [
    ["path", { d: "M7.5 10.5V8a4.5 4.5 0 0 1 9 0v2.5", fill: "none", stroke: "currentColor", "stroke-width": 2.2 }],
    ["rect", { x: 4.5, y: 10.5, width: 15, height: 11, rx: 2 }],
  ],
  sword: [
    ["path", { d: "M20.5 3.5 19.8 7.6 9.6 17.8 6.2 14.4 16.4 4.2z" }],
    ["path", { d: "M4.3 12.9l6.8 6.8M7.9 16.1 3.5 20.5", fill: "none", stroke: "currentColor", "stroke-width": 2.2, "stroke-linecap": "round" }],
  ],
  heart: [["path", { d: "M12 21s-8.5-5.3-8.5-11.2A4.8 4.8 0 0 1 12 7a4.8 4.8 0 0 1 8.5 2.8C20.5 15.7 12 21 12 21z" }]],
  diamond: [["path", { d: "M12 2 19.5 12 12 22 4.5 12z" }]],
  spade: [
    ["path", { d: "M12 2.5s-8 6.2-8 11.2a4.2 4.2 0 0 0 7 3.1V17c0 .9-.3 2.8-1.7 4.5h5.4C13.3 19.8 13 17.9 13 17v-.2a4.2 4.2 0 0 0 7-3.1c0-5-8-11.2-8-11.2z" }],
  ],
  club: [
    ["circle", { cx: 12, cy: 7, r: 4.2 }],
    ["circle", { cx: 7, cy: 13.5, r: 4.2 }],
    ["circle", { cx: 17, cy: 13.5, r: 4.2 }],
    ["path", { d: "M11 12h2v5c0 1 .4 3 1.8 4.5H9.2C10.6 20 11 18 11 17z" }],
  ],
  moon: [["path", { d: "M15.5 3a9 9 0 1 0 0 18 7.5 7.5 0 0 1 0-18z" }]],
  tower: [["path", { d: "M5 3h3v2.5h2.5V3h3v2.5H16V3h3v6l-2.5 2v7H19v3H5v-3h2.5v-7L5 9z" }]],
  wheel: [
    ["circle", { cx: 12, cy: 12, r: 8, fill: "none", stroke: "currentColor", "stroke-width": 2.2 }],
    ["circle", { cx: 12, cy: 12, r: 2.5 }],
    ["path", { d: "M12 4v16M4 12h16M6.3 6.3l11.4 11.4M17.7 6.3 6.3 17.7", fill: "none", stroke: "currentColor", "stroke-width": 1.6 }],
  ],
  leaf: [
    ["path", { d: "M20 4C10 4 4.5 9 4.5 15.5c0 1.5.4 2.7 1 3.7C8 13.5 12 10.5 16 9c-4 2.5-7 6-8.8 11.5 1 .4 2 .5 3 .5C17 21 20 14 20 4z" }],
  ],
  star: [["path", { d: "M12 2.5l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17.4l-6.1 3.5 1.5-6.8-5.2-4.6 6.9-.7z" }]],
  cross: [["path", { d: "M6 6l12 12M18 6 6 18", fill: "none", stroke: "currentColor", "stroke-width": 3, "stroke-linecap": "round" }]],
  check: [["path", { d: "M4.5 12.5 9.5 17.5 19.5 6.5", fill: "none", stroke: "currentColor", "stroke-width": 3, "stroke-linecap": "round", "stroke-linejoin": "round" }]],
  first: [["path", { d: "M4 4h2.5v16H4zM20 4v16L8 12z" }]],
  back: [["path", { d: "M18 4v16L6 12z" }]],
  forward: [["path", { d: "M6 4v16l12-8z" }]],
  last: [["path", { d: "M4 4v16l12-8zM17.5 4H20v16h-2.5z" }]],
};

/**
 * An icon by its name. opts.label: its accessible name (for an icon that stands alone);
 * without one it is hidden from screen readers (for an icon beside words that say it).
 * opts.class: more classes.
 */
export function icon(name, opts = {}) {
  const shapes = SHAPES[name];
  if (!shapes) throw new Error(`no icon ${name}`);
  const attrs = {
    class: `icon icon-${name}${opts.class ? ` ${opts.class}` : ""}`,
    viewBox: "0 0 24 24", width: "1em", height: "1em", fill: "currentColor", focusable: "false",
  };
  if (opts.label) Object.assign(attrs, { role: "img", "aria-label": opts.label });
  else attrs["aria-hidden"] = "true";
  return svg("svg", attrs, ...shapes.map(([tag, a]) => svg(tag, a)));
}

export const ICONS = Object.keys(SHAPES);
