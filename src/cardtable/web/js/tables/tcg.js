// The Kata TCG: both heroes (health and mana slots), your hand and the opponent's card
// backs, minions (attack, health, asleep or ready), deck and graveyard counts. Choose a card,
// then how to play it (damage, heal, minion) and, where it aims, its target by clicking it;
// or choose a ready minion and what it attacks. Escape lets go of a choice.
import { h, fill } from "../dom.js";
import { icon } from "../icons.js";
import { cardBacks, pile } from "../cards.js";
import { Table, isYou, me, outcomeLine, zone } from "./base.js";
import { refusalText, unplayableCards } from "../refusals.js";
import { hidePreview, previewable } from "../preview.js";

/** The card a legal decision plays or attacks with (an id), and what it aims at: read from the
 * decision's fields, never from its text (the text is only sent back). */
const cardOf = (d) => (d.cards.length ? d.cards[0] : null);
const targetOf = (d) => (d.targets.length ? d.targets[0] : null);
const modeOf = (d) => d.mode ?? "";

/** The large preview of a card: its cost, name and whole text (the server's words, which say
 * whether it is a spell or a minion), its stats on the board, and why it waits. */
function preview({ name, cost, text, stats = null, why = null }) {
  return h("div", { class: "preview-card" },
    cost === null ? null : h("span", { class: "cost" }, String(cost)),
    h("span", { class: "card-name" }, name),
    text ? h("p", { class: "card-text" }, text) : null,
    stats ? h("p", { class: "stats-line" }, stats) : null,
    why ? h("p", { class: "why" }, why) : null);
}

const MODE_WORDS = { "": "Play", heal: "Heal", minion: "As a minion", draw: "Draw" };

class TcgTable extends Table {
  constructor(container, ctx) {
    super(container, ctx, "tcg");
    this.motion.highlights = true; // what changed while it was not your turn glows when it comes
    this.chosen = null; // {kind, id, mode} while picking
    this.root.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && this.chosen) {
        this.chosen = null;
        this.render(this.lastState);
      }
    });
  }

  render(state) {
    this.lastState = state;
    hidePreview(); // the cards it showed are drawn again
    const { view, legal, to_act: toAct } = state.message;
    const texts = state.message.card_text || {};
    const decisions = legal;
    const refused = unplayableCards(state.message);
    const mine = me(state);
    const them = mine === 0 ? 1 : 0;
    const heroes = view.public?.heroes || [];

    if (this.chosen && !decisions.some((d) => this.isChosen(d))) this.chosen = null;
    const aiming = this.chosen && this.chosen.mode !== null
      ? decisions.filter((d) => this.isChosen(d) && modeOf(d) === this.chosen.mode && targetOf(d) !== null)
      : [];
    const targets = new Map(aiming.map((d) => [targetOf(d), d.text]));

    const target = (key, element) => {
      if (!targets.has(key)) return element;
      element.classList.add("target");
      return h("button", {
        type: "button", class: "target-button", dataset: { focus: `target:${key}`, target: key, primary: "1" },
        "aria-label": `Target ${element.getAttribute("aria-label")}`,
        onclick: () => {
          this.chosen = null;
          this.ctx.decide(targets.get(key));
        },
      }, element);
    };

    const hero = (seat) => {
      const data = heroes.find((x) => x.seat === seat) || { life: [0, 0], mana: [0, 0] };
      const [slots, mana] = data.mana;
      const gems = [];
      for (let i = 0; i < slots; i++) gems.push(h("span", { class: `gem${i < mana ? " full" : ""}`, "aria-hidden": "true" }));
      const el = h("div", {
        class: `hero${seat === toAct ? " to-act" : ""}`, dataset: { seat }, role: "img",
        "aria-label": `${state.names[seat]}: health ${data.life[1]} of ${data.life[0]}, mana ${mana} of ${slots}`,
      },
      h("span", { class: "hero-name" }, state.names[seat], isYou(state, seat) ? " (you)" : ""),
      h("span", { class: "life", "aria-hidden": "true" }, icon("heart"), " ", String(data.life[1])),
      h("span", { class: "mana", "aria-hidden": "true" }, h("span", { class: "gems" }, gems), ` ${mana}/${slots}`));
      return target(`p${seat}`, el);
    };

    const minion = (card, own) => {
      const life = card.live?.life?.[1] ?? card.stats.life ?? card.stats.health;
      const awake = (card.live?.awake?.[1] ?? card.stats.awake ?? 0) > 0;
      const attacksLeft = (card.live?.attacks?.[1] ?? card.stats.attacks ?? 0) > 0;
      const ready = awake && attacksLeft;
      const state = ready ? "ready" : awake ? "has attacked" : "asleep";
      const shield = (card.live?.shield?.[1] ?? card.stats.shield ?? 0) > 0;
      const text = texts[card.id] || "";
      const label = `${card.name}: attack ${card.stats.attack}, health ${life}${shield ? ", shielded" : ""}, ${state}${text ? `. ${text}` : ""}`;
      const body = h("div", {
        class: `minion${ready ? " ready" : " asleep"}${this.fresh(card.id) ? " fresh" : ""}`, role: "img", "aria-label": label,
        dataset: { card: card.id },
      },
      h("span", { class: "card-name", "aria-hidden": "true" }, card.name),
      h("span", { class: "stats", "aria-hidden": "true" },
        h("span", { class: "attack" }, icon("sword"), ` ${card.stats.attack}`), shield ? h("span", { class: "shield" }, icon("shield")) : null,
        h("span", { class: "health" }, icon("heart"), ` ${life}`)),
      h("span", { class: "state", "aria-hidden": "true" }, ready ? "ready" : awake ? "attacked" : "asleep, zzz"));
      const canAttack = own && decisions.some((d) => d.kind === "attack" && cardOf(d) === card.id);
      const look = () => preview({ name: card.name, cost: null, text,
        stats: `attack ${card.stats.attack} · health ${life}${shield ? " · shielded" : ""} · ${state}` });
      if (targets.has(`#${card.id}`)) return previewable(target(`#${card.id}`, body), look);
      if (canAttack) {
        const selected = this.chosen?.kind === "attack" && this.chosen.id === card.id;
        return previewable(h("button", {
          type: "button", class: `minion-button${selected ? " selected" : ""}`, "aria-pressed": selected ? "true" : "false",
          "aria-label": `Attack with ${label}`, dataset: { focus: `minion:${card.id}` },
          onclick: () => this.choose({ kind: "attack", id: card.id, mode: "" }),
        }, body), look);
      }
      body.tabIndex = 0; // focusable, to read its preview by keyboard
      return previewable(body, look);
    };

    const handCard = (card) => {
      const s = card.stats;
      const can = decisions.some((d) => d.kind === "play" && cardOf(d) === card.id);
      const why = can ? null : refused.get(card.id); // the rule that keeps it in the hand now
      const selected = this.chosen?.kind === "play" && this.chosen.id === card.id;
      const text = texts[card.id] || "";
      const label = `${card.name}, cost ${s.cost}${text ? `: ${text}` : ""}`;
      const said = why ? `${label} — ${why.phrase}` : label;
      const button = h("button", {
        type: "button",
        class: `tcg-card${can ? " playable" : ""}${why ? " refused" : ""}${selected ? " selected" : ""}${this.fresh(card.id) ? " fresh" : ""}`,
        "aria-label": said,
        "aria-pressed": selected ? "true" : "false", "aria-disabled": can ? null : "true",
        dataset: { focus: `card:${card.id}`, card: card.id, ...(why ? { refusal: why.code } : {}) },
        onclick: () => {
          if (can) this.choose({ kind: "play", id: card.id, mode: null });
          else this.error(why ? `${card.name}: ${refusalText(why.code, why.reason)}` : `${card.name} cannot be played now.`);
        },
      },
      h("span", { class: "cost", "aria-hidden": "true" }, String(s.cost)),
      h("span", { class: "card-name", "aria-hidden": "true" }, card.name),
      h("span", { class: "card-text", "aria-hidden": "true" }, text),
      why ? h("span", { class: "why", "aria-hidden": "true" }, why.phrase) : null);
      return previewable(button, () => preview({ name: card.name, cost: s.cost, text,
        why: why ? refusalText(why.code, why.reason) : null }));
    };

    const side = (seat, own) => {
      const hand = zone(view, `hand:${seat}`);
      const board = zone(view, `board:${seat}`).cards || [];
      return h("section", { class: `side ${own ? "own" : "theirs"}`, "aria-label": `${state.names[seat]}'s side` },
        h("div", { class: "side-top" }, hero(seat),
          h("div", { class: "counts" },
            h("span", { class: "muted" }, "deck"), pile(zone(view, `deck:${seat}`).size, "Deck"),
            h("span", { class: "muted" }, `graveyard ${zone(view, `graveyard:${seat}`).size}`))),
        h("div", { class: "minions", "aria-label": "Minions" }, board.map((c) => minion(c, own && seat === state.seat))),
        h("div", { class: "hand-row", "aria-label": hand.cards && isYou(state, seat) ? "Your hand" : `${state.names[seat]}'s hand` },
          hand.cards && seat === state.seat ? hand.cards.map(handCard) : cardBacks(hand.size, { small: !own })));
    };

    fill(this.board, outcomeLine(state), side(them, false), side(mine, true));
    this.renderControls(decisions, targets);
  }

  /** Whether legal decision `d` is of the card (or minion) chosen. */
  isChosen(d) {
    return Boolean(this.chosen) && d.kind === this.chosen.kind && cardOf(d) === this.chosen.id;
  }

  choose(choice) {
    this.error("");
    const same = this.chosen && this.chosen.kind === choice.kind && this.chosen.id === choice.id;
    this.chosen = same && choice.mode === null ? null : choice;
    if (this.chosen && this.chosen.kind === "play" && this.chosen.mode === null) {
      const modes = this.modesOf(this.chosen.id);
      if (modes.length === 1 && !modes[0].aims) {
        this.chosen = null;
        this.ctx.decide(modes[0].text);
        return;
      }
      if (modes.length === 1) this.chosen = { ...this.chosen, mode: modes[0].mode };
    }
    this.update(this.lastState);
    this.focusFirst();
  }

  /** The ways card `id` may be played now: its modes, each aiming or not. */
  modesOf(id) {
    const found = new Map();
    for (const d of this.lastState.message.legal) {
      if (d.kind !== "play" || cardOf(d) !== id) continue;
      const mode = modeOf(d);
      const entry = found.get(mode) || { mode, aims: false, text: d.text };
      if (targetOf(d) !== null) entry.aims = true;
      found.set(mode, entry);
    }
    return [...found.values()];
  }

  renderControls(decisions, targets) {
    const controls = [];
    if (this.chosen) {
      const c = this.chosen;
      if (c.kind === "play" && c.mode === null) {
        controls.push(h("span", {}, "Play it how? "));
        for (const m of this.modesOf(c.id)) {
          const word = m.mode === "" && m.aims ? "As damage" : (MODE_WORDS[m.mode] || m.mode);
          controls.push(h("button", {
            type: "button", dataset: { focus: `mode:${m.mode}`, primary: "1" },
            onclick: () => (m.aims ? this.choose({ ...c, mode: m.mode }) : this.ctx.decide(m.text)),
          }, word));
        }
      } else if (targets.size) {
        controls.push(h("span", { class: "hint" }, "Choose a target: the lit hero or minion."));
      }
      controls.push(h("button", { type: "button", class: "secondary", dataset: { focus: "cancel" },
        onclick: () => { this.chosen = null; this.update(this.lastState); } }, "Cancel"));
    }
    for (const d of decisions) {
      if (d.kind === "end") controls.push(this.decisionButton(d.text, "End your turn", this.chosen ? {} : { dataset: { primary: "1" } }));
      else if (d.kind !== "play" && d.kind !== "attack" && d.kind !== "concede") controls.push(this.decisionButton(d.text, d.text));
    }
    fill(this.controls, controls);
  }
}

export default function tcgTable(container, ctx) {
  return new TcgTable(container, ctx);
}
