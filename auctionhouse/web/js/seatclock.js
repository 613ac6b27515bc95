// The turn clock on a seat: the time left before the fallback bot moves for it, as m:ss and a bar
// that empties, shown on the seat whose move it is; `tickSeatClocks` keeps them current.

import { h } from "./dom.js";
import { clockText } from "./when.js";

const LOW = 0.2; // the share of the clock left below which it is marked low

/** A clock for a seat that must move by Unix time `deadline`, out of `total` seconds. */
export function seatClock(deadline, total) {
  return h(
    "span",
    { class: "timer seat-clock", role: "timer", "data-deadline": deadline, "data-total": total || 0 },
    h("span", { class: "clock-text" }),
    h("span", { class: "clock-bar", "aria-hidden": "true" }, h("span", { class: "clock-fill" })),
  );
}

/** Bring every seat clock under `root` to Unix time `now`. */
export function tickSeatClocks(root, now) {
  for (const c of root.querySelectorAll(".seat-clock")) {
    const left = Math.max(0, Number(c.dataset.deadline) - now);
    const total = Number(c.dataset.total) || left || 1;
    const share = Math.min(1, left / total);
    c.querySelector(".clock-text").textContent = clockText(left);
    c.querySelector(".clock-fill").style.width = `${(100 * share).toFixed(1)}%`;
    c.classList.toggle("low", share < LOW);
    c.dataset.left = String(Math.ceil(left));
    c.setAttribute("aria-label", `${clockText(left)} before a bot moves for this seat`);
  }
}
