// Stalled seats: once the table has waited on a person long enough, anyone else seated may hand
// that seat to the fallback bot for the rest of the game (docs/server.md, "Who moves when").

import { h } from "./dom.js";

/** The seats that seat `mine` may expel at Unix time `now`: [{seat, minutes}], from a state's
 * `stalls` (each seat waited on, since when, and from when it may be expelled). */
export function expellable(state, seats, mine, now) {
  if (!state || state.status !== "playing" || mine === null || mine === undefined) return [];
  if (!seats[mine] || seats[mine].expelled) return [];
  return (state.stalls || [])
    .filter((s) => s.seat !== mine && now >= s.expel_at)
    .map((s) => ({ seat: s.seat, minutes: Math.floor((now - s.since) / 60) }));
}

/** A sentence and a button per seat of `list` (from `expellable`); `expel(seat)` sends it. */
export function stallNotes(list, nameOf, botName, expel) {
  return list.map(({ seat, minutes }) =>
    h(
      "p",
      { class: "stall", "data-seat": seat },
      `${nameOf(seat)} has not moved for ${minutes} minute${minutes === 1 ? "" : "s"}: `,
      h(
        "button",
        { type: "button", class: "expel", onclick: () => expel(seat) },
        `hand their seat to the ${botName} for the rest of the game`,
      ),
    ),
  );
}
