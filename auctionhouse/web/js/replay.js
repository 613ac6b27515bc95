// The replay viewer (#/replay/<table>): a finished game step by step, forwards and backwards
// (buttons, the slider, arrow keys, Home and End), with every seat's hidden hand shown; jumps to
// the step that starts the next or previous round (PageUp, PageDown), auction ([, ]) or move of a
// chosen seat (",", "."), where the game's renderer says which events open rounds and auctions.

import * as api from "./api.js";
import { logList, makeContext, resultPanel, who } from "./common.js";
import { h, put, s, svg } from "./dom.js";
import { renderer } from "./games/index.js";

export function replayPage(root, tableId) {
  const box = h("div", { class: "replay-page" }, h("p", { class: "muted" }, "Loading the replay…"));
  put(root, box);
  document.title = "Replay · auctionhouse";
  let data = null;
  let game = null;
  let step = 0;
  const r0 = { r: null };
  let starts = null; // {round, auction}: the steps whose new events open one, in order

  Promise.all([api.getReplay(tableId), api.games()])
    .then(([rep, games]) => {
      data = rep;
      game = games.find((g) => g.name === rep.game) || { name: rep.game, title: rep.game, catalog: {} };
      r0.r = renderer(rep.game);
      starts = jumpStarts();
      document.title = `Replay: ${replayTitle()} · auctionhouse`;
      build();
    })
    .catch((e) =>
      put(
        box,
        h(
          "p",
          { class: "field-error", role: "alert" },
          e.status === 409
            ? "The replay is shown once the game is over."
            : e.status === 404
              ? "There is no such table."
              : e.message,
        ),
        h("a", { href: "#/" }, "Lobby"),
      ),
    );

  const el = {};

  /** The table's title, with the game's name only where the title does not already say it. */
  function replayTitle() {
    const title = data.table ? data.table.title : game.title;
    return title === game.title ? title : `${title} (${game.title})`;
  }

  function build() {
    const last = data.steps.length - 1;
    const btn = (label, icon, fn, key) =>
      h(
        "button",
        {
          type: "button",
          class: "step-button",
          "aria-label": label,
          title: label,
          onclick: fn,
          "data-key": key,
        },
        icon,
      );
    const tri = (dir) =>
      s("polygon", { points: dir > 0 ? "5,3 13,9 5,15" : "13,3 5,9 13,15", fill: "currentColor" });
    const bar = (x) => s("rect", { x, y: 3, width: 2.5, height: 12, fill: "currentColor" });
    const icon = (...parts) => svg(18, 18, null, ...parts);
    el.counter = h("span", { class: "step-counter", "aria-live": "polite" });
    el.slider = h("input", {
      type: "range",
      min: 0,
      max: last,
      value: 0,
      "aria-label": "Step",
      oninput: (ev) => go(Number(ev.target.value)),
    });
    el.move = h("p", { class: "step-move" });
    el.board = h("div", { class: "board" });
    el.hidden = h("div", { class: "hands" });
    el.log = h("div", { class: "log-box", role: "log", tabindex: 0, "aria-label": "Moves so far" });
    el.result = h("div", { class: "result-slot" });
    const mine = api.loadSeat(tableId); // the seat this browser held, where it knows one
    const named = makeContext(game, seats(), null, []);
    el.seat = h(
      "select",
      { id: "jump-seat", onchange: () => go(step) },
      seats().map((_, p) => h("option", { value: p }, named.name(p))),
    );
    if (mine && mine.seat < seats().length) el.seat.value = String(mine.seat);
    const jump = (dir, label, what, key) =>
      h(
        "button",
        { type: "button", class: "step-button jump", "data-jump": key, onclick: () => jumpBy(what, dir) },
        dir < 0 ? icon(tri(-1)) : null,
        h("span", {}, label),
        dir > 0 ? icon(tri(1)) : null,
      );
    el.jumps = [
      jump(-1, "Round", "round", "previous-round"),
      jump(1, "Round", "round", "next-round"),
      jump(-1, "Auction", "auction", "previous-auction"),
      jump(1, "Auction", "auction", "next-auction"),
      jump(-1, "Move", "move", "previous-move"),
      jump(1, "Move", "move", "next-move"),
    ];
    const enc = encodeURIComponent(tableId);
    put(
      box,
      h(
        "header",
        { class: "table-head" },
        h(
          "div",
          { class: "title-line" },
          h("h1", {}, `Replay: ${replayTitle()}`),
        ),
        h(
          "div",
          { class: "status-line" },
          h("a", { href: `#/table/${enc}` }, "Result"),
          h("a", { href: "#/" }, "Lobby"),
        ),
      ),
      h(
        "nav",
        { class: "stepper", "aria-label": "Steps" },
        btn("First step", icon(bar(2), tri(-1)), () => go(0), "first"),
        btn("Step back", icon(tri(-1)), () => go(step - 1), "back"),
        el.counter,
        btn("Step forward", icon(tri(1)), () => go(step + 1), "forward"),
        btn("Last step", icon(tri(1), bar(13.5)), () => go(last), "last"),
        el.slider,
      ),
      h(
        "nav",
        { class: "stepper jumps", "aria-label": "Jumps" },
        h("span", { class: "jump-pair" }, el.jumps[0], el.jumps[1]),
        h("span", { class: "jump-pair" }, el.jumps[2], el.jumps[3]),
        h(
          "span",
          { class: "jump-pair" },
          h("label", { for: "jump-seat" }, "Moves of"),
          el.seat,
          el.jumps[4],
          el.jumps[5],
        ),
      ),
      h(
        "p",
        { class: "muted small key-hint" },
        "Arrow keys step back and forth; Home and End jump to the start and the end; Page Up and " +
          "Page Down to the previous and next round; [ and ] to the previous and next auction; " +
          ", and . to the chosen seat's previous and next move.",
      ),
      el.move,
      el.result,
      h(
        "div",
        { class: "table-grid replay-grid" },
        h(
          "section",
          { class: "panel hands-panel", "aria-labelledby": "hands-title" },
          h("h2", { id: "hands-title" }, "Every seat's hidden cards"),
          el.hidden,
        ),
        el.board,
        h(
          "section",
          { class: "log", "aria-labelledby": "rlog-title" },
          h("h2", { id: "rlog-title" }, "Log"),
          el.log,
        ),
      ),
    );
    go(0);
  }

  function seats() {
    return data.table ? data.table.seats : [];
  }

  /** The events step `k` added to the log. */
  function newEvents(k) {
    const all = (st) => (Array.isArray(st.log) ? st.log : data.log.slice(0, st.log));
    const now = all(data.steps[k]);
    return now.slice(k > 0 ? all(data.steps[k - 1]).length : 0);
  }

  /** The steps that open a round and those that open an auction, as the renderer tells them. */
  function jumpStarts() {
    const r = r0.r;
    const ctx = makeContext(game, seats(), null, [], null, data.steps[0].view);
    const out = { round: [], auction: [] };
    data.steps.forEach((_, k) => {
      const added = newEvents(k);
      if (added.some((e) => r.roundLabel(e, ctx) !== null)) out.round.push(k);
      if (added.some((e) => r.auctionStart(e, ctx))) out.auction.push(k);
    });
    return out;
  }

  /** The step a jump lands on: the nearest start of `what` after (dir 1) or before (dir -1) the
   * step shown, or null when there is none. */
  function target(what, dir) {
    let ks = starts[what];
    if (what === "move") {
      const p = Number(el.seat.value);
      ks = data.steps.flatMap((st, k) => (st.move && st.move.seat === p ? [k] : []));
    }
    const found = dir > 0 ? ks.find((k) => k > step) : ks.findLast((k) => k < step);
    return found === undefined ? null : found;
  }

  function jumpBy(what, dir) {
    const k = target(what, dir);
    if (k !== null) go(k);
  }

  /** The log lines that moves made for a person (by the fallback bot, the countdown) added, up
   * to step `k` (see mergeMarks). */
  function marksUpTo(k, count) {
    const out = Array.from({ length: count }, () => null);
    const size = (st) => (Array.isArray(st.log) ? st.log.length : st.log);
    for (let j = 1; j <= k; j++) {
      const mv = data.steps[j].move;
      const seat = mv && seats()[mv.seat];
      if (!seat || seat.kind !== "human" || (mv.by !== "fallback" && mv.by !== "countdown")) continue;
      for (let i = size(data.steps[j - 1]); i < Math.min(count, size(data.steps[j])); i++)
        out[i] = { seat: mv.seat, by: mv.by, why: null };
    }
    return out;
  }

  function go(k) {
    if (!data) return;
    step = Math.max(0, Math.min(data.steps.length - 1, k));
    const st = data.steps[step];
    const r = r0.r;
    const events = Array.isArray(st.log) ? st.log : data.log.slice(0, st.log);
    const lines = Array.isArray(st.log) ? st.words : (data.words || []).slice(0, st.log);
    const view = { ...st.view, log: events }; // steps' views leave the log to the top level
    const ctx = makeContext(game, seats(), null, [], null, view);
    el.counter.textContent = `Step ${step} of ${data.steps.length - 1}`;
    el.counter.dataset.step = String(step);
    el.slider.value = String(step);
    const name = ctx.name(Number(el.seat.value));
    el.jumps.forEach((b, i) => {
      const [what, dir] = [["round", "auction", "move"][i >> 1], i % 2 ? 1 : -1];
      const label = `${dir < 0 ? "Previous" : "Next"} ${what === "move" ? `move of ${name}` : what}`;
      b.setAttribute("aria-label", label);
      b.title = label;
      b.disabled = target(what, dir) === null;
    });
    const mv = st.move;
    const before = step > 0 ? data.steps[step - 1].view : st.view;
    put(
      el.move,
      mv
        ? [
            h("strong", {}, `Move ${step}: `),
            who(ctx, mv.seat),
            ` — ${moveWords(mv.move, r, before, ctx)}`,
            mv.by && mv.by !== "seat"
              ? h(
                  "span",
                  { class: "muted" },
                  ` (${mv.by === "bot" ? "a bot" : mv.by === "fallback" ? "the turn timer's bot" : "the countdown"})`,
                )
              : null,
          ]
        : h("strong", {}, "The deal, before the first move"),
    );
    put(
      el.board,
      safe(() => r.board(view, ctx)),
    );
    const inners = st.seats.map((v, p) => safe(() => r.hidden(v, makeContext(game, seats(), p, [], null, v))));
    put(
      el.hidden,
      inners.every((x) => !x)
        ? h(
            "p",
            { class: "muted nothing-hidden" },
            "Nothing is hidden in this game: every seat sees the whole table.",
          )
        : inners.map((inner, p) =>
            h(
              "div",
              { class: "hand-of", "data-seat": p },
              h("h3", {}, who(ctx, p)),
              inner ||
                h("p", { class: "muted" }, "Nothing hidden: everything this seat knows is on the table."),
            ),
          ),
    );
    const prev = step > 0 ? data.steps[step - 1] : null;
    const known = prev ? (Array.isArray(prev.log) ? prev.log.length : prev.log) : 0;
    put(el.log, logList(events, lines, r, ctx, Math.max(0, events.length - known), marksUpTo(step, events.length)));
    el.log.scrollTop = el.log.scrollHeight;
    put(el.result, view.over ? resultPanel(view, r, ctx, null) : null);
  }

  function safe(fn) {
    try {
      return fn();
    } catch (err) {
      console.error(err);
      return h("pre", { class: "muted" }, `This step cannot be drawn (${err.message}).`);
    }
  }

  function onKey(ev) {
    if (!data || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const t = ev.target;
    if (
      t &&
      (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT") &&
      t.type !== "range"
    )
      return;
    const moves = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: data.steps.length - 1 };
    const jumps = {
      PageUp: ["round", -1],
      PageDown: ["round", 1],
      "[": ["auction", -1],
      "]": ["auction", 1],
      ",": ["move", -1],
      ".": ["move", 1],
    };
    if (t && t === el.log && (ev.key === "PageUp" || ev.key === "PageDown")) return; // scrolls it
    if (ev.key in moves) {
      ev.preventDefault();
      go(moves[ev.key]);
    } else if (ev.key in jumps) {
      ev.preventDefault();
      jumpBy(...jumps[ev.key]);
    }
  }
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}

/** A move in words: the renderer's words for a choice, a split ("Place gold: 3 on Artist F #5")
 * or a move kind, else the plain move. */
function moveWords(move, r, view, ctx) {
  const [kind, arg] = move;
  try {
    if (arg === undefined || arg === null) return r.kindLabel(kind, view, ctx);
    if (typeof arg === "number") return r.choice(kind, arg, view, ctx).label;
    if (Array.isArray(arg)) {
      const parts = arg.flatMap((x, i) => (x ? [`${x} on ${r.partLabel(i, view, ctx).label}`] : []));
      return `${r.kindLabel(kind, view, ctx)}: ${parts.length ? parts.join(", ") : "nothing"}`;
    }
  } catch {
    /* the plain move below */
  }
  return `${kind.replace(/_/g, " ")} ${Array.isArray(arg) ? arg.join(" / ") : arg}`;
}
