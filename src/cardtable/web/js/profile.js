// A person's profile (#/u/NAME), with their ratings and each one's history drawn, and their
// finished matches (#/u/NAME/matches), with filters and a page at a time. Every name is text:
// display names are whatever people chose.
import { api, HISTORY_DOWNLOAD } from "./api.js";
import { h, fill, notice } from "./dom.js";
import { activityPanel } from "./feed.js";
import { day, hashQuery, moment } from "./forms.js";
import { boardLink } from "./leaderboard.js";
import { ordinal, provisionalBadge, ratingChart } from "./ratings.js";
import { me } from "./session.js";

const RESULTS = { won: "won", lost: "lost", drawn: "drawn" };

function isMe(username) {
  const who = me();
  return Boolean(who && who.username.toLowerCase() === String(username).toLowerCase());
}

function opponentLabel(o) {
  const kind = o.kind === "agent" ? " (computer)" : o.kind === "guest" ? " (guest)" : "";
  const name = o.kind === "account" && o.username
    ? h("a", { href: `#/u/${encodeURIComponent(o.username)}`, class: "opponent-name" }, o.name)
    : h("span", { class: "opponent-name" }, o.name);
  return h("span", { class: "opponent-of" }, name, kind);
}

/** One finished match as a line of a history. */
export function matchItem(m) {
  const against = m.opponents.length
    ? m.opponents.flatMap((o, i) => [i ? ", " : "", opponentLabel(o)])
    : ["nobody"];
  return h("li", { class: "history-match", dataset: { match: m.id, room: m.room, result: m.result, game: m.game } },
    h("div", { class: "history-head" },
      h("strong", {}, m.title), " ",
      h("span", { class: `badge result ${m.result}` }, RESULTS[m.result] || m.result),
      h("span", { class: "muted when" }, ` ${moment(m.finished_at)}`)),
    h("div", { class: "history-body" },
      h("span", { class: "against" }, "against ", against),
      h("span", { class: "muted rules" }, ` · ${m.rules} · seat ${m.seat + 1}`)),
    h("div", { class: "actions" },
      h("a", { class: "button secondary replay-link", href: `#/replay/${encodeURIComponent(m.id)}` }, "Replay")));
}

function notFound(main, error) {
  fill(main, h("h1", {}, "No such player"), h("p", { role: "alert" }, error.message),
    h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
}

export function profilePage(main, username) {
  let gone = false;
  fill(main, h("h1", {}, `@${username}`), h("p", { class: "muted" }, "Loading…"));
  const ratings = api.ratingsOf(username).catch((error) => error); // drawn with the profile
  api.profile(username).then((profile) => {
    if (gone) return;
    const slot = h("div", { id: "profile-ratings-slot" }, h("p", { class: "muted" }, "Loading the ratings…"));
    drawProfile(main, profile, slot);
    ratings.then((answer) => {
      if (!gone) fill(slot, ratingsPanel(answer, isMe(profile.username)));
    });
  }, (error) => {
    if (!gone) notFound(main, error);
  });
  return () => { gone = true; };
}

/** The Ratings section: each rated ruleset the person played, with its history drawn. */
function ratingsPanel(answer, mine) {
  const section = (...children) => h("section", { class: "panel ratings", "aria-labelledby": "ratings-title", id: "profile-ratings" },
    h("h2", { id: "ratings-title" }, "Ratings"), ...children);
  if (answer instanceof Error) return section(h("p", { class: "notice error", role: "alert" }, answer.message));
  if (!answer.ratings.length) {
    return section(h("p", { class: "muted", id: "ratings-none" }, mine ? "You have played no rated matches yet. " : "No rated matches yet.",
      mine ? h("a", { href: "#/ranked" }, "Play ranked") : null));
  }
  return section(h("ul", { class: "rating-list" }, answer.ratings.map((r) => ratingItem(r, answer.season))));
}

function ratingItem(r, season) {
  const key = `${r.game}-${r.rated}`;
  const facts = [
    ["Rating", h("span", { class: "rating-figure" }, h("strong", { class: "rating-value" }, String(r.rating)),
      h("span", { class: "sigma" }, ` ± ${Math.round(r.sigma)}`), r.provisional ? provisionalBadge() : null)],
    ["Rated matches", String(r.matches)],
    ["Place", r.rank === null
      ? h("span", { class: "muted" }, "not ranked yet")
      : h("a", { href: boardLink(r.game, r.rated, { season: season ? 0 : null, offset: Math.floor((r.rank - 1) / 50) * 50 || null }) }, `${ordinal(r.rank)} of all time`)],
  ];
  if (season > 0) {
    facts.push([`Season ${season}`, r.season_rating === null
      ? h("span", { class: "muted" }, "no rated match yet")
      : `${r.season_rating} (${r.season_matches} ${r.season_matches === 1 ? "match" : "matches"})`]);
  }
  return h("li", { class: "rating-item", dataset: { game: r.game, rated: r.rated, rating: r.rating, matches: r.matches } },
    h("h3", {}, h("a", { href: boardLink(r.game, r.rated) }, r.title)),
    h("dl", { class: "rating-facts" },
      facts.map(([term, value]) => h("div", {}, h("dt", {}, term), h("dd", {}, value)))),
    r.history.length
      ? ratingChart(r.history, r.title, `chart-${key}`)
      : h("p", { class: "muted" }, "No history yet."));
}

function drawProfile(main, p, ratingsSlot) {
  const mine = isMe(p.username);
  const games = p.games.length
    ? h("table", { class: "counts-table", id: "profile-games" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Game"), h("th", { scope: "col" }, "Played"), h("th", { scope: "col" }, "Won"))),
      h("tbody", {}, p.games.map((g) => h("tr", { dataset: { game: g.game } },
        h("th", { scope: "row" }, g.title), h("td", {}, String(g.played)), h("td", {}, String(g.won))))))
    : h("p", { class: "muted" }, "No finished matches yet.");
  const recent = p.recent.length
    ? h("ul", { class: "history", id: "profile-recent" }, p.recent.map(matchItem))
    : h("p", { class: "muted", id: "profile-recent" }, "No finished matches yet.");
  fill(main,
    h("div", { class: "profile-head" },
      h("div", {},
        h("h1", { id: "profile-name" }, p.display_name),
        h("p", { class: "muted", id: "profile-username" }, `@${p.username} · member since ${day(p.member_since)}`)),
      mine ? h("div", { class: "actions" }, h("a", { class: "button secondary", href: "#/account" }, "Settings")) : null),
    ratingsSlot,
    h("div", { class: "profile" },
      h("section", { class: "panel", "aria-labelledby": "games-title" },
        h("h2", { id: "games-title" }, "Games"), games),
      h("section", { class: "panel", "aria-labelledby": "recent-title" },
        h("h2", { id: "recent-title" }, "Recent matches"), recent,
        h("p", {}, h("a", { href: `#/u/${encodeURIComponent(p.username)}/matches`, id: "all-matches" }, "Every match, with filters"),
          mine ? [" · ", h("a", { href: HISTORY_DOWNLOAD, download: "", id: "download-history" }, "Download your history (JSON)")] : null)),
      activityPanel(p.username),
      h("section", { class: "panel later", "aria-labelledby": "later-title", id: "coming-later" },
        h("h2", { id: "later-title" }, "Coming later"),
        h("p", { class: "muted" }, "This corner of the profile is kept for what comes next:"),
        h("dl", { class: "later-list" },
          h("dt", {}, "Friends"), h("dd", { class: "muted" }, "The people you play with, and invitations."),
          h("dt", {}, "Activity"), h("dd", { class: "muted" }, "What happened lately: matches, tournaments.")))));
  document.title = `${p.display_name} (@${p.username}) — cardtable`;
}

export function historyPage(main, username) {
  let gone = false;
  let cursor = null;
  const per = Math.min(100, Math.max(1, Number(hashQuery().get("per")) || 20)); // matches a page
  const gameFilter = h("select", { id: "history-game" }, h("option", { value: "" }, "Every game"));
  const resultFilter = h("select", { id: "history-result" },
    h("option", { value: "" }, "Any result"),
    h("option", { value: "won" }, "Won"), h("option", { value: "lost" }, "Lost"), h("option", { value: "drawn" }, "Drawn"));
  const list = h("ul", { class: "history", id: "history-list", "aria-live": "polite" });
  const more = h("button", { type: "button", class: "secondary", id: "history-more", onclick: () => load(false) }, "More");
  more.hidden = true;
  const empty = h("p", { class: "muted", id: "history-empty" }, "No finished matches here.");
  empty.hidden = true;
  const error = notice();
  const heading = h("h1", { id: "history-title" }, `Matches of @${username}`);
  fill(main, heading,
    h("p", { class: "lead" }, h("a", { href: `#/u/${encodeURIComponent(username)}` }, "Back to the profile"),
      isMe(username) ? [" · ", h("a", { href: HISTORY_DOWNLOAD, download: "", id: "download-history" }, "Download your whole history (JSON)")] : null),
    h("section", { class: "panel", "aria-labelledby": "history-title" },
      h("form", { class: "filters", onsubmit: (e) => { e.preventDefault(); load(true); } },
        h("label", { for: "history-game" }, "Game"), gameFilter,
        h("label", { for: "history-result" }, "Result"), resultFilter),
      error, list, empty, h("div", { class: "actions" }, more)));
  for (const el of [gameFilter, resultFilter]) el.addEventListener("change", () => load(true));

  api.games().then((games) => {
    if (gone) return;
    for (const g of games) gameFilter.appendChild(h("option", { value: g.name }, g.title));
  }, () => {});
  api.profile(username).then((p) => {
    if (!gone) heading.textContent = p.display_name === p.username ? `Matches of @${p.username}` : `Matches of ${p.display_name} (@${p.username})`;
  }, () => {});

  let asked = 0;
  async function load(fresh) {
    const ask = ++asked;
    const hadFocus = document.activeElement === more;
    const before = list.children.length;
    error.say("");
    more.disabled = true;
    try {
      const page = await api.history(username, {
        game: gameFilter.value,
        result: resultFilter.value,
        cursor: fresh ? null : cursor,
        limit: per,
      });
      if (gone || ask !== asked) return;
      if (fresh) fill(list);
      for (const m of page.matches) list.appendChild(matchItem(m));
      cursor = page.next_cursor;
      more.hidden = !cursor;
      empty.hidden = list.children.length > 0;
      list.dataset.count = String(list.children.length);
      // "More" gone with the last page: the keyboard goes on at the first match it brought
      if (hadFocus && more.hidden) list.children[before]?.querySelector("a")?.focus();
    } catch (e) {
      if (!gone && ask === asked) {
        if (e.code === "not_found") notFound(main, e);
        else error.say(e.message);
      }
    } finally {
      more.disabled = false;
    }
  }
  load(true);
  return () => { gone = true; };
}
