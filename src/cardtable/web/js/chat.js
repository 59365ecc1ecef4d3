// A room's chat: its lines, always as text (a name or a line is never read as markup), and
// the line being written.
import { h, notice } from "./dom.js";

export class Chat {
  /** `send(text)` sends a line, and says whether it could (false: not connected). */
  constructor(send) {
    this.send = send;
    this.lines = h("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" });
    this.input = h("input", { id: "chat-input", maxlength: 500, autocomplete: "off", "aria-label": "Message" });
    this.error = notice();
    this.element = h("div", {}, this.lines,
      h("form", { class: "chat-form", onsubmit: (e) => this.submit(e) }, this.input, h("button", { type: "submit" }, "Send")),
      this.error);
  }

  /** A line from the server (lines already shown, as after a reconnection, are skipped). */
  add(line) {
    if (this.unsent && line.text === this.unsent) this.unsent = null;
    if (this.lines.querySelector(`[data-id="${line.id}"]`)) return;
    const when = new Date(line.at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    this.lines.appendChild(h("li", { dataset: { id: line.id } },
      h("span", { class: "muted" }, when, " "), h("strong", {}, line.name), ": ", h("span", { class: "text" }, line.text)));
    this.lines.scrollTop = this.lines.scrollHeight;
  }

  /** The server refused the last line as one too many too fast: it was not sent; put it back
   * in the box (unless something new is being written) and say so kindly. */
  slowDown() {
    if (this.unsent && !this.input.value) this.input.value = this.unsent;
    this.error.say("You are chatting a little fast: that message was not sent. It is still in the box — send it again in a moment.");
  }

  submit(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    this.error.say("");
    if (!text) return;
    if (!this.send(text)) {
      this.error.say("Join or watch the room to chat.");
      return;
    }
    this.unsent = text; // kept until it is known whether the server took it
    this.input.value = "";
  }
}
