// Q.E. (docs/rules/qe.md): company tiles with a flag-like country mark, the industry and the
// VP; the auction in progress (who has handed in a sealed bid, never how much), the finished
// auctions as this seat knows them, and the final reveal of all spending.

import { capital, h, listWords, panel, plural, row, s, svg } from "../dom.js";
import { numberTable, seatBoxes, who } from "../common.js";
import { frame, text } from "../pictures.js";

const INDUSTRY_COLORS = ["#4d8f3a", "#c8961e", "#64748b", "#b45f3c", "#6d4bb0"];
const PHASES = {
  open_bid: "the auctioneer opens",
  sealed_bid: "secret bids",
  rebid: "a tie: secret rebids",
  last_turn: "the last turn: everyone bids in secret",
  over: "game over",
};

/** The winning amount of turn `k` as the viewer knows it, or null (secret). */
// the scoring categories (QE-13) as the final table heads them
const SCORING_WORDS = {
  tiles: "Tiles' VP",
  zero_bids: "Zero bids",
  nationalization: "Nationalization",
  monopolization: "Monopolization",
  diversification: "Diversification",
  least_spent: "Least spent",
};

function knownPrice(ctx, k) {
  const a = ctx.view && (ctx.view.auctions || []).find((x) => x.turn === k);
  return a && a.amount !== null && a.amount !== undefined ? a.amount : null;
}

/** A flag-like mark of a country, in the box (x, y, 22 x 15). */
function flag(country, x, y) {
  const g = (...kids) =>
    s(
      "g",
      { transform: `translate(${x} ${y})` },
      ...kids,
      s("rect", { x: 0, y: 0, width: 22, height: 15, fill: "none", stroke: "#1f2430", "stroke-width": 0.8 }),
    );
  switch (country) {
    case 0: // US: stripes and a canton
      return g(
        s("rect", { width: 22, height: 15, fill: "#fff" }),
        [0, 2, 4, 6].map((i) => s("rect", { y: i * 2.15, width: 22, height: 2.15, fill: "#b22234" })),
        s("rect", { width: 9, height: 8, fill: "#3c3b6e" }),
      );
    case 1: // EU: a ring of stars
      return g(
        s("rect", { width: 22, height: 15, fill: "#003399" }),
        Array.from({ length: 10 }, (_, i) =>
          s("circle", {
            cx: 11 + 4.6 * Math.cos((i * Math.PI) / 5),
            cy: 7.5 + 4.6 * Math.sin((i * Math.PI) / 5),
            r: 0.9,
            fill: "#ffcc00",
          }),
        ),
      );
    case 2: // CN: a star on red
      return g(
        s("rect", { width: 22, height: 15, fill: "#de2910" }),
        s("polygon", { points: "5,2 6,5 9,5 6.6,6.8 7.5,9.8 5,8 2.5,9.8 3.4,6.8 1,5 4,5", fill: "#ffde00" }),
      );
    case 3: // JP: a disc on white
      return g(
        s("rect", { width: 22, height: 15, fill: "#fff" }),
        s("circle", { cx: 11, cy: 7.5, r: 4.2, fill: "#bc002d" }),
      );
    default: // UK: crosses
      return g(
        s("rect", { width: 22, height: 15, fill: "#012169" }),
        s("path", { d: "M0 0 L22 15 M22 0 L0 15", stroke: "#fff", "stroke-width": 3 }),
        s("path", { d: "M0 0 L22 15 M22 0 L0 15", stroke: "#c8102e", "stroke-width": 1 }),
        s("path", { d: "M11 0 V15 M0 7.5 H22", stroke: "#fff", "stroke-width": 4.5 }),
        s("path", { d: "M11 0 V15 M0 7.5 H22", stroke: "#c8102e", "stroke-width": 2.4 }),
      );
  }
}

/** The icon of an industry, centred on (x, y). */
function industryIcon(i, x, y, scale = 1) {
  const c = INDUSTRY_COLORS[i % INDUSTRY_COLORS.length];
  const t = `translate(${x} ${y}) scale(${scale})`;
  switch (i) {
    case 0: // agriculture: an ear of wheat
      return s(
        "g",
        { transform: t, fill: c, stroke: c },
        s("path", { d: "M0 12 V-10", "stroke-width": 1.8, fill: "none" }),
        [-7, -2, 3].map((dy) => [
          s("ellipse", { cx: -3.5, cy: dy, rx: 2.4, ry: 4, transform: `rotate(-30 -3.5 ${dy})` }),
          s("ellipse", { cx: 3.5, cy: dy, rx: 2.4, ry: 4, transform: `rotate(30 3.5 ${dy})` }),
        ]),
      );
    case 1: // financial: a stack of coins
      return s(
        "g",
        { transform: t, fill: "#f5d77a", stroke: c, "stroke-width": 1.4 },
        [8, 3, -2, -7].map((dy) => s("ellipse", { cx: 0, cy: dy, rx: 10, ry: 3.6 })),
      );
    case 2: // manufacturing: a gear
      return s(
        "g",
        { transform: t, fill: c },
        Array.from({ length: 8 }, (_, k) =>
          s("rect", { x: -2.2, y: -12, width: 4.4, height: 6, transform: `rotate(${k * 45})` }),
        ),
        s("circle", { r: 8 }),
        s("circle", { r: 3, fill: "#fffdf8" }),
      );
    case 3: // housing: a house
      return s(
        "g",
        { transform: t, fill: c },
        s("polygon", { points: "-11,-1 0,-11 11,-1" }),
        s("rect", { x: -8, y: -1, width: 16, height: 12 }),
        s("rect", { x: -2.5, y: 4, width: 5, height: 7, fill: "#fffdf8" }),
      );
    default: // government: columns
      return s(
        "g",
        { transform: t, fill: c },
        s("polygon", { points: "-12,-5 0,-12 12,-5" }),
        [-8, -2.7, 2.7, 8].map((d) => s("rect", { x: d - 1.6, y: -4, width: 3.2, height: 12 })),
        s("rect", { x: -12, y: 8, width: 24, height: 3 }),
      );
  }
}

function tileInfo(ctx, id) {
  return (ctx.catalog.tiles || [])[id] || { country: 0, industry: 0, vp: 0, name: `tile ${id}` };
}
function industryName(ctx, i) {
  return (ctx.catalog.industries || [])[i] || `industry ${i}`;
}
function countryName(ctx, c) {
  return (ctx.catalog.countries || [])[c] || `country ${c}`;
}

/** A company tile: the country's flag, the industry, the VP. */
export function tile(ctx, id, scale = 1) {
  const t = tileInfo(ctx, id);
  const w = 64;
  const c = INDUSTRY_COLORS[t.industry % INDUSTRY_COLORS.length];
  // words only where they reach 11 px on screen; the tooltip always names the tile
  const fs = 11 / scale;
  const words = scale >= 0.95;
  const vpOnly = !words && scale >= 0.7; // the VP alone, big, on smaller tiles
  const pic = svg(
    w,
    w,
    `${t.name}: ${countryName(ctx, t.country)}, ${industryName(ctx, t.industry)}, worth ${t.vp} VP at the end (more with sets of a country or an industry)`,
    frame(w, w, c, "#fbf7ee"),
    flag(t.country, 5, 5),
    s("circle", { cx: 49, cy: 15, r: words ? 11 : 13, fill: c }),
    words || vpOnly
      ? text(49, words ? 19 : 15 + fs * 0.36, String(t.vp), { "font-size": fs, "font-weight": 700, fill: "#fff" })
      : null,
    industryIcon(t.industry, 30, words ? 37 : 42, 0.9),
    words
      ? text(w / 2, 60, industryName(ctx, t.industry), {
          "font-size": fs,
          "font-weight": 600,
          ...(industryName(ctx, t.industry).length > 8 ? { textLength: 58, lengthAdjust: "spacingAndGlyphs" } : {}),
        })
      : null,
  );
  pic.setAttribute("width", String(w * scale));
  pic.setAttribute("height", String(w * scale));
  pic.dataset.tile = String(id);
  return pic;
}

function nationFlag(ctx, country) {
  return svg(24, 17, countryName(ctx, country), flag(country, 1, 1));
}

function industryBadge(ctx, i) {
  return h(
    "span",
    { class: "row", "data-token": i },
    svg(
      26,
      26,
      `industry token: ${industryName(ctx, i)}`,
      s("circle", { cx: 13, cy: 13, r: 12, fill: "#fff", stroke: "#1f2430" }),
      industryIcon(i, 13, 13, 0.75),
    ),
    industryName(ctx, i),
  );
}

function bidders(view, a) {
  // the seats asked in this auction: everyone but the auctioneer; in a rebid, the tied seats
  if (a.rebid && a.ties.length) return a.ties[a.ties.length - 1];
  return Array.from({ length: view.players }, (_, p) => p).filter((p) => p !== a.auctioneer);
}

function bidsTable(ctx, rounds, n) {
  return h(
    "table",
    { class: "grid" },
    h(
      "tr",
      {},
      h("th", {}, "Round"),
      Array.from({ length: n }, (_, p) => h("th", {}, ctx.name(p))),
    ),
    rounds.map((r, i) =>
      h(
        "tr",
        {},
        h("td", {}, i ? `rebid ${i}` : "bids"),
        r.map((b) => h("td", {}, b === null ? "–" : String(b))),
      ),
    ),
  );
}

/** The bids of an auction's rounds (null: no bid from that seat) in words, each with its
 * bidder: "Bot 2 bid 0, Bot 3 bid 5; then Bot 3 rebid 6". */
function everyBid(ctx, rounds) {
  return rounds
    .map((r, i) => {
      const said = r.flatMap((b, p) => (b === null ? [] : [`${ctx.name(p)} ${i ? "rebid" : "bid"} ${b}`]));
      return (i ? "then " : "") + (said.length ? said.join(", ") : "no bids");
    })
    .join("; ");
}

/** This seat's own bids in an auction: "You bid 5", "You bid 5, then rebid 7". */
function yourBids(bids) {
  const [first, ...rebids] = bids;
  return `You bid ${first}${rebids.length ? `, then rebid ${rebids.join(", ")}` : ""}`;
}

function auctionPanel(view, ctx) {
  const a = view.auction;
  if (!a) return null;
  const asked = bidders(view, a);
  const sealedPhase = view.phase !== "open_bid";
  const facts = [
    h(
      "span",
      {},
      a.auctioneer === null
        ? h("strong", {}, "Last turn: everyone bids in secret, no auctioneer.")
        : [
            who(ctx, a.auctioneer),
            " is the auctioneer",
            a.open !== null
              ? [" and opened at ", h("span", { class: "big-number", "data-open": a.open }, String(a.open))]
              : ": choosing an opening bid.",
          ],
    ),
  ];
  if (a.ties.length)
    facts.push(
      h(
        "span",
        {},
        `Ties so far: ${a.ties.map((t) => listWords(t.map((p) => ctx.name(p)))).join("; ")} (${a.ties.length} of 3).`,
      ),
    );
  if (sealedPhase) {
    facts.push(
      h(
        "span",
        { class: "sealed" },
        a.rebid ? `Rebid ${a.rebid}: ` : "Sealed bids: ",
        asked.map((p) => {
          const done = !a.waiting.includes(p);
          return h(
            "span",
            { class: `tag ${done ? "ok" : ""}`, "data-has-bid": done ? "yes" : "no" },
            `${ctx.name(p)} ${done ? "has bid" : "is choosing"}`,
          );
        }),
      ),
    );
  }
  if (a.my_bids && a.my_bids.length)
    facts.push(h("span", {}, "Your bids: ", h("strong", {}, a.my_bids.join(", "))));
  return panel(
    `Turn ${view.turn + 1} of ${view.turns}`,
    h("div", { class: "auction-box" }, tile(ctx, a.tile, 1.4), h("div", { class: "auction-facts" }, facts)),
    a.bids && a.bids.length
      ? [h("h4", {}, "Every bid (you are the auctioneer)"), bidsTable(ctx, a.bids, view.players)]
      : null,
  );
}

function playersPanel(view, ctx) {
  return seatBoxes(
    "Central banks",
    view,
    ctx,
    (p) => [
      h(
        "h4",
        {},
        h("span", { class: "row" }, nationFlag(ctx, view.nations[p]), who(ctx, p)),
        h("span", { class: "muted" }, countryName(ctx, view.nations[p])),
      ),
      p === view.seat
        ? h(
            "div",
            { class: "facts" },
            view.token !== null && view.token !== undefined ? industryBadge(ctx, view.token) : null,
            h("span", {}, "Spent ", h("b", { "data-spent": view.spent }, String(view.spent))),
          )
        : null,
      view.zero_marks
        ? h(
            "div",
            { class: "facts" },
            `Zero-bid marks: ${view.zero_marks[p].length ? view.zero_marks[p].map((r) => `round ${r + 1}`).join(", ") : "none"}`,
          )
        : null,
      view.peeks
        ? h(
            "div",
            { class: "facts" },
            view.peeks[p] === null ? "Peek unused" : `Peeked at turn ${view.peeks[p] + 1}`,
          )
        : null,
      h(
        "div",
        { class: "row" },
        view.owned[p].length
          ? view.owned[p].map((t) => tile(ctx, t, 0.75))
          : h("span", { class: "muted" }, "no tiles yet"),
      ),
    ],
    view.over ? null : h("p", { class: "hint" }, `${plural("tile", view.tiles_left)} left face down after this one.`),
  );
}
function historyPanel(view, ctx) {
  if (!view.auctions.length) return null;
  const seated = ctx.seat !== null && ctx.seat !== undefined; // a spectator knows no bid
  const rows = view.auctions
    .slice()
    .reverse()
    .map((a) =>
      h(
        "tr",
        {},
        h("td", {}, String(a.turn + 1)),
        h("td", {}, h("span", { class: "row" }, tile(ctx, a.tile, 0.4), tileInfo(ctx, a.tile).name)),
        h("td", {}, a.auctioneer === null ? "—" : ctx.name(a.auctioneer)),
        h("td", {}, a.open === null ? "—" : String(a.open)),
        h("td", {}, a.winner === null ? "nobody" : ctx.name(a.winner)),
        h(
          "td",
          {},
          a.amount === null
            ? h("span", { class: "muted", title: "Only the winner and the auctioneer know it until the end" }, "secret")
            : String(a.amount),
        ),
        h(
          "td",
          {},
          [
            a.ties.length ? plural("tie", a.ties.length) : "",
            a.zero_bids && a.zero_bids.length ? `zero bids: ${listWords(a.zero_bids.map(ctx.name))}` : "",
          ]
            .filter(Boolean)
            .join("; ") || "—",
        ),
        seated
          ? h(
              "td",
              { class: "bids-known" },
              a.bids
                ? everyBid(ctx, a.bids) // this seat's own auction: it saw every bid
                : a.my_bids && a.my_bids.length
                  ? yourBids(a.my_bids)
                  : h("span", { class: "muted" }, "—"),
            )
          : null,
      ),
    );
  return panel(
    "Finished auctions",
    h(
      "div",
      { class: "scroll-x" },
      h(
        "table",
        { class: "grid" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            [
              "Turn",
              "Tile",
              "Auctioneer",
              "Open",
              "Winner",
              "Price",
              view.zero_marks ? "Ties, zero bids" : "Ties", // no zero bids with 3 players (QE-9)
            ].map((t) => h("th", { scope: "col" }, t)),
            seated
              ? h("th", { scope: "col", title: "Your own bids; in an auction you ran, everyone's" }, "Bids you know")
              : null,
          ),
        ),
        h("tbody", {}, rows),
      ),
    ),
  );
}

export default {
  board(view, ctx) {
    return h(
      "div",
      { class: "board qe" },
      auctionPanel(view, ctx),
      playersPanel(view, ctx),
      historyPanel(view, ctx),
    );
  },

  hidden(view, ctx) {
    const a = view.auction;
    return h(
      "div",
      { class: "facts" },
      view.token !== null && view.token !== undefined ? industryBadge(ctx, view.token) : null,
      h("span", {}, "Spent ", h("b", {}, String(view.spent))),
      a && a.my_bids && a.my_bids.length
        ? h("span", {}, "Bids this auction ", h("b", {}, a.my_bids.join(", ")))
        : null,
      a && a.bids && a.bids.length ? h("span", {}, "Sees every bid: ", everyBid(ctx, a.bids)) : null,
    );
  },

  final(view, ctx) {
    const f = view.final;
    if (!f) return null;
    const most = Math.max(...f.spent);
    return h(
      "div",
      {},
      numberTable(
        "qe-spending",
        ["Bank", "Industry token", "Spent in all", ""],
        f.spent.map((sp, p) => [
          who(ctx, p),
          f.tokens ? industryName(ctx, f.tokens[p]) : "—",
          String(sp),
          f.eliminated.includes(p)
            ? h("span", { class: "tag warn" }, `eliminated: spent the most (${most})`)
            : sp === Math.min(...f.spent)
              ? "spent the least"
              : "",
        ]),
      ),
      f.eliminated.length
        ? h(
            "p",
            {},
            `${listWords(f.eliminated.map(ctx.name))} spent the most in all (${most}) and cannot win.`,
          )
        : view.game === "qe" && f.tokens === null
          ? null
          : h("p", {}, "Nobody is eliminated."),
      h("h4", {}, "Every winning bid"),
      row(
        "",
        f.amounts.map((amt, k) =>
          h("span", { class: "tag" }, `turn ${k + 1}: ${amt === null ? "no winner" : amt}`),
        ),
      ),
    );
  },

  breakdown(view, ctx) {
    const f = view.final;
    if (!f) return null;
    // zero bids score only with 4 or 5 players (QE-9): no column of zeros that says they might
    const parts = (f.scoring.length ? Object.keys(f.scoring[0]) : []).filter(
      (k) => k !== "zero_bids" || view.zero_marks,
    );
    return numberTable(
      "qe-scoring final-scoring",
      ["Bank", ...parts.map((k) => SCORING_WORDS[k] || capital(k.replace(/_/g, " "))), "Points", "Score"],
      f.scoring.map((x, p) => [
        who(ctx, p),
        ...parts.map((k) => String(x[k])),
        String(Object.values(x).reduce((a, b) => a + b, 0)),
        h(
          "strong",
          {},
          f.eliminated.includes(p) ? "0 (eliminated)" : String(view.result ? view.result.scores[p] : ""),
        ),
      ]),
    );
  },

  rankNote(view, p) {
    const f = view.final;
    return f && f.eliminated.includes(p) ? "eliminated: spent the most" : null;
  },

  phaseLabel(view) {
    return PHASES[view.phase] || view.phase;
  },

  roundLabel(e, ctx) {
    const n = ctx.players;
    if ((e.event === "open" || e.event === "last_turn") && n && e.turn % n === 0)
      return `Round ${e.turn / n + 1}`;
    return null;
  },

  auctionStart(e) {
    return e.event === "open" || e.event === "last_turn";
  },

  summary(events, i, ctx) {
    const e = events[i];
    const n = ctx.players;
    const closes = e.event === "won" || e.event === "unsold" || e.event === "zero_bids";
    if (!closes || !n || (e.turn + 1) % n !== 0) return null;
    const next = events[i + 1];
    if (e.event !== "zero_bids" && next && next.event === "zero_bids" && next.turn === e.turn) return null;
    const first = e.turn + 1 - n;
    // zero bids score only with 4 or 5 players (QE-9): a column of dashes would say they might
    const zeroRule = !ctx.view || Boolean(ctx.view.zero_marks);
    const rows = [];
    for (let k = first; k <= e.turn; k++) {
      const won = events.find((x) => (x.event === "won" || x.event === "unsold") && x.turn === k);
      const zero = events.find((x) => x.event === "zero_bids" && x.turn === k);
      if (!won) continue;
      const price = knownPrice(ctx, k);
      rows.push([
        String(k + 1),
        tileInfo(ctx, won.tile).name,
        won.event === "won" ? ctx.name(won.seat) : "nobody",
        price === null ? h("span", { class: "muted" }, "secret") : String(price),
        zeroRule ? (zero ? listWords(zero.seats.map(ctx.name)) : "—") : null,
      ]);
    }
    const head = ["Turn", "Tile", "Winner", "Price", zeroRule ? "Zero bids (2 VP each)" : null];
    return {
      title: `Round ${first / n + 1} done`,
      body: h(
        "div",
        { class: "summary qe-summary" },
        numberTable("qe-round", head.filter(Boolean), rows.map((r) => r.filter((x) => x !== null))),
        h("p", { class: "muted small" }, "A price stays secret to the others unless the auctioneer won; all spending is revealed at the end."),
      ),
    };
  },

  kindLabel(kind, view) {
    if (kind === "bid")
      return view.phase === "rebid"
        ? "Rebid"
        : view.phase === "last_turn"
          ? "Secret bid (last turn)"
          : "Secret bid";
    return { open: "Opening bid", peek: "Peek at a winning bid" }[kind] || capital(kind.replace(/_/g, " "));
  },

  choice(kind, value, view, ctx) {
    if (kind === "peek") {
      const a = view.auctions.find((x) => x.turn === value);
      return {
        label: `Peek at turn ${value + 1}${a ? `: ${tileInfo(ctx, a.tile).name}` : ""}`,
        pic: a ? tile(ctx, a.tile, 0.5) : null,
      };
    }
    return { label: `${this.kindLabel(kind, view, ctx)} ${value}` };
  },
};
