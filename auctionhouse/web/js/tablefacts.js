// What the lobby says of a table at a glance: the seats still free, the people seated (linked to
// their pages) and the move clock.

import { h } from "./dom.js";
import { perMove } from "./when.js";

function personLink(s) {
  return s.player ? h("a", { href: `#/player/${encodeURIComponent(s.player)}`, class: "person" }, s.name) : s.name;
}

/** A line of facts about table `t` (a Table from the API). */
export function tableFacts(t) {
  const people = t.seats.filter((s) => s.kind === "human" && s.joined);
  const free = t.seats.filter((s) => s.kind === "human" && !s.joined).length;
  const bots = t.seats.length - t.seats.filter((s) => s.kind === "human").length;
  const parts = [];
  if (t.status === "open")
    parts.push(h("span", { class: "seats-free", "data-free": free }, `${free} of ${t.players} seats free`));
  const botWords = `${bots} ${bots === 1 ? "bot" : "bots"}`;
  const nobody = free ? "nobody seated yet" : null; // a table of bots alone has no one to wait for
  parts.push(
    h(
      "span",
      { class: "people", "data-people": people.length },
      people.length ? people.flatMap((s, i) => (i ? [", ", personLink(s)] : [personLink(s)])) : nobody,
      bots ? `${people.length || nobody ? " + " : ""}${botWords}` : "",
    ),
  );
  parts.push(h("span", { class: "move-clock", "data-clock": t.turn_timer || 0 }, perMove(t.turn_timer)));
  return h("div", { class: "table-facts muted small" }, parts.flatMap((p, i) => (i ? [" · ", p] : [p])));
}
