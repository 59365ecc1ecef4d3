// Invite links: the waiting room's "Copy invite link", and the page an invite opens
// (#/invite/TOKEN): what it invites to, a name, and Join, which seats the person (the room's
// password is not asked: the invite stands for it) and goes to the room.
import { call, sentence } from "./api.js";
import { fill, h, notice } from "./dom.js";
import { drawWhereabouts } from "./friends.js";
import { gameTitles, loadWhereabouts, watchWhereabouts, whereaboutsRank } from "./personal.js";
import { confirmSession, me } from "./session.js";
import { keepName, keepSeat, myName } from "./store.js";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Invitations to a friend (signed in): sent from a room, accepted or declined from the inbox. */
export const invitations = {
  send: (roomId, username, seatToken) => call("POST", `/rooms/${encodeURIComponent(roomId)}/invitations`, { username }, seatToken),
  accept: (id) => call("POST", `/invitations/${encodeURIComponent(id)}/accept`),
  decline: (id) => call("POST", `/invitations/${encodeURIComponent(id)}/decline`),
};

export const invites = {
  make: (roomId, token) => call("POST", `/rooms/${encodeURIComponent(roomId)}/invites`, undefined, token),
  look: (token) => call("GET", `/invites/${encodeURIComponent(token)}`),
  join: (token, body) => call("POST", `/invites/${encodeURIComponent(token)}/join`, body),
  revoke: (token, seatToken) => call("DELETE", `/invites/${encodeURIComponent(token)}`, undefined, seatToken),
};

/** Why an invite does not work, in words (by the code the server gave). */
const WHY = {
  invite_expired: "This invite has expired. Ask whoever sent it for a new link.",
  invite_revoked: "This invite was taken back. Ask whoever sent it for a new link.",
  invite_unknown: "This is not an invite this server knows. Check that the whole link was copied.",
  room_full: "Every seat of this room is taken: the invite has no seat left to give.",
  room_closed: "This room has closed: the invite no longer leads anywhere.",
  not_found: "This room is gone: the invite no longer leads anywhere.",
};

/**
 * The waiting room's "Copy invite link": `seatToken()` gives the token of one's seat (or null,
 * when the session alone holds it). Shown with `show(true)` while the room is open and one
 * holds a seat; the link made stays shown (and selected when it could not be copied).
 */
export class InviteBox {
  constructor(roomId, seatToken) {
    this.roomId = roomId;
    this.seatToken = seatToken;
    this.button = h("button", { type: "button", class: "invite-button", id: "invite-button", onclick: () => this.copy() }, "Copy invite link");
    this.link = h("input", { type: "text", id: "invite-link", readonly: true, "aria-label": "Invite link", hidden: true, onfocus: (event) => event.target.select() });
    this.status = h("p", { class: "invite-status", id: "invite-status", role: "status" });
    this.error = notice();
    this.friends = h("ul", { class: "friends invite-friends", id: "invite-friends" });
    this.friendsPart = h("div", { hidden: true },
      h("h3", {}, "Invite a friend"),
      h("p", { class: "help" }, "They find the invitation in their inbox, with a Join button."),
      this.friends);
    this.element = h("section", { class: "panel invite", id: "invite", "aria-labelledby": "invite-title", hidden: true },
      h("h2", { id: "invite-title" }, "Invite someone"),
      h("p", { class: "help" }, "Anyone with the link can take a free seat, password or not, for a day."),
      this.button, this.link, this.status, this.error, this.friendsPart);
  }

  show(visible) {
    const was = !this.element.hidden;
    this.element.hidden = !visible;
    if (visible && !was) this.listFriends();
  }

  /** One's friends, each with "Invite" (signed-in people only: friends are for accounts). */
  async listFriends() {
    this.friendsPart.hidden = true;
    if (!me()) return;
    let found;
    try {
      found = (await call("GET", "/friends?state=friend")).friends;
    } catch {
      return; // the link above still works
    }
    if (!found.length) return;
    // who is here first (as far as the page can tell at once), each with where they are, live
    let known = new Map();
    try {
      known = await Promise.race([loadWhereabouts(), new Promise((resolve) => setTimeout(() => resolve(known), 2000))]);
    } catch {
      // the names still show, and Invite works
    }
    const titles = await gameTitles();
    found.sort((a, b) => whereaboutsRank(known.get(a.username)) - whereaboutsRank(known.get(b.username)));
    const slots = new Map();
    this.stopWatching?.();
    let stop = null;
    stop = watchWhereabouts((map) => {
      if (!this.element.isConnected) {
        stop?.(); // the room's page is gone
        return;
      }
      for (const [username, slot] of slots) drawWhereabouts(slot, map.get(username), titles);
    }, { load: false });
    this.stopWatching = stop;
    fill(this.friends, found.map((friend) => {
      const button = h("button", { type: "button", class: "secondary", dataset: { invite: friend.username } }, "Invite");
      const said = h("span", { class: "muted", role: "status" });
      button.addEventListener("click", async () => {
        button.disabled = true;
        said.textContent = "";
        try {
          await invitations.send(this.roomId, friend.username, await this.seatToken());
          said.textContent = " Invited.";
        } catch (error) {
          button.disabled = false;
          said.textContent = ` ${error.message}`;
        }
      });
      const where = h("span", { class: "whereabouts" });
      slots.set(friend.username, where);
      drawWhereabouts(where, known.get(friend.username), titles);
      return h("li", { class: "friend", dataset: { username: friend.username } },
        h("span", { class: "who" }, h("span", { class: "name" }, friend.display_name), h("span", { class: "muted" }, ` @${friend.username}`)),
        where, said,
        h("span", { class: "actions" }, button));
    }));
    this.friendsPart.hidden = false;
  }

  async copy() {
    this.error.say("");
    this.status.textContent = "";
    this.button.disabled = true;
    try {
      const made = await invites.make(this.roomId, await this.seatToken());
      const url = `${location.origin}/${made.url_path}`;
      this.link.value = url;
      this.link.hidden = false;
      let copied = false;
      if (navigator.clipboard && window.isSecureContext) {
        try {
          await navigator.clipboard.writeText(url);
          copied = true;
        } catch {
          copied = false; // no permission here: the link is shown to copy by hand
        }
      }
      if (copied) {
        this.status.textContent = "Link copied. Send it to whoever you want at the table.";
      } else {
        this.link.focus();
        this.link.select();
        this.status.textContent = "Copy the link above and send it to whoever you want at the table.";
      }
    } catch (error) {
      this.error.say(error.message);
    } finally {
      this.button.disabled = false;
    }
  }
}

/** The page of `#/invite/TOKEN`. */
export function invitePage(main, token) {
  let gone = false;
  fill(main, h("h1", { id: "invite-page-title" }, "An invitation"), h("p", { class: "muted" }, "Reading the invite…"));
  const unusable = (code, message) => {
    fill(main,
      h("h1", { id: "invite-page-title" }, "This invite does not work"),
      h("p", { class: "notice error", id: "invite-problem", role: "alert" }, WHY[code] || message),
      h("p", {}, h("a", { href: "#/" }, "Go to the lobby")));
  };
  (async () => {
    if (!TOKEN.test(token)) {
      unusable("invite_unknown");
      return;
    }
    let info;
    try {
      info = await invites.look(token);
      await confirmSession();
    } catch (error) {
      if (!gone) unusable(error.code, error.message);
      return;
    }
    if (gone) return;
    if (!info.works) {
      unusable(info.why_not, info.reason ? sentence(info.reason) : "");
      return;
    }
    draw(info);
  })();
  return () => {
    gone = true;
  };

  function draw(info) {
    const who = me();
    const name = h("input", { id: "invite-name", maxlength: 32, autocomplete: "nickname", required: true });
    name.value = who ? who.display_name : myName();
    name.readOnly = Boolean(who);
    const error = notice();
    const seats = `${info.open_seats} of ${info.seats} seats free`;
    const join = async (event) => {
      event.preventDefault();
      error.say("");
      if (!name.value.trim()) {
        error.say("Write the name the table will call you.");
        name.focus();
        return;
      }
      try {
        const joined = await invites.join(token, { name: name.value.trim() });
        if (!who) keepName(name.value.trim());
        keepSeat(joined.room.id, { token: joined.token, seat: joined.seat, role: "player" });
        location.hash = `#/room/${encodeURIComponent(joined.room.id)}`;
      } catch (e) {
        if (WHY[e.code] && e.code !== "room_full") unusable(e.code, e.message);
        else error.say(WHY[e.code] || e.message);
      }
    };
    fill(main,
      h("h1", { id: "invite-page-title" }, `${info.host} invites you to play ${info.title}`),
      h("form", { class: "panel narrow invite-form", id: "invite-form", onsubmit: join },
        h("p", { id: "invite-about" }, `A room of ${info.title} (${seats}${info.password ? "; it has a password, which the invite stands for" : ""}).`),
        h("div", { class: "field" },
          h("label", { for: "invite-name" }, "Your name"),
          who ? h("span", { class: "help" }, `Signed in as @${who.username}: the table shows your account's name.`) : null,
          name),
        error,
        h("div", { class: "actions" }, h("button", { type: "submit", id: "invite-join" }, "Join"),
          h("a", { class: "button secondary", href: "#/" }, "No thanks"))));
    if (!who) name.focus();
  }
}
