// The activity feed (#/feed): what one's friends did, newest first (finished matches with a
// link to their replay, new friendships, shared replays and decks with their comments), a
// page at a time with "More"; and who may see one's own activity. A profile (#/u/NAME) shows
// the person's activity as the server lets the viewer see it (activityPanel). Everything is
// shown as text: the server's sentences, and people's comments, are never read as markup.
import { ApiError, sentence } from "./api.js";
import { h, fill, notice } from "./dom.js";
import { confirmSession, me, onAccount, signInLink } from "./session.js";

const PAGE = 20;

async function call(method, path, body) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError("network", "The server cannot be reached. Check your connection and try again.", 0);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const message = data && typeof data.message === "string" ? data.message : `The server answered ${response.status}.`;
    throw new ApiError(data?.code || "http", sentence(message), response.status);
  }
  return data;
}

export const feedApi = {
  feed: (before) => call("GET", `/feed?limit=${PAGE}${before ? `&before=${before}` : ""}`),
  activity: (username, before) =>
    call("GET", `/accounts/${encodeURIComponent(username)}/activity?limit=${PAGE}${before ? `&before=${before}` : ""}`),
  settings: () => call("GET", "/feed/settings"),
  setVisibility: (visibility) => call("PUT", "/feed/settings", { visibility }),
  share: (body) => call("POST", "/feed/shares", body),
};

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
    : item.kind === "friends" ? "See their profile" : "Open";
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
