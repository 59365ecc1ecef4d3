// What the browser keeps between visits: the seat (or spectator) token of each room, the
// host token of rooms one created, the name one plays under and the last deck one brought.

const PREFIX = "cardtable.";

function read(key) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // private browsing without storage: the page still works, a reload forgets the seat
  }
}

/** {token, seat, role, host} for a room, or null. */
export function seatOf(roomId) {
  return read(`room.${roomId}`);
}

export function keepSeat(roomId, entry) {
  write(`room.${roomId}`, { ...(seatOf(roomId) || {}), ...entry });
}

export function forgetSeat(roomId) {
  const kept = seatOf(roomId);
  // the host keeps the host token: it still starts the match or a rematch
  write(`room.${roomId}`, kept && kept.host ? { host: kept.host } : null);
}

export function myName() {
  return read("name") || "";
}

export function keepName(name) {
  write("name", name);
}

/** The last deck the server took from this browser ({name, set, cards}), or null. */
export function lastDeck() {
  return read("deck");
}

export function keepDeck(deck) {
  write("deck", deck);
}
