// Display names are not unique (anyone may call themselves Ann), so where people are listed
// beyond one table (leaderboards, player pages, their games) a name comes with its player's tag:
// "Ann #0427". The tag is four digits drawn from the player's public id, the one in the address
// of their page: the same everywhere and for good, whatever name they take.

import { h } from "./dom.js";

/** The tag of player `id`: "#" and four digits (FNV-1a of the id, modulo 10000). */
export function playerTag(id) {
  let x = 0x811c9dc5;
  for (const ch of String(id)) {
    x ^= ch.codePointAt(0);
    x = Math.imul(x, 0x01000193) >>> 0;
  }
  return `#${String(x % 10000).padStart(4, "0")}`;
}

/** A person's name followed by their tag (muted), as one piece of text: "Ann #0427". */
export function taggedName(name, id) {
  return [
    name,
    h(
      "span",
      { class: "player-tag", title: "Names can repeat: the tag tells this player apart from others of the same name" },
      ` ${playerTag(id)}`,
    ),
  ];
}
