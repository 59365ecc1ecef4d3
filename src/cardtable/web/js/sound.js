// Short sounds, made with WebAudio tones (no sound files): a card played, a hit, your turn,
// a win or a loss. Off until the person switches them on (the header's "Sounds" toggle),
// which this browser remembers; no audio context exists until then (browsers refuse to
// start one before a click, and a page that makes no sound needs none).
import { h } from "./dom.js";

const KEY = "cardtable.sound";

// each sound: its notes as [frequency in Hz, start in s, length in s], and a wave
const SOUNDS = {
  card: { wave: "triangle", notes: [[660, 0, 0.07], [880, 0.05, 0.08]], volume: 0.12 },
  hit: { wave: "square", notes: [[150, 0, 0.12], [110, 0.04, 0.12]], volume: 0.08 },
  turn: { wave: "sine", notes: [[523, 0, 0.12], [784, 0.12, 0.18]], volume: 0.16 },
  win: { wave: "triangle", notes: [[523, 0, 0.14], [659, 0.13, 0.14], [784, 0.26, 0.14], [1047, 0.39, 0.3]], volume: 0.14 },
  lose: { wave: "triangle", notes: [[392, 0, 0.2], [330, 0.18, 0.2], [262, 0.36, 0.4]], volume: 0.14 },
  on: { wave: "sine", notes: [[880, 0, 0.09]], volume: 0.12 },
};

let context = null;
const toggles = new Set();

/** Whether sounds are on in this browser (off unless switched on). */
export function soundOn() {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

/** Whether this page has made an audio context (never while sounds are off). */
export function audioStarted() {
  return context !== null;
}

export function setSound(on) {
  try {
    if (on) localStorage.setItem(KEY, "on");
    else localStorage.removeItem(KEY);
  } catch {
    // no storage (private browsing): the choice lasts as long as the page
  }
  for (const button of toggles) show(button, on);
  if (on) play("on");
  else if (context) {
    context.close().catch(() => {});
    context = null;
  }
}

function audio() {
  if (context) return context;
  const Maker = window.AudioContext || window.webkitAudioContext;
  if (!Maker) return null;
  try {
    context = new Maker();
  } catch {
    context = null;
  }
  return context;
}

/** Play sound `name` ("card", "hit", "turn", "win", "lose") `after` seconds from now, if
 * sounds are on. */
export function play(name, after = 0) {
  const sound = SOUNDS[name];
  if (!sound || !soundOn()) return;
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  const start = ctx.currentTime + 0.01 + after;
  for (const [frequency, at, length] of sound.notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = sound.wave;
    osc.frequency.value = frequency;
    const t = start + at;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(sound.volume, t + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + length + 0.02);
  }
}

function show(button, on) {
  button.setAttribute("aria-pressed", on ? "true" : "false");
  button.querySelector(".sound-state").textContent = on ? "on" : "off";
}

/** The toggle: "Sounds: off" until pressed; what it says is remembered by this browser. */
export function soundToggle() {
  const button = h("button", {
    type: "button", class: "link sound-toggle", id: "sound-toggle", "aria-pressed": "false",
    title: "Short sounds for cards played, hits, your turn and the match's end",
    onclick: () => setSound(!soundOn()),
  }, "Sounds: ", h("span", { class: "sound-state" }, "off"));
  show(button, soundOn());
  toggles.add(button);
  return button;
}
