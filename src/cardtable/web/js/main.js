// The client's pages, chosen by the address's fragment:
//   #/                the lobby            #/room/ID     a room and its table
//   #/replays         finished matches     #/replay/ID   one match, step by step
//   #/rules/GAME      a game's rules
//   #/signup #/login  an account: signing up, signing in (?next=#/... comes back there)
//   #/reset           a new password with the operator's one-time code
//   #/account         one's settings          #/u/NAME   a profile
//   #/u/NAME/matches  a person's finished matches
//   #/invite/TOKEN    an invite link: what it invites to, and a seat
//   #/inbox           one's notifications
//   #/friends         one's friends, the requests to answer, and blocks
//   #/feed            what one's friends did, newest first
//   #/matches         one's matches under way: whose turn, by when
//   #/leaderboard     the leaderboards of rated play (#/leaderboard/GAME/RATED: one of them)
//   #/ranked          play ranked: the matchmaking queue
//   #/tournaments     the tournaments (open, under way, finished), and the form that creates one
//   #/tournament/ID   one tournament: its bracket or standings, its rounds, one's own table
import { h, fill } from "./dom.js";
import { feedLink, feedPage } from "./feed.js";
import { friendsLink, friendsPage } from "./friends.js";
import { resetPage, signInPage, signUpPage } from "./account.js";
import { invitePage } from "./invite.js";
import { inboxLink, inboxPage } from "./inbox.js";
import { leaderboardPage } from "./leaderboard.js";
import { startPersonal } from "./personal.js";
import { historyPage, profilePage } from "./profile.js";
import { confirmSession, drawWho } from "./session.js";
import { settingsPage } from "./settings.js";
import { lobbyPage } from "./lobby.js";
import { hidePreview } from "./preview.js";
import { matchesLink, matchesPage } from "./matches.js";
import { rankedAlert, rankedLink, rankedPage } from "./ranked.js";
import { roomPage } from "./room.js";
import { replaysPage, replayPage } from "./replay.js";
import { rulesPage } from "./rules.js";
import { soundToggle } from "./sound.js";
import { tournamentPage } from "./tournament.js";
import { tournamentsPage } from "./tournaments.js";

const main = document.getElementById("main");
let leave = null;

function route() {
  const path = (location.hash || "#/").slice(1).split("?")[0];
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  if (leave) {
    leave();
    leave = null;
  }
  hidePreview(); // a card's preview belongs to the page it was shown on
  fill(main);
  if (parts.length === 0) leave = lobbyPage(main);
  else if (parts[0] === "room" && parts[1]) leave = roomPage(main, parts[1] + ((location.hash.split("?")[1] && `?${location.hash.split("?")[1]}`) || ""));
  else if (parts[0] === "rules" && parts[1]) leave = rulesPage(main, parts[1]);
  else if (parts[0] === "replays") leave = replaysPage(main);
  else if (parts[0] === "replay" && parts[1]) leave = replayPage(main, parts[1]);
  else if (parts[0] === "signup" && parts.length === 1) leave = signUpPage(main);
  else if (parts[0] === "login" && parts.length === 1) leave = signInPage(main);
  else if (parts[0] === "reset" && parts.length === 1) leave = resetPage(main);
  else if (parts[0] === "account" && parts.length === 1) leave = settingsPage(main);
  else if (parts[0] === "inbox" && parts.length === 1) leave = inboxPage(main);
  else if (parts[0] === "friends" && parts.length === 1) leave = friendsPage(main);
  else if (parts[0] === "feed" && parts.length === 1) leave = feedPage(main);
  else if (parts[0] === "matches" && parts.length === 1) leave = matchesPage(main);
  else if (parts[0] === "leaderboard" && parts.length === 1) leave = leaderboardPage(main);
  else if (parts[0] === "leaderboard" && parts.length === 3) leave = leaderboardPage(main, parts[1], parts[2]);
  else if (parts[0] === "ranked" && parts.length === 1) leave = rankedPage(main);
  else if (parts[0] === "tournaments" && parts.length === 1) leave = tournamentsPage(main);
  else if (parts[0] === "tournament" && parts[1] && parts.length === 2) leave = tournamentPage(main, parts[1]);
  else if (parts[0] === "u" && parts[1] && parts.length === 2) leave = profilePage(main, parts[1]);
  else if (parts[0] === "invite" && parts[1] && parts.length === 2) leave = invitePage(main, parts[1]);
  else if (parts[0] === "u" && parts[1] && parts[2] === "matches" && parts.length === 3) leave = historyPage(main, parts[1]);
  else fill(main, h("h1", {}, "Not here"), h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
  if (document.activeElement && document.activeElement !== document.body && !main.contains(document.activeElement)) {
    main.focus({ preventScroll: true });
  }
}

drawWho(document.getElementById("who"));
document.getElementById("leaderboard-link")?.after(h("a", { href: "#/tournaments", id: "tournaments-link" }, "Tournaments")); // for everyone
document.querySelector("header.top nav")?.appendChild(rankedLink()); // shown when signed in
document.querySelector("header.top nav")?.appendChild(matchesLink()); // shown when signed in
document.querySelector("header.top nav")?.appendChild(friendsLink()); // shown when signed in
document.querySelector("header.top nav")?.appendChild(feedLink()); // shown when signed in
document.querySelector("header.top nav")?.appendChild(inboxLink()); // shown when signed in
document.querySelector("header.top")?.appendChild(soundToggle()); // sounds: off unless switched on
confirmSession();
document.querySelector("header.top")?.after(rankedAlert()); // a table found while elsewhere
startPersonal(); // the personal channel (/ws/me), while signed in: friends' whereabouts, the inbox live
window.addEventListener("hashchange", route);
route();
