// The activity feed (#/feed): what one's friends did, newest first (finished matches with a
// link to their replay, new friendships, shared replays and decks with their comments), a
// page at a time with "More"; and who may see one's own activity. A profile (#/u/NAME) shows
// the person's activity as the server lets the viewer see it (activityPanel). Everything is
// shown as text: the server's sentences, and people's comments, are never read as markup.
import { call } from "./api.js";
import { h, fill, notice } from "./dom.js";
import { confirmSession, me, onAccount, signInLink } from "./session.js";

const PAGE = 20;

export const feedApi = {
  feed: (before) => call("GET", `/feed?limit=${PAGE}${before ? `&before=${before}` : ""}`),
  activity: (username, before) =>
    call("GET", `/accounts/${encodeURIComponent(username)}/activity?limit=${PAGE}${before ? `&before=${before}` : ""}`),
  settings: () => call("GET", "/feed/settings"),
  setVisibility: (visibility) => call("PUT", "/feed/settings", { visibility }),
  share: (body) => call("POST", "/feed/shares", body),
};

/** "Share with your friends" for a replay of a match one played (signed in): a comment of
 * at most 280 characters, shown to whoever may see one's activity, as text. The server says
 * when the match cannot be shared (one did not play it, or its room has a password). */
export function shareReplayPanel(matchId) {
  const panel = h("details", { class: "panel", id: "share-replay", hidden: true },
    h("summary", {}, "Share with your friends"));
  const comment = h("textarea", { id: "share-comment", maxlength: 280, rows: 3, placeholder: "What happened? (optional)" });
  const said = notice();
  const done = h("p", { class: "muted", role: "status", id: "share-status" });
  const button = h("button", { type: "button", id: "share-submit" }, "Share");
  button.addEventListener("click", async () => {
    said.say("");
    done.textContent = "";
    button.disabled = true;
    try {
      await feedApi.share({ kind: "replay", match: matchId, comment: comment.value.trim() });
      done.textContent = "Shared: it is in your friends' feed.";
      comment.value = "";
    } catch (error) {
      said.say(error.message);
    } finally {
      button.disabled = false;
    }
  });
  panel.append(h("div", { class: "field" }, h("label", { for: "share-comment" }, "A comment"), comment), h("div", { class: "actions" }, button), said, done);
  confirmSession().then(() => { panel.hidden = !me(); });
  return panel;
}

/** A link of an item: only a fragment of this client (#/...), never another kind of URL. */
function safeLink(link) {
  return typeof link === "string" && /^#\/[A-Za-z0-9_\-./~%?=&]*$/.test(link) ? link : null;
}

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString();
}

/** One item, as text: the server's sentence, the comment quoted, a link to the replay. */
function itemView(item) {
  const link = safeLink(item.link);
  const label = item.kind === "match_finished" || item.kind === "shared_replay" ? "Watch the replay"
    : item.kind === "friends" ? "See their profile"
      : item.kind === "tournament_finished" ? "See the tournament" : "Open";
  return h("li", { class: "feed-item", dataset: { kind: item.kind, id: String(item.id) } },
    h("p", { class: "feed-text" }, item.text),
    item.comment ? h("blockquote", { class: "feed-comment" }, item.comment) : null,
    h("p", { class: "muted" },
      h("a", { href: `#/u/${encodeURIComponent(item.username)}` }, `@${item.username}`),
      ` · ${when(item.created_at)}`,
      link ? [" · ", h("a", { href: link, class: "feed-link" }, label)] : null));
}

/** A list that reads pages from `read(before)` and shows "More" while there is a next page. */
function pagedList(read, id, emptyText) {
  const list = h("ul", { class: "feed", id });
  const error = notice();
  const more = h("button", { type: "button", class: "secondary", id: `${id}-more`, hidden: true }, "More");
  let next = null;
  let shown = 0;
  async function load() {
    error.say("");
    more.disabled = true;
    try {
      const page = await read(next);
      for (const item of page.items) list.append(itemView(item));
      shown += page.items.length;
      next = page.next;
      more.hidden = next === null;
      if (!shown) fill(list, h("li", { class: "muted empty" }, emptyText));
    } catch (e) {
      error.say(e.message);
    } finally {
      more.disabled = false;
    }
  }
  more.addEventListener("click", load);
  load();
  return h("div", {}, list, more, error);
}

function visibilityForm() {
  const select = h("select", { id: "feed-visibility", name: "visibility" },
    h("option", { value: "friends" }, "My friends"),
    h("option", { value: "everyone" }, "Everyone"),
    h("option", { value: "nobody" }, "Nobody but me"));
  const said = notice("info");
  const error = notice();
  feedApi.settings().then((s) => { select.value = s.visibility; }).catch((e) => error.say(e.message));
  select.addEventListener("change", async () => {
    error.say("");
    said.say("");
    try {
      const s = await feedApi.setVisibility(select.value);
      said.say(`Saved: ${select.selectedOptions[0].textContent.toLowerCase()} may see what you do.`);
      select.value = s.visibility;
    } catch (e) {
      error.say(e.message);
    }
  });
  return h("div", { class: "panel" },
    h("div", { class: "field" }, h("label", { for: "feed-visibility" }, "Who may see your activity"), select), said, error);
}

export function feedPage(main) {
  if (!me()) {
    fill(main, h("h1", {}, "Feed"),
      h("p", { class: "panel" }, "The feed is for accounts. ",
        h("a", { href: signInLink("#/feed"), id: "feed-sign-in" }, "Sign in"), " or ",
        h("a", { href: signInLink("#/feed", "signup") }, "sign up"), " to see what your friends play."));
    return null;
  }
  fill(main, h("h1", {}, "Feed"),
    h("p", { class: "muted" }, "What your friends did, newest first."),
    h("section", { class: "panel" }, pagedList(feedApi.feed, "feed-list", "Nothing yet: your friends' finished matches and shares show here.")),
    visibilityForm());
  const stop = onAccount(() => { if (!me()) location.hash = "#/"; });
  return stop;
}

/** A profile's activity, as the server lets the viewer see it (none, if hidden from them). */
export function activityPanel(username) {
  return h("section", { class: "panel", id: "profile-activity" }, h("h2", {}, "Activity"),
    pagedList((before) => feedApi.activity(username, before), "activity-list", "No activity to show."));
}

/** The header's link to the feed, shown to a signed-in person. */
export function feedLink() {
  const link = h("a", { href: "#/feed", id: "feed-link", hidden: true }, "Feed");
  async function check() {
    await confirmSession();
    link.hidden = !me();
  }
  check();
  onAccount(check);
  return link;
}
