// Rematch, on a finished table's result screen: one click makes (or finds) the rematch table, where
// each person's seat is kept for them, takes this browser's seat there (the same request) and
// goes to it.

import * as api from "./api.js";
import { go, h } from "./dom.js";
import * as identity from "./identity.js";

/** The rematch button under a finished game, for its table's `info` (nothing for a spectator
 * before a rematch). */
export function rematchButton(info) {
  if (!info) return null;
  const me = identity.me();
  const played = me && info.seats.some((s) => s.player === me.id);
  if (info.rematch && api.loadSeat(info.rematch))
    return h("a", { class: "button primary", href: tableHref(info.rematch), id: "rematch" }, "Go to the rematch");
  if (!played)
    return info.rematch ? h("a", { class: "button", href: tableHref(info.rematch), id: "rematch" }, "Watch the rematch") : null;
  const error = h("span", { class: "field-error", role: "alert" });
  const button = h(
    "button",
    {
      type: "button",
      class: "primary",
      id: "rematch",
      onclick: async () => {
        button.disabled = true;
        error.textContent = "";
        try {
          const joined = await api.rematch(info.id, me);
          go(tableHref(joined.table));
        } catch (e) {
          error.textContent = e.message;
          button.disabled = false;
        }
      },
    },
    info.rematch ? "Join the rematch" : "Rematch",
  );
  return h("span", { class: "rematch" }, button, " ", error);
}

function tableHref(id) {
  return `#/table/${encodeURIComponent(id)}`;
}
