// High Card's table in the browser: the scores, who has a card face down this trick, the
// last trick face up, and your hand, where a card you may play is a button. It imports what
// cardtable's own tables share, relatively: the server serves it at /plugins/highcard/.
import { h, fill } from "../../js/dom.js";
import { cardBacks, playingCard } from "../../js/cards.js";
import { Table, isYou, outcomeLine, zone } from "../../js/tables/base.js";

class HighCardTable extends Table {
  constructor(container, ctx) {
    super(container, ctx, "highcard");
  }

  render(state) {
    const view = state.message.view;
    const scores = view.public.scores;
    const name = (seat) => (isYou(state, seat) ? "You" : state.names[seat] ?? `Seat ${seat + 1}`);
    const trick = (zone(view, "table")?.cards || []).slice(-scores.length);
    fill(this.board,
      outcomeLine(state),
      h("ul", { class: "highcard-seats" }, scores.map((score, seat) => h("li", { dataset: { seat: String(seat) } },
        h("strong", {}, name(seat)), ` ${score} point${score === 1 ? "" : "s"} `,
        zone(view, `played:${seat}`)?.size ? cardBacks(1, { small: true }) : null))),
      trick.length ? h("p", { class: "highcard-trick" }, "Last trick: ",
        trick.map((card) => playingCard(card.key, { name: card.name, small: true, fresh: this.fresh(card.id) }))) : null);
    const own = state.seat === null || state.seat === undefined ? null : zone(view, `hand:${state.seat}`);
    const legal = new Set(state.message.legal.map((d) => d.text));
    fill(this.controls, (own?.cards || []).map((card) => {
      const text = `play #${card.id}`;
      return playingCard(card.key, {
        name: card.name, button: true, playable: legal.has(text), fresh: this.fresh(card.id),
        onclick: () => (legal.has(text) ? this.ctx.decide(text) : this.error("It is not your turn to play.")),
      });
    }));
  }
}

export default function highCardTable(container, ctx) {
  return new HighCardTable(container, ctx);
}
