// Movement and feedback at the tables, all decoration: cards glide from where they were to
// where they are (FLIP, keyed by card id), new ones fade in, damage and healing float over
// what they hit, an attack draws a short arrow from attacker to target, and what changed
// while it was not your turn glows when your turn comes; War's cards come from their
// player's pile to the battle, and the cards a battle won gather to the winner's pile.
// Nothing waits for an animation:
// the table is drawn and its controls act at once; overlays take no clicks. With
// prefers-reduced-motion: reduce, none of it happens.
//
// What moves is found by its key: `#ID` for an element with data-card="ID" (a card, a
// minion), `pSEAT` for one with data-seat="SEAT" (a hero, a seat's area): the way events
// name characters ("p1", "#12"); a place on the table by its name, for one with
// data-place="NAME" (a pile, "pile:0"; a face-down row, "down:0"). Elements with data-stake
// are the cards a battle was fought for: when an event says who won them, they gather there.
import { h, svg } from "./dom.js";

const MOVE_MS = 250;
const FADE_MS = 220;
const FLOAT_MS = 700;
const ARROW_MS = 650;
const GATHER_MS = 550;
const KEYED = "[data-card], [data-seat], [data-place]";

/** Whether motion is welcome here (not when the person asked for reduced motion). */
export function motionAllowed() {
  return !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

function keyOf(el) {
  if (el.dataset.card !== undefined && el.dataset.card !== "") return `#${el.dataset.card}`;
  if (el.dataset.seat !== undefined && el.dataset.seat !== "") return `p${el.dataset.seat}`;
  if (el.dataset.place) return el.dataset.place;
  return null;
}

/** The few things about an element whose change is worth a glance: a card's stats, a hero's
 * health, a hand's size (never mana, which every turn refills). */
function signature(el) {
  const parts = [...el.querySelectorAll(".stats, .life, .backs, .count")]
    .map((part) => part.getAttribute("aria-label") || part.textContent);
  return parts.join("|");
}

/** The events a damage or a heal floats, as [target, text, kind]; the arrows events draw, as
 * [from, to]; where cards new on the table come from (`origins`, key → key); the place the
 * cards at stake went to (`gather`: a War battle's winner's pile), if any. */
function readEvents(events) {
  const floats = [];
  const arrows = [];
  const origins = new Map(); // a card played: from its player's seat (where their hand is)
  let gather = null;
  for (const e of events) {
    if (!e || typeof e !== "object") continue;
    const played = e.type === "play" && e.card && typeof e.card === "object" ? e.card.id : null;
    if (played !== null && played !== undefined && Number.isInteger(e.seat)) origins.set(`#${played}`, `p${e.seat}`);
    if (e.type === "turn" && Number.isInteger(e.seat)) {
      // War: a card turned up (and, in a war, cards put face down) from the player's pile
      const turned = e.card && typeof e.card === "object" ? e.card.id : null;
      if (turned !== null && turned !== undefined) origins.set(`#${turned}`, `pile:${e.seat}`);
      if (Number(e.down) > 0) {
        origins.set(`down:${e.seat}`, `pile:${e.seat}`);
        origins.set(`down:${e.seat}:${e.round}`, `pile:${e.seat}`);
      }
    }
    if (e.type === "won" && Number.isInteger(e.seat)) gather = `pile:${e.seat}`;
    if (e.type === "damage" && Array.isArray(e.hits)) {
      for (const hit of e.hits) {
        if (!hit || typeof hit.target !== "string") continue;
        if (hit.shielded) floats.push([hit.target, "blocked", "blocked"]);
        else if (Number(hit.amount) > 0) floats.push([hit.target, `-${hit.amount}`, "damage"]);
      }
    } else if (e.type === "heal" && typeof e.target === "string" && Number(e.amount) > 0) {
      floats.push([e.target, `+${e.amount}`, "heal"]);
    } else if (e.type === "attack" && typeof e.target === "string" && e.minion !== undefined) {
      arrows.push([`#${e.minion}`, e.target]);
    } else if (e.type === "play" && typeof e.target === "string" && e.mode !== "heal" && Number.isInteger(e.seat)) {
      const id = e.card && typeof e.card === "object" ? e.card.id : null;
      arrows.push([id === null || id === undefined ? `p${e.seat}` : `#${id}`, e.target, `p${e.seat}`]);
    }
  }
  return { floats, arrows, origins, gather };
}

export class Motion {
  constructor(root) {
    this.root = root;
    this.layer = null;
    this.before = null; // key → its box just before a redraw
    this.marks = null; // key → signature when it was last your turn
    this.wasMine = null;
    this.highlights = false; // light what changed when your turn comes (a table opts in)
  }

  /** Just before the table redraws: where each keyed element is. */
  remember() {
    this.before = null;
    if (!motionAllowed()) return;
    this.before = new Map();
    for (const el of this.root.querySelectorAll(KEYED)) {
      const key = keyOf(el);
      if (key && !this.before.has(key)) this.before.set(key, el.getBoundingClientRect());
    }
  }

  /**
   * Just after the table redrew: move what moved, fade in what is new, float and point what
   * the new events did, and, when your turn has just come, light up what changed.
   * `first`: the first drawing (nothing moves); `events`: the events new since the last one;
   * `mine`: whether it is your turn now.
   */
  play({ first = false, events = [], mine = false } = {}) {
    const before = this.before;
    this.before = null;
    const cameNow = mine && this.wasMine === false;
    this.wasMine = mine;
    if (!motionAllowed()) {
      if (mine) this.marks = this.signatures();
      return;
    }
    const now = new Map();
    for (const el of this.root.querySelectorAll(KEYED)) {
      const key = keyOf(el);
      if (key && !now.has(key)) now.set(key, el);
    }
    if (!first && before) {
      const { floats, arrows, origins, gather } = readEvents(events);
      const boxes = new Map([...now].map(([key, el]) => [key, el.getBoundingClientRect()])); // where they end
      const stakes = gather ? [...this.root.querySelectorAll("[data-stake]")].map((el) => [el, el.getBoundingClientRect()]) : [];
      for (const [key, el] of now) {
        const was = before.get(key);
        const seat = !was && origins.has(key) ? before.get(origins.get(key)) : null;
        if (seat) this.arrive(el, seat, boxes.get(key));
        else this.glide(el, was, boxes.get(key));
      }
      const place = (key) => boxes.get(key) || before.get(key) || null;
      const stacked = new Map();
      for (const [target, text, kind] of floats) {
        const box = place(target);
        if (!box) continue;
        const n = stacked.get(target) || 0;
        stacked.set(target, n + 1);
        this.float(box, text, kind, n);
      }
      for (const [from, to, instead] of arrows) {
        const a = place(from) || (instead ? place(instead) : null);
        const b = place(to);
        if (a && b) this.arrow(a, b);
      }
      const winner = gather ? place(gather) : null;
      if (winner) for (const [el, box] of stakes) this.ghost(el, box, winner, MOVE_MS + 100);
    }
    if (this.highlights && cameNow && this.marks) {
      for (const [key, el] of now) {
        const was = this.marks.get(key);
        if (was === undefined || was !== signature(el)) this.highlight(el);
      }
    }
    if (mine) this.marks = this.signatures(now);
  }

  signatures(now = null) {
    const marks = new Map();
    const els = now ? now.values() : this.root.querySelectorAll(KEYED);
    for (const el of els) {
      const key = keyOf(el);
      if (key && !marks.has(key)) marks.set(key, signature(el));
    }
    return marks;
  }

  /** FLIP: from the box it had to the one it has; a new element (not already dealt in by
   * its own CSS) fades in. */
  glide(el, was, box) {
    if (!el.animate) return;
    if (!was) {
      if (!el.classList.contains("fresh")) {
        el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FADE_MS, easing: "ease-out" });
      }
      return;
    }
    const dx = was.left - box.left;
    const dy = was.top - box.top;
    const sx = box.width ? was.width / box.width : 1;
    const sy = box.height ? was.height / box.height : 1;
    const scaled = Math.abs(sx - 1) > 0.02 || Math.abs(sy - 1) > 0.02;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && !scaled) return;
    if (scaled) el.style.transformOrigin = "0 0";
    el.animate(
      [
        { transform: `translate(${dx}px, ${dy}px)${scaled ? ` scale(${sx}, ${sy})` : ""}` },
        { transform: `translate(0px, 0px)${scaled ? " scale(1, 1)" : ""}` },
      ],
      { duration: MOVE_MS, easing: "cubic-bezier(.2, .7, .3, 1)", composite: "add" },
    );
  }

  /** A card that was hidden in a hand comes from its player's seat (`from`, a box). */
  arrive(el, from, box) {
    if (!el.animate) return;
    const dx = from.left + from.width / 2 - (box.left + box.width / 2);
    const dy = from.top + from.height / 2 - (box.top + box.height / 2);
    const timing = { duration: MOVE_MS + 100, easing: "cubic-bezier(.2, .7, .3, 1)" };
    el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(.6)` }, { transform: "translate(0px, 0px) scale(1)" }],
      { ...timing, composite: "add" });
    el.animate([{ opacity: 0.2 }, { opacity: 1 }], timing);
  }

  /** The overlay the floats and arrows are drawn on: over the table, taking no clicks. */
  overlay() {
    if (!this.layer || !this.layer.isConnected) {
      this.layer = h("div", { class: "motion-layer", "aria-hidden": "true" });
      this.root.appendChild(this.layer);
    }
    return this.layer;
  }

  /** A box (the viewport's) in the overlay's coordinates. */
  local(box) {
    const origin = this.overlay().getBoundingClientRect();
    return { x: box.left - origin.left, y: box.top - origin.top, w: box.width, h: box.height };
  }

  float(box, text, kind, n) {
    const b = this.local(box);
    const el = h("span", { class: `motion-float ${kind}` }, text);
    el.style.left = `${b.x + b.w / 2}px`;
    el.style.top = `${b.y + b.h / 2}px`;
    this.overlay().appendChild(el);
    const lift = 18 * n;
    const animation = el.animate(
      [
        { transform: `translate(-50%, calc(-50% - ${lift}px)) scale(.7)`, opacity: 0 },
        { transform: `translate(-50%, calc(-50% - ${lift + 8}px)) scale(1.15)`, opacity: 1, offset: 0.2 },
        { transform: `translate(-50%, calc(-50% - ${lift + 40}px)) scale(1)`, opacity: 0 },
      ],
      { duration: FLOAT_MS, delay: 90 * n, easing: "ease-out", fill: "both" },
    );
    gone(el, animation, FLOAT_MS + 90 * n);
  }

  arrow(fromBox, toBox) {
    const a = this.local(fromBox);
    const b = this.local(toBox);
    const x1 = a.x + a.w / 2;
    const y1 = a.y + a.h / 2;
    const x2 = b.x + b.w / 2;
    const y2 = b.y + b.h / 2;
    const length = Math.hypot(x2 - x1, y2 - y1);
    if (length < 8) return;
    // a short arrow: from near the attacker to just short of the target's middle
    const trim = Math.min(length * 0.2, 28);
    const ux = (x2 - x1) / length;
    const uy = (y2 - y1) / length;
    const sx = x1 + ux * trim;
    const sy = y1 + uy * trim;
    const ex = x2 - ux * trim;
    const ey = y2 - uy * trim;
    const head = 12;
    const left = [ex - ux * head - uy * head * 0.6, ey - uy * head + ux * head * 0.6];
    const right = [ex - ux * head + uy * head * 0.6, ey - uy * head - ux * head * 0.6];
    const el = svg("svg", { class: "motion-arrow", width: "100%", height: "100%" },
      svg("line", { x1: sx, y1: sy, x2: ex - ux * head * 0.6, y2: ey - uy * head * 0.6 }),
      svg("polygon", { points: `${ex},${ey} ${left[0]},${left[1]} ${right[0]},${right[1]}` }));
    this.overlay().appendChild(el);
    const animation = el.animate(
      [{ opacity: 0 }, { opacity: 1, offset: 0.15 }, { opacity: 1, offset: 0.6 }, { opacity: 0 }],
      { duration: ARROW_MS, easing: "ease-out", fill: "both" },
    );
    gone(el, animation, ARROW_MS);
  }

  /** A copy of `el` (at `from`) that flies into `to` and is gone, after `delay` ms: the cards
   * a battle was won with, gathering to the winner's pile while the table still shows them. */
  ghost(el, from, to, delay) {
    if (!el.animate) return;
    const copy = el.cloneNode(true);
    for (const node of [copy, ...copy.querySelectorAll("*")]) {
      for (const name of [...node.getAttributeNames()]) {
        if (name.startsWith("data-") || name === "id" || name === "role" || name === "aria-label" || name === "title") {
          node.removeAttribute(name);
        }
      }
    }
    copy.classList.remove("fresh", "changed");
    copy.classList.add("motion-ghost");
    const a = this.local(from);
    const b = this.local(to);
    Object.assign(copy.style, { left: `${a.x}px`, top: `${a.y}px`, width: `${a.w}px`, height: `${a.h}px` });
    this.overlay().appendChild(copy);
    const dx = b.x + b.w / 2 - (a.x + a.w / 2);
    const dy = b.y + b.h / 2 - (a.y + a.h / 2);
    const there = `translate(${dx}px, ${dy}px) scale(.45)`;
    const animation = copy.animate(
      [
        { transform: "translate(0px, 0px) scale(1)", opacity: 0 },
        { transform: "translate(0px, 0px) scale(1)", opacity: 1, offset: 0.12 },
        { transform: there, opacity: 0.9, offset: 0.85 },
        { transform: there, opacity: 0 },
      ],
      { duration: GATHER_MS, delay, easing: "ease-in-out", fill: "both" },
    );
    gone(copy, animation, delay + GATHER_MS);
  }

  highlight(el) {
    el.classList.remove("changed");
    el.classList.add("changed");
    const over = (e) => {
      if (e.target !== el || e.animationName !== "changed") return;
      el.classList.remove("changed");
      el.removeEventListener("animationend", over);
    };
    el.addEventListener("animationend", over);
  }
}

/** Take an overlay away once its animation is over (or soon after, whatever happens). */
function gone(el, animation, ms) {
  let done = false;
  const remove = () => {
    if (done) return;
    done = true;
    el.remove();
  };
  animation.finished.then(remove, remove);
  setTimeout(remove, ms + 500);
}
