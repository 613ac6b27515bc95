// The table page: one WebSocket (docs/server-websocket.md), the seat's view drawn by its game's
// renderer, the legal-move controls, the countdown and turn timers, the log and the result
// screen.

import * as api from "./api.js";
import {
  botTitle,
  latestSummary,
  madeForWords,
  makeContext,
  mergeMarks,
  mergeWords,
  resultPanel,
  seatColor,
  seatDot,
  seatName,
  updateLog,
} from "./common.js";
import { clearDrafts, controls } from "./controls.js";
import { h, listWords, put } from "./dom.js";
import { renderer } from "./games/index.js";
import { feedback } from "./feedback.js";
import { rematchButton } from "./rematch.js";
import { seatClock, tickSeatClocks } from "./seatclock.js";
import { expellable, stallNotes } from "./stalls.js";

const NO_RECONNECT = new Set([4401, 4403, 4404, 4410]);
const CLOSED_BECAUSE = {
  4403: "This page's address may not open a connection to this server.",
  4404: "There is no such table.",
  4410: "This table expired: nobody joined it in time.",
};

export function tablePage(root, tableId) {
  const page = {
    info: null,
    game: null,
    r: renderer(""),
    seat: null,
    held: api.loadSeat(tableId),
    state: null,
    ws: null,
    closed: false,
    retry: 0,
    pending: null,
    refs: 0,
    movedAt: null, // the version this person last moved at: focus goes to the next decision
    notice: "",
    error: "",
    link: "connecting",
    missing: false,
    dismissed: -1, // the log index of the last summary the person closed
    opened: -1, // where summaries are brief: the log index of the one the person opened whole
    stallsShown: "", // what the stalled-seat lines show now (see renderStalls)
    stoodInSeen: 0, // the version of the last move made for this seat that the person closed
  };
  const news = feedback();
  const el = {
    head: h("header", { class: "table-head" }),
    seats: h("ul", { class: "seats", "aria-label": "Seats" }),
    invite: h("div", { class: "invite" }),
    result: h("div", { class: "result-slot" }),
    actions: h("span", { class: "result-actions" }), // rematch, replay, lobby: under the result
    summary: h("div", { class: "summary-slot" }),
    board: h("div", { class: "board", "aria-label": "The table" }),
    column: h("div", { class: "board-column" }),
    turn: h("p", { class: "turn", "aria-live": "polite" }),
    stoodIn: h("div", { class: "stood-in-slot", "aria-live": "polite" }),
    countdown: h("div", { class: "countdown", role: "timer", hidden: true }),
    stalls: h("div", { class: "stalls", "aria-live": "polite" }),
    controls: h("div", { id: "controls", class: "controls", "data-ready": "false" }),
    error: h("p", { class: "move-error", role: "alert" }),
    log: h("section", { class: "log", "aria-labelledby": "log-title" }),
  };
  const logBox = h("div", { class: "log-box", role: "log", tabindex: 0, "aria-label": "Moves so far" });
  el.log.append(h("h2", { id: "log-title" }, "Log"), logBox);
  put(
    root,
    h(
      "div",
      { class: "table-page" },
      el.head,
      el.seats,
      el.invite,
      el.result,
      h(
        "div",
        { class: "table-grid" },
        h(
          "section",
          { class: "play", "aria-label": "Your move" },
          el.turn,
          el.stoodIn,
          news.strip,
          el.countdown,
          el.stalls,
          el.controls,
          el.error,
        ),
        // a round's summary above the board, beside the moves: it never pushes them down (a game
        // whose summary comes every round keeps it beside the board: see render)
        put(el.column, el.summary, el.board),
        el.log,
      ),
    ),
  );

  // the rematch that led here said what the table is and what this seat sees: drawn at once,
  // before the connection is open (it then keeps the page up to date)
  const known = api.knownTable(tableId);
  if (known && page.held && known.state.seat === page.held.seat) {
    page.seat = known.state.seat;
    page.state = withLines(null, known.state);
  }
  (known ? Promise.resolve(known.info) : api.getTable(tableId))
    .then(async (info) => {
      page.info = page.info || info;
      page.game = await api.gameInfo(info.game);
      page.r = renderer(info.game);
      render();
    })
    .catch((e) => {
      if (e.status === 404) return missing();
      page.notice = e.message;
      render();
    });
  connect();
  const ticker = setInterval(tick, 250);

  // --- the connection ------------------------------------------------------------------------
  function connect() {
    if (page.closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
    page.ws = ws;
    page.link = "connecting";
    ws.onopen = () => {
      page.retry = 0;
      page.link = "live";
      ws.send(JSON.stringify(page.held ? { type: "auth", token: page.held.token } : { type: "spectate" }));
      render(); // the controls work once connected
    };
    ws.onmessage = (ev) => receive(JSON.parse(ev.data));
    ws.onclose = (ev) => {
      if (page.ws !== ws) return;
      page.ws = null;
      page.pending = null;
      if (page.closed) return;
      if (ev.code === 4401 && page.held) {
        // the token is not this table's (the database was reset): watch instead
        api.forgetSeat(tableId);
        page.held = null;
        page.seat = null;
        page.notice = "This browser's seat at this table is no longer valid; you are watching.";
      } else if (ev.code === 4404) {
        missing();
        return;
      } else if (NO_RECONNECT.has(ev.code)) {
        page.link = "closed";
        page.notice = CLOSED_BECAUSE[ev.code] || "The server refused this connection.";
        render();
        return;
      }
      page.link = "reconnecting";
      render(); // the controls wait for the connection
      // too many connects (1013): the server said when to come back
      const later = ev.code === 1013 ? 1000 * (page.retryAfter || 5) : 0;
      page.retryAfter = 0;
      const wait = Math.max(later, Math.min(10000, 500 * 2 ** page.retry++));
      setTimeout(connect, wait);
    };
  }

  /** No such table: one message, nothing else on the page. */
  function missing() {
    page.missing = true;
    page.closed = true;
    if (page.ws) page.ws.close(1000);
    document.title = "No such table · auctionhouse";
    put(
      root,
      h(
        "section",
        { class: "panel missing-table", role: "alert" },
        h("h2", {}, "There is no such table"),
        h("p", {}, "The link may be mistyped, or the table was never created."),
        h("p", {}, h("a", { class: "button", href: "#/" }, "Go to the lobby")),
      ),
    );
  }

  /** A state message with `lines`: the sentences of its whole log (the ones held before, then
   * the ones it brings). */
  function withLines(prev, msg) {
    const count = (msg.view.log || []).length;
    msg.lines = mergeWords(prev && prev.lines, msg.words, count);
    msg.marks = mergeMarks(prev && prev.marks, msg.words, count);
    return msg;
  }

  function receive(msg) {
    if (msg.type === "welcome") {
      page.seat = msg.seat;
      page.info = msg.table;
    } else if (msg.type === "table") {
      page.info = msg.table;
      if (page.state && page.state.view.over && page.game) {
        // after the end only the seats and the rematch change: the result stays as drawn
        renderHead();
        renderSeats();
        renderActions();
        return;
      }
    } else if (msg.type === "state") {
      if (page.state && (page.state.view.phase !== msg.view.phase || page.state.status !== msg.status))
        clearDrafts();
      // a refused move's sentence is about the position it was refused in
      if (page.state && page.state.version !== msg.version) page.error = "";
      news.receive(page.state, msg);
      news.answer(msg.ref);
      page.state = withLines(page.state, msg);
      if (page.pending && (msg.ref === page.pending || !msg.legal.length)) page.pending = null;
      if (msg.ref) page.error = "";
    } else if (msg.type === "error") {
      if (msg.retry_after) page.retryAfter = msg.retry_after;
      if (page.pending && msg.ref === page.pending) page.pending = null;
      news.answer(msg.ref);
      page.error = msg.message || msg.code;
    } else {
      return;
    }
    render();
  }

  function send(kind, arg) {
    const st = page.state;
    if (!page.ws || page.ws.readyState !== WebSocket.OPEN || !st) {
      page.error = "Not connected; reconnecting…";
      render();
      return;
    }
    const ref = `m${++page.refs}`;
    const msg = { type: "move", move: arg === null || arg === undefined ? [kind] : [kind, arg], ref };
    // alone to act, a move is meant for this exact state; with others acting at once (an open
    // auction, sealed bids) their moves must not make ours stale
    if (st.view.actors.length === 1 && st.view.actors[0] === page.seat) msg.version = st.version;
    news.sent(ref);
    page.ws.send(JSON.stringify(msg));
    page.pending = ref;
    page.movedAt = st.version;
    page.error = "";
    setTimeout(() => {
      if (page.pending === ref) {
        page.pending = null;
        render();
      }
    }, 5000);
    render();
  }

  // --- drawing -------------------------------------------------------------------------------
  function seatsOf() {
    return page.info ? page.info.seats : [];
  }

  function renderHead() {
    const info = page.info;
    const status = page.state ? page.state.status : info ? info.status : "";
    const linkWords = {
      live: "connected",
      connecting: "connecting…",
      reconnecting: "reconnecting…",
      closed: "not connected",
    }[page.link];
    put(
      el.head,
      h(
        "div",
        { class: "title-line" },
        h("h1", {}, info ? info.title : "Table"),
        page.game && (!info || info.title !== page.game.title)
          ? h("span", { class: "game-name" }, page.game.title)
          : null,
      ),
      h(
        "div",
        { class: "status-line" },
        status ? h("span", { class: `status status-${status}`, "data-status": status }, status) : null,
        h("span", { class: `link link-${page.link}` }, linkWords),
        page.seat !== null
          ? h("span", { class: "seat-note" }, "You sit at seat ", String(page.seat + 1))
          : h("span", { class: "seat-note" }, "Watching"),
        news.soundButton,
        info
          ? h(
              "a",
              { href: `#/rules/${encodeURIComponent(info.game)}`, target: "_blank", rel: "noopener" },
              "How to play",
            )
          : null,
        h("a", { href: "#/" }, "Lobby"),
      ),
      page.notice ? h("p", { class: "notice", role: "status" }, page.notice) : null,
    );
  }

  /** The actors who have said their piece and may still move (renderers' `out`): not marked
   * as asked. */
  function outSeats(view) {
    try {
      return page.r.out(view) || [];
    } catch {
      return [];
    }
  }

  function renderSeats() {
    const st = page.state;
    const actors = st ? st.view.actors.filter((p) => !outSeats(st.view).includes(p)) : [];
    const timers = new Map((st ? st.timers : []).map((t) => [t.seat, t.deadline]));
    put(
      el.seats,
      seatsOf().map((s, p) =>
        h(
          "li",
          {
            class: `seat-chip${actors.includes(p) && !(st && st.view.over) ? " acting" : ""}${p === page.seat ? " mine" : ""}`,
            "data-seat": p,
            style: `--seat:${seatColor(p)}`,
          },
          seatDot(p),
          h("span", { class: "seat-name" }, seatName(seatsOf(), p), p === page.seat ? " (you)" : ""),
          h(
            "span",
            { class: "seat-kind" },
            s.kind === "bot"
              ? botTitle(page.game, s.bot)
              : s.expelled
                ? `played by the ${fallbackName()}`
                : s.joined
                  ? s.connected
                    ? "online"
                    : "away"
                  : s.player
                    ? "seat kept for them"
                    : "free seat",
          ),
          actors.includes(p) && !(st && st.view.over) ? h("span", { class: "acting-mark" }, "to act") : null,
          timers.has(p) ? seatClock(timers.get(p), page.info && page.info.turn_timer) : null,
        ),
      ),
    );
  }

  function renderInvite() {
    const info = page.info;
    if (!info || info.status !== "open") {
      put(el.invite);
      return;
    }
    const free = info.seats.filter((s) => s.kind === "human" && !s.joined);
    put(
      el.invite,
      h(
        "section",
        { class: "panel invite-panel", "aria-labelledby": "invite-title" },
        h("h2", { id: "invite-title" }, "Waiting for people"),
        h("p", {}, `The game starts when every person's seat is taken. Send each person their seat's link:`),
        h(
          "ul",
          { class: "invite-links" },
          free.map((s) => {
            const link = api.joinLink(info.id, s.seat);
            const input = h("input", {
              type: "text",
              readonly: true,
              value: link,
              "aria-label": `Join link for seat ${s.seat + 1}`,
              class: "join-link",
              "data-seat": s.seat,
            });
            return h(
              "li",
              {},
              h("span", {}, `Seat ${s.seat + 1}: `),
              input,
              h("button", { type: "button", onclick: () => copy(input) }, "Copy"),
              page.seat === null
                ? h(
                    "a",
                    { class: "button", href: `#/join/${encodeURIComponent(info.id)}/${s.seat}` },
                    "Take this seat",
                  )
                : null,
            );
          }),
        ),
      ),
    );
  }

  function copy(input) {
    input.select();
    if (navigator.clipboard)
      navigator.clipboard.writeText(input.value).catch(() => document.execCommand("copy"));
    else document.execCommand("copy");
  }

  function render() {
    if (page.missing) return;
    const focus = saveFocus();
    renderHead();
    renderSeats();
    renderInvite();
    const st = page.state;
    const r = page.r;
    if (!st || !page.game) {
      put(el.board, h("p", { class: "muted" }, page.notice || "Loading the table…"));
      restoreFocus(focus);
      return;
    }
    const view = st.view;
    const canAct = page.seat !== null && st.legal.length > 0 && !view.over;
    const ready = canAct && !page.pending && page.link === "live"; // moves go out now
    const ctx = makeContext(page.game, seatsOf(), page.seat, st.legal, ready ? send : null, view);
    ctx.out = outSeats(view);
    ctx.fallbackBot = fallbackName();
    const out = page.seat !== null && ctx.out.includes(page.seat) && view.actors.includes(page.seat);
    document.title = `${canAct && !out ? "● " : ""}${page.info ? page.info.title : "Table"} · auctionhouse`;
    let board;
    try {
      board = r.board(view, ctx);
    } catch (err) {
      console.error(err);
      board = h("pre", { class: "muted" }, `This table cannot be drawn (${err.message}).`);
    }
    put(el.board, board);
    if (view.over) renderActions();
    put(el.result, view.over ? resultPanel(view, r, ctx, [el.actions]) : null);
    renderSummary(view, r, ctx);
    // whose turn
    const asked = page.seat !== null && view.actors.includes(page.seat);
    const waitedOn = view.actors.filter((p) => !ctx.out.includes(p));
    const waitingFor = waitedOn.length ? waitedOn : view.actors;
    const waiting = `Waiting for ${listWords(waitingFor.map((p) => seatName(seatsOf(), p)))}.`;
    let turn;
    if (view.over) turn = "The game is over.";
    else if (st.status === "open") turn = "Waiting for every seat to be taken.";
    else if (canAct && out) turn = h("span", { class: "out-note" }, r.outNote);
    else if (canAct && asked) turn = view.actors.length > 1 ? "Your move (others may move too)." : "Your turn.";
    else if (canAct) turn = `${waiting} Meanwhile you may:`; // a side move (Q.E.'s peek)
    else if (view.actors.length) turn = waiting;
    else turn = "";
    put(
      el.turn,
      turn,
      view.phase && !view.over ? h("span", { class: "phase" }, ` ${r.phaseLabel(view)}`) : null,
    );
    const moves = canAct ? controls(st.legal, view, r, ctx, send, ctx.claimed, `${view.phase}`) : [];
    if (canAct && ctx.claimed.size)
      moves.unshift(
        h("p", { class: "hint claimed" }, "Choose on the table: the highlighted cards are buttons."),
      );
    put(
      el.controls,
      h(
        "fieldset",
        { disabled: !ready, class: `controls-set${out ? " out-of-it" : ""}` },
        h("legend", { class: "sr-only" }, "Your legal moves"),
        moves,
      ),
    );
    el.controls.dataset.ready = String(ready);
    renderStoodIn(st, r, ctx);
    el.controls.hidden = !canAct;
    el.error.textContent = page.error;
    // the log, kept scrolled to the end while the reader is there
    const atEnd = logBox.scrollHeight - logBox.scrollTop - logBox.clientHeight < 40;
    updateLog(
      logBox,
      view.log || [],
      st.lines,
      r,
      ctx,
      seatsOf()
        .map((_, p) => seatName(seatsOf(), p))
        .join("\n"),
      st.marks,
    );
    if (atEnd) logBox.scrollTop = logBox.scrollHeight;
    news.show(view.log || [], st.lines, ctx);
    tick();
    restoreFocus(focus);
    if (ready && asked && !out && page.movedAt !== null && page.movedAt !== st.version) {
      page.movedAt = null;
      focusDecision();
    }
    news.drawn();
  }

  function renderActions() {
    put(
      el.actions,
      rematchButton(page.info),
      " ",
      h("a", { href: `#/replay/${encodeURIComponent(tableId)}`, class: "button" }, "Watch the replay"),
      " ",
      h("a", { href: "#/" }, "Back to the lobby"),
    );
  }

  /** A move the fallback bot (or the countdown) made for this seat, said to the person until
   * they close it or move themselves. */
  function renderStoodIn(st, r, ctx) {
    const si = st.stood_in;
    if (!si || si.version <= page.stoodInSeen || st.view.over) {
      put(el.stoodIn);
      return;
    }
    const shown = el.stoodIn.firstElementChild;
    if (shown && shown.dataset.version === String(si.version)) return; // said once, not re-announced
    const [kind, arg] = si.move;
    let move;
    try {
      move =
        arg === null || arg === undefined
          ? r.kindLabel(kind, st.view, ctx)
          : Array.isArray(arg)
            ? `${r.kindLabel(kind, st.view, ctx)} ${arg.join(", ")}`
            : r.choice(kind, arg, st.view, ctx).label;
    } catch {
      move = kind;
    }
    const said = {
      timer: `Time ran out: the ${fallbackName()} moved for you: ${move}.`,
      countdown: `The countdown ran out: it passed for you.`,
      expelled: `Your seat was handed to the ${fallbackName()}: it moved for you: ${move}.`,
      away: `While nobody was at the table, the ${fallbackName()} moved for you: ${move}.`,
    }[si.why] || `${madeForWords(si, ctx, fallbackName(), true)}: ${move}.`;
    put(
      el.stoodIn,
      h(
        "p",
        { class: "notice stood-in", role: "status", "data-version": si.version },
        said,
        " ",
        h(
          "button",
          {
            type: "button",
            class: "small dismiss",
            onclick: () => {
              page.stoodInSeen = si.version;
              put(el.stoodIn);
            },
          },
          "OK",
        ),
      ),
    );
  }

  /** The newest round or game summary, as a panel that stays until the person closes it; or,
   * for a game whose summaries are brief (one every short round), a line of notice that opens
   * the panel. */
  function renderSummary(view, r, ctx) {
    const found = view.over ? null : latestSummary(view.log || [], r, ctx); // the result says it all
    const brief = Boolean(r.summaryBrief && found && found.brief && found.index !== page.opened);
    el.column.classList.toggle("summary-beside", Boolean(r.summaryBeside) && !brief);
    if (!found || found.index <= page.dismissed) {
      put(el.summary);
      return;
    }
    if (brief) {
      const shown = el.summary.firstElementChild;
      if (shown && shown.dataset.brief === String(found.index)) return;
      const open = () => {
        page.opened = found.index;
        renderSummary(view, r, ctx);
      };
      put(
        el.summary,
        h(
          "p",
          { class: "summary-brief notice", role: "status", "data-brief": found.index },
          h("strong", {}, `${found.title}: `),
          found.brief,
          " ",
          h("button", { type: "button", class: "small open-summary", onclick: open }, "The whole summary"),
        ),
      );
      return;
    }
    const shown = el.summary.firstElementChild;
    if (shown && shown.dataset.index === String(found.index)) return; // kept as it is: no new flash
    const close = () => {
      page.dismissed = found.index;
      put(el.summary);
    };
    put(
      el.summary,
      h(
        "section",
        { class: "panel summary-panel", "aria-labelledby": "summary-title", "data-index": found.index },
        h(
          "div",
          { class: "panel-head" },
          h("h2", { id: "summary-title" }, found.title),
          h("button", { type: "button", class: "small dismiss", onclick: close }, "Close"),
        ),
        found.body,
        h(
          "p",
          { class: "muted small" },
          found.brief ? "Kept in the log: open its line." : "Kept in the log: open “The breakdown” under its line.",
        ),
      ),
    );
  }

  function saveFocus() {
    const a = document.activeElement;
    if (!a || !root.contains(a) || !a.dataset || !a.dataset.key) return null;
    return { key: a.dataset.key, start: a.selectionStart, end: a.selectionEnd };
  }

  function restoreFocus(f) {
    if (!f) return;
    const found = root.querySelector(`[data-key="${CSS.escape(f.key)}"]`);
    if (!found || found.disabled) return;
    found.focus();
    try {
      if (f.start !== null && f.start !== undefined) found.setSelectionRange(f.start, f.end);
    } catch {
      /* number inputs have no selection */
    }
  }

  /** After this person's move, the first control of the decision they are asked now, unless
   * they are typing in a field (focus would otherwise drop to the top of the page). */
  function focusDecision() {
    const a = document.activeElement;
    if (a && a !== document.body && a.matches("input, textarea, select, [contenteditable]")) return;
    const usable = "button:not(:disabled), input:not(:disabled), select:not(:disabled)";
    const first =
      el.controls.querySelector(`fieldset:not(:disabled) :is(${usable})`) ||
      el.board.querySelector(`button[data-kind]:not(:disabled)`);
    if (first) first.focus();
  }

  // --- clocks ----------------------------------------------------------------------------------
  function tick() {
    const st = page.state;
    const now = Date.now() / 1000;
    const cd = st && !st.view.over ? st.countdown : null;
    if (cd) {
      const left = Math.max(0, Math.min(cd.seconds, cd.deadline - now));
      el.countdown.hidden = false;
      put(
        el.countdown,
        h(
          "span",
          { class: "countdown-words" },
          `The auction closes in ${Math.ceil(left)} s unless someone bids`,
        ),
        h(
          "span",
          { class: "bar", "aria-hidden": "true" },
          h("span", { class: "bar-fill", style: `width:${(100 * left) / cd.seconds}%` }),
        ),
      );
      el.countdown.dataset.left = String(Math.ceil(left));
    } else {
      el.countdown.hidden = true;
    }
    tickSeatClocks(el.seats, now);
    renderStalls(now);
  }

  // --- stalled seats ---------------------------------------------------------------------------
  function fallbackName() {
    return botTitle(page.game, page.info && page.info.fallback_bot);
  }

  /** Who may be expelled now (redrawn only when that or a count of minutes changes). */
  function renderStalls(now) {
    const seats = seatsOf();
    const mine = page.seat !== null ? seats[page.seat] : null;
    const gone = Boolean(mine && mine.expelled && !(page.state && page.state.view.over));
    const list = expellable(page.state, seats, page.seat, now);
    const key = JSON.stringify([gone, list]);
    if (key === page.stallsShown) return;
    page.stallsShown = key;
    const nameOf = (p) => seatName(seats, p);
    put(
      el.stalls,
      gone
        ? h("p", { class: "notice" }, `Your seat was handed to the ${fallbackName()}: you may watch.`)
        : null,
      stallNotes(list, nameOf, fallbackName(), expel),
    );
  }

  function expel(seat) {
    if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
      page.error = "Not connected; reconnecting…";
      render();
      return;
    }
    page.ws.send(JSON.stringify({ type: "expel", seat, ref: `x${++page.refs}` }));
  }

  return () => {
    news.stop();
    page.closed = true;
    clearInterval(ticker);
    if (page.ws) page.ws.close(1000);
  };
}
