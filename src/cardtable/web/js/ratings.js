// Ranked play's common parts: the rated rulesets (read once a page load), a rating in words
// ("1409 ± 221"), the provisional badge, and a person's rating history as a chart drawn in
// inline SVG (no library): the rating after each rated match, each match a point, filled where
// the person came first. The chart says the same in words to screen readers: a summary as its
// name, and every point in a table only they read.
import { api } from "./api.js";
import { h, svg } from "./dom.js";
import { moment } from "./forms.js";

let rulesets = null;

/** {rulesets: [{game, rated, title, seats, ruleset}], season} from the server, read once (again
 * after a failure). */
export function ratedRulesets() {
  if (!rulesets) {
    rulesets = api.ratedRulesets().catch((error) => {
      rulesets = null;
      throw error;
    });
  }
  return rulesets;
}

/** "1409 ± 221": the shown rating and its uncertainty. */
export function ratingWords(rating, sigma) {
  return `${rating} ± ${Math.round(sigma)}`;
}

/** A rating as elements: the number, then its uncertainty, quieter. */
export function ratingCell(rating, sigma) {
  return [h("strong", { class: "rating-value" }, String(rating)),
    h("span", { class: "sigma", title: "The rating's uncertainty: it shrinks with each rated match" }, ` ± ${Math.round(sigma)}`)];
}

/** The badge of a rating that is not settled yet (and so not ranked). */
export function provisionalBadge() {
  return h("span", { class: "badge provisional", title: "Not settled yet: ranked after more rated matches" }, "provisional");
}

/** "1st", "2nd", "3rd", "4th"... */
export function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
  return `${n}${suffix}`;
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0";
}

/** A point of a history in words: "27 Nov 2026, 14:05: 952 (+126), 1st of 2". */
function pointWords(point) {
  const table = point.computers ? ", with computer players" : "";
  return `${moment(point.at)}: ${point.rating} (${signed(point.change)}), ${ordinal(point.place)} of ${point.seats}${table}`;
}

const HEIGHT = 190; // the chart's height in pixels, at any width
const PAD = { left: 46, right: 14, top: 14, bottom: 34 };

/**
 * The chart of a rating's `history` (oldest first), titled by `title` (the ruleset's): an
 * element that draws itself at the width it is given (again when that changes), so that its
 * words stay readable on a phone.
 */
export function ratingChart(history, title, id) {
  const points = history.filter((p) => Number.isFinite(p.rating));
  const ratings = points.map((p) => p.rating);
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  const first = points[0];
  const last = points.at(-1);
  const wins = points.filter((p) => p.place === 1).length;
  const summary = points.length === 1
    ? `Rating history of ${title}: one rated match, after which the rating was ${last.rating}.`
    : `Rating history of ${title}: ${points.length} rated matches, from ${first.rating} to ${last.rating}; lowest ${low}, highest ${high}; first place in ${wins}.`;
  const picture = svg("svg", { class: "rating-chart", role: "img", "aria-label": summary, "data-points": points.length });
  if (id) picture.id = id;
  const box = h("div", { class: "chart-box" }, picture);

  let drawnAt = 0;
  function draw() {
    const width = Math.max(240, Math.round(box.clientWidth || 600));
    if (width === drawnAt) return;
    drawnAt = width;
    drawChart(picture, points, width, low, high);
  }
  draw();
  if (typeof ResizeObserver === "function") new ResizeObserver(draw).observe(box);

  // (a table does not clip itself: its box, visually hidden, holds it)
  const table = h("div", { class: "visually-hidden" }, h("table", { id: id ? `${id}-points` : null },
    h("caption", {}, `The rating after each rated match of ${title}, oldest first`),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "Match"), h("th", { scope: "col" }, "Finished"), h("th", { scope: "col" }, "Rating"),
      h("th", { scope: "col" }, "Change"), h("th", { scope: "col" }, "Place"))),
    h("tbody", {}, points.map((p, i) => h("tr", {},
      h("th", { scope: "row" }, String(i + 1)), h("td", {}, moment(p.at)), h("td", {}, String(p.rating)),
      h("td", {}, signed(p.change)), h("td", {}, `${ordinal(p.place)} of ${p.seats}${p.computers ? ", with computer players" : ""}`))))));
  const legend = h("p", { class: "chart-legend", "aria-hidden": "true" },
    h("span", { class: "key won" }), " came first ", h("span", { class: "key other" }), " placed lower");
  return h("figure", { class: "rating-history" }, box, legend, table);
}

/** Round the axis's ends outwards to a tidy step, so that the labels are round numbers. */
function axis(low, high) {
  const span = Math.max(high - low, 20);
  const step = span > 400 ? 100 : span > 100 ? 50 : 10;
  let bottom = Math.floor((low - span * 0.08) / step) * step;
  let top = Math.ceil((high + span * 0.08) / step) * step;
  if (top === bottom) {
    bottom -= step;
    top += step;
  }
  return { bottom, top, step };
}

function drawChart(picture, points, width, low, high) {
  picture.replaceChildren();
  picture.setAttribute("viewBox", `0 0 ${width} ${HEIGHT}`);
  picture.setAttribute("width", String(width));
  picture.setAttribute("height", String(HEIGHT));
  const { bottom, top } = axis(low, high);
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i) => PAD.left + (points.length === 1 ? plotW / 2 : (i * plotW) / (points.length - 1));
  const y = (rating) => PAD.top + ((top - rating) * plotH) / (top - bottom);

  // the frame: a base line, and the highest and the lowest rating's levels as guides
  picture.appendChild(svg("line", { class: "grid edge", x1: PAD.left, x2: width - PAD.right, y1: y(bottom), y2: y(bottom) }));
  for (const level of high === low ? [high] : [high, low]) {
    picture.appendChild(svg("line", { class: "grid level", x1: PAD.left, x2: width - PAD.right, y1: y(level), y2: y(level) }));
  }
  // labels: the highest and the lowest rating reached (where they are), never on top of each other
  const labels = high === low ? [[high, "label-high"]] : [[high, "label-high"], [low, "label-low"]];
  for (const [level, name] of labels) {
    let at = y(level);
    if (name === "label-low" && at - y(high) < 14) at = y(high) + 14;
    picture.appendChild(svg("text", { class: `axis-label ${name}`, x: PAD.left - 10, y: at + 4, "text-anchor": "end" }, String(level)));
  }
  // the x axis: matches in order, the first's and the latest's day below
  const base = HEIGHT - PAD.bottom;
  picture.appendChild(svg("text", { class: "axis-label", x: PAD.left, y: base + 16, "text-anchor": "start" },
    points.length === 1 ? "" : `match 1`));
  picture.appendChild(svg("text", { class: "axis-label", x: width - PAD.right, y: base + 16, "text-anchor": "end" },
    points.length === 1 ? "match 1" : `match ${points.length}`));
  const dayOf = (p) => new Date(p.at * 1000).toLocaleDateString(undefined, { month: "short", day: "numeric" });
  if (points.length > 1) picture.appendChild(svg("text", { class: "axis-label day", x: PAD.left, y: base + 30, "text-anchor": "start" }, dayOf(points[0])));
  picture.appendChild(svg("text", { class: "axis-label day", x: width - PAD.right, y: base + 30, "text-anchor": "end" }, dayOf(points.at(-1))));

  if (points.length > 1) {
    const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
    picture.appendChild(svg("polyline", { class: "rating-line", points: line }));
  }
  const crowded = plotW / Math.max(1, points.length) < 9;
  const radius = crowded ? 2.5 : 4.5;
  points.forEach((p, i) => {
    const dot = svg("circle", {
      class: `point ${p.place === 1 ? "won" : "other"}`, cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: radius,
      "data-rating": p.rating, "data-match": p.match,
    }, svg("title", {}, `Match ${i + 1}, ${pointWords(p)}`));
    picture.appendChild(dot);
  });
}
