// The form that takes a seat in a room (name, seat, password) or asks to watch it.
import { api } from "./api.js";
import { h, notice } from "./dom.js";
import { keepName, keepSeat, myName } from "./store.js";

/**
 * The join-or-watch form of `room`. `seated(joined)` is called with the server's answer once
 * a seat is taken, `watching(token)` once watching; with `wantsWatch` (the lobby's "Watch"
 * link) a room anyone may watch is watched at once.
 */
export function joinForm(room, { wantsWatch, seated, watching }) {
  const open = room.seats.filter((s) => s.kind === "open");
  const name = h("input", { id: "join-name", maxlength: 32, autocomplete: "nickname" });
  name.value = myName();
  const password = h("input", { id: "join-password", type: "password", maxlength: 128, autocomplete: "current-password" });
  const seat = h("select", { id: "join-seat" }, open.map((s) => h("option", { value: String(s.index) }, `seat ${s.index + 1}`)));
  const error = notice();
  const join = async (event) => {
    event.preventDefault();
    error.say("");
    if (!name.value.trim()) {
      error.say("Write the name the table will call you.");
      name.focus();
      return;
    }
    try {
      const joined = await api.join(room.id, { name: name.value.trim(), seat: Number(seat.value), password: password.value || null });
      keepName(name.value.trim());
      keepSeat(room.id, { token: joined.token, seat: joined.seat, role: "player" });
      seated(joined);
    } catch (e) {
      error.say(e.message);
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
  const form = h("form", { class: "panel join", id: "join-form", onsubmit: join },
    h("h2", {}, canJoin ? "Take a seat" : "Watch this room"),
    canJoin ? h("div", { class: "field" }, h("label", { for: "join-name" }, "Your name"), name) : null,
    canJoin ? h("div", { class: "field" }, h("label", { for: "join-seat" }, "Seat"), seat) : null,
    room.password ? h("div", { class: "field" }, h("label", { for: "join-password" }, "Password"), password) : null,
    error,
    h("div", { class: "actions" },
      canJoin ? h("button", { type: "submit", id: "join-button" }, "Join") : null,
      room.spectators ? h("button", { type: "button", class: canJoin ? "secondary" : "", id: "watch-button", onclick: watch }, "Watch") : null));
  if (wantsWatch && !room.password && room.spectators) watch();
  return form;
}
