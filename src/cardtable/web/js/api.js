// The REST lobby: every refusal becomes an ApiError holding the server's plain sentence.

export class ApiError extends Error {
  constructor(code, message, status, { field = null, refusal = null, retryAfter = null } = {}) {
    super(message);
    this.code = code;
    this.status = status;
    this.field = field; // the body's field the refusal is about (accounts: username, password...)
    this.refusal = refusal; // which rule refused (such as password_common)
    this.retryAfter = retryAfter; // seconds to wait (too_many), from the Retry-After header
  }
}

const pending = new Set(); // the calls under way

/** Once every call under way now has been answered (or failed): signing out waits for them, so
 * that none asked as the account reaches the server after its session ended (a 401). */
export async function answered() {
  await Promise.allSettled([...pending]);
}

/** One REST call: the answer's JSON (null for 204), or an ApiError with the server's
 * sentence. `token`: a seat's or the host's, as a bearer token; the session travels in its
 * cookie by itself. */
export function call(method, path, body, token) {
  const asked = ask(method, path, body, token);
  pending.add(asked);
  asked.then(() => pending.delete(asked), () => pending.delete(asked));
  return asked;
}

async function ask(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("network", "The server cannot be reached. Check your connection and try again.", 0);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const message = data && typeof data.message === "string" ? data.message : `The server answered ${response.status}.`;
    const retry = Number(response.headers.get("Retry-After"));
    throw new ApiError(data?.code || "http", sentence(message), response.status, {
      field: typeof data?.field === "string" ? data.field : null,
      refusal: typeof data?.refusal === "string" ? data.refusal : null,
      retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null,
    });
  }
  if (response.status === 204) return null;
  return data;
}

/** The server's reasons are lower-case clauses: start them with a capital, end with a stop. */
export function sentence(text) {
  const t = String(text).trim();
  if (!t) return t;
  const first = t[0].toUpperCase() + t.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

export const api = {
  games: () => call("GET", "/games"),
  game: (name) => call("GET", `/games/${encodeURIComponent(name)}`),
  sets: (name) => call("GET", `/games/${encodeURIComponent(name)}/sets`),
  presets: (name) => call("GET", `/games/${encodeURIComponent(name)}/presets`),
  computerPlayers: (name) => call("GET", `/games/${encodeURIComponent(name)}/computer-players`),
  rooms: (query = {}) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== "") params.set(k, v);
    const q = params.toString();
    return call("GET", `/rooms${q ? `?${q}` : ""}`);
  },
  room: (id) => call("GET", `/rooms/${encodeURIComponent(id)}`),
  ruleset: (id) => call("GET", `/rooms/${encodeURIComponent(id)}/ruleset`),
  create: (body) => call("POST", "/rooms", body),
  join: (id, body) => call("POST", `/rooms/${encodeURIComponent(id)}/join`, body),
  watch: (id, body) => call("POST", `/rooms/${encodeURIComponent(id)}/watch`, body),
  start: (id, token) => call("POST", `/rooms/${encodeURIComponent(id)}/start`, undefined, token),
  rematch: (id, token) => call("POST", `/rooms/${encodeURIComponent(id)}/rematch`, undefined, token),
  leave: (id, token) => call("POST", `/rooms/${encodeURIComponent(id)}/leave`, undefined, token),
  // A room with a password shows its matches for a token of the room (seat, host or spectator).
  matches: (id, token) => call("GET", `/rooms/${encodeURIComponent(id)}/matches`, undefined, token),
  finished: () => call("GET", "/matches"),
  match: (id, token) => call("GET", `/matches/${encodeURIComponent(id)}`, undefined, token),
  replay: (id, step, seat, token) => {
    const params = new URLSearchParams({ step: String(step) });
    if (seat !== null && seat !== undefined) params.set("seat", String(seat));
    return call("GET", `/matches/${encodeURIComponent(id)}/replay?${params}`, undefined, token);
  },
  // accounts and sessions: the session travels in an HttpOnly cookie the page never sees
  signUp: (body) => call("POST", "/accounts", body),
  signIn: (body) => call("POST", "/session", body),
  me: () => call("GET", "/me"),
  signOut: () => call("DELETE", "/session"),
  sessions: () => call("GET", "/sessions"),
  signOutEverywhere: () => call("DELETE", "/sessions"),
  endSession: (id) => call("DELETE", `/sessions/${encodeURIComponent(id)}`),
  changePassword: (body) => call("PUT", "/account/password", body),
  changeDisplayName: (body) => call("PUT", "/account/display-name", body),
  deleteAccount: (body) => call("DELETE", "/account", body),
  redeemReset: (body) => call("POST", "/account/reset", body),
  profile: (username) => call("GET", `/accounts/${encodeURIComponent(username)}`),
  history: (username, query = {}) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== "") params.set(k, v);
    const q = params.toString();
    return call("GET", `/accounts/${encodeURIComponent(username)}/matches${q ? `?${q}` : ""}`);
  },
  // friends: the signed-in person's own list (see docs/friends.md)
  friends: (state) => call("GET", `/friends${state ? `?state=${encodeURIComponent(state)}` : ""}`),
  askFriend: (body) => call("POST", "/friends", body),
  acceptFriend: (username) => call("POST", `/friends/${encodeURIComponent(username)}/accept`),
  declineFriend: (username) => call("POST", `/friends/${encodeURIComponent(username)}/decline`),
  removeFriend: (username) => call("DELETE", `/friends/${encodeURIComponent(username)}`),
  blockFriend: (username) => call("PUT", `/friends/${encodeURIComponent(username)}/block`),
  unblockFriend: (username) => call("DELETE", `/friends/${encodeURIComponent(username)}/block`),
  // ranked play: the rated rulesets, leaderboards, a person's ratings (see docs/protocol.md)
  ratedRulesets: () => call("GET", "/ratings"),
  leaderboard: (game, rated, query = {}) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== "") params.set(k, v);
    const q = params.toString();
    return call("GET", `/ratings/${encodeURIComponent(game)}/${encodeURIComponent(rated)}${q ? `?${q}` : ""}`);
  },
  ratingsOf: (username) => call("GET", `/accounts/${encodeURIComponent(username)}/ratings`),
  // the matchmaking queue of ranked play: where I stand (a QueueState), joining, leaving, and
  // confirming or declining the table it proposes
  queue: () => call("GET", "/matchmaking/queue"),
  joinQueue: (body) => call("POST", "/matchmaking/queue", body),
  leaveQueue: () => call("DELETE", "/matchmaking/queue"),
  confirmTable: (id) => call("POST", `/matchmaking/proposals/${encodeURIComponent(id)}/confirm`),
  declineTable: (id) => call("POST", `/matchmaking/proposals/${encodeURIComponent(id)}/decline`),
};

/** Where one's whole history downloads from (a plain link: the cookie signs it in). */
export const HISTORY_DOWNLOAD = "/api/account/matches.json";
