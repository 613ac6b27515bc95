// Pieces the table page and the replay viewer share: seat names, the log, the result screen.

import { h, panel, words } from "./dom.js";

// Seat colours keep away from the artists' yellow, blue, red, green and purple (Modern Art);
// every seat mark also carries the seat's number, so no colour alone tells seats apart.
const SEAT_COLORS = ["#0f766e", "#9a3412", "#334155", "#a21caf", "#854d0e"];

export function seatColor(p) {
  return SEAT_COLORS[p % SEAT_COLORS.length];
}

/** A seat's round mark: its colour with its number. */
export function seatDot(p) {
  // the number is drawn by CSS (::after), so a seat's name reads the same to text and to readers
  return h("span", { class: "dot", style: `background:${seatColor(p)}`, "aria-hidden": "true", "data-n": p + 1 });
}

/** A seat's name for people: the name it joined with, "Bot 3", or "Seat 2" while free. */
export function seatName(seats, p) {
  const s = seats && seats[p];
  if (!s) return `Seat ${p + 1}`;
  if (s.kind === "bot") return `Bot ${p + 1}`;
  return s.name || `Seat ${p + 1}`;
}

/** A bot seat's name for its level ("Standard bot"), never its bot spec. */
export function botTitle(game, stored) {
  const level = ((game && game.levels) || []).find((lv) => lv.name === stored || lv.bot === stored);
  return level ? level.title : "Bot";
}

/** The context a renderer draws with (see games/index.js); `view` is the view being drawn. */
export function makeContext(game, seats, seat, legal, act, view = null) {
  const claimed = new Set();
  return {
    game,
    catalog: game ? game.catalog : {},
    seat,
    view,
    players: view ? view.players : seats ? seats.length : 0,
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
    seatDot(p),
    ctx.name(p),
    p === ctx.seat ? h("span", { class: "you" }, " (you)") : null,
  );
}

/** A renderer's method that may fail on an odd event: its value, or `fallback`. */
function attempt(fn, fallback) {
  try {
    return fn();
  } catch (err) {
    console.warn(err);
    return fallback;
  }
}

// --- the log's sentences -------------------------------------------------------------------
// The server sends each logged event's sentence, written once in Python (the game's words.py):
// plain text in which `{p}` stands for seat p (docs/server-websocket.md). They are put together
// here as text nodes, never as markup.
const SEAT_MARK = /\{(\d+)\}/g;

/** The sentences of a view's log after a state message: the ones held, up to `words.from`, then
 * the message's `words.lines` (none sent: the ones held, as far as the log goes). */
export function mergeWords(held, sent, count) {
  const kept = (held || []).slice(0, count);
  if (!sent || !Array.isArray(sent.lines)) return kept;
  const from = Math.max(0, Number(sent.from) || 0);
  const base = kept.slice(0, from);
  while (base.length < from) base.push(null); // not held: the events' kinds stand in
  return base.concat(sent.lines).slice(0, count);
}

/** Which log lines a move made for a person added (`words.made_for`), by line: the marks held
 * up to `words.from`, then the message's. */
export function mergeMarks(held, sent, count) {
  const from = sent ? Math.max(0, Number(sent.from) || 0) : count;
  const out = Array.from({ length: count }, (_, i) => (i < from && held && held[i]) || null);
  for (const m of (sent && sent.made_for) || []) if (m.line >= from && m.line < count) out[m.line] = m;
  return out;
}

/** Who really made a move made for seat `m.seat` (a log mark, a notice): the fallback bot
 * (`bot`, its title) or the countdown, and why. */
export function madeForWords(m, ctx, bot, you = false) {
  const whom = you ? "you" : ctx.name(m.seat);
  if (m.by === "countdown") return `the countdown ran out: passed for ${whom}`;
  const why = {
    timer: "time ran out",
    expelled: you ? "your seat was handed to it" : "the seat was handed to it",
    away: "nobody was at the table",
  }[m.why];
  return `by the ${bot || "fallback bot"} for ${whom}${why ? `, ${why}` : ""}`;
}

/** One sentence as nodes: each `{p}` becomes seat p's name, the rest plain text. */
export function sentence(text, ctx) {
  const parts = [];
  let at = 0;
  for (const m of text.matchAll(SEAT_MARK)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    const p = Number(m[1]);
    parts.push(h("span", { class: "seat-name", "data-seat": p }, ctx.name(p)));
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** Event i's words: its sentence from the server, or (none sent: a server that sends none) the
 * event's kind. */
export function eventWords(events, lines, i, ctx) {
  const line = lines && lines[i];
  return h(
    "span",
    { class: "words" },
    typeof line === "string" ? sentence(line, ctx) : words(events[i].event),
  );
}

/** A log line: the event in words; a round's first event marks the round, a scoring event
 * keeps its summary (folded) so the log, and replays, hold every round's breakdown. */
function logItem(events, lines, i, r, ctx, marks) {
  const e = events[i];
  const mark = marks && marks[i];
  const round = attempt(() => r.roundLabel(e, ctx), null);
  const summary = attempt(() => r.summary(events, i, ctx), null);
  return h(
    "li",
    { "data-event": e.event, class: round ? "round-start" : null, "data-round": round },
    eventWords(events, lines, i, ctx),
    mark
      ? h("span", { class: "made-for", "data-by": mark.by }, ` (${madeForWords(mark, ctx, ctx.fallbackBot)})`)
      : null,
    summary
      ? h(
          "details",
          { class: "log-summary" },
          h("summary", {}, summary.brief ? `${summary.title}: ${summary.brief}` : "The breakdown"),
          summary.body,
        )
      : null,
  );
}

/** The newest round or game summary in `events` (its index, title and body), or null. */
export function latestSummary(events, r, ctx) {
  for (let i = events.length - 1; i >= 0; i--) {
    const found = attempt(() => r.summary(events, i, ctx), null);
    if (found) return { index: i, ...found };
  }
  return null;
}

function markFresh(list, fresh) {
  const items = list.children;
  for (const li of list.querySelectorAll("li.fresh")) li.classList.remove("fresh");
  for (let i = Math.max(0, items.length - fresh); i < items.length; i++) items[i].classList.add("fresh");
}

/** The log: public events in words (`lines`: their sentences), oldest first; `fresh` marks
 * the newest ones; `marks` the lines a move made for a person added (see mergeMarks). */
export function logList(events, lines, r, ctx, fresh = 0, marks = null) {
  const list = h(
    "ol",
    { class: "log-list" },
    events.map((_, i) => logItem(events, lines, i, r, ctx, marks)),
  );
  markFresh(list, fresh);
  return list;
}

/**
 * Bring a log list up to `events`, appending only the new ones when the events so far are the
 * ones it shows (a log grows by appending) and the seat names have not changed.
 */
export function updateLog(box, events, lines, r, ctx, names, marks = null) {
  let list = box.querySelector("ol.log-list");
  const shown = list ? Number(list.dataset.count) : -1;
  const lastSeen = shown > 0 && shown <= events.length ? JSON.stringify(events[shown - 1]) : "";
  if (
    !list ||
    list.dataset.names !== names ||
    shown > events.length ||
    (shown > 0 && list.dataset.last !== lastSeen)
  ) {
    list = logList(events, lines, r, ctx, 1, marks);
    box.replaceChildren(list);
  } else if (shown < events.length) {
    for (let i = shown; i < events.length; i++) list.append(logItem(events, lines, i, r, ctx, marks));
    markFresh(list, 1);
  }
  list.dataset.count = String(events.length);
  list.dataset.names = names;
  list.dataset.last = events.length ? JSON.stringify(events[events.length - 1]) : "";
}

/** The result screen: ranking (with each seat's mark, e.g. eliminated), winners, each seat's
 * score broken down with the history per round, and what `final` reveals. */
export function resultPanel(view, r, ctx, links) {
  const res = view.result || { scores: [], winners: [] };
  const order = res.scores.map((score, p) => ({ p, score })).sort((a, b) => b.score - a.score || a.p - b.p);
  const reveal = attempt(() => r.final(view, ctx), h("pre", {}, JSON.stringify(view.final, null, 1)));
  const breakdown = attempt(() => r.breakdown(view, ctx), null);
  return h(
    "section",
    { id: "result", class: "result", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title" }, res.winners.length > 1 ? "Game over: a shared victory" : "Game over"),
    h(
      "ol",
      { class: "ranking" },
      order.map(({ p, score }) => {
        const note = attempt(() => r.rankNote(view, p, ctx), null);
        return h(
          "li",
          { class: res.winners.includes(p) ? "winner" : null, "data-seat": p },
          who(ctx, p),
          h("span", { class: "score", "data-score": score }, String(score)),
          res.winners.includes(p) ? h("span", { class: "badge" }, "winner") : null,
          note ? h("span", { class: "tag warn rank-note" }, note) : null,
        );
      }),
    ),
    breakdown ? h("div", { class: "breakdown" }, h("h3", {}, "How every score was made"), breakdown) : null,
    reveal && reveal.textContent.trim()
      ? h("div", { class: "reveal" }, h("h3", {}, "Revealed at the end"), reveal)
      : null,
    links ? h("p", { class: "links" }, links) : null,
  );
}

/** A table of numbers: `head` the column titles, `rows` [row title, ...cells]. */
export function numberTable(cls, head, rows, foot = null) {
  return h(
    "div",
    { class: "scroll-x", tabindex: 0 }, // a wide table scrolls: the keyboard must reach it
    h(
      "table",
      { class: `grid numbers ${cls}` },
      h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col" }, x)))),
      h(
        "tbody",
        {},
        rows.map(([title, ...cells]) => h("tr", {}, h("th", { scope: "row" }, title), cells.map((c) => h("td", {}, c)))),
      ),
      foot
        ? h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, foot[0]), foot.slice(1).map((c) => h("td", {}, c))))
        : null,
    ),
  );
}

/** "+5", "-2", "0". */
export function signed(x) {
  return x > 0 ? `+${x}` : String(x);
}

/** A panel with one box per seat (coloured, marked while it is asked to act: an actor in
 * `ctx.out` is not): `body(p)` fills each. */
export function seatBoxes(title, view, ctx, body, ...after) {
  const box = (p) =>
    h(
      "div",
      {
        class: `player${view.actors.includes(p) && !view.over && !(ctx.out || []).includes(p) ? " acting" : ""}`,
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
