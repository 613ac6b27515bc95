// Renderers by game name. A renderer draws one game from a seat's `view` only:
//
//   board(view, ctx)            -> Node: the table as this seat sees it
//   hidden(view, ctx)           -> Node | null: what only this seat knows (its hand, its sealed
//                                  bids, its token), shown for every seat in replays
//   final(view, ctx)            -> Node | null: what `view.final` reveals, for the result screen
//   kindLabel(kind, view, ctx)  -> string: the name of a move kind ("Bid", "Set the price")
//   choice(kind, value, view, ctx) -> {label, pic?}: a choice button's words and picture
//   partLabel(i, view, ctx)     -> {label, pic?}: one part of a split (e.g. a work on sale)
//   phaseLabel(view)            -> string: the phase in a player's words ("open auction")
//   roundLabel(e, ctx)          -> string | null: the round an event opens, for the log
//   auctionStart(e, ctx)        -> boolean: the event opens an auction (the replay's jumps;
//                                  by default an `auction` event)
//   summary(events, i, ctx)     -> {title, body, brief?} | null: the summary an event closes (a
//                                  round scored, the game's end), from public events only
//   breakdown(view, ctx)        -> Node | null: every seat's score in parts, round by round
//   rankNote(view, p, ctx)      -> string | null: a mark on the final ranking ("eliminated")
//   out(view)                   -> seats: actors the game need not wait on, who have said their
//                                  piece and may still move (Modern Art: passed, may bid again);
//                                  no "to act" mark, and `outNote` said to the seat itself
//   summaryBeside               -> boolean: the summaries come so often (every short round)
//                                  that they sit beside the board, not above it, on a wide screen
//   summaryBrief                -> boolean: each summary comes as a line of notice (its `brief`
//                                  words) and a line in the log; the whole of it when asked for
//
// `ctx` gives `catalog` (GET /api/games), `seat` (the viewer; null for a spectator), `name(p)`,
// `legal` (this seat's legal moves now), `choices(kind)` (the legal choices of a kind, or null),
// `act(kind, arg)` (send a move; null when the viewer cannot act) and `claim(kind)`: a board
// that draws its own controls for a kind (cards in a hand to click) claims it, and the shell
// leaves that kind out of its generic controls. Every method may be missing: the generic one
// below stands in, so a new game is playable before it has pictures. The log's sentences are no
// renderer's: the server sends them, written once in the game's words.py (common.js shows them).

import { h, words, capital } from "../dom.js";
import artDice from "./art-dice.js";
import modernArt from "./modern-art.js";
import qe from "./qe.js";
import ratzia from "./ratzia.js";

const RENDERERS = { "modern-art": modernArt, ratzia, qe, "art-dice": artDice };

const COMMON = new Set(["game", "players", "seat", "phase", "actors", "over", "log", "result", "final"]);

/** Any value of a view as nested lists, so nothing a view holds is out of sight. */
export function plain(value) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "none");
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object"))
      return h("span", {}, value.map((v) => (v === null ? "-" : v)).join(", ") || "none");
    return h(
      "ol",
      { class: "plain", start: 0 },
      value.map((v) => h("li", {}, plain(v))),
    );
  }
  if (typeof value === "object") {
    return h(
      "dl",
      { class: "plain" },
      Object.entries(value).map(([k, v]) => [h("dt", {}, words(k)), h("dd", {}, plain(v))]),
    );
  }
  return h("span", {}, String(value));
}

export const generic = {
  board(view) {
    const rest = Object.fromEntries(Object.entries(view).filter(([k]) => !COMMON.has(k)));
    return h("section", { class: "panel" }, h("h3", {}, "Table"), plain(rest));
  },
  hidden() {
    return null;
  },
  final(view) {
    return view.final ? plain(view.final) : null;
  },
  kindLabel(kind) {
    return capital(words(kind));
  },
  choice(kind, value) {
    return { label: `${capital(words(kind))} ${value}` };
  },
  partLabel(i) {
    return { label: `Part ${i + 1}` };
  },
  phaseLabel(view) {
    return words(view.phase || "");
  },
  roundLabel() {
    return null;
  },
  auctionStart(e) {
    return e.event === "auction";
  },
  summary() {
    return null;
  },
  breakdown() {
    return null;
  },
  rankNote() {
    return null;
  },
  out() {
    return [];
  },
  outNote: "",
  summaryBeside: false,
  summaryBrief: false,
};

/** The renderer of a game, with the generic methods standing in for missing ones. */
export function renderer(name) {
  return { ...generic, ...(RENDERERS[name] || {}) };
}
