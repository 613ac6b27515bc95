// Pieces the table page and the replay viewer share: seat names, the log, the result screen.

import { h, panel } from "./dom.js";

const SEAT_COLORS = ["#c2410c", "#1d4ed8", "#15803d", "#7e22ce", "#be185d"];

export function seatColor(p) {
  return SEAT_COLORS[p % SEAT_COLORS.length];
}

/** A seat's name for people: the name it joined with, "Bot 3", or "Seat 2" while free. */
export function seatName(seats, p) {
  const s = seats && seats[p];
  if (!s) return `Seat ${p + 1}`;
  if (s.kind === "bot") return `Bot ${p + 1}`;
  return s.name || `Seat ${p + 1}`;
}

/** The context a renderer draws with (see games/index.js). */
export function makeContext(game, seats, seat, legal, act) {
  const claimed = new Set();
  return {
    game,
    catalog: game ? game.catalog : {},
    seat,
    legal,
    act,
    claimed,
    color: seatColor,
    name: (p) => seatName(seats, p),
    claim(kind) {
      claimed.add(kind);
    },
    choices(kind) {
      if (!act) return null;
      const found = legal.filter((k) => k.kind === kind && k.choices);
      return found.length ? new Set(found.flatMap((k) => k.choices)) : null;
    },
  };
}

/** A seat's name with its colour mark. */
export function who(ctx, p) {
  return h(
    "span",
    { class: "who" },
    h("span", { class: "dot", style: `background:${seatColor(p)}`, "aria-hidden": "true" }),
    ctx.name(p),
    p === ctx.seat ? h("span", { class: "you" }, " (you)") : null,
  );
}

function logItem(e, r, ctx) {
  let text;
  try {
    text = r.event(e, ctx);
  } catch {
    text = JSON.stringify(e);
  }
  return h("li", { "data-event": e.event }, text);
}

function markFresh(list, fresh) {
  const items = list.children;
  for (const li of list.querySelectorAll("li.fresh")) li.classList.remove("fresh");
  for (let i = Math.max(0, items.length - fresh); i < items.length; i++) items[i].classList.add("fresh");
}

/** The log: public events in words, oldest first; `fresh` marks the newest ones. */
export function logList(events, r, ctx, fresh = 0) {
  const list = h(
    "ol",
    { class: "log-list" },
    events.map((e) => logItem(e, r, ctx)),
  );
  markFresh(list, fresh);
  return list;
}

/**
 * Bring a log list up to `events`, appending only the new ones when the events so far are the
 * ones it shows (a log grows by appending) and the seat names have not changed.
 */
export function updateLog(box, events, r, ctx, names) {
  let list = box.querySelector("ol.log-list");
  const shown = list ? Number(list.dataset.count) : -1;
  const lastSeen = shown > 0 && shown <= events.length ? JSON.stringify(events[shown - 1]) : "";
  if (
    !list ||
    list.dataset.names !== names ||
    shown > events.length ||
    (shown > 0 && list.dataset.last !== lastSeen)
  ) {
    list = logList(events, r, ctx, 1);
    box.replaceChildren(list);
  } else if (shown < events.length) {
    list.append(...events.slice(shown).map((e) => logItem(e, r, ctx)));
    markFresh(list, 1);
  }
  list.dataset.count = String(events.length);
  list.dataset.names = names;
  list.dataset.last = events.length ? JSON.stringify(events[events.length - 1]) : "";
}

/** The result screen: ranking, winners, and everything `final` reveals. */
export function resultPanel(view, r, ctx, links) {
  const res = view.result || { scores: [], winners: [] };
  const order = res.scores.map((score, p) => ({ p, score })).sort((a, b) => b.score - a.score || a.p - b.p);
  let reveal = null;
  try {
    reveal = r.final(view, ctx);
  } catch {
    reveal = h("pre", {}, JSON.stringify(view.final, null, 1));
  }
  return h(
    "section",
    { id: "result", class: "result", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title" }, res.winners.length > 1 ? "Game over: a shared victory" : "Game over"),
    h(
      "ol",
      { class: "ranking" },
      order.map(({ p, score }) =>
        h(
          "li",
          { class: res.winners.includes(p) ? "winner" : null, "data-seat": p },
          who(ctx, p),
          h("span", { class: "score", "data-score": score }, String(score)),
          res.winners.includes(p) ? h("span", { class: "badge" }, "winner") : null,
        ),
      ),
    ),
    reveal ? h("div", { class: "reveal" }, h("h3", {}, "Revealed at the end"), reveal) : null,
    links ? h("p", { class: "links" }, links) : null,
  );
}

/** A panel with one box per seat (coloured, marked while it may act): `body(p)` fills each. */
export function seatBoxes(title, view, ctx, body, ...after) {
  const box = (p) =>
    h(
      "div",
      {
        class: `player${view.actors.includes(p) && !view.over ? " acting" : ""}`,
        style: `--seat:${ctx.color(p)}`,
        "data-seat": p,
      },
      body(p),
    );
  return panel(
    title,
    h(
      "div",
      { class: "players" },
      Array.from({ length: view.players }, (_, p) => box(p)),
    ),
    ...after,
  );
}
