// What just happened at a table: the newest events in the server's sentences (each one flashes
// in; no motion under prefers-reduced-motion), an optional sound, and the time from a click to
// the screen that shows its result (performance marks, read by the browser tests and printed
// there).

import { eventWords } from "./common.js";
import { h } from "./dom.js";

const SOUND_KEY = "auctionhouse.sound";
const SHOWN = 3; // news lines kept in view; the log holds every one
// a tone per kind of event (Hz); others get the plain one
const TONES = { scored: 660, won: 520, end: 660, round: 440 };

function stored() {
  try {
    return window.localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

export function feedback() {
  let soundOn = stored();
  let seen = null; // how many log events have been shown
  let audio = null;
  let measuring = null; // the ref of a move whose answer is on its way
  let answered = null; // the ref of a move whose answer came: the next drawing shows it
  const strip = h("ol", { class: "news", "aria-label": "What just happened", "aria-live": "polite" });
  const soundButton = h("button", {
    type: "button",
    class: "small sound-toggle",
    "aria-pressed": String(soundOn),
    "data-played": "0",
    onclick: () => {
      soundOn = !soundOn;
      try {
        window.localStorage.setItem(SOUND_KEY, soundOn ? "on" : "off");
      } catch {
        /* private mode: the choice lasts this page */
      }
      label();
      if (soundOn) beep(440);
    },
  });
  label();

  function label() {
    soundButton.setAttribute("aria-pressed", String(soundOn));
    soundButton.textContent = soundOn ? "Sound on" : "Sound off";
  }

  function beep(freq) {
    soundButton.dataset.played = String(Number(soundButton.dataset.played) + 1);
    try {
      audio = audio || new AudioContext();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.08, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.18);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.2);
    } catch {
      /* no audio device: the count above still says a sound was due */
    }
  }

  return {
    strip,
    soundButton,
    /** A move is sent (from a click or Enter): the clock starts. */
    sent(ref) {
      measuring = ref;
      performance.mark(`sent:${ref}`);
    },
    /** The server answered this page's move (a new state, or a refusal). */
    answer(ref) {
      if (ref && ref === measuring) answered = ref;
    },
    /** A new state: chime when it becomes this seat's turn. */
    receive(prev, msg) {
      const seat = msg.seat;
      const turnNow = seat !== null && msg.view.actors.includes(seat) && !msg.view.over;
      const turnBefore = prev && seat !== null && prev.view.actors.includes(seat);
      if (soundOn && turnNow && !turnBefore) beep(880);
    },
    /** Show the events that came since the last call (none on the first: the page just opened);
     * `lines` are the log's sentences. */
    show(log, lines, ctx) {
      if (seen === null || log.length < seen) seen = log.length;
      if (log.length === seen) return;
      const fresh = log.slice(seen);
      const first = Math.max(seen, log.length - SHOWN);
      seen = log.length;
      const items = log
        .slice(first)
        .map((e, k) =>
          h("li", { class: "news-item flash", "data-event": e.event }, eventWords(log, lines, first + k, ctx)),
        );
      const kept = [...strip.children].slice(0, Math.max(0, SHOWN - items.length));
      for (const li of kept) li.classList.remove("flash");
      strip.replaceChildren(...items.reverse(), ...kept);
      if (soundOn) beep(Math.max(...fresh.map((e) => TONES[e.event] || 330)));
    },
    /** The screen is drawn: a move's result shown ends its clock at the next frame. */
    drawn() {
      const ref = answered;
      if (!ref) return;
      answered = measuring = null;
      requestAnimationFrame(() => {
        performance.mark(`shown:${ref}`);
        performance.measure("click-to-screen", `sent:${ref}`, `shown:${ref}`);
      });
    },
    stop() {
      if (audio) audio.close();
    },
  };
}
