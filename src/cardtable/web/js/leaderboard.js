// Leaderboards (#/leaderboard, #/leaderboard/GAME/RATED): the ratings of one rated ruleset, the
// highest first. Three boards: Top (settled ratings, a page at a time), Around me and Friends
// (mine and my friends', provisional ones too), the last two for signed-in people; this
// season's or all time's, when a season runs. What is chosen stays in the address
// (?view=&season=&offset=), so a board can be linked to and a reload keeps it.
import { api } from "./api.js";
import { h, fill, notice } from "./dom.js";
import { hashQuery } from "./forms.js";
import { provisionalBadge, ratedRulesets, ratingCell } from "./ratings.js";
import { me, onAccount, signInLink } from "./session.js";

const PER_PAGE = 50;
const VIEWS = [
  { name: "top", words: "Top", account: false },
  { name: "around", words: "Around me", account: true },
  { name: "friends", words: "Friends", account: true },
];

/** The address of a board. */
export function boardLink(game, rated, query = {}) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== "") params.set(k, String(v));
  const q = params.toString();
  return `#/leaderboard/${encodeURIComponent(game)}/${encodeURIComponent(rated)}${q ? `?${q}` : ""}`;
}

export function leaderboardPage(main, game = null, rated = null) {
  let gone = false;
  let asked = 0;
  const query = hashQuery();
  const wanted = {
    view: VIEWS.some((v) => v.name === query.get("view")) ? query.get("view") : "top",
    season: /^\d+$/.test(query.get("season") || "") ? Number(query.get("season")) : null,
    offset: Math.max(0, Number(query.get("offset")) || 0),
  };
  let chosen = null; // the rated ruleset shown: {game, rated, title, seats}
  let running = 0; // the season running (0: none)

  const picker = h("select", { id: "board-ruleset" });
  const seasonPicker = h("select", { id: "board-season" });
  const seasonField = h("div", { class: "field", hidden: true },
    h("label", { for: "board-season" }, "Ratings of"), seasonPicker);
  const tabs = h("div", { class: "tabs", role: "tablist", "aria-label": "Whose ratings", id: "board-tabs" });
  const heading = h("h2", { id: "board-title" }, "Leaderboard");
  const status = h("p", { class: "muted", id: "board-status", role: "status" });
  const body = h("div", { id: "board-body" });
  const pager = h("nav", { class: "actions pager", "aria-label": "Pages of the leaderboard", id: "board-pages", hidden: true });
  const error = notice();
  error.id = "board-error";
  const panel = h("section", { class: "panel board", role: "tabpanel", id: "board-panel", tabindex: "-1" },
    heading, status, error, body, pager);
  const guestNote = h("p", { class: "muted", id: "board-sign-in" });
  const playLink = h("p", { id: "board-play" });

  fill(main, h("h1", {}, "Leaderboards"),
    h("p", { class: "lead" }, "The ratings of rated matches, the highest first. A rating is a cautious estimate, shown with its uncertainty (±), which shrinks with each rated match; it is provisional, and not ranked, until it has settled."),
    h("div", { class: "filters board-choice" },
      h("div", { class: "field" }, h("label", { for: "board-ruleset" }, "Game"), picker),
      seasonField),
    tabs, guestNote, panel, playLink);
  document.title = "Leaderboards — cardtable";

  function drawAccountParts() {
    const who = me();
    if (!who && VIEWS.find((v) => v.name === wanted.view)?.account) wanted.view = "top";
    drawTabs();
    guestNote.hidden = Boolean(who);
    if (!who) {
      fill(guestNote, h("a", { href: signInLink() }, "Sign in"), " or ", h("a", { href: signInLink(undefined, "signup") }, "sign up"),
        " to see your own place and your friends', and to play rated matches.");
    }
    fill(playLink, who ? h("a", { class: "button", href: "#/ranked", id: "board-play-ranked" }, "Play ranked") : null);
  }

  function drawTabs() {
    const shown = VIEWS.filter((v) => !v.account || me());
    fill(tabs, shown.map((v) => {
      const selected = v.name === wanted.view;
      return h("button", {
        type: "button", role: "tab", class: "tab", id: `board-tab-${v.name}`, "aria-selected": selected ? "true" : "false",
        "aria-controls": "board-panel", tabindex: selected ? "0" : "-1", dataset: { view: v.name },
        onclick: () => choose(v.name, false),
      }, v.words);
    }));
    panel.setAttribute("aria-labelledby", `board-tab-${wanted.view}`);
  }

  function choose(view, focus) {
    if (view !== wanted.view) {
      wanted.view = view;
      wanted.offset = 0;
      drawTabs();
      load();
    }
    if (focus) tabs.querySelector(`[data-view="${view}"]`)?.focus();
  }

  // the arrow keys move between the tabs (and choose), Home and End to the ends
  tabs.addEventListener("keydown", (event) => {
    const names = [...tabs.querySelectorAll("[role=tab]")].map((t) => t.dataset.view);
    const at = names.indexOf(wanted.view);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: names.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(names[(to + names.length) % names.length], true);
  });

  function remember() {
    const season = wanted.season === null || wanted.season === running ? null : wanted.season;
    const link = boardLink(chosen.game, chosen.rated, {
      view: wanted.view === "top" ? null : wanted.view, season, offset: wanted.offset || null,
    });
    if (location.hash !== link) history.replaceState(null, "", link);
  }

  async function load() {
    if (!chosen) return;
    const ask = ++asked;
    remember();
    error.say("");
    const view = VIEWS.find((v) => v.name === wanted.view);
    const seasonWords = wanted.season === 0 || running === 0 ? "All time" : `Season ${wanted.season ?? running}`;
    heading.textContent = `${chosen.title} · ${view.words} · ${seasonWords}`;
    status.textContent = "Loading…";
    panel.setAttribute("aria-busy", "true");
    try {
      const board = await api.leaderboard(chosen.game, chosen.rated, {
        view: wanted.view, season: wanted.season, offset: wanted.view === "top" ? wanted.offset : null, limit: PER_PAGE,
      });
      if (gone || ask !== asked) return;
      drawBoard(board);
    } catch (e) {
      if (gone || ask !== asked) return;
      status.textContent = "";
      fill(body);
      pager.hidden = true;
      error.say(e.message);
    } finally {
      if (ask === asked) panel.removeAttribute("aria-busy");
    }
  }

  function drawBoard(board) {
    const { entries } = board;
    body.dataset.view = board.view;
    body.dataset.season = String(board.season);
    const ranked = `${board.ranked} ${board.ranked === 1 ? "player" : "players"} ranked`;
    if (!entries.length) status.textContent = "";
    else if (board.view === "top") status.textContent = `Places ${entries[0].rank}–${entries.at(-1).rank} of ${board.ranked}.`;
    else status.textContent = board.view === "around" ? `${ranked} in all.` : "Provisional ratings too: they are not ranked yet.";
    if (!entries.length) {
      const words = {
        top: board.ranked
          ? "No one on this page."
          : "No one is ranked here yet: a rating joins the board once it has settled, after its first rated matches.",
        around: "You are not on this board yet: your rating joins it once it has settled, after your first rated matches.",
        friends: "Neither you nor your friends have a rating here yet.",
      }[board.view];
      fill(body, h("p", { class: "muted", id: "board-empty" }, words));
    } else {
      fill(body, h("table", { class: "board-table", id: "board" },
        h("thead", {}, h("tr", {},
          h("th", { scope: "col", class: "rank" }, h("abbr", { title: "Place" }, "#")),
          h("th", { scope: "col" }, "Player"),
          h("th", { scope: "col", class: "num" }, "Rating"),
          h("th", { scope: "col", class: "num" }, "Matches"))),
        h("tbody", {}, entries.map(entryRow))));
    }
    drawPager(board);
  }

  function entryRow(entry) {
    const same = entry.display_name.toLowerCase() === entry.username.toLowerCase();
    return h("tr", { class: entry.me ? "me" : null, dataset: { username: entry.username, rank: entry.rank ?? "" }, "aria-current": entry.me ? "true" : null },
      h("td", { class: "rank" }, entry.rank === null ? h("span", { "aria-label": "not ranked" }, "–") : String(entry.rank)),
      h("th", { scope: "row", class: "player" },
        h("a", { href: `#/u/${encodeURIComponent(entry.username)}`, class: "player-name" }, entry.display_name),
        same ? null : h("span", { class: "muted handle" }, ` @${entry.username}`),
        entry.me ? h("span", { class: "badge you" }, "you") : null,
        entry.provisional ? provisionalBadge() : null),
      h("td", { class: "num rating" }, ratingCell(entry.rating, entry.sigma)),
      h("td", { class: "num matches" }, String(entry.matches)));
  }

  function drawPager(board) {
    if (board.view !== "top" || (wanted.offset === 0 && board.ranked <= PER_PAGE)) {
      fill(pager);
      pager.hidden = true;
      return;
    }
    const previous = h("button", { type: "button", class: "secondary", id: "board-previous", disabled: wanted.offset === 0 },
      `Places ${Math.max(1, wanted.offset - PER_PAGE + 1)}–${wanted.offset}`);
    const nextStart = wanted.offset + PER_PAGE;
    const next = h("button", { type: "button", class: "secondary", id: "board-next", disabled: nextStart >= board.ranked },
      `Places ${nextStart + 1}–${Math.min(board.ranked, nextStart + PER_PAGE)}`);
    if (wanted.offset === 0) previous.textContent = "Previous places";
    if (nextStart >= board.ranked) next.textContent = "Next places";
    previous.addEventListener("click", () => page(Math.max(0, wanted.offset - PER_PAGE)));
    next.addEventListener("click", () => page(nextStart));
    fill(pager, previous, next);
    pager.hidden = false;
  }

  function page(offset) {
    wanted.offset = offset;
    load().then(() => panel.focus({ preventScroll: false })); // read on from the board's top
  }

  async function start() {
    let known;
    try {
      known = await ratedRulesets();
    } catch (e) {
      if (!gone) error.say(e.message);
      return;
    }
    if (gone) return;
    running = known.season;
    const list = known.rulesets;
    if (!list.length) {
      status.textContent = "";
      fill(body, h("p", { class: "muted" }, "No game here rates its matches."));
      return;
    }
    fill(picker, list.map((r) => h("option", { value: `${r.game}/${r.rated}` }, r.title)));
    chosen = (game && list.find((r) => r.game === game && r.rated === rated)) || null;
    if (game && !chosen) error.say(`There is no leaderboard for ${game}/${rated}: here is another.`);
    chosen = chosen || list[0];
    picker.value = `${chosen.game}/${chosen.rated}`;
    if (running > 0) {
      const seasons = [h("option", { value: String(running) }, `This season (season ${running})`)];
      for (let n = running - 1; n >= 1; n--) seasons.push(h("option", { value: String(n) }, `Season ${n}`));
      seasons.push(h("option", { value: "0" }, "All time"));
      fill(seasonPicker, seasons);
      seasonPicker.value = String(wanted.season ?? running);
      if (seasonPicker.value !== String(wanted.season ?? running)) seasonPicker.value = String(running);
      wanted.season = Number(seasonPicker.value);
      seasonField.hidden = false;
    } else {
      wanted.season = null;
    }
    const keepError = error.textContent;
    await load();
    if (keepError && !error.textContent) error.say(keepError);
  }

  picker.addEventListener("change", () => {
    const [g, r] = picker.value.split("/");
    ratedRulesets().then((known) => {
      chosen = known.rulesets.find((x) => x.game === g && x.rated === r) || chosen;
      wanted.offset = 0;
      load();
    }, () => {});
  });
  seasonPicker.addEventListener("change", () => {
    wanted.season = Number(seasonPicker.value);
    wanted.offset = 0;
    load();
  });

  drawAccountParts();
  const stop = onAccount(() => {
    drawAccountParts();
    load();
  });
  start();
  return () => {
    gone = true;
    stop();
  };
}
