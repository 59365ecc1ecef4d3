// Karata: your hand (the cards the server says you may play lit), the pile's top, the
// direction, the request and the pending pick, the turn being built card by card, finishing
// with a request or "niko kadi" (last card), and fines for everyone to see.
import { h, fill } from "../dom.js";
import { cardBacks, playingCard, shortName, suitSymbol, suitWord } from "../cards.js";
import { Table, isYou, me, outcomeLine, zone } from "./base.js";
import { refusalText, unplayableCards } from "../refusals.js";

/** What a request asks for, in words ("hearts", "7 of clubs"). */
function requestText(request) {
  if (!request) return "";
  return request.length === 1 ? suitWord(request) : shortName(request);
}

/** A request drawn: a suit's symbol before its word. */
function requestShown(request) {
  return request.length === 1 ? [suitSymbol(request), " ", suitWord(request)] : requestText(request);
}

/** A card drawn with its id (data-card), by which it is followed as it moves. */
function withId(el, id) {
  if (id !== undefined && id !== null) el.dataset.card = String(id);
  return el;
}

/** A finish decision's request ("" for none) and whether it declares last card, read from its
 * fields; null for other decisions. */
function finishOf(d) {
  if (d.kind !== "finish") return null;
  return { ask: d.details?.request || "", last: Boolean(d.details?.last), text: d.text };
}

class KarataTable extends Table {
  constructor(container, ctx) {
    super(container, ctx, "karata");
    this.motion.highlights = true; // what changed while it was not your turn glows when it comes
    this.last = null;
    this.declare = false;
  }

  render(state) {
    const { view, legal, to_act: toAct } = state.message;
    const pub = view.public || {};
    const mine = me(state);
    const seats = state.names.map((_, i) => i).filter((i) => view.zones[`hand:${i}`]);
    const pileZone = zone(view, "pile");
    const top = pileZone.cards && pileZone.cards.length ? pileZone.cards[pileZone.cards.length - 1] : null;
    const building = zone(view, "play").cards || [];
    const declared = pub.declared || [];
    const out = new Set(pub.out || []);
    // each card one may add to the turn, by its key: the decision that plays it
    const playable = new Map(legal.filter((d) => d.kind === "play" && d.cards.length).map((d) => [d.cards[0], d.text]));
    const refused = unplayableCards(state.message);
    const fines = (state.events || []).filter((e) => e.type === "fined").slice(-3);

    const others = seats.filter((i) => i !== state.seat).map((i) =>
      h("section", { class: `opponent${i === toAct ? " to-act" : ""}${out.has(i) ? " out" : ""}`, dataset: { seat: i } },
        h("h3", {}, state.names[i], declared[i] ? h("span", { class: "badge alert" }, " last card!") : null, out.has(i) ? " — out" : ""),
        cardBacks(zone(view, `hand:${i}`).size, { small: true })));

    const hand = state.seat === null ? null : (zone(view, `hand:${mine}`).cards || []);

    fill(this.board,
      outcomeLine(state),
      h("div", { class: "opponents" }, others),
      h("div", { class: "centre" },
        h("div", { class: "pile-area" },
          h("span", { class: "muted" }, "Pile"),
          top ? withId(playingCard(top.key, { name: top.name, fresh: this.fresh(top.id) }), top.id) : h("span", { class: "card empty" })),
        h("div", { class: "deck-area" }, h("span", { class: "muted" }, "Deck"), h("span", { class: "count" }, String(zone(view, "deck").size))),
        h("ul", { class: "facts", id: "karata-facts" },
          h("li", { class: "direction" }, pub.direction === -1 ? "↺ play goes backwards" : "↻ play goes forwards"),
          pub.request ? h("li", { class: "request" }, "Asked for: ", requestShown(pub.request)) : null,
          pub.bomb ? h("li", { class: "bomb" }, `Pending pick: ${pub.bomb} card${pub.bomb === 1 ? "" : "s"}`) : null)),
      building.length ? h("div", { class: "building", "aria-label": "The turn being played" },
        h("span", { class: "muted" }, "This turn: "),
        building.map((c) => withId(playingCard(c.key, { name: c.name, small: true, fresh: this.fresh(c.id) }), c.id))) : null,
      fines.length ? h("ul", { class: "fines", id: "fines", "aria-label": "Fines" }, fines.map((f) =>
        h("li", {}, `${state.names[f.seat]} was fined ${f.fine} card${f.fine === 1 ? "" : "s"}: ${f.reason}`))) : null,
      hand ? h("section", { class: `hand${toAct === mine ? " to-act" : ""}`, "aria-label": isYou(state, mine) ? "Your hand" : `${state.names[mine]}'s hand` },
        h("h3", {}, isYou(state, mine) ? "Your hand" : `${state.names[mine]}'s hand`, declared[mine] ? h("span", { class: "badge alert" }, " last card declared") : null),
        h("div", { class: "cards" }, hand.map((c) => {
          const can = playable.has(c.key);
          const why = can ? null : refused.get(c.id); // the rule that keeps it in the hand now
          return withId(playingCard(c.key, {
            name: c.name, button: true, playable: can, fresh: this.fresh(c.id), refusal: why,
            onclick: () => {
              if (can) this.ctx.decide(playable.get(c.key));
              else this.error(why ? `${c.name}: ${refusalText(why.code, why.reason)}` : `${c.name} cannot be played now.`);
            },
          }), c.id);
        }))) : null);
    for (const button of this.board.querySelectorAll(".hand button.card")) button.dataset.focus = `card:${button.dataset.key}`;

    this.renderControls(legal, pub.bomb || 0);
  }

  renderControls(legal, bomb) {
    const finishes = legal.map(finishOf).filter(Boolean);
    const asks = [...new Set(finishes.map((f) => f.ask).filter(Boolean))];
    const canDeclare = finishes.some((f) => f.last);
    if (!canDeclare) this.declare = false;
    const send = (ask) => {
      const chosen = finishes.find((f) => f.ask === ask && f.last === this.declare);
      if (chosen) this.ctx.decide(chosen.text);
      else this.error(this.declare ? "You may not declare last card with this turn." : "Finish by asking for something.");
    };
    const controls = [];
    if (finishes.length && canDeclare) {
      // a toggle: "niko kadi" is said as the turn finishes, whichever way it finishes
      const toggle = h("button", {
        type: "button", id: "declare-last", class: `last-card${this.declare ? " on" : ""}`,
        "aria-pressed": this.declare ? "true" : "false", dataset: { focus: "declare" },
        onclick: () => {
          this.declare = !this.declare;
          toggle.setAttribute("aria-pressed", this.declare ? "true" : "false");
          toggle.classList.toggle("on", this.declare);
        },
      }, "Last card! (niko kadi)");
      controls.push(toggle);
    }
    if (finishes.some((f) => !f.ask)) {
      controls.push(h("button", { type: "button", id: "finish", dataset: { focus: "finish", primary: "1" }, onclick: () => send("") }, "Finish the turn"));
    }
    const suits = asks.filter((a) => a.length === 1);
    const cards = asks.filter((a) => a.length > 1);
    if (suits.length) {
      controls.push(h("div", { class: "asks", role: "group", "aria-label": "Finish asking for a suit" },
        h("span", {}, "Finish asking for: "),
        suits.map((ask) => h("button", { type: "button", dataset: { focus: `ask:${ask}`, ask }, onclick: () => send(ask) }, requestShown(ask)))));
    }
    if (cards.length) {
      const select = h("select", { id: "ask-card", dataset: { focus: "ask-card" } },
        cards.map((ask) => h("option", { value: ask }, requestText(ask))));
      controls.push(h("div", { class: "asks", role: "group", "aria-label": "Finish asking for a card" },
        h("label", { for: "ask-card" }, suits.length ? "or for the card " : "Finish asking for the card "), select,
        h("button", { type: "button", id: "ask-card-button", dataset: { focus: "ask-card-button" }, onclick: () => send(select.value) }, "Ask")));
    }
    for (const d of legal) {
      if (d.kind === "pass") controls.push(this.decisionButton(d.text, `Pass and pick ${bomb > 1 ? `${bomb} cards` : "a card"}`, { dataset: { primary: "1" } }));
      else if (!["play", "finish", "concede"].includes(d.kind)) controls.push(this.decisionButton(d.text, d.text));
    }
    fill(this.controls, controls);
  }
}

export default function karataTable(container, ctx) {
  return new KarataTable(container, ctx);
}
