// The form that takes a seat in a room (name, seat, password, one's own deck where the game
// has decks) or asks to watch it.
import { api } from "./api.js";
import { DeckBuilder, hasDecks, setNameOf } from "./deck.js";
import { h, notice } from "./dom.js";
import { duration } from "./times.js";
import { me, signInLink } from "./session.js";
import { keepName, keepSeat, myName } from "./store.js";

/**
 * The join-or-watch form of `room`. `seated(joined)` is called with the server's answer once
 * a seat is taken, `watching(token)` once watching; with `wantsWatch` (the lobby's "Watch"
 * link) a room anyone may watch is watched at once.
 */
export function joinForm(room, { wantsWatch, seated, watching }) {
  const open = room.seats.filter((s) => s.kind === "open");
  const name = h("input", { id: "join-name", maxlength: 32, autocomplete: "nickname" });
  const who = me();
  name.value = who ? who.display_name : myName();
  name.readOnly = Boolean(who); // an account's seat carries the account's name
  const nameHelp = who ? h("span", { class: "help", id: "join-name-help" }, `Signed in as @${who.username}: the table shows your account's name.`) : null;
  if (nameHelp) name.setAttribute("aria-describedby", nameHelp.id);
  const password = h("input", { id: "join-password", type: "password", maxlength: 128, autocomplete: "current-password" });
  const seat = h("select", { id: "join-seat" }, open.map((s) => h("option", { value: String(s.index) }, `seat ${s.index + 1}`)));
  const error = notice();
  const deckSlot = h("div");
  let builder = null;
  const join = async (event) => {
    event.preventDefault();
    error.say("");
    builder?.error("");
    if (!name.value.trim()) {
      error.say("Write the name the table will call you.");
      name.focus();
      return;
    }
    try {
      const deck = builder ? builder.value() : null;
      const joined = await api.join(room.id, { name: name.value.trim(), seat: Number(seat.value), password: password.value || null, deck });
      builder?.remember();
      if (!who) keepName(name.value.trim());
      keepSeat(room.id, { token: joined.token, seat: joined.seat, role: "player" });
      seated(joined);
    } catch (e) {
      if (e.code === "bad_deck" && builder) builder.error(e.message);
      else error.say(e.message);
    }
  };
  const watch = async () => {
    error.say("");
    try {
      const answer = await api.watch(room.id, { password: password.value || null });
      keepSeat(room.id, { token: answer.token, role: "spectator" });
      watching(answer.token);
    } catch (e) {
      error.say(e.message);
    }
  };
  const canJoin = open.length && room.status === "open";
  // a correspondence table seats signed-in people (their turns reach them through the account)
  const mail = room.kind === "correspondence";
  const back = `#/room/${encodeURIComponent(room.id)}`;
  const about = mail && canJoin
    ? h("p", { class: who ? "help" : "notice info", id: "join-correspondence" },
      `A correspondence table: each plays when they like, within ${room.turn_seconds ? duration(room.turn_seconds) : "a deadline"} a turn, and is told in their inbox when it is their turn.`,
      who ? null : [" Sign in to sit at it: ", h("a", { href: signInLink(back) }, "Sign in"), " or ", h("a", { href: signInLink(back, "signup") }, "sign up"), "."])
    : null;
  const form = h("form", { class: "panel join", id: "join-form", onsubmit: join },
    h("h2", {}, canJoin ? "Take a seat" : "Watch this room"),
    about,
    canJoin ? h("div", { class: "field" }, h("label", { for: "join-name" }, "Your name"), nameHelp, name) : null,
    canJoin ? h("div", { class: "field" }, h("label", { for: "join-seat" }, "Seat"), seat) : null,
    room.password ? h("div", { class: "field" }, h("label", { for: "join-password" }, "Password"), password) : null,
    canJoin ? deckSlot : null,
    error,
    h("div", { class: "actions" },
      canJoin ? h("button", { type: "submit", id: "join-button" }, "Join") : null,
      room.spectators ? h("button", { type: "button", class: canJoin ? "secondary" : "", id: "watch-button", onclick: watch }, "Watch") : null));
  if (wantsWatch && !room.password && room.spectators) watch();
  else if (canJoin) offerDeck();
  return form;

  async function offerDeck() {
    try {
      const [ruleset, sets, game] = await Promise.all([api.ruleset(room.id), api.sets(room.game), api.game(room.game)]);
      if (!hasDecks(ruleset) || !form.isConnected) return;
      builder = new DeckBuilder("join-deck");
      builder.setPool(ruleset, setNameOf(ruleset, sets, game.default_ruleset));
      deckSlot.appendChild(builder.element);
    } catch {
      // no deck step: the seat plays the room's deck
    }
  }
}
