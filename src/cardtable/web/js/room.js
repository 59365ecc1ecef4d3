// A room: its seats and who is connected, chat, start, leave and rematch, the rules one
// click away, and the match's table, kept live over the room's WebSocket.
import { api } from "./api.js";
import { Connection } from "./connection.js";
import { clock, fill, h, notice, redraw } from "./dom.js";
import { cardNames, describeEvent } from "./events.js";
import { icon } from "./icons.js";
import { markdown } from "./markdown.js";
import { matchesChanged } from "./matches.js";
import { refusalText } from "./refusals.js";
import { Chat } from "./chat.js";
import { joinForm } from "./join.js";
import { InviteBox } from "./invite.js";
import { confirmSession, me } from "./session.js";
import { forgetSeat, seatOf } from "./store.js";
import { outcomeWords } from "./tables/base.js";
import { tableFor, tablesReady } from "./tables/index.js";
import { HOUR, duration, timeoutWords, turnWords, until } from "./times.js";

const WARN_SECONDS = 10; // the last seconds of a turn's clock: shown, and said once

const PACES = [["0", "as it happens"], ["500", "brisk"], ["1200", "slow"], ["pause", "paused"]];

export function roomPage(main, raw) {
  const [roomId, query = ""] = raw.split("?");
  const wantsWatch = query.split("&").includes("watch");
  const page = new RoomPage(main, roomId, wantsWatch);
  return () => page.destroy();
}

class RoomPage {
  constructor(main, roomId, wantsWatch) {
    this.main = main;
    this.roomId = roomId;
    this.wantsWatch = wantsWatch;
    this.room = null;
    this.roomNotices = 0; // rooms the socket delivered: newer than any answer asked for before
    this.presence = null;
    this.welcome = null;
    this.view = null;
    this.events = [];
    this.eventsMatch = null;
    this.cards = new Map();
    this.timer = null;
    this.connection = null;
    this.table = null;
    this.tableGame = null;
    this.queue = [];
    this.pending = null; // the view version a decision was sent for, until a view or a refusal
    this.pace = "0";
    this.paceTimer = null;
    this.gone = false;
    this.build();
    this.tick = setInterval(() => this.renderTurn(), 250);
    this.load();
  }

  build() {
    this.title = h("h1", { id: "room-title" }, "Room");
    this.status = h("p", { class: "status", id: "room-status", role: "status" });
    this.tournamentLine = h("p", { class: "room-tournament", id: "room-tournament", hidden: true }); // a tournament's table
    this.connectionNote = h("span", { class: "connection", id: "connection", "aria-live": "polite" });
    this.rulesButton = h("button", { type: "button", class: "secondary", id: "rules-button", onclick: () => this.showRules() }, "Rules");
    this.turn = h("p", { class: "turn", id: "turn" });
    this.turnText = h("span", { class: "turn-text" });
    this.clockEl = h("span", { class: "clock", id: "turn-clock", hidden: true });
    this.turn.append(this.turnText, this.clockEl);
    // said to screen readers once when a turn's last ten seconds begin and once when its time
    // is up, not every second; the turn's words (whose turn it is) are said as they change
    this.turnNews = h("p", { class: "visually-hidden", id: "turn-news", "aria-live": "polite" });
    this.clockNews = h("p", { class: "visually-hidden", id: "clock-news", "aria-live": "assertive" });
    this.warned = null; // {turn: the timer message, up}: whose last seconds were said
    this.seats = h("ul", { class: "seats", id: "seats" });
    this.actions = h("div", { class: "actions", id: "room-actions" });
    this.actionError = notice();
    this.joinSlot = h("div", { id: "join" });
    this.invite = new InviteBox(this.roomId, () => this.seatToken());
    this.tableSlot = h("div", { class: "table-slot", id: "table" });
    this.paceSlot = h("div", { class: "pace" });
    this.log = h("ol", { class: "log", id: "log", "aria-label": "What happened" });
    this.chat = new Chat((text) => Boolean(this.connection && this.connection.send({ type: "chat", text })));
    this.rulesDialog = h("dialog", { id: "rules-dialog", "aria-labelledby": "rules-title" });

    fill(this.main,
      h("div", { class: "room-head" },
        h("div", {}, this.title, this.status, this.tournamentLine),
        h("div", { class: "head-tools" }, this.connectionNote, this.rulesButton)),
      this.turn, this.turnNews, this.clockNews,
      h("div", { class: "room-grid" },
        h("section", { class: "play-area", "aria-label": "The table" }, this.invite.element, this.joinSlot, this.paceSlot, this.tableSlot),
        h("aside", { class: "side" },
          h("section", { class: "panel", "aria-labelledby": "seats-title" },
            h("h2", { id: "seats-title" }, "Seats"), this.seats, this.actions, this.actionError),
          h("section", { class: "panel", "aria-labelledby": "chat-title" },
            h("h2", { id: "chat-title" }, "Chat"), this.chat.element),
          h("section", { class: "panel", "aria-labelledby": "log-title" },
            h("h2", { id: "log-title" }, "Log"), this.log))),
      this.rulesDialog);
  }

  async load() {
    try {
      this.room = await api.room(this.roomId);
    } catch (error) {
      fill(this.main, h("h1", {}, "Room not found"), h("p", { role: "alert" }, error.message),
        h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
      return;
    }
    // a session noted but ended is not the key to any seat; a plug-in game's table loads first
    await Promise.all([confirmSession(), tablesReady()]);
    if (this.gone) return;
    this.renderRoom();
    const kept = seatOf(this.roomId);
    if (kept && kept.token) this.connect(kept.token);
    else if (this.accountSeat() !== null) this.connect(null); // the session is the key
    else this.renderJoin();
  }

  /** The seat the signed-in account holds in this room, or null. */
  accountSeat() {
    const who = me();
    if (!who || !this.room) return null;
    const seat = this.room.seats.find((s) => s.kind === "account" && s.username && s.username.toLowerCase() === who.username.toLowerCase());
    return seat ? seat.index : null;
  }

  /** A token of one's seat for the REST routes (leave, rematch): the one kept; none for an
   * account's seat taken in another browser, for which the session alone acts. */
  async seatToken() {
    const kept = seatOf(this.roomId) || {};
    if (kept.token && kept.role === "player") return kept.token;
    return this.welcome?.role === "player" && this.accountSeat() !== null ? null : kept.token;
  }

  connect(token) {
    fill(this.joinSlot);
    this.connection = new Connection(this.roomId, token,
      (message) => this.receive(message),
      (state, detail) => this.connectionState(state, detail));
  }

  connectionState(state, detail) {
    const words = { connecting: "connecting…", reconnecting: "reconnecting…", open: "connected", closed: "disconnected" };
    this.connectionNote.textContent = words[state] || state;
    this.connectionNote.dataset.state = state;
    if (state === "open" && this.pending !== null) {
      this.pending = null; // a new connection: what was on its way is in the view it sends, or lost
      this.table?.busy(false);
    }
    if (state === "closed") {
      const code = this.connection?.fatal?.code;
      if (code === "bad_token") forgetSeat(this.roomId);
      if (code === "bad_token" && this.connection?.token && this.accountSeat() !== null) {
        this.connect(null); // a token the account replaced elsewhere: the session still holds the seat
        return;
      }
      this.actionError.say(detail || "The connection was closed.");
      this.welcome = null;
      if (code === "room_closed" || this.room.status === "closed") {
        fill(this.joinSlot, h("p", { class: "panel" }, "This room is closed. ", h("a", { href: "#/" }, "Back to the lobby")));
      } else {
        this.renderJoin();
      }
    }
  }

  receive(message) {
    switch (message.type) {
      case "welcome":
        this.welcome = message;
        this.renderRoom();
        break;
      case "room":
        this.roomNotices += 1;
        this.room = message.room;
        this.renderRoom();
        this.automaticChanged();
        break;
      case "presence":
        this.presence = message;
        this.renderSeats();
        this.automaticChanged();
        break;
      case "chat":
        this.chat.add(message);
        break;
      case "timer":
        // when it runs out by this page's clocks (the server's and this machine's may differ)
        this.timer = { seat: message.seat, until: performance.now() + message.seconds * 1000, deadline: Date.now() / 1000 + message.seconds, match: message.match };
        this.renderTurn();
        break;
      case "events":
      case "view":
        this.enqueue(message);
        break;
      case "error":
        this.showError(message);
        break;
      default:
        break; // pong, and messages of later versions
    }
  }

  // -- the match, at the pace the watcher chose ----------------------------------------

  enqueue(message) {
    if (this.welcome?.role !== "spectator" || this.pace === "0") {
      this.apply(message);
      return;
    }
    this.queue.push(message);
    this.drain();
  }

  drain() {
    if (this.paceTimer || this.pace === "pause") return;
    const next = () => {
      this.paceTimer = null;
      if (this.pace === "pause" || !this.queue.length) return;
      let message = this.queue.shift();
      this.apply(message);
      while (message.type !== "view" && this.queue.length) {
        message = this.queue.shift();
        this.apply(message);
      }
      if (this.queue.length) this.paceTimer = setTimeout(next, Number(this.pace));
    };
    next();
  }

  apply(message) {
    if (message.type === "events") {
      if (message.match !== this.eventsMatch || message.first === 0) {
        if (message.match !== this.eventsMatch) {
          this.events = [];
          this.cards = new Map();
          if (this.eventsMatch !== null && this.table) {
            this.table.destroy(); // a rematch: a fresh table
            this.table = null;
          }
        }
        this.eventsMatch = message.match;
        this.events.length = Math.min(this.events.length, message.first);
      }
      this.events.push(...message.events);
      this.log.dataset.count = String(this.events.length);
      this.renderLog(message.events.length);
      const ranOut = message.first > 0 && message.events.find((e) => e.type === "timed_out");
      if (ranOut) this.timeRanOut(ranOut.seat); // news, not a match's history caught up
    } else {
      this.view = message;
      this.pending = null; // a new view: whatever was sent was taken (or overtaken)
      cardNames(message.view, this.cards);
      this.renderTable();
      this.renderTurn();
    }
  }

  names() {
    const seats = this.presence?.seats || this.room?.seats || [];
    const names = seats.map((s) => s.name || `seat ${s.index + 1}`);
    // two computer players of one kind share a name: tell them apart by their seats
    return names.map((n, i) => (names.indexOf(n) !== names.lastIndexOf(n) ? `${n} (seat ${i + 1})` : n));
  }

  renderTable() {
    const game = this.room.game;
    if (!this.table || this.tableGame !== game) {
      if (this.table) this.table.destroy();
      this.table = tableFor(game)(this.tableSlot, {
        decide: (text) => this.decide(text),
        // protocol 7: the server turns this seat's cards, or stops; the room's pace
        auto: (on) => this.setting({ type: "auto", on }),
        pace: (pace) => this.setting({ type: "pace", pace }),
      });
      this.tableGame = game;
    }
    this.tableSlot.dataset.version = String(this.view.version);
    this.tableSlot.dataset.events = String(this.view.events);
    const seats = this.seatsNow();
    const pace = this.room?.pace || "normal";
    this.automaticShown = this.automaticKey();
    this.table.update({ message: this.view, names: this.names(), seat: this.welcome?.seat ?? null, events: this.events, seats, pace });
    this.table.busy(this.pending !== null);
  }

  /** The seats as the latest news has them: who is connected from `presence`, whether the
   * server plays a seat (`auto`, protocol 7), what it has won here (`wins`) and whether its
   * person accepted a rematch (`rematch`) from `room`,
   * which every such change sends. */
  seatsNow() {
    const seats = this.presence?.seats || this.room?.seats || [];
    return seats.map((s) => {
      const news = this.room?.seats?.[s.index];
      return { ...s, auto: Boolean(news?.auto ?? s.auto), wins: news?.wins ?? s.wins ?? 0, rematch: Boolean(news?.rematch ?? s.rematch) };
    });
  }

  /** Which seats play automatically, and the room's pace: the table shows them. */
  automaticKey() {
    const seats = this.seatsNow();
    return `${seats.map((s) => (s.auto ? 1 : 0)).join("")}:${this.room?.pace || "normal"}`;
  }

  /** Draw the table again if who plays automatically, or the pace, changed since it was drawn. */
  automaticChanged() {
    if (this.view && this.table && this.automaticShown !== this.automaticKey()) this.renderTable();
  }

  /** Send a seat's or the room's setting (`auto`, `pace`); the room's next message shows it. */
  setting(message) {
    this.table?.error("");
    if (!this.connection || !this.connection.send(message)) {
      this.table?.error("Not connected just now: wait a moment and try again.");
    }
  }

  /** Send decision `text`: at most one for each view, so a second click while the first is on
   * its way does nothing (the controls say they are busy until the next view or a refusal). */
  decide(text) {
    if (!this.view || !this.connection) return;
    if (this.pending === this.view.version) return;
    this.table?.error("");
    if (!this.connection.send({ type: "decide", decision: text, version: this.view.version })) {
      this.table?.error("Not connected just now: wait a moment and try again.");
      return;
    }
    this.pending = this.view.version;
    this.table?.busy(true);
  }

  renderTurn() {
    const v = this.view;
    if (!v) {
      const waiting = this.room?.status === "open" ? "Waiting for every seat to be taken and the host to start." : "";
      if (this.turnText.textContent !== waiting) this.turnText.textContent = this.turnNews.textContent = waiting;
      this.renderClock(null, null);
      return;
    }
    const names = this.names();
    const parts = [];
    let left = null; // seconds left on the clock of the turn shown
    if (v.outcome) {
      parts.push(`Match over: ${outcomeWords(v, names)}`);
      this.turn.dataset.state = "over";
    } else if (v.to_act !== null && v.to_act !== undefined) {
      const mine = this.welcome?.seat === v.to_act;
      parts.push(mine ? "Your turn." : `${names[v.to_act]}'s turn.`);
      this.turn.dataset.state = mine ? "mine" : "theirs";
      const t = this.timer;
      if (t && t.seat === v.to_act && t.match === v.match) left = (t.until - performance.now()) / 1000;
    }
    if (this.turn.dataset.state !== this.turnShown) { // whose turn changed: the header's count too
      if (this.turnShown !== undefined && this.welcome?.role === "player") matchesChanged();
      this.turnShown = this.turn.dataset.state;
    }
    const text = parts.join(" ");
    if (this.turnText.textContent !== text) {
      this.turnText.textContent = text;
      this.turnNews.textContent = text;
    }
    this.renderClock(left, v);
    const title = `${this.turn.dataset.state === "mine" ? "• Your turn — " : ""}${this.room?.title || "Room"} — cardtable`;
    if (document.title !== title) document.title = title;
  }

  /** The turn's clock: hidden without one; in its last ten seconds marked (data-warn) and
   * said once, and said again once when the time is up. */
  renderClock(left, view) {
    const clockEl = this.clockEl;
    if (left === null) {
      if (!clockEl.hidden) {
        clockEl.hidden = true;
        fill(clockEl);
        delete clockEl.dataset.words;
      }
      delete clockEl.dataset.warn;
      return;
    }
    const warn = left <= WARN_SECONDS;
    // a deadline of hours or days (a correspondence table's) is said in hours and days, with
    // the moment it runs out; minutes and seconds as a clock
    const long = left >= HOUR;
    const words = left <= 0 ? "time is up" : long ? `${duration(left)} left` : `${clock(left)} left`;
    if (clockEl.hidden || clockEl.dataset.words !== words) {
      clockEl.hidden = false;
      clockEl.dataset.words = words;
      clockEl.dataset.long = long ? "true" : "false";
      const when = long && this.timer ? until(this.timer.deadline) : null;
      clockEl.title = when ? `${words}, ${when}` : "";
      fill(clockEl, " ", icon("timer", { label: "Turn clock" }), " ", words, when ? h("span", { class: "clock-until" }, ` (${when})`) : null); // the spaces for copied text
    }
    if (warn) clockEl.dataset.warn = left > 0 ? "soon" : "up";
    else delete clockEl.dataset.warn;
    const turn = this.timer; // a clock started anew is a new turn's
    const mine = this.welcome?.seat === view.to_act;
    const who = mine ? "your" : `${this.names()[view.to_act]}'s`;
    if (warn && left > 0 && this.warned?.turn !== turn) {
      this.warned = { turn, up: false };
      this.clockNews.textContent = `${Math.ceil(left)} seconds left in ${who} turn.`;
    } else if (left <= 0 && this.warned?.turn === turn && !this.warned.up) {
      this.warned.up = true;
      this.clockNews.textContent = `Time is up for ${who} turn.`;
    }
    if (this.warned?.turn === turn) this.warned.who = who;
  }

  /** The server says a turn's time ran out (a `timed_out` event), perhaps before this page's
   * clock reached nought: say so, unless the clock said it already for this turn. */
  timeRanOut(seat) {
    if (this.warned?.turn === this.timer && this.warned.up) return;
    const who = seat === this.welcome?.seat ? "your" : `${this.names()[seat]}'s`;
    this.warned = { turn: this.timer, up: true, who };
    this.clockNews.textContent = `Time is up for ${who} turn.`;
  }

  renderLog(added) {
    const names = this.names();
    const start = Math.max(0, this.events.length - 80);
    const lines = [];
    this.events.slice(start).forEach((e, i) => {
      const line = describeEvent(e, names, this.cards);
      if (line !== null) lines.push(h("li", { class: start + i >= this.events.length - added ? "new" : "" }, line));
    });
    fill(this.log, lines);
    this.log.scrollTop = this.log.scrollHeight;
  }

  // -- the room ----------------------------------------------------------------------

  renderRoom() {
    const room = this.room;
    if (!room) return;
    fill(this.title, room.name ? `${room.name} · ${room.title}` : room.title,
      room.rated ? h("span", { class: "badge rated", id: "room-rated", title: "The match counts for the players' ratings" }, "rated") : null);
    const status = { open: "Waiting for players", playing: "A match is on", finished: "The match is over", closed: "Closed" }[room.status];
    const you = this.welcome ? (this.welcome.role === "player" ? ` · you are at seat ${this.welcome.seat + 1} as ${this.welcome.name}` : " · you are watching") : "";
    const timing = [...turnWords(room), timeoutWords(room)].filter(Boolean).map((words) => ` · ${words}`).join("");
    const rated = room.rated ? " · rated: leaving the table forfeits the match" : "";
    this.status.textContent = `${status}${rated}${room.password ? " · password" : ""}${timing}${you}`;
    const event = room.tournament; // protocol 10: the tournament table it plays (one match)
    this.tournamentLine.hidden = !event;
    if (event) {
      fill(this.tournamentLine, `Round ${event.round}, table ${event.table} of `,
        h("a", { href: `#/tournament/${encodeURIComponent(event.id)}`, id: "room-tournament-link" }, event.name));
    }
    this.renderSeats();
    this.renderActions();
    this.renderPace();
    this.renderTurn();
  }

  renderSeats() {
    const seats = this.seatsNow();
    const kinds = { open: "free seat", guest: "guest", agent: "computer" };
    const kindOf = (s) => (s.kind === "account" ? (s.username ? `@${s.username}` : "account") : kinds[s.kind]);
    fill(this.seats, seats.map((s) => h("li", { class: `seat ${s.kind}`, dataset: { seat: s.index } },
      h("span", { class: `dot ${s.connected ? "on" : "off"}`, title: s.connected ? "connected" : "not connected" }),
      h("span", { class: "name" }, s.name || "—"),
      s.kind === "account" && s.username
        ? h("span", { class: "muted" }, " ", h("a", { class: "profile-link", href: `#/u/${encodeURIComponent(s.username)}` }, `@${s.username}`), s.connected ? ", here" : ", away")
        : h("span", { class: "muted" }, ` ${kindOf(s)}${s.kind !== "open" ? (s.connected ? ", here" : ", away") : ""}`),
      this.welcome?.seat === s.index ? h("strong", { class: "you" }, " (you)") : null,
      s.auto ? h("span", { class: "badge auto", title: "The server plays this seat's turns" }, "automatic") : null,
      this.room?.status === "finished" && s.rematch ? h("span", { class: "badge rematch" }, "wants a rematch") : null,
      // the running score across rematches, once anyone has won here
      seats.some((x) => x.wins) ? h("span", { class: "badge wins", dataset: { wins: s.wins ?? 0 } }, `${s.wins ?? 0} won`) : null)));
    if (this.presence) {
      this.seats.appendChild(h("li", { class: "muted" }, `${this.presence.spectators} watching`));
    }
  }

  renderActions() {
    const room = this.room;
    const kept = seatOf(this.roomId) || {};
    const player = this.welcome?.role === "player";
    const buttons = [];
    if (kept.host && room.status === "open") {
      buttons.push(h("button", { type: "button", id: "start", onclick: () => this.act(() => api.start(this.roomId, kept.host)) }, "Start the match"));
    }
    if (room.status === "finished" && room.tournament) { // one match: the tournament goes on
      buttons.push(h("a", { class: "button", id: "back-to-tournament", href: `#/tournament/${encodeURIComponent(room.tournament.id)}` }, "Back to the tournament"));
    } else if (room.status === "finished") buttons.push(...this.rematchActions(player, kept.host));
    if (player) {
      buttons.push(h("button", { type: "button", class: "secondary", id: "leave", onclick: () => this.leave() },
        room.status === "playing" ? "Leave (concede)" : "Leave the seat"));
    }
    buttons.push(h("a", { class: "button secondary", id: "room-replays", href: `#/replays?room=${encodeURIComponent(this.roomId)}` }, "Replays"));
    redraw(this.actions, () => fill(this.actions, buttons));
    this.invite.show(player && room.status === "open" && room.seats.some((s) => s.kind === "open"));
  }

  /** Rematch: a player accepts for their seat, and waits for the others to accept too (the
   * server starts it with the last acceptance); a host who only watches starts one only at
   * a table of computer players, where nobody is left to accept. */
  rematchActions(player, hostToken) {
    const seats = this.room.seats;
    const waitingFor = seats.filter((s) => s.kind === "open" || ((s.kind === "guest" || s.kind === "account") && !s.rematch));
    const names = waitingFor.map((s) => (s.kind === "open" ? `a player for seat ${s.index + 1}` : s.name));
    const listed = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
    if (player) {
      const mine = seats[this.welcome.seat];
      if (mine?.rematch) {
        return [h("button", { type: "button", id: "rematch", disabled: true, dataset: { state: "accepted" } }, `Waiting for ${listed} to accept`)];
      }
      const ready = seats.filter((s) => s.rematch).map((s) => s.name);
      const label = ready.length ? `Rematch (${ready.join(" and ")} ${ready.length > 1 ? "are" : "is"} ready)` : "Rematch";
      return [h("button", { type: "button", id: "rematch", dataset: { state: "ask" }, onclick: () => this.act(async () => api.rematch(this.roomId, await this.seatToken())) }, label)];
    }
    if (hostToken && !waitingFor.length) {
      return [h("button", { type: "button", id: "rematch", onclick: () => this.act(() => api.rematch(this.roomId, hostToken)) }, "Rematch")];
    }
    return hostToken ? [h("span", { class: "muted", id: "rematch-note" }, `A rematch starts when ${listed} accept${names.length > 1 ? "" : "s"}.`)] : [];
  }

  async act(call) {
    this.actionError.say("");
    const notices = this.roomNotices;
    try {
      const room = await call();
      // The socket announces every change of the room. One that came while the request was
      // on its way is at least as new as the answer: a match of computer players can end
      // (room finished) before the answer that started it (room playing) arrives.
      if (this.roomNotices === notices) this.room = room;
      this.renderRoom();
    } catch (error) {
      this.actionError.say(error.message);
    }
  }

  async leave() {
    if (this.room.status === "playing" && !confirm("Leaving concedes the match. Leave?")) return;
    try {
      await api.leave(this.roomId, await this.seatToken());
    } catch (error) {
      this.actionError.say(error.message);
      return;
    }
    forgetSeat(this.roomId);
    this.connection?.close();
    location.hash = this.room.tournament ? `#/tournament/${encodeURIComponent(this.room.tournament.id)}` : "#/";
  }

  renderPace() {
    if (this.welcome?.role !== "spectator") {
      fill(this.paceSlot);
      return;
    }
    const select = h("select", { id: "pace" }, PACES.map(([v, label]) => h("option", { value: v }, label)));
    select.value = this.pace;
    select.addEventListener("change", () => {
      this.pace = select.value;
      clearTimeout(this.paceTimer);
      this.paceTimer = null;
      if (this.pace === "0") while (this.queue.length) this.apply(this.queue.shift());
      else this.drain();
    });
    redraw(this.paceSlot, () => fill(this.paceSlot, h("label", { for: "pace" }, "Pace of the table "), select));
  }

  renderJoin() {
    fill(this.joinSlot, joinForm(this.room, {
      wantsWatch: this.wantsWatch,
      seated: (joined) => {
        this.room = joined.room;
        this.connect(joined.token);
      },
      watching: (token) => this.connect(token),
    }));
  }

  // -- errors and rules -------------------------------------------------------------

  showError(message) {
    // protocol 4: a decision's refusal names the rule (said in a few words, then the server's
    // sentence); a penalised one was taken, and fined: a fine, not a refusal
    let text = message.refusal ? refusalText(message.refusal, message.message) : message.message;
    if ((message.refers_to === "decide" && !message.penalised) || (!message.refers_to && this.pending !== null)) {
      this.pending = null; // refused: the controls may be used again
      this.table?.busy(false);
    }
    if (message.refers_to === "auto" || message.refers_to === "pace") {
      this.table ? this.table.error(text) : this.actionError.say(text);
      return;
    }
    if (message.code === "stale_version") text = "Someone acted first (perhaps you, in another window): the table now shows the match as it is.";
    if (message.code === "too_many" && (message.refers_to === "chat" || (!message.refers_to && this.chat.unsent))) {
      this.chat.slowDown(); // said kindly, and the line is kept to send again
      return;
    }
    if (message.code === "too_many") text = "You are going a little fast: wait a moment, then try again.";
    if (message.refers_to === "decide" && message.penalised) {
      const fine = `You were fined: ${text}`;
      this.table ? this.table.fined(fine) : this.actionError.say(fine);
    } else if (message.refers_to === "decide") this.table ? this.table.error(text) : this.actionError.say(text);
    else if (message.refers_to === "chat") this.chat.error.say(text);
    else this.actionError.say(text);
  }

  async showRules() {
    let game;
    try {
      game = await api.game(this.room.game);
    } catch (error) {
      this.actionError.say(error.message);
      return;
    }
    fill(this.rulesDialog,
      h("div", { class: "dialog-head" },
        h("h2", { id: "rules-title" }, `${game.title}: the rules`),
        h("button", { type: "button", class: "secondary", onclick: () => this.rulesDialog.close() }, "Close")),
      markdown(game.rules));
    this.rulesDialog.showModal();
  }

  destroy() {
    this.gone = true;
    document.title = "cardtable";
    clearInterval(this.tick);
    clearTimeout(this.paceTimer);
    this.connection?.close();
    this.table?.destroy();
  }
}
