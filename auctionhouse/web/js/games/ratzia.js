// Ratzia (docs/rules/ratzia.md): auction cards drawn by kind (Police, Thieves, Gangsters,
// Trinkets, Businesses, Courthouse, Getaway Car, Driver; the palm tree on the cards kept between
// rounds), bidding cards 1-16, the Auction row and the Police row. Every view is public.

import { capital, h, panel, plural, row, s, svg } from "../dom.js";
import { numberTable, seatBoxes, signed, who } from "../common.js";
import { frame, text } from "../pictures.js";

const ROW_MAX = 7;
const POLICE_MAX = 7;
const TRINKETS = ["#d4477a", "#2f8fd0", "#e0a21b", "#44a05a", "#8b5cc7"];

const PHASES = {
  turn: "reveal, declare or steal",
  steal: "stealing with Thieves",
  auction: "auction",
  courthouse: "the Courthouse",
  over: "game over",
};

/** What a card of type `t` is for, in a player's words (docs/rules/ratzia.md, RZ-13 to 15). */
export function cardHelp(t) {
  if (t === 0)
    return "Police: goes to the Police row and forces an auction; the 7th Police ends the round at once";
  if (t === 1)
    return "Thieves: 2 points each at the round's end; or discard them on your turn to steal as many cards from the Auction row";
  if (t === 2 || t === 3)
    return "Gangster: each round the most Gangsters +5 and the fewest -2; both kinds together +5; kept between rounds";
  if (t >= 4 && t <= 8)
    return "Trinket: at the round's end, by the kinds you hold: none -5, 1 or 2 kinds 0, 3 kinds +5, 4 kinds +10, 5 kinds +15";
  if (t >= 9 && t <= 15)
    return "Business: scores at the game's end, 1 point a kind (10 for all 7) plus 5, 10 or 15 for 3, 4 or 5 of a kind; kept between rounds";
  if (t === 16) return "Courthouse: whoever wins it discards one of their Businesses, then the Courthouse";
  if (t === 17) return "Getaway Car: 1 point each at the round's end if you hold a Driver; kept between rounds";
  return "Driver: 1 point each at the round's end, and it makes your Getaway Cars count";
}

const TRINKET_POINTS = [-5, 0, 0, 5, 10, 15]; // by kinds held (RZ-13)
const signedPoints = (n) => `${n > 0 ? "+" : ""}${n} ${Math.abs(n) === 1 ? "point" : "points"}`;

/** What a card of type `t` is worth to the viewer now, from their collection (RZ-13, RZ-15);
 * "" for a spectator. */
export function worthNow(ctx, t) {
  const view = ctx.view;
  const me = ctx.seat;
  if (!view || !view.collections || me === null || me === undefined) return "";
  const mine = view.collections[me];
  const count = (types) => types.reduce((sum, x) => sum + mine[x], 0);
  if (t === 0) return `Worth nothing to anyone; ${view.police} of 7 Police are out this round.`;
  if (t === 1) return `You hold ${count([1])}: ${signedPoints(2 * count([1]))} at this round's end.`;
  if (t === 2 || t === 3) {
    const g = view.collections.map((c) => c[2] + c[3]);
    const most = Math.max(...g);
    const fewest = Math.min(...g);
    const place = most === fewest ? 0 : g[me] === most ? 5 : g[me] === fewest ? -2 : 0;
    const both = mine[2] && mine[3] ? 5 : 0;
    return `You hold ${g[me]} (${most} is the most now): ${signedPoints(place + both)} if the round ended now.`;
  }
  if (t >= 4 && t <= 8) {
    const kinds = [4, 5, 6, 7, 8].filter((x) => mine[x]).length;
    const more = mine[t] ? kinds : kinds + 1;
    return `You hold ${plural("kind", kinds)}: ${signedPoints(TRINKET_POINTS[kinds])} now${more > kinds ? `, ${signedPoints(TRINKET_POINTS[more])} with this one` : ""}.`;
  }
  if (t >= 9 && t <= 15) {
    const held = [9, 10, 11, 12, 13, 14, 15].map((x) => mine[x]);
    const kinds = held.filter(Boolean).length;
    const sets = held.reduce((sum, n) => sum + (n >= 5 ? 15 : n >= 4 ? 10 : n >= 3 ? 5 : 0), 0);
    return `You hold ${plural("kind", kinds)}: ${signedPoints((kinds === 7 ? 10 : kinds) + sets)} at the game's end as things stand.`;
  }
  if (t === 16) {
    const n = count([9, 10, 11, 12, 13, 14, 15]);
    return n ? `Winning it costs you one of your ${n === 1 ? "1 Business" : `${n} Businesses`}.` : "You hold no Business: it costs you nothing.";
  }
  const drivers = count([18]);
  const cars = count([17]);
  if (t === 17)
    return `You hold ${cars}, and ${drivers ? "a Driver" : "no Driver"}: ${signedPoints(drivers ? cars : 0)} at this round's end.`;
  return `You hold ${drivers}: ${signedPoints(drivers + (drivers ? cars : 0))} at this round's end with your Getaway Cars.`;
}

function cardName(ctx, t) {
  const c = ctx.catalog.cards && ctx.catalog.cards[t];
  return c ? c.name : `card ${t}`;
}
function palm(ctx, t) {
  const c = ctx.catalog.cards && ctx.catalog.cards[t];
  return Boolean(c && c.palm_tree);
}

/** The colour and icon of a card type. */
function look(t) {
  if (t === 0)
    return {
      color: "#23408e",
      icon: (x, y) =>
        s("path", {
          d: `M${x} ${y - 11} L${x + 9} ${y - 7} L${x + 8} ${y + 4} Q${x} ${y + 12} ${x - 8} ${y + 4} L${x - 9} ${y - 7} Z`,
          fill: "#f2c94c",
          stroke: "#1f2430",
        }),
    };
  if (t === 1)
    return {
      color: "#2d2d34",
      icon: (x, y) =>
        s("path", {
          d: `M${x - 13} ${y - 3} Q${x} ${y - 10} ${x + 13} ${y - 3} L${x + 11} ${y + 4} Q${x + 5} ${y + 7} ${x} ${y + 2} Q${x - 5} ${y + 7} ${x - 11} ${y + 4} Z`,
          fill: "#111",
          stroke: "#ddd",
        }),
    };
  if (t === 2 || t === 3) {
    return {
      color: t === 2 ? "#7a1f2b" : "#1f5a3d",
      icon: (x, y) =>
        s(
          "g",
          {},
          s("ellipse", { cx: x, cy: y + 5, rx: 14, ry: 3.5, fill: "#1f2430" }),
          s("path", {
            d: `M${x - 8} ${y + 4} L${x - 6} ${y - 8} Q${x} ${y - 12} ${x + 6} ${y - 8} L${x + 8} ${y + 4} Z`,
            fill: "#1f2430",
          }),
          s("rect", { x: x - 7.5, y: y - 1, width: 15, height: 3, fill: t === 2 ? "#e25563" : "#5fd08a" }),
        ),
    };
  }
  if (t >= 4 && t <= 8) {
    const c = TRINKETS[t - 4];
    return {
      color: c,
      icon: (x, y) =>
        s(
          "g",
          {},
          s("polygon", {
            points: `${x - 11},${y - 3} ${x - 6},${y - 9} ${x + 6},${y - 9} ${x + 11},${y - 3} ${x},${y + 10}`,
            fill: "#fff",
            stroke: "#1f2430",
          }),
          s("polygon", {
            points: `${x - 11},${y - 3} ${x + 11},${y - 3} ${x},${y + 10}`,
            fill: c,
            "fill-opacity": 0.6,
          }),
        ),
    };
  }
  if (t >= 9 && t <= 15) {
    return {
      color: "#0f766e",
      icon: (x, y) =>
        s(
          "g",
          {},
          s("rect", { x: x - 10, y: y - 11, width: 20, height: 22, fill: "#e8f3f1", stroke: "#1f2430" }),
          [0, 1, 2].map((i) =>
            [0, 1].map((j) =>
              s("rect", { x: x - 7 + j * 9, y: y - 8 + i * 6, width: 5, height: 4, fill: "#0f766e" }),
            ),
          ),
        ),
    };
  }
  if (t === 16)
    return {
      color: "#8a7350",
      icon: (x, y) =>
        s(
          "g",
          { fill: "#f3ead8", stroke: "#1f2430" },
          s("polygon", { points: `${x - 13},${y - 5} ${x},${y - 12} ${x + 13},${y - 5}` }),
          [-9, -3, 3, 9].map((d) => s("rect", { x: x + d - 1.5, y: y - 4, width: 3, height: 12 })),
          s("rect", { x: x - 13, y: y + 8, width: 26, height: 3 }),
        ),
    };
  if (t === 17)
    return {
      color: "#d9661f",
      icon: (x, y) =>
        s(
          "g",
          {},
          s("path", {
            d: `M${x - 14} ${y + 4} L${x - 12} ${y - 2} L${x - 6} ${y - 3} L${x - 2} ${y - 8} L${x + 7} ${y - 8} L${x + 11} ${y - 2} L${x + 14} ${y} L${x + 14} ${y + 4} Z`,
            fill: "#fff",
            stroke: "#1f2430",
          }),
          s("circle", { cx: x - 7, cy: y + 5, r: 3.5, fill: "#1f2430" }),
          s("circle", { cx: x + 8, cy: y + 5, r: 3.5, fill: "#1f2430" }),
        ),
    };
  return {
    color: "#6b4f2e",
    icon: (x, y) =>
      s(
        "g",
        { fill: "none", stroke: "#fff", "stroke-width": 2.2 },
        s("circle", { cx: x, cy: y, r: 10 }),
        s("circle", { cx: x, cy: y, r: 2.5, fill: "#fff" }),
        s("path", {
          d: `M${x - 10} ${y} L${x - 2.5} ${y} M${x + 2.5} ${y} L${x + 10} ${y} M${x} ${y + 2.5} L${x} ${y + 10}`,
        }),
      ),
  };
}

function palmTree(x, y) {
  return s(
    "g",
    { "aria-hidden": "true" },
    s("path", {
      d: `M${x} ${y + 7} Q${x + 1} ${y + 2} ${x} ${y - 2}`,
      stroke: "#6b4f2e",
      "stroke-width": 1.6,
      fill: "none",
    }),
    s("path", {
      d: `M${x} ${y - 2} q-4 -3 -7 0 M${x} ${y - 2} q4 -3 7 0 M${x} ${y - 2} q-3 -5 -6 -3 M${x} ${y - 2} q3 -5 6 -3`,
      stroke: "#2f8f46",
      "stroke-width": 1.6,
      fill: "none",
    }),
  );
}

/** An auction card of type `t`. */
export function card(ctx, t, scale = 1) {
  const w = 56;
  const hg = 78;
  const { color, icon } = look(t);
  const name = cardName(ctx, t);
  const short = name.replace("Trinket ", "Trinket ").replace("Getaway Car", "Getaway");
  const number = /(\d)$/.exec(name);
  // words only where they reach 11 px on screen; the tooltip always says what the card is
  const fs = 11 / scale;
  const words = scale >= 0.95;
  const title = short.replace(/ \d$/, "");
  const pic = svg(
    w,
    hg,
    `${name}${palm(ctx, t) ? " (kept: palm tree)" : ""}. ${cardHelp(t)}.${worthNow(ctx, t) ? ` ${worthNow(ctx, t)}` : ""}`,
    frame(w, hg, color),
    s("rect", { x: 4, y: 4, width: w - 8, height: 46, rx: 4, fill: color }),
    icon(w / 2, 27),
    number && words ? text(w - 11, 17, number[1], { "font-size": fs, "font-weight": 700, fill: "#fff" }) : null,
    palm(ctx, t) ? palmTree(11, 14) : null,
    words
      ? text(w / 2, 66, title, {
          "font-size": fs,
          "font-weight": 700,
          ...(title.length > 7 ? { textLength: 50, lengthAdjust: "spacingAndGlyphs" } : {}),
        })
      : null,
  );
  pic.setAttribute("width", String(w * scale));
  pic.setAttribute("height", String(hg * scale));
  pic.dataset.type = String(t);
  return pic;
}

/** A bidding card with its value, face up (gold) or face down (grey). */
export function biddingCard(value, state = "up", scale = 1) {
  const w = 30;
  const hg = 40;
  const fill = state === "up" ? "#f5d77a" : state === "centre" ? "#fff" : "#c9ccd3";
  const label = `bidding card ${value}${
    state === "down"
      ? ", face down: used this round, back in play next round"
      : state === "centre"
        ? ", the centre card: the next auction's winner takes it"
        : ": bid it in an auction, higher than the highest bid"
  }`;
  const pic = svg(
    w,
    hg,
    label,
    s("rect", {
      x: 1,
      y: 1,
      width: w - 2,
      height: hg - 2,
      rx: 4,
      fill,
      stroke: state === "centre" ? "#b4431f" : "#7a6320",
      "stroke-width": state === "centre" ? 2.5 : 1.5,
      "stroke-dasharray": state === "down" ? "3 2" : null,
    }),
    text(w / 2, hg / 2 + 5, String(value), {
      "font-size": 15,
      "font-weight": 700,
      fill: state === "down" ? "#5f6675" : "#1f2430",
    }),
  );
  pic.setAttribute("width", String(w * scale));
  pic.setAttribute("height", String(hg * scale));
  pic.dataset.bid = String(value);
  return pic;
}

/** Counts by type as small cards with "x n"; `empty` says what no card at all means. */
function counted(ctx, counts, scale = 0.6, empty = "none") {
  const items = counts.map((n, t) => [n, t]).filter(([n]) => n);
  if (!items.length) return h("span", { class: "muted" }, empty);
  return row(
    "counted",
    items.map(([n, t]) =>
      h(
        "span",
        { class: "counted-card" },
        card(ctx, t, scale),
        n > 1 ? h("span", { class: "times" }, `×${n}`) : null,
      ),
    ),
  );
}

function countsOf(types) {
  const out = [];
  for (const t of types) out[t] = (out[t] || 0) + 1;
  return Array.from(out, (n) => n || 0);
}

function statusPanel(view, ctx) {
  const police = svg(
    POLICE_MAX * 16,
    18,
    `${view.police} of ${POLICE_MAX} Police`,
    Array.from({ length: POLICE_MAX }, (_, i) =>
      s("circle", {
        cx: 8 + i * 16,
        cy: 9,
        r: 6.5,
        fill: i < view.police ? "#23408e" : "#fff",
        stroke: "#23408e",
        "stroke-width": 1.5,
      }),
    ),
  );
  return panel(
    `Round ${view.round} of 3`,
    h(
      "div",
      { class: "facts" },
      h("span", {}, "Deck ", h("b", {}, String(view.deck_size))),
      h("span", { class: "row" }, "Police ", police, h("b", {}, `${view.police}/${POLICE_MAX}`)),
      h("span", { class: "row" }, "Centre card ", biddingCard(view.centre, "centre", 0.8)),
    ),
    h("h4", {}, `Auction row (${view.row.length} of ${ROW_MAX})`),
    h(
      "div",
      { class: "row auction-row", "data-row": view.row.length },
      view.row.map((t) => card(ctx, t)),
      Array.from({ length: Math.max(0, ROW_MAX - view.row.length) }, () =>
        svg(
          56,
          78,
          null,
          s("rect", {
            x: 2,
            y: 2,
            width: 52,
            height: 74,
            rx: 6,
            fill: "none",
            stroke: "#c9c0ad",
            "stroke-dasharray": "4 3",
          }),
        ),
      ),
    ),
  );
}

function auctionPanel(view, ctx) {
  const a = view.auction;
  if (a) {
    const why =
      a.cause === "declare"
        ? "declared"
        : a.cause === "police"
          ? "forced by a Police card"
          : "forced: the row is full";
    return panel(
      "Auction",
      h(
        "div",
        { class: "auction-facts" },
        h("span", {}, who(ctx, a.starter), ` holds the Cheese Grater: an auction ${why}.`),
        h(
          "span",
          {},
          a.high_bid
            ? [
                "Highest bid ",
                h("span", { class: "big-number", "data-high": a.high_bid }, String(a.high_bid)),
                " by ",
                who(ctx, a.high_bidder),
              ]
            : h("span", { class: "muted" }, "No bid yet."),
        ),
        h(
          "span",
          {},
          "Bidding order: ",
          a.order.map((p, i) =>
            h(
              "span",
              { class: `tag ${p === a.waiting ? "warn" : ""}` },
              `${i + 1}. ${ctx.name(p)}${p === a.waiting ? " (to bid)" : ""}`,
            ),
          ),
        ),
        a.must_bid !== null && a.must_bid !== undefined
          ? h("span", {}, who(ctx, a.must_bid), " declared and must bid if nobody else does.")
          : null,
      ),
    );
  }
  if (view.courthouse) {
    const c = view.courthouse;
    return panel(
      "Courthouse",
      h(
        "p",
        {},
        who(ctx, c.seat),
        ` won ${plural("Courthouse", c.left)}: one Business is discarded for each.`,
      ),
    );
  }
  if (view.over) return null;
  const turn = view.actors.length ? view.actors[0] : null;
  return panel(
    "Turn",
    h(
      "p",
      {},
      turn !== null
        ? [
            who(ctx, turn),
            view.phase === "steal"
              ? " is stealing with Thieves."
              : " reveals a card, declares an auction or steals.",
          ]
        : "",
    ),
  );
}

function playersPanel(view, ctx) {
  return seatBoxes("Players", view, ctx, (p) => [
    h(
      "h4",
      {},
      who(ctx, p),
      h("span", {}, "Score ", h("b", { "data-score": view.scores[p] }, String(view.scores[p]))),
    ),
    h(
      "div",
      { class: "row bidding", "aria-label": "Bidding cards" },
      view.up[p].map((v) => biddingCard(v, "up")),
      view.down[p].map((v) => biddingCard(v, "down")),
    ),
    h("div", { class: "collection" }, counted(ctx, view.collections[p], 0.6, "no cards collected")),
  ]);
}
function otherPanel(view, ctx) {
  return panel(
    "Discards",
    counted(ctx, view.discard, 0.5),
    view.out_of_game && view.out_of_game.length
      ? h("p", { class: "hint" }, `Bidding cards out of the game: ${view.out_of_game.join(", ")}`)
      : null,
  );
}

/** A table of each seat's points by category, with the total. */
function partsTable(cls, parts, gains, ctx, extra = null) {
  const names = Object.keys(parts[0] || {});
  return numberTable(
    cls,
    ["Seat", ...names.map(capital), "Total", ...(extra ? [extra.title] : [])],
    parts.map((x, p) => [
      who(ctx, p),
      ...names.map((k) => signed(x[k])),
      h("strong", {}, signed(gains[p])),
      ...(extra ? [String(extra.values[p])] : []),
    ]),
  );
}

/** Each seat's running score after every scoring event up to `i`. */
function scoresAfter(events, i, n) {
  const score = Array(n).fill(0);
  for (let k = 0; k <= i; k++) {
    const e = events[k];
    if (e.event === "scored" || e.event === "end") e.gains.forEach((g, p) => (score[p] += g));
  }
  return score;
}

export default {
  board(view, ctx) {
    return h(
      "div",
      { class: "board ratzia" },
      auctionPanel(view, ctx),
      statusPanel(view, ctx),
      playersPanel(view, ctx),
      otherPanel(view, ctx),
    );
  },

  hidden() {
    return null; // RZ-3: everything a seat holds is public
  },

  final(view, ctx) {
    const f = view.final;
    if (!f) return null;
    return h(
      "div",
      {},
      h(
        "p",
        {},
        "Game-end scoring (Businesses and bidding cards): ",
        f.end_gains.map((g, p) => `${ctx.name(p)} ${g >= 0 ? "+" : ""}${g}`).join(", "),
        ".",
      ),
      h("h4", {}, `Cards left in the deck (${f.deck_left.length})`),
      counted(ctx, countsOf(f.deck_left), 0.5),
    );
  },

  phaseLabel(view) {
    return PHASES[view.phase] || view.phase;
  },

  roundLabel(e) {
    return e.event === "round" ? `Round ${e.round}` : null;
  },

  summary(events, i, ctx) {
    const e = events[i];
    if ((e.event !== "scored" && e.event !== "end") || !e.parts) return null;
    const score = { title: "Score now", values: scoresAfter(events, i, e.gains.length) };
    if (e.event === "scored")
      return {
        title: `Round ${e.round} scored`,
        body: h(
          "div",
          { class: "summary rz-summary", "data-round": e.round },
          partsTable("rz-round", e.parts, e.gains, ctx, score),
        ),
      };
    return {
      title: "The game's end: Businesses and bidding cards",
      body: h("div", { class: "summary rz-summary" }, partsTable("rz-end", e.parts, e.gains, ctx, score)),
    };
  },

  breakdown(view, ctx) {
    const rounds = (view.log || []).filter((e) => e.event === "scored");
    const end = (view.log || []).find((e) => e.event === "end");
    const n = view.players;
    return numberTable(
      "rz-breakdown",
      ["Seat", ...rounds.map((e) => `Round ${e.round}`), "Businesses", "Bidding cards", "Total"],
      Array.from({ length: n }, (_, p) => [
        who(ctx, p),
        ...rounds.map((e) => signed(e.gains[p])),
        end && end.parts ? signed(end.parts[p].businesses) : "—",
        end && end.parts ? signed(end.parts[p]["bidding cards"]) : "—",
        h("strong", {}, String(view.scores[p])),
      ]),
    );
  },

  kindLabel(kind) {
    return (
      {
        reveal: "Reveal the top card",
        declare: "Declare an auction",
        steal: "Steal with Thieves",
        stop: "Stop stealing",
        bid: "Bid a card",
        pass: "Pass",
        discard_business: "Discard a Business",
      }[kind] || capital(kind.replace(/_/g, " "))
    );
  },

  choice(kind, value, view, ctx) {
    if (kind === "bid") return { label: `Bid ${value}`, pic: biddingCard(value, "up") };
    if (kind === "steal") return { label: `Steal ${cardName(ctx, value)}`, pic: card(ctx, value, 0.7) };
    if (kind === "discard_business")
      return { label: `Discard ${cardName(ctx, value)}`, pic: card(ctx, value, 0.7) };
    return { label: `${capital(kind.replace(/_/g, " "))} ${value}` };
  },
};
