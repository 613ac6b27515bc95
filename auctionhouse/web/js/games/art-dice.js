// The art-auction dice game (docs/rules/art-dice.md): works coloured per artist, the works on
// sale with the gold placed on them, the die, gold and collections. Every view is public.

import { capital, h, panel, plural, row, s, svg } from "../dom.js";
import { numberTable, seatBoxes, who } from "../common.js";
import { die, frame, painting, text } from "../pictures.js";

const COLORS = [
  ["#e07a1f", "#f8d3ad", "#8a4309"],
  ["#2a9d8f", "#b5e3dc", "#14564e"],
  ["#c0392b", "#f1b8b1", "#6e1d15"],
  ["#3b5ba5", "#bfcdee", "#1d3166"],
  ["#8e44ad", "#dcc2e8", "#4f2262"],
  ["#6a994e", "#cfe3c0", "#35562a"],
  ["#d4a017", "#f5e2a3", "#7a5b07"],
  ["#8d5524", "#e3c8ae", "#4d2c10"],
  ["#e56b9f", "#f8cfe0", "#8c2756"],
];

const PHASES = { sale: "putting works on sale", bid: "placing gold", over: "game over" };

/** Each seat's works as they were right after event `i`: today's collections with the later
 * purchases taken out and the later sales (works put up from a collection) put back. */
function collectionsAt(events, i, view) {
  const colls = view.collections.map((c) => [...c]);
  for (let k = events.length - 1; k > i; k--) {
    const e = events[k];
    if (e.event === "won") colls[e.seat].splice(colls[e.seat].indexOf(e.card), 1);
    else if (e.event === "sell") colls[e.seat].push(e.card);
  }
  return colls;
}

/** A collection's score by artist (AD-8: n works of one artist score n × n). */
function squares(ctx, cards) {
  const counts = new Map();
  for (const c of cards) {
    const a = info(ctx, c).artist;
    counts.set(a, (counts.get(a) || 0) + 1);
  }
  const parts = [...counts.entries()].sort((x, y) => x[0] - y[0]);
  return {
    words: parts.map(([a, n]) => `${letter(ctx, a)}\u00a0${n}×${n}`).join(" + ") || "no works", // wraps between terms only
    total: parts.reduce((sum, [, n]) => sum + n * n, 0),
  };
}

function info(ctx, id) {
  return (ctx.catalog.cards || [])[id] || { artist: Math.floor(id / 5), work: id % 5, name: `work ${id}` };
}
function artistName(ctx, a) {
  return (ctx.catalog.artists || [])[a] || `Artist ${a + 1}`;
}
function letter(ctx, a) {
  const name = artistName(ctx, a);
  return name.replace(/^Artist /, "");
}

const points = (n) => plural("point", n);

/** A work's tooltip: what it is, and what it is worth now: in a collection (`owner`) what that
 * artist scores there; elsewhere (on sale) what it would add to the viewer's collection; once
 * the game is over, left in the deck (`owner` "deck") or in a collection, for good. */
function workTip(ctx, id, owner) {
  const c = info(ctx, id);
  const artist = artistName(ctx, c.artist);
  const view = ctx.view;
  if (owner === "deck") return `${c.name}: still in the deck when the game ended, never drawn`;
  const held = (p) => view.collections[p].filter((x) => info(ctx, x).artist === c.artist).length;
  if (view && view.collections && owner !== undefined && owner !== null) {
    const k = held(owner);
    const score = `${k} × ${k} = ${points(k * k)}`;
    if (owner !== ctx.seat) return `${c.name}: ${ctx.name(owner)} holds ${plural(`${artist} work`, k)}, ${score}`;
    const yours = k === 1 ? `your only ${artist} work, ${score}` : `one of your ${k} ${artist} works, together ${score}`;
    // over, nothing can be put up for sale any more
    return view.over ? `${c.name}: ${yours}` : `${c.name}: ${yours}; put up for sale, it takes ${points(2 * k - 1)} off your score`;
  }
  if (!view || !view.collections || ctx.seat === null || ctx.seat === undefined)
    return `${c.name}: n works of one artist score n × n points`;
  const mine = held(ctx.seat);
  return `${c.name}: you hold ${mine} of ${artist}; buying it would make ${mine + 1} × ${mine + 1} = ${points((mine + 1) ** 2)} (+${2 * mine + 1})`;
}

/** A work of art: the artist's colours and style, its name. */
export function work(ctx, id, scale = 1, owner = undefined) {
  const c = info(ctx, id);
  const col = COLORS[c.artist % COLORS.length];
  const w = 52;
  const hg = 66;
  const fs = 11 / scale;
  const pic = svg(
    w,
    hg,
    workTip(ctx, id, owner),
    frame(w, hg, col[2]),
    painting(5, 5, w - 10, 42, col, c.artist, id),
    s("rect", { x: 5, y: 5, width: w - 10, height: 42, fill: "none", stroke: col[2], "stroke-width": 2 }),
    scale >= 0.95
      ? text(w / 2, 61, `${letter(ctx, c.artist)} #${c.work + 1}`, { "font-size": fs, "font-weight": 700, fill: col[2] })
      : null,
  );
  pic.setAttribute("width", String(w * scale));
  pic.setAttribute("height", String(hg * scale));
  pic.dataset.card = String(id);
  return pic;
}

function coins(n) {
  return h(
    "span",
    { class: "gold", "aria-label": plural("gold", n) },
    svg(
      16,
      16,
      null,
      s("circle", { cx: 8, cy: 8, r: 7, fill: "#f2c94c", stroke: "#9c7406" }),
      s("circle", { cx: 8, cy: 8, r: 4, fill: "none", stroke: "#9c7406" }),
    ),
    h("b", {}, String(n)),
  );
}

function collection(ctx, cards, scale, owner) {
  if (!cards.length) return h("span", { class: "muted" }, "no works");
  const by = new Map();
  for (const c of cards) {
    const a = info(ctx, c).artist;
    if (!by.has(a)) by.set(a, []);
    by.get(a).push(c);
  }
  return h(
    "div",
    { class: "row" },
    [...by.entries()].map(([a, list]) =>
      h(
        "span",
        {
          class: "stack",
          title: `${artistName(ctx, a)}: ${list.length} (${points(list.length * list.length)})`,
        },
        list.map((c) => work(ctx, c, scale, owner)),
      ),
    ),
  );
}

function statusPanel(view, ctx) {
  return panel(
    `Round ${view.round}`,
    h(
      "div",
      { class: "facts" },
      h("span", {}, "Banker ", who(ctx, view.banker)),
      h("span", {}, "First bidder ", who(ctx, view.first_bidder)),
      h("span", {}, "Bank ", coins(view.bank)),
      h("span", {}, "Deck ", h("b", {}, String(view.deck_size))),
      h("span", {}, `Rounds without a sale: ${view.no_sale_rounds} of ${view.players}`),
    ),
    view.bidder !== null && view.bidder !== undefined
      ? h(
          "div",
          { class: "row roll" },
          who(ctx, view.bidder),
          " rolled ",
          die(view.roll, 36),
          ` and may place up to ${Math.min(view.roll, view.gold[view.bidder])} gold.`,
        )
      : null,
  );
}

function salePanel(view, ctx) {
  if (!view.on_sale.length)
    return view.over
      ? null
      : panel(
          "On sale",
          h(
            "p",
            { class: "muted" },
            view.phase === "sale"
              ? "The first bidder may put up works of their own, then draws from the deck."
              : "Nothing on sale.",
          ),
        );
  return panel(
    "On sale",
    h(
      "div",
      { class: "row on-sale" },
      view.on_sale.map((c, i) =>
        h(
          "div",
          { class: "lot", "data-card": c },
          work(ctx, c, 1.4),
          h(
            "div",
            { class: "facts" },
            view.highest[i]
              ? ["Highest ", h("b", {}, String(view.highest[i])), " by ", who(ctx, view.leaders[i])]
              : h("span", { class: "muted" }, "no gold yet"),
          ),
          h(
            "div",
            { class: "facts small" },
            // "Bot 2: 1 gold" (a name that ends in a number must not run into the amount)
            view.bids.map((b, p) => (b[i] ? h("span", { class: "tag" }, `${ctx.name(p)}: ${b[i]} gold`) : null)),
          ),
        ),
      ),
    ),
  );
}

function playersPanel(view, ctx) {
  return seatBoxes(
    "Collectors",
    view,
    ctx,
    (p) => [
      h(
        "h4",
        {},
        who(ctx, p),
        h("span", {}, "Score ", h("b", { "data-score": view.scores[p] }, String(view.scores[p]))),
      ),
      h("div", { class: "facts" }, "Gold ", coins(view.gold[p])),
      collection(ctx, view.collections[p], 0.6, p),
    ],
    view.out && view.out.length
      ? h("p", { class: "hint" }, `Out of the game: ${view.out.map((c) => info(ctx, c).name).join(", ")}`)
      : null,
  );
}
export default {
  board(view, ctx) {
    return h(
      "div",
      { class: "board art-dice" },
      statusPanel(view, ctx),
      salePanel(view, ctx),
      playersPanel(view, ctx),
    );
  },

  hidden() {
    return null; // everything on the table is public
  },

  // a round is a few moves long: its summary, there nearly all the time, must not push the
  // works on sale down: a line and a brief notice, the whole of it when asked for (beside them)
  summaryBeside: true,
  summaryBrief: true,

  /** The one thing hidden in art-dice is the deck: the works it still held, by name (drawn at
   * full size, where a work's name is written on it); nothing at all when it was empty. */
  final(view, ctx) {
    const f = view.final;
    if (!f || !f.deck.length) return null;
    return h(
      "div",
      { class: "ad-deck-left" },
      h("h4", {}, `Still in the deck, never drawn: ${plural("work", f.deck.length)}`),
      row(
        "",
        f.deck.map((c) => work(ctx, c, 1, "deck")),
      ),
    );
  },

  breakdown(view, ctx) {
    const log = view.log || [];
    const rounds = log.filter((e) => e.event === "round").map((e) => e.round);
    const bought = (p, r) => {
      let round = 0;
      let n = 0;
      let gold = 0;
      for (const e of log) {
        if (e.event === "round") round = e.round;
        if (e.event === "won" && e.seat === p && round === r) {
          n++;
          gold += e.price;
        }
      }
      return n ? `${n} for ${gold}` : "—";
    };
    // the points and the rounds side by side where they fit (a long game's rounds are a tall
    // table, and one under the other left half the screen empty)
    return h(
      "div",
      { class: "parts" },
      h(
        "div",
        {},
        numberTable(
          "ad-breakdown",
          ["Collector", "Works by artist (n × n)", "Points"],
          view.collections.map((c, p) => [who(ctx, p), squares(ctx, c).words, h("strong", {}, String(view.scores[p]))]),
        ),
      ),
      h(
        "div",
        {},
        h("h4", {}, "Works bought, round by round (how many, for how much gold)"),
        // a row per round: a game has many short rounds, and a row of them would not fit
        numberTable(
          "ad-rounds",
          ["Round", ...view.collections.map((_, p) => who(ctx, p))],
          rounds.map((r) => [String(r), ...view.collections.map((_, p) => bought(p, r))]),
        ),
      ),
    );
  },

  phaseLabel(view) {
    return PHASES[view.phase] || view.phase;
  },

  roundLabel(e) {
    return e.event === "round" ? `Round ${e.round}` : null;
  },

  auctionStart(e) {
    return e.event === "round"; // a round is one auction of the works on sale (AD-3)
  },

  summary(events, i, ctx) {
    const e = events[i];
    const closing = (e.event === "round" && e.round > 1) || e.event === "end";
    if (!closing || !ctx.view || !ctx.view.collections) return null;
    let start = i - 1;
    while (start >= 0 && events[start].event !== "round") start--;
    const ended = start >= 0 ? events[start].round : 1;
    const sales = events.slice(start + 1, i).filter((x) => x.event === "won");
    const colls = collectionsAt(events, i, ctx.view);
    const points = colls.map((c, p) => `${ctx.name(p)} ${squares(ctx, c).total}`).join(", ");
    return {
      title: `Round ${ended} done`,
      brief: `${sales.length ? `${sales.length} sold` : "nothing sold"}; points now ${points}`,
      body: h(
        "div",
        { class: "summary ad-summary", "data-round": ended },
        h("h4", {}, "Sales (the gold goes to the bank)"),
        sales.length
          ? numberTable(
              "ad-sales",
              ["Work", "Buyer", "Gold"],
              sales.map((x) => [info(ctx, x.card).name, ctx.name(x.seat), String(x.price)]),
            )
          : h("p", { class: "muted" }, "Nothing was sold this round."),
        h("h4", {}, "Points now (n works of an artist: n × n)"),
        numberTable(
          "ad-squares",
          ["Collector", "Works by artist", "Points"],
          colls.map((c, p) => {
            const sq = squares(ctx, c);
            return [who(ctx, p), sq.words, h("strong", { "data-points": sq.total }, String(sq.total))];
          }),
        ),
      ),
    };
  },

  kindLabel(kind) {
    return (
      { sell: "Put up a work of yours", draw: "Draw from the deck", bid: "Place gold", pass: "Pass" }[kind] ||
      capital(kind.replace(/_/g, " "))
    );
  },

  choice(kind, value, view, ctx) {
    if (kind === "sell") return { label: `Put up ${info(ctx, value).name}`, pic: work(ctx, value, 0.8, ctx.seat) };
    return { label: `${capital(kind.replace(/_/g, " "))} ${value}` };
  },

  partLabel(i, view, ctx) {
    const c = view.on_sale[i];
    if (c === undefined) return { label: `Work ${i + 1}` };
    const high = view.highest[i];
    return { label: `${info(ctx, c).name}${high ? ` (highest ${high})` : ""}`, pic: work(ctx, c, 0.55) };
  },
};
