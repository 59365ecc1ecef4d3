// What every table shares: an error line beside its controls, knowing which cards are new
// (to animate only those), keeping the keyboard's place across a redraw, and the movement
// and sounds of what changed (motion.js, sound.js: decoration, never waited for).
import { h, fill, notice } from "../dom.js";
import { Motion } from "../motion.js";
import { play } from "../sound.js";

export class Table {
  constructor(container, ctx, gameClass) {
    this.ctx = ctx;
    this.root = h("div", { class: `table ${gameClass}` });
    this.board = h("div", { class: "board" });
    this.controls = h("div", { class: "controls", id: "controls", role: "group", "aria-label": "Your decisions" });
    this.errorLine = notice();
    this.errorLine.id = "decision-error";
    this.fineLine = notice("fine"); // a decision the rules took, and fined
    this.fineLine.id = "decision-fine";
    this.root.append(this.board, this.controls, this.errorLine, this.fineLine);
    fill(container, this.root);
    this.seen = new Set();
    this.seenNow = new Set();
    this.last = null;
    this.motion = new Motion(this.root);
    this.eventsSeen = 0; // how many of the match's events the last drawing had read
  }

  /** Whether the card with this id appears for the first time (and remember it). */
  fresh(id) {
    if (id === undefined || id === null) return false;
    this.seenNow.add(id);
    return this.last !== null && !this.seen.has(id);
  }

  update(state) {
    const active = document.activeElement;
    const focusKey = this.root.contains(active) ? active.dataset.focus || active.id || null : null;
    this.seenNow = new Set();
    const first = this.last === null;
    const events = state.events || [];
    const news = !first && events.length > this.eventsSeen ? events.slice(this.eventsSeen) : [];
    const before = this.last;
    this.eventsSeen = events.length;
    this.motion.remember();
    this.render(state);
    this.seen = new Set([...this.seen, ...this.seenNow]);
    this.last = state;
    const mine = yourTurn(state);
    this.motion.play({ first, events: news, mine });
    if (!first) this.sounds(before, state, news, mine);
    if (focusKey) {
      const again = this.root.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`) || this.root.querySelector(`#${CSS.escape(focusKey)}`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
      else this.focusFirst();
    } else if (state.message.legal.length && (active === document.body || active === null)) {
      this.focusFirst();
    }
  }

  /** The sounds of what just happened (if sounds are on): a card played, a hit, your turn
   * coming, the match won or lost. */
  sounds(before, state, news, mine) {
    const outcome = state.message.outcome;
    if (outcome && !before.message.outcome) {
      const seat = "you" in state ? state.you : state.seat;
      if (seat !== null && seat !== undefined) play((outcome.winners || []).includes(seat) ? "win" : "lose");
      return;
    }
    let at = 0;
    if (news.some((e) => e.type === "play" || (e.type === "move" && String(e.origin || "").startsWith("hand")))) {
      play("card");
      at += 0.15;
    }
    if (news.some((e) => e.type === "damage")) {
      play("hit", at);
      at += 0.2;
    }
    if (mine && !yourTurn(before)) play("turn", at);
  }

  focusFirst() {
    const first = this.root.querySelector("[data-primary]:not([disabled])") ||
      this.controls.querySelector("button:not([disabled])");
    if (first) first.focus({ preventScroll: true });
  }

  /** A decision button: `text` is sent as it is; `label` is what a person reads. */
  decisionButton(text, label, extra = {}) {
    return h("button", {
      type: "button", class: extra.class || "", dataset: { decision: text, focus: `decision:${text}`, ...(extra.dataset || {}) },
      onclick: () => this.ctx.decide(text),
    }, label);
  }

  /** Show the controls busy (a decision is on its way: clicks do nothing until the next view
   * or a refusal), or ready again. Nothing is disabled, so the keyboard keeps its place. */
  busy(on) {
    this.root.classList.toggle("busy", on);
    if (on) this.root.setAttribute("aria-busy", "true");
    else this.root.removeAttribute("aria-busy");
  }

  /** Say why a decision was refused (or, with "", clear what was said). */
  error(text) {
    this.errorLine.say(text);
    this.fineLine.say("");
  }

  /** Say that a decision was taken but fined by the rules. */
  fined(text) {
    this.fineLine.say(text);
    this.errorLine.say("");
  }

  destroy() {
    this.root.remove();
  }
}

/** Whether `seat` is the person's own: in a room, the seat they play; in a replay, the seat
 * they played in that match (`state.you`), whoever's view is drawn. */
export function isYou(state, seat) {
  const you = "you" in state ? state.you : state.seat;
  return you !== null && you !== undefined && you === seat;
}

/** Whether it is the person's own turn in this state (never in a replay, nor when over). */
function yourTurn(state) {
  const m = state.message;
  return !m.outcome && state.seat !== null && state.seat !== undefined && m.to_act === state.seat && (m.legal || []).length > 0;
}

/** The seat whose side is drawn at the bottom: one's own, or the first for watchers. */
export function me(state) {
  return state.seat ?? 0;
}

export function zone(view, name) {
  return view.zones?.[name] || { size: 0, cards: null };
}

/** How a match ended, in words: the server's for this seat (`outcome_text`: "You won — Bob
 * fell to 0 health or below"), or, for a match from before outcomes had words, who won and
 * the old reason. */
export function outcomeWords(message, names) {
  const o = message.outcome;
  if (!o) return "";
  if (message.outcome_text) return `${message.outcome_text}.`;
  const winners = (o.winners || []).map((w) => names[w]);
  return `${winners.length ? `${winners.join(" and ")} won` : "Nobody won"}${o.reason ? ` — ${o.reason}` : ""}.`;
}

/** 1st, 2nd, 3rd, 4th... */
export function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
}

/** Where every seat placed ("1st Ann, 2nd Cy and Bob"), when the match placed them and a
 * table of more than two makes it more than who won (the words of the engine's
 * `describe_places`, which the terminal prints). */
export function placesWords(outcome, names) {
  const places = outcome?.placings || [];
  if (places.length < 3) return "";
  const by = new Map();
  places.forEach((place, seat) => by.set(place, [...(by.get(place) || []), names[seat]]));
  return [...by.keys()].sort((a, b) => a - b)
    .map((place) => `${ordinal(place)} ${by.get(place).join(" and ")}`).join(", ");
}

export function outcomeLine(state) {
  const o = state.message.outcome;
  if (!o) return null;
  const mine = (o.winners || []).some((w) => isYou(state, w));
  const places = placesWords(o, state.names);
  return h("p", { class: `outcome${mine ? " won" : ""}`, role: "status" }, outcomeWords(state.message, state.names),
    places ? h("span", { class: "places" }, ` Places: ${places}.`) : null);
}
