// One room's WebSocket, kept open: it says hello with the token and how many events of the
// current match it holds, and after a drop it reconnects by itself (waiting a little longer
// each time, and giving up an attempt not welcomed within a few seconds), so a player misses
// nothing and notices nothing.

const PROTOCOL = 10; // a room says which tournament table it plays
const FATAL = new Set(["protocol_version", "hello_first", "bad_token", "bad_password", "forbidden_origin", "room_closed"]);
const PING_MS = 20000;
const HANDSHAKE_MS = 10000; // a connection not welcomed by then is given up, and tried again

export class Connection {
  /**
   * @param {string} roomId
   * @param {string|null} token  a seat or spectator token; null to watch an open room
   * @param {(message: object) => void} onMessage  every message from the server
   * @param {(state: string, detail?: string) => void} onState  "connecting", "open", "lost", "closed"
   */
  constructor(roomId, token, onMessage, onState) {
    this.roomId = roomId;
    this.token = token;
    this.onMessage = onMessage;
    this.onState = onState;
    this.match = null;
    this.held = 0; // events of this.match held
    this.socket = null;
    this.retries = 0;
    this.stopped = false;
    this.pinger = null;
    this.retryTimer = null;
    this.fatal = null;
    this.open();
  }

  open() {
    if (this.stopped) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/rooms/${encodeURIComponent(this.roomId)}`);
    this.socket = socket;
    this.onState(this.retries ? "reconnecting" : "connecting");
    // an attempt that hangs (accepted, then nothing: a stalled proxy or server) would otherwise
    // leave the room connecting for good: give it up, which retries as any close does
    const handshake = setTimeout(() => { if (this.socket === socket) socket.close(); }, HANDSHAKE_MS);
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "hello", protocol: PROTOCOL, token: this.token, last_event: this.held }));
      this.pinger = setInterval(() => this.send({ type: "ping", nonce: Date.now() % 1e9 }), PING_MS);
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "welcome") {
        clearTimeout(handshake);
        this.retries = 0;
        this.onState("open");
      }
      if (message.type === "view" && message.new_events?.length) {
        // protocol 2: a view carries the events that came with it; the page gets them first
        const events = message.new_events;
        const inside = { type: "events", match: message.match, first: message.events - events.length, events };
        message.new_events = [];
        this.placeEvents(inside);
        this.onMessage(inside);
      }
      if (message.type === "events") this.placeEvents(message);
      if (message.type === "error" && FATAL.has(message.code)) this.fatal = message;
      this.onMessage(message);
    });
    socket.addEventListener("close", () => {
      clearTimeout(handshake);
      clearInterval(this.pinger);
      if (this.socket !== socket) return;
      if (this.stopped) return;
      if (this.fatal) {
        this.stopped = true;
        this.onState("closed", this.fatal.message);
        return;
      }
      this.onState("reconnecting");
      const delay = Math.min(5000, 250 * 2 ** this.retries);
      this.retries += 1;
      this.retryTimer = setTimeout(() => this.open(), delay);
    });
    socket.addEventListener("error", () => {
      // the close event follows and reconnects; nothing to say twice
    });
  }

  placeEvents(message) {
    if (message.match !== this.match) {
      this.match = message.match;
      this.held = 0;
    }
    message.fresh = message.first === 0 && this.held === 0;
    this.held = Math.max(this.held, message.first + message.events.length);
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Drop the connection as a network would (used by the page when it goes offline). */
  drop() {
    if (this.socket) this.socket.close();
  }

  close() {
    this.stopped = true;
    clearInterval(this.pinger);
    clearTimeout(this.retryTimer);
    if (this.socket) this.socket.close(1000);
  }
}
