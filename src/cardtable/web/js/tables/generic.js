// The table for any game: what the view shows, zone by zone, and every legal decision as a
// button. A game without a table of its own is playable with it at once.
import { h, fill } from "../dom.js";
import { playingCard, cardBacks } from "../cards.js";
import { Table, outcomeLine } from "./base.js";

export class GenericTable extends Table {
  constructor(container, ctx) {
    super(container, ctx, "generic");
  }

  render(state) {
    const view = state.message.view;
    const zones = Object.values(view.zones || {});
    fill(this.board,
      outcomeLine(state),
      h("dl", { class: "zones" }, zones.map((z) => [
        h("dt", {}, z.name.replace(/:(\d+)$/, (_, n) => ` of ${state.names[Number(n)] ?? `seat ${Number(n) + 1}`}`), ` (${z.size})`),
        h("dd", {}, z.cards === null
          ? cardBacks(z.size, { small: true })
          : z.cards.map((c) => /^(\d{1,2}|[AJQK])[A-Z]$|^[BR]J$/.test(c.key)
            ? playingCard(c.key, { name: c.name, small: true, fresh: this.fresh(c.id) })
            : h("span", { class: "chip" }, c.name || c.key))),
      ])),
      view.public ? h("details", {}, h("summary", {}, "Everything else the table shows"),
        h("pre", { class: "json" }, JSON.stringify(view.public, null, 1))) : null);
    // a game this client does not know: its decisions' texts are the only words it has for them
    fill(this.controls, state.message.legal.map((d) => this.decisionButton(d.text, d.text)));
  }
}

export function genericTable(container, ctx) {
  return new GenericTable(container, ctx);
}
