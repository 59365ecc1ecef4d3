// The lobby: rooms to join or watch (with filters), and the form that creates a room.
import { api } from "./api.js";
import { setPicker } from "./cardsets.js";
import { DeckBuilder, hasDecks, setNameOf } from "./deck.js";
import { h, fill, notice, redraw } from "./dom.js";
import { icon } from "./icons.js";
import { ratedRulesets } from "./ratings.js";
import { rulesetForm } from "./schemaform.js";
import { me, onAccount, signInLink } from "./session.js";
import { keepName, keepSeat, myName, seatOf } from "./store.js";
import { DAY, HOUR, turnWords } from "./times.js";

const REFRESH_MS = 4000;

export function lobbyPage(main) {
  let games = [];
  let timer = null;
  let gone = false;

  const gameFilter = h("select", { id: "filter-game" }, h("option", { value: "" }, "Every game"));
  const openFilter = h("input", { id: "filter-open", type: "checkbox" });
  const passwordFilter = h("select", { id: "filter-password" },
    h("option", { value: "" }, "With or without a password"),
    h("option", { value: "false" }, "No password"),
    h("option", { value: "true" }, "Password needed"));
  const list = h("ul", { class: "rooms", "aria-live": "polite", id: "room-list" });
  const listError = notice();

  const roomsSection = h("section", { "aria-labelledby": "rooms-title", class: "panel" },
    h("h2", { id: "rooms-title" }, "Rooms"),
    h("form", { class: "filters", onsubmit: (e) => { e.preventDefault(); refresh(); } },
      h("label", { for: "filter-game" }, "Game"), gameFilter,
      h("span", { class: "check" }, openFilter, h("label", { for: "filter-open" }, "Only with a free seat")),
      h("label", { for: "filter-password" }, "Password"), passwordFilter,
      h("button", { type: "submit" }, "Refresh")),
    listError, list);

  const createSlot = h("div", {}, h("p", { class: "muted" }, "Loading the games…"));
  const more = h("details", { id: "more-rules", class: "more-rules" },
    h("summary", {}, "More rules: a room of your own, every rule and seat your way"), createSlot);
  const createSection = h("section", { "aria-labelledby": "create-title", class: "panel" },
    h("h2", { id: "create-title" }, "Create a room"), more);
  const quickSlot = h("div", {}, h("p", { class: "muted" }, "Loading the games…"));
  const quickSection = h("section", { "aria-labelledby": "quick-title", class: "panel quick-start" },
    h("h2", { id: "quick-title" }, "Play now"), quickSlot);

  const youAre = h("p", { class: "you-are", id: "you-are" });
  fill(main, h("h1", {}, "Lobby"),
    h("p", { class: "lead" }, "Play the computer or a friend in one click, join a room, or watch a match."),
    youAre, quickSection,
    h("div", { class: "lobby" }, roomsSection, createSection));
  const drawYou = () => {
    const who = me();
    if (who) {
      fill(youAre, "You play as ", h("strong", { id: "you-are-name" }, who.display_name), ` (@${who.username}): your seats follow you to any browser where you sign in.`);
    } else {
      fill(youAre, "You play as a guest. ",
        h("a", { href: signInLink("#/") }, "Sign in"), " or ", h("a", { href: signInLink("#/", "signup") }, "sign up"),
        " to keep your matches and come back to your seats from anywhere.");
    }
    youAre.dataset.state = who ? "account" : "guest";
  };
  drawYou();
  const stopWatching = onAccount(() => {
    drawYou();
    shown = null; // redraw the rooms: "Back to your seat" follows the account
    refresh();
  });

  for (const el of [gameFilter, openFilter, passwordFilter]) el.addEventListener("change", refresh);

  async function refresh() {
    clearTimeout(timer);
    try {
      const query = { game: gameFilter.value, open_seats: openFilter.checked ? "true" : "", password: passwordFilter.value };
      // your own rooms too, finished ones included: where you go back to for a rematch
      const [rooms, mine] = await Promise.all([api.rooms(query), api.rooms({ ...query, mine: "true" })]);
      if (gone) return;
      listError.say("");
      const yours = new Set(mine.map((r) => r.id));
      renderRooms([...mine, ...rooms.filter((r) => !yours.has(r.id))].filter((r) => r.status !== "closed"));
    } catch (error) {
      if (!gone) listError.say(error.message);
    }
    if (!gone) timer = setTimeout(refresh, REFRESH_MS);
  }

  let shown = null;

  function renderRooms(rooms) {
    const now = JSON.stringify(rooms);
    if (now === shown) return; // nothing new: leave the list (and the keyboard's place) alone
    shown = now;
    redraw(list, () => drawRooms(rooms));
  }

  function drawRooms(rooms) {
    if (!rooms.length) {
      fill(list, h("li", { class: "muted" }, "No rooms yet: create one."));
      return;
    }
    rooms.sort((a, b) => b.created_at - a.created_at);
    fill(list, rooms.map((room) => {
      const free = room.seats.filter((s) => s.kind === "open").length;
      const host = room.seats.find((s) => s.kind === "account" || s.kind === "guest")?.name;
      const status = { open: "waiting for players", playing: "playing", finished: "finished" }[room.status] || room.status;
      const actions = [];
      const kept = seatOf(room.id);
      const who = me();
      const mine = who && room.seats.some((s) => s.kind === "account" && s.username && s.username.toLowerCase() === who.username.toLowerCase());
      const back = room.status === "finished" ? "Back to the room: rematch?" : "Back to your seat";
      if (mine && !(kept && kept.token)) actions.push(h("a", { class: "button", href: `#/room/${room.id}`, dataset: { focus: `back:${room.id}` } }, back));
      else if (kept && kept.token) actions.push(h("a", { class: "button", href: `#/room/${room.id}`, dataset: { focus: `back:${room.id}` } }, kept.role === "player" ? back : "Back to watching"));
      else if (free && room.status === "open") actions.push(h("a", { class: "button", href: `#/room/${room.id}`, dataset: { focus: `join:${room.id}` } }, "Join"));
      if (room.spectators && !(kept && kept.token) && !mine) actions.push(h("a", { class: "button secondary", href: `#/room/${room.id}?watch`, dataset: { focus: `watch:${room.id}` } }, "Watch"));
      return h("li", { class: "room", dataset: { room: room.id } },
        h("div", {},
          room.name ? h("strong", { class: "room-name" }, room.name) : null, room.name ? " · " : null,
          h("strong", {}, room.title), " ",
          h("span", { class: `badge ${room.status}` }, status),
          room.rated ? h("span", { class: "badge rated", title: "The match counts for the players' ratings" }, "rated") : null,
          room.password ? h("span", { class: "badge", title: "A password is needed" }, icon("lock"), " password") : null,
          h("div", { class: "muted" },
            `${room.seats.length - free} of ${room.seats.length} seats taken`,
            host ? ` · ${host}` : "",
            turnWords(room).map((words) => ` · ${words}`))),
        h("div", { class: "actions" }, actions));
    }));
  }

  async function loadGames() {
    try {
      games = await api.games();
    } catch (error) {
      fill(createSlot, h("p", { class: "notice error", role: "alert" }, error.message));
      return;
    }
    if (gone) return;
    for (const g of games) gameFilter.appendChild(h("option", { value: g.name }, g.title));
    fill(createSlot, createForm(games));
    fill(quickSlot, await quickStart(games));
  }

  loadGames();
  refresh();
  return () => {
    gone = true;
    clearTimeout(timer);
    stopWatching();
  };
}


/**
 * One click to a match: for each game, "Play the computer" (a room of the game's quick preset
 * with its usual computer player at every other seat, started at once) and "Play a friend"
 * (the same room with the other seats open, to invite someone to).
 */
async function quickStart(games) {
  const error = notice();
  // the name the table calls you: your account's, else the one this browser kept, else "Guest"
  const nameInput = h("input", { id: "quick-name", maxlength: 32, autocomplete: "nickname", placeholder: "Guest" });
  const showName = () => {
    const who = me();
    nameInput.value = who ? who.display_name : myName();
    nameInput.readOnly = Boolean(who);
  };
  showName();
  const stop = onAccount(() => (nameInput.isConnected ? showName() : stop()));
  const offers = await Promise.all(games.map(async (game) => {
    try {
      const [presets, players] = await Promise.all([api.presets(game.name), api.computerPlayers(game.name)]);
      return { game, preset: presets[0], computer: players[0] };
    } catch (e) {
      error.say(e.message);
      return null;
    }
  }));

  async function begin(offer, button, against) {
    error.say("");
    button.disabled = true;
    const { game, preset, computer } = offer;
    const count = Number(preset.ruleset.players) || game.seats[0];
    const seats = [{ kind: "open" }];
    for (let i = 1; i < count; i++) seats.push(against ? { kind: "agent", agent: computer.name } : { kind: "open" });
    const name = nameInput.value.trim() || "Guest";
    try {
      const created = await api.create({ game: game.name, ruleset: preset.ruleset, seats, name, host_seat: 0 });
      if (!me()) keepName(name);
      keepSeat(created.room.id, { host: created.host_token, token: created.token, seat: created.seat, role: "player" });
      if (against) await api.start(created.room.id, created.host_token);
      location.hash = `#/room/${created.room.id}`;
    } catch (e) {
      error.say(e.message);
    } finally {
      button.disabled = false;
    }
  }

  const cards = offers.filter(Boolean).map((offer) => {
    const { game, preset, computer } = offer;
    const against = h("button", { type: "button", class: "big", id: `play-computer-${game.name}` }, "Play the computer");
    const friend = h("button", { type: "button", class: "big secondary", id: `play-friend-${game.name}` }, "Play a friend");
    against.addEventListener("click", () => begin(offer, against, true));
    friend.addEventListener("click", () => begin(offer, friend, false));
    return h("li", { class: "quick-game", dataset: { game: game.name } },
      h("h3", {}, game.title),
      h("p", { class: "muted" }, h("strong", {}, preset.title), `: ${preset.description} `,
        computer ? `Against ${computer.title}.` : ""),
      h("div", { class: "actions" }, against, friend));
  });
  return h("div", {},
    h("div", { class: "field quick-name" }, h("label", { for: "quick-name" }, "Your name at the table"), nameInput),
    h("ul", { class: "quick-games" }, cards), error);
}

function createForm(games) {
  const gameSelect = h("select", { id: "create-game", name: "game" },
    games.map((g) => h("option", { value: g.name }, g.title)));
  const summary = h("p", { class: "muted", id: "create-summary" });
  const rulesLink = h("a", { target: "_blank", rel: "noopener" }, "The rules");
  const nameInput = h("input", { id: "create-name", name: "name", required: true, maxlength: 32, autocomplete: "nickname" });
  nameInput.value = myName();
  const nameHelp = h("span", { class: "help", id: "create-name-help" });
  const lockName = () => {
    const who = me();
    if (who) nameInput.value = who.display_name;
    else if (nameInput.readOnly) nameInput.value = myName();
    nameInput.readOnly = Boolean(who);
    nameHelp.textContent = who ? "Your account's name (change it in Settings)." : "";
    nameHelp.hidden = !who;
    if (who) nameInput.setAttribute("aria-describedby", nameHelp.id);
    else nameInput.removeAttribute("aria-describedby");
  };
  lockName();
  const stop = onAccount(() => {
    if (nameInput.isConnected) lockName();
    else stop();
  });
  const rulesSlot = h("div");
  const deckSlot = h("div");
  const seatsSlot = h("div", { class: "seats-form" });
  const hostSelect = h("select", { id: "create-host" });
  const password = h("input", { id: "create-password", type: "password", maxlength: 128, autocomplete: "new-password" });
  const roomName = h("input", { id: "create-room-name", maxlength: 60, autocomplete: "off", placeholder: "Friday cards" });
  const spectators = h("input", { id: "create-spectators", type: "checkbox" });
  spectators.checked = true;
  const turnSeconds = h("input", { id: "create-turn", type: "number", min: 5, max: 3600, placeholder: "no limit", inputmode: "numeric" });
  const policy = h("select", { id: "create-policy" },
    h("option", { value: "agent" }, "a computer player holds the seat until they return"),
    h("option", { value: "forfeit" }, "the seat forfeits"));
  const wait = h("input", { id: "create-wait", type: "number", min: 0, max: 600, value: 30, inputmode: "numeric" });
  const play = playChoice();
  const rated = ratedChoice(() => current, applyRated);
  const error = notice();
  error.id = "create-error";
  const submit = h("button", { type: "submit", id: "create-submit" }, "Create the room");

  let current = null; // {game, form, agents, sets, builder}
  let asked = 0; // the latest choice of a game: only its answers draw the form

  async function choose(name) {
    // The game whose rules the form shows already (a change event for the same game): keep
    // what the person set. Else only the latest choice draws: an earlier one's answers,
    // arriving after it, would redraw the rules at their defaults over the person's changes.
    const ask = ++asked;
    const game = games.find((g) => g.name === name);
    summary.textContent = game.summary;
    rulesLink.href = `#/rules/${game.name}`;
    if (current?.game.name === name) return;
    let agents = [{ name: "random", title: "Random" }];
    let sets = [];
    try {
      [agents, sets] = await Promise.all([api.computerPlayers(name), api.sets(name)]);
    } catch (e) {
      error.say(e.message);
    }
    if (ask !== asked || gameSelect.value !== name) return; // chosen again meanwhile
    const form = rulesetForm(game.ruleset_schema, game.default_ruleset, `rule-${name}`);
    const builder = hasDecks(game.default_ruleset) ? new DeckBuilder("create-deck") : null;
    current = { game, form, agents, sets, builder };
    play.forGame(game);
    const picker = setPicker(game, sets, form, refreshPool, `rule-${name}`);
    fill(rulesSlot, h("fieldset", { id: "create-rules" }, h("legend", {}, "Rules"), rated.rulesNote, picker, form.element));
    fill(deckSlot, builder?.element);
    form.element.addEventListener("change", refreshPool);
    const players = form.get("players");
    if (players) players.addEventListener("input", renderSeats);
    renderSeats();
    refreshPool();
    rated.forGame(game);
  }

  /**
   * Rated or not (`ruleset`: the chosen rated ruleset's rules, or null): a rated room plays
   * those rules unchanged, so they are written into the rules, which are locked meanwhile;
   * a turn out of time and a player who drops out forfeit.
   */
  function applyRated(ruleset) {
    if (!current) return;
    const fieldset = rulesSlot.querySelector("fieldset");
    if (ruleset) {
      for (const [name, value] of Object.entries(ruleset)) current.form.set(name, value);
      current.form.get("players")?.dispatchEvent(new Event("input")); // the seats follow
      refreshPool();
    }
    if (fieldset) fieldset.disabled = Boolean(ruleset);
    policy.disabled = Boolean(ruleset);
    if (ruleset) policy.value = "forfeit";
    play.rated(Boolean(ruleset));
  }

  /** The host's deck builder follows the rules as they stand in the form. */
  function refreshPool() {
    const { game, form, sets, builder } = current;
    if (!builder) return;
    let rules;
    try {
      rules = { ...game.default_ruleset, ...form.values() };
    } catch {
      return; // a rule that is not valid JSON yet: keep the pool as it was
    }
    if (hasDecks(rules)) builder.setPool(rules, setNameOf(rules, sets, game.default_ruleset));
  }

  function seatCount() {
    const players = current.form.get("players");
    const n = players ? Number(players.value) : NaN;
    return Number.isInteger(n) && n >= 1 && n <= 16 ? n : current.game.seats[0];
  }

  function renderSeats() {
    const n = seatCount();
    const before = [...seatsSlot.querySelectorAll("select")].map((s) => s.value);
    const rows = [];
    for (let i = 0; i < n; i++) {
      const id = `create-seat-${i}`;
      const select = h("select", { id, class: "seat-kind" },
        h("option", { value: "open" }, "a person"),
        current.agents.map((a) => h("option", { value: a.name }, `Computer — ${a.title}`)));
      const fallback = i === 0 ? "open" : current.agents[0].name;
      const kept = before[i];
      // keep what was chosen for this seat, when the new game has that player too
      select.value = kept !== undefined && (kept === "open" || current.agents.some((a) => a.name === kept)) ? kept : fallback;
      select.addEventListener("change", renderHost);
      rows.push(h("div", { class: "field" }, h("label", { for: id }, `Seat ${i + 1}`), select));
    }
    fill(seatsSlot, rows);
    renderHost();
  }

  function renderHost() {
    const previous = hostSelect.value;
    const options = [];
    seatsSlot.querySelectorAll("select").forEach((s, i) => {
      if (s.value === "open") options.push(h("option", { value: String(i) }, `I play at seat ${i + 1}`));
    });
    options.push(h("option", { value: "watch" }, "I only watch"));
    fill(hostSelect, options);
    if ([...hostSelect.options].some((o) => o.value === previous)) hostSelect.value = previous;
    deckSlot.hidden = hostSelect.value === "watch"; // a host who only watches brings no deck
    play.hostPlays(hostSelect.value !== "watch");
  }

  async function onSubmit(event) {
    event.preventDefault();
    error.say("");
    const name = nameInput.value.trim();
    if (!name) {
      error.say("Write the name the table will call you.");
      nameInput.focus();
      return;
    }
    let ruleset;
    try {
      ruleset = current.form.values();
    } catch (e) {
      error.say(e.message);
      return;
    }
    const seats = [...seatsSlot.querySelectorAll("select")].map((s) =>
      s.value === "open" ? { kind: "open" } : { kind: "agent", agent: s.value });
    const timing = play.values();
    if (!timing) return; // the field at fault says why
    const body = {
      game: current.game.name,
      ruleset,
      seats,
      name,
      host_seat: hostSelect.value === "watch" ? null : Number(hostSelect.value),
      password: password.value ? password.value : null,
      spectators: spectators.checked,
      kind: timing.kind,
      turn_seconds: timing.kind === "live" ? (turnSeconds.value.trim() ? Number(turnSeconds.value) : null) : timing.turn_seconds,
      timeout: timing.timeout,
      disconnect: { policy: policy.value, wait_seconds: Number(wait.value || 0) },
      deck: current.builder && hostSelect.value !== "watch" ? current.builder.value() : null,
      room_name: roomName.value.trim() || null,
      rated: rated.on(),
    };
    current.builder?.error("");
    submit.disabled = true;
    try {
      const created = await api.create(body);
      current.builder?.remember();
      if (!me()) keepName(name);
      let token = created.token;
      let role = token ? "player" : null;
      if (!token && body.spectators) {
        token = (await api.watch(created.room.id, { password: body.password })).token;
        role = "spectator";
      }
      keepSeat(created.room.id, {
        host: created.host_token,
        token,
        seat: created.seat,
        role,
      });
      location.hash = `#/room/${created.room.id}`;
    } catch (e) {
      if (e.code === "bad_deck" && current.builder) current.builder.error(e.message);
      else if (!play.refused(e, body)) error.say(e.message);
    } finally {
      submit.disabled = false;
    }
  }

  hostSelect.addEventListener("change", () => {
    deckSlot.hidden = hostSelect.value === "watch";
    play.hostPlays(hostSelect.value !== "watch");
  });
  gameSelect.addEventListener("change", () => choose(gameSelect.value));
  choose(gameSelect.value);

  return h("form", { id: "create-form", onsubmit: onSubmit, novalidate: true },
    h("div", { class: "field" }, h("label", { for: "create-game" }, "Game"), gameSelect, summary, rulesLink),
    h("div", { class: "field" }, h("label", { for: "create-name" }, "Your name"), nameHelp, nameInput),
    rated.element,
    rulesSlot,
    h("fieldset", {}, h("legend", {}, "Seats"), seatsSlot,
      h("div", { class: "field" }, h("label", { for: "create-host" }, "You"), hostSelect),
      deckSlot),
    h("fieldset", {}, h("legend", {}, "Room"),
      h("div", { class: "field" }, h("label", { for: "create-room-name" }, "Room name (optional)"), roomName),
      h("div", { class: "field" }, h("label", { for: "create-password" }, "Password (optional)"), password),
      h("div", { class: "field check" }, spectators, h("label", { for: "create-spectators" }, "People may watch"))),
    play.element(
      h("div", { class: "field", dataset: { kind: "live" } }, h("label", { for: "create-turn" }, "Time limit per turn, in seconds (optional)"), turnSeconds),
      h("div", { class: "field", dataset: { kind: "live" } }, h("label", { for: "create-policy" }, "When a player drops out"), policy),
      h("div", { class: "field", dataset: { kind: "live" } }, h("label", { for: "create-wait" }, "after waiting (seconds)"), wait)),
    error, submit);
}

/**
 * The form's "Time" part: a live room (everyone at the table at once; a time limit per turn in
 * seconds, if any) or a correspondence one (each plays when they like, within a deadline per
 * turn of hours or days), and what a turn whose time runs out does. `element(liveTurn,
 * ...liveAfter)` draws it with the live room's own fields (shown only for a live room): its
 * time limit before the choice of what a turn out of time does, the others after; `values()` is
 * {kind, turn_seconds, timeout} (turn_seconds: the correspondence deadline), or null when the
 * deadline written is not one (its field says why); `refused(error, body)` shows a refusal of
 * the server that is about the kind beside it (true), such as a guest's correspondence room.
 */
function playChoice() {
  const radio = (kind) => h("input", { type: "radio", name: "create-kind", id: `create-kind-${kind}`, value: kind, checked: kind === "live" });
  const live = radio("live");
  const mail = radio("correspondence");
  const kindError = notice();
  kindError.id = "create-kind-error";
  const signInNote = h("p", { class: "notice info", id: "create-kind-sign-in", hidden: true });
  const mailNote = h("span", { class: "help", id: "create-kind-live-only", hidden: true });
  const amount = h("input", { id: "create-deadline", type: "number", min: 1, max: 7, step: 1, value: 1, inputmode: "numeric", required: true, "aria-describedby": "create-deadline-help create-deadline-error" });
  const unit = h("select", { id: "create-deadline-unit" },
    h("option", { value: String(HOUR) }, "hours"),
    h("option", { value: String(DAY), selected: true }, "days"));
  const amountError = notice();
  amountError.id = "create-deadline-error";
  const timeout = h("select", { id: "create-timeout", "aria-describedby": "create-timeout-help" });
  const timeoutHelp = h("span", { class: "help", id: "create-timeout-help" });
  // each kind keeps the choice made for it; a kind's own default until then
  const chosen = { live: "default", correspondence: "forfeit" };
  const CHOICES = [
    ["default", "play the default move", ["live", "correspondence"]],
    ["forfeit", "forfeit the match", ["live", "correspondence"]],
    ["agent", "a computer player plays the turn", ["live"]],
  ];
  let hostPlays = true;
  let rated = false; // a rated room: a turn out of time forfeits, nothing else
  let part = null;

  const kind = () => (mail.checked ? "correspondence" : "live");

  function draw() {
    const now = kind();
    for (const el of part.querySelectorAll("[data-kind]")) el.hidden = el.dataset.kind !== now;
    fill(timeout, CHOICES.filter(([, , kinds]) => kinds.includes(now)).map(([value, words]) => h("option", { value }, words)));
    timeout.value = rated ? "forfeit" : chosen[now];
    timeout.disabled = rated;
    timeoutHelp.textContent = rated
      ? "In a rated match a turn out of time forfeits the match."
      : now === "live"
        ? "Where turns have a time limit."
        : "Nobody is replaced for being away: each person is told in their inbox when it is their turn, and reminded before their time runs out.";
    const who = me();
    signInNote.hidden = !(now === "correspondence" && !who && hostPlays);
    if (!signInNote.hidden) {
      fill(signInNote, "Correspondence tables are for signed-in people: your turns reach you through your account, on any device. ",
        h("a", { href: signInLink("#/") }, "Sign in"), " or ", h("a", { href: signInLink("#/", "signup") }, "sign up"), " first.");
    }
    kindError.say("");
  }

  function values() {
    amountError.say("");
    amount.removeAttribute("aria-invalid");
    const now = kind();
    if (now === "live") return { kind: now, turn_seconds: null, timeout: timeout.value };
    const n = Number(amount.value);
    const seconds = n * Number(unit.value);
    if (!amount.value.trim() || !Number.isInteger(n) || seconds < HOUR || seconds > 7 * DAY) {
      amountError.say("A deadline per turn is a whole number of hours or days, from an hour to seven days.");
      amount.setAttribute("aria-invalid", "true");
      amount.focus();
      return null;
    }
    return { kind: now, turn_seconds: seconds, timeout: timeout.value };
  }

  function refused(error, body) {
    if (body.kind !== "correspondence" || !["not_logged_in", "bad_rules"].includes(error.code)) return false;
    if (error.code === "not_logged_in") {
      signInNote.hidden = true; // the refusal says it, with the same links
      kindError.say("");
      fill(kindError, error.message, " ", h("a", { href: signInLink("#/") }, "Sign in"), " or ", h("a", { href: signInLink("#/", "signup") }, "sign up"), ".");
      kindError.hidden = false;
    } else {
      kindError.say(error.message);
    }
    mail.focus();
    return true;
  }

  for (const el of [live, mail]) el.addEventListener("change", draw);
  timeout.addEventListener("change", () => { if (!rated) chosen[kind()] = timeout.value; });
  unit.addEventListener("change", () => { amount.max = unit.value === String(HOUR) ? 168 : 7; });
  const stop = onAccount(() => (part?.isConnected ? draw() : stop()));

  function element(liveTurn, ...liveAfter) {
    part = h("fieldset", { id: "create-play" }, h("legend", {}, "Time"),
      h("fieldset", { class: "kinds", "aria-describedby": "create-kind-error" }, h("legend", {}, "How the match is played"),
        h("div", { class: "field check" }, live, h("label", { for: "create-kind-live" }, h("strong", {}, "Live"), ": everyone at the table at once")),
        h("div", { class: "field check" }, mail, h("label", { for: "create-kind-correspondence" }, h("strong", {}, "Correspondence"), ": each plays when they like, within a deadline of hours or days"), mailNote),
        signInNote, kindError),
      liveTurn,
      h("div", { class: "field", dataset: { kind: "correspondence" } },
        h("label", { for: "create-deadline" }, "Deadline per turn"),
        h("span", { class: "help", id: "create-deadline-help" }, "From an hour to seven days."),
        h("div", { class: "deadline-input" }, amount, h("label", { for: "create-deadline-unit", class: "visually-hidden" }, "Deadline unit"), unit),
        amountError),
      h("div", { class: "field" }, h("label", { for: "create-timeout" }, "When a turn's time runs out"), timeoutHelp, timeout),
      ...liveAfter);
    draw();
    return part;
  }

  return {
    element,
    values,
    refused,
    hostPlays(plays) {
      hostPlays = plays;
      if (part) draw();
    },
    /** A rated room: a turn out of time forfeits (the choice is locked). */
    rated(on) {
      rated = on;
      if (part) draw();
    },
    /** A game that offers no real choice (War: `auto_play`) is played live only. */
    forGame(game) {
      mail.disabled = Boolean(game.auto_play);
      mailNote.hidden = !mail.disabled;
      mailNote.textContent = mail.disabled ? `${game.title} offers no real choice: it is played live.` : "";
      if (mail.disabled && mail.checked) live.checked = true;
      if (part) draw();
    },
  };
}

/**
 * The form's "Rated" part: a checkbox for signed-in people, offered where the chosen game has
 * rated rulesets, and then the choice of one of them (Karata's: one per table size), whose
 * rules `apply(ruleset)` writes into the form (`apply(null)`: not rated). `rulesNote` goes in
 * the Rules fieldset: why its fields are locked. `on()`: whether the room is to be rated.
 */
function ratedChoice(currentGame, apply) {
  const box = h("input", { type: "checkbox", id: "create-rated", "aria-describedby": "create-rated-help create-rated-why" });
  const select = h("select", { id: "create-rated-ruleset" });
  const pick = h("div", { class: "field", id: "create-rated-pick", hidden: true },
    h("label", { for: "create-rated-ruleset" }, "Rated rules"), select);
  const why = h("p", { class: "help", id: "create-rated-why" });
  const rulesNote = h("p", { class: "notice info", id: "create-rules-rated", hidden: true },
    "A rated room plays the game's standard rules, unchanged: untick Rated to change them.");
  let offered = []; // the chosen game's rated rulesets
  let known = null;

  function update() {
    const game = currentGame()?.game;
    offered = known && game ? known.rulesets.filter((r) => r.game === game.name) : [];
    const who = me();
    const allowed = Boolean(who && offered.length);
    if (!allowed) box.checked = false;
    box.disabled = !allowed;
    if (!who) {
      fill(why, "Rated matches are for signed-in people: your rating is your account's. ",
        h("a", { href: signInLink("#/") }, "Sign in"), " or ", h("a", { href: signInLink("#/", "signup") }, "sign up"), " first.");
    } else if (game && known && !offered.length) {
      fill(why, `${game.title} rates no matches.`);
    } else {
      fill(why);
    }
    why.hidden = !why.textContent;
    const before = select.value;
    fill(select, offered.map((r) => h("option", { value: r.rated }, r.title)));
    if (offered.some((r) => r.rated === before)) select.value = before;
    else if (offered.length) select.value = bestFit(offered);
    pick.hidden = !box.checked;
    rulesNote.hidden = !box.checked;
    apply(box.checked ? offered.find((r) => r.rated === select.value)?.ruleset || null : null);
  }

  /** The rated ruleset closest to the rules in the form now: the one for its table size. */
  function bestFit(list) {
    const players = Number(currentGame()?.form.get("players")?.value);
    return (list.find((r) => r.seats === players) || list[0]).rated;
  }

  box.addEventListener("change", update);
  select.addEventListener("change", update);
  const stop = onAccount(() => (box.isConnected ? update() : stop()));
  ratedRulesets().then((answer) => {
    known = answer;
    update();
  }, () => {
    known = { rulesets: [] };
    fill(why, "The rated rules could not be read: rated rooms cannot be made now.");
    why.hidden = false;
  });

  const element = h("fieldset", { id: "create-rated-part" }, h("legend", {}, "Rated"),
    h("div", { class: "field check" }, box,
      h("label", { for: "create-rated" }, h("strong", {}, "Rated"), ": the match counts for everyone's rating"),
      h("span", { class: "help", id: "create-rated-help" },
        "Only signed-in people sit at a rated table, under the game's standard rules. Leaving the table or running out of time forfeits the match: no computer player stands in.")),
    why, pick);

  return {
    element,
    rulesNote,
    on: () => box.checked,
    forGame: () => update(),
  };
}
