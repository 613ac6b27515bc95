// Modern Art (docs/rules/modern-art.md): paintings coloured per artist with their auction
// symbol, the artist value board, the auction in progress, cash as the rules allow, the hand.

import { capital, h, listWords, panel, plural, row, s, svg } from "../dom.js";
import { numberTable, seatBoxes, signed, who } from "../common.js";
import { cardBack, frame, painting, text } from "../pictures.js";

const COLORS = [
  ["#e9b824", "#f8e7a6", "#9c7406"],
  ["#2f6db5", "#b3cdef", "#173e6e"],
  ["#d1495b", "#f4bcc3", "#7d1f2c"],
  ["#3a9d5d", "#b5e1c3", "#1d5a33"],
  ["#8e5bb5", "#dac8ea", "#4f2d6b"],
];
const TYPE_WORDS = {
  open: "open",
  once_around: "once around",
  hidden: "hidden",
  fixed_price: "fixed price",
  double: "double",
};
const TILES = [30, 20, 10];
const PLACES = ["1st", "2nd", "3rd"];
// on a card, at least 11 px: the short name of the auction type
const TYPE_SHORT = { open: "Open", once_around: "Once", hidden: "Hidden", fixed_price: "Fixed", double: "Double" };
const TYPE_HELP = {
  open: "everyone bids in any order, as often as they like, until nobody raises",
  once_around: "each player, starting left of the auctioneer, bids once or passes; the auctioneer bids last",
  hidden: "everyone chooses a bid in secret; the bids are shown together and the highest wins",
  fixed_price: "the auctioneer sets a price; in turn, each player may buy at that price or pass",
  double: "the auctioneer may add a second painting of the same artist; both go in one auction",
};
const PHASES = {
  play: "choosing a painting to auction",
  double_offer: "a Double: adding a second painting",
  open_auction: "open auction",
  once_around_auction: "once-around auction",
  hidden_auction: "hidden bids",
  set_price: "setting the fixed price",
  fixed_price_auction: "fixed-price offer",
  mystery_flip: "the mystery hand",
  over: "game over",
};

/** The artists that would rank if the round ended now (MA-1: ties go to the earlier artist). */
function rankingNow(view) {
  return view.played
    .map((n, a) => [n, a])
    .filter(([n]) => n > 0)
    .sort((x, y) => y[0] - x[0] || x[1] - y[1])
    .slice(0, 3)
    .map(([, a]) => a);
}

/** What one painting of artist `a` pays at this round's end if the ranking stays as it is now
 * (0 while the artist would not rank), and its place. */
function paysNow(view, a) {
  const place = rankingNow(view).indexOf(a);
  return place < 0 ? { place, pays: 0 } : { place, pays: view.values[a] + TILES[place] };
}

/** A card's tooltip: what it is and what it is worth now. */
function cardTip(ctx, id) {
  const type = typeOf(ctx, id);
  const a = artistOf(ctx, id);
  const base = `${cardWords(ctx, id)}: ${TYPE_HELP[type] || ""}.`;
  const view = ctx.view;
  if (!view || !view.played || view.over) return base;
  const { place, pays } = paysNow(view, a);
  const worth =
    place < 0
      ? ` Worth 0 now: ${surname(ctx, a)} would not rank if the round ended now (${view.played[a]} played).`
      : ` Worth ${pays} a painting if ${surname(ctx, a)} stays ${PLACES[place]} this round.`;
  return base + worth + (endsRound(view, ctx, id) ? " Playing it ends the round: it is not sold." : "");
}

/** Whether this card would be its artist's 5th this round: it ends the round unsold (MA-16). */
function endsRound(view, ctx, id) {
  return Boolean(view && view.played && view.played[artistOf(ctx, id)] >= 4);
}

function artistOf(ctx, card) {
  const c = ctx.catalog.cards[card];
  return c ? c.artist : Math.floor(card / 5);
}
function typeOf(ctx, card) {
  const c = ctx.catalog.cards[card];
  return c ? c.auction : "open";
}
function artistName(ctx, a) {
  return ctx.catalog.artists[a] || `Artist ${a + 1}`;
}
function surname(ctx, a) {
  const parts = artistName(ctx, a).split(" ");
  return parts[parts.length - 1];
}
export function cardWords(ctx, card) {
  return `${artistName(ctx, artistOf(ctx, card))} (${TYPE_WORDS[typeOf(ctx, card)] || typeOf(ctx, card)})`;
}

/** The auction symbol, drawn in a 14x14 box at (x, y). */
function symbol(type, x, y) {
  const g = (...kids) =>
    s(
      "g",
      {
        transform: `translate(${x} ${y})`,
        fill: "none",
        stroke: "#1f2430",
        "stroke-width": 1.4,
        "stroke-linecap": "round",
        "stroke-linejoin": "round",
      },
      ...kids,
    );
  const disc = s("circle", { cx: 7, cy: 7, r: 8.5, fill: "#fff", stroke: "#1f2430", "stroke-width": 1 });
  switch (type) {
    case "open": // an eye: everyone sees every bid
      return g(
        disc,
        s("path", { d: "M1.5 7 Q7 1.5 12.5 7 Q7 12.5 1.5 7 Z" }),
        s("circle", { cx: 7, cy: 7, r: 1.8, fill: "#1f2430" }),
      );
    case "once_around": // an arrow going once around
      return g(
        disc,
        s("path", { d: "M11.5 7 A4.5 4.5 0 1 1 7 2.5" }),
        s("path", { d: "M5.2 0.8 L7.4 2.5 L5.4 4.4" }),
      );
    case "hidden": // a sealed envelope
      return g(
        disc,
        s("rect", { x: 2, y: 3.5, width: 10, height: 7, rx: 1 }),
        s("path", { d: "M2 3.8 L7 8 L12 3.8" }),
      );
    case "fixed_price": // a price tag
      return g(
        disc,
        s("path", { d: "M2 6.5 L6.5 2 L12 2 L12 7.5 L7.5 12 Z" }),
        s("circle", { cx: 9.6, cy: 4.4, r: 1, fill: "#1f2430" }),
      );
    default: // double: two cards
      return g(
        disc,
        s("rect", { x: 2, y: 2.5, width: 6.5, height: 8.5, rx: 1 }),
        s("rect", { x: 5.5, y: 4, width: 6.5, height: 8.5, rx: 1, fill: "#fff" }),
      );
  }
}

/** A painting card: the artist's colours and style, the name, the auction symbol. */
export function card(ctx, id, size = 1) {
  const a = artistOf(ctx, id);
  const type = typeOf(ctx, id);
  const w = 64;
  const hgt = 92;
  const col = COLORS[a % COLORS.length];
  // words only where they reach 11 px on screen; the tooltip always names the card
  const fs = 11 / size;
  const words = size >= 0.95;
  const pic = svg(
    w,
    hgt,
    cardTip(ctx, id),
    frame(w, hgt, col[2]),
    s("rect", { x: 1, y: 1, width: w - 2, height: 17, rx: 6, fill: col[2] }),
    words
      ? text(w / 2, 13.5, surname(ctx, a), {
          "font-size": fs,
          "font-weight": 700,
          fill: "#fff",
          ...(surname(ctx, a).length > 7 ? { textLength: 56, lengthAdjust: "spacingAndGlyphs" } : {}),
        })
      : null,
    painting(6, 21, w - 12, 46, col, a, id),
    s("rect", { x: 6, y: 21, width: w - 12, height: 46, fill: "none", stroke: col[2], "stroke-width": 1.5 }),
    symbol(type, 5, 73),
    words
      ? text(41, 84.5, TYPE_SHORT[type] || type, {
          "font-size": fs,
          "font-weight": 600,
          ...((TYPE_SHORT[type] || type).length > 4 ? { textLength: 36, lengthAdjust: "spacingAndGlyphs" } : {}),
        })
      : null,
  );
  pic.setAttribute("width", String(w * size));
  pic.setAttribute("height", String(hgt * size));
  pic.classList.add("ma-card");
  pic.dataset.card = String(id);
  return pic;
}

function paintingsOf(ctx, counts) {
  const got = counts.map((n, a) => [n, a]).filter(([n]) => n);
  if (!got.length) return h("span", { class: "muted" }, "none");
  return h(
    "span",
    { class: "row" },
    got.map(([n, a]) =>
      h(
        "span",
        { class: "tag", title: artistName(ctx, a) },
        h("span", { class: "swatch", style: `background:${COLORS[a][0]}` }),
        `${surname(ctx, a)} ×${n}`,
      ),
    ),
  );
}

function auctionPanel(view, ctx) {
  const a = view.auction;
  if (!a) {
    if (view.over) return null;
    return panel(
      "Auction",
      h(
        "p",
        {},
        view.hammer !== null && view.hammer !== undefined
          ? [who(ctx, view.hammer), " holds the hammer and picks a painting to auction."]
          : "Between auctions.",
      ),
    );
  }
  if (a.type === "mystery_flip")
    return panel(
      "Mystery hand",
      h(
        "p",
        {},
        who(ctx, a.flipper),
        ` may turn up a card of the mystery hand (${plural("card", view.mystery_hand_size || 0)} left).`,
      ),
    );
  const cards = row(
    "ma-lot",
    a.cards.map((c) => card(ctx, c, 1.35)),
  );
  if (a.type === "double") {
    return panel(
      "Double",
      h(
        "div",
        { class: "auction-box" },
        cards,
        h(
          "div",
          { class: "auction-facts" },
          h("span", {}, who(ctx, a.auctioneer), " played a double."),
          h("span", {}, "Offered to ", who(ctx, a.offer_to), " to add a second painting of that artist."),
        ),
      ),
    );
  }
  const facts = [
    h(
      "span",
      {},
      h("strong", {}, `${capital(TYPE_WORDS[a.type] || a.type)} auction`),
      " by ",
      who(ctx, a.auctioneer),
    ),
  ];
  if (a.type === "fixed_price" && a.price !== undefined && a.price !== null)
    facts.push(
      h("span", {}, "Price ", h("span", { class: "big-number", "data-price": a.price }, String(a.price))),
    );
  if (a.type !== "hidden" && a.type !== "fixed_price") {
    facts.push(
      a.high !== null && a.high !== undefined
        ? h(
            "span",
            {},
            "Highest bid ",
            h("span", { class: "big-number", "data-high": a.high }, String(a.high)),
            " by ",
            who(ctx, a.high_bidder),
          )
        : h("span", { class: "muted" }, "No bid yet."),
    );
  }
  // MA-9: a pass is not binding, but a seat that passed is out until it bids again
  const out = a.out || a.passed;
  if (out && out.length)
    facts.push(
      h("span", { class: "out-seats" }, "Passed, out unless they bid again: ", listWords(out.map((p) => ctx.name(p)))),
    );
  const short = shortOfCash(view, ctx);
  if (short) facts.push(h("span", { class: "warn-text short-of-cash" }, short));
  if (a.have_bid) {
    facts.push(
      h(
        "span",
        { class: "sealed" },
        "Sealed bids: ",
        Array.from({ length: view.players }, (_, p) =>
          h(
            "span",
            {
              class: `tag ${a.have_bid.includes(p) ? "ok" : ""}`,
              "data-has-bid": a.have_bid.includes(p) ? "yes" : "no",
            },
            `${ctx.name(p)} ${a.have_bid.includes(p) ? "has bid" : "is choosing"}`,
          ),
        ),
      ),
    );
    if (a.my_bid !== null && a.my_bid !== undefined)
      facts.push(h("span", {}, "Your hidden bid: ", h("strong", {}, String(a.my_bid))));
  }
  return panel(
    "Auction",
    h("div", { class: "auction-box" }, cards, h("div", { class: "auction-facts" }, facts)),
  );
}

/** Why this seat, asked in an open, once-around or fixed-price auction, may only pass: its cash
 * does not reach the price or above the highest bid (else null). */
function shortOfCash(view, ctx) {
  const a = view.auction;
  const me = view.seat;
  if (me === null || me === undefined || !view.actors.includes(me) || !ctx.act) return null;
  if (ctx.legal.some((k) => k.kind !== "pass")) return null;
  const cash = view.cash[me];
  if (a.type === "fixed_price" && a.price !== null && a.price !== undefined && cash < a.price)
    return `You have ${cash}, less than the price: you can only pass.`;
  if ((a.type === "open" || a.type === "once_around") && a.high !== null && a.high !== undefined && cash <= a.high)
    return `You have ${cash}, not more than the highest bid: you can only pass.`;
  return null;
}

function artistBoard(view, ctx) {
  const rounds = view.board.length;
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, "Artist"),
    h("th", { scope: "col" }, `Played in round ${view.round}`),
    Array.from({ length: rounds }, (_, r) => h("th", { scope: "col" }, `Round ${r + 1}`)),
    view.over
      ? h("th", { scope: "col" }, "Value at the end")
      : h("th", { scope: "col", title: "What one painting earns at the end of this round" }, "A painting pays"),
  );
  const rows = ctx.catalog.artists.map((name, a) =>
    h(
      "tr",
      { "data-artist": a },
      h("th", { scope: "row" }, h("span", { class: "swatch", style: `background:${COLORS[a][0]}` }), name),
      h(
        "td",
        { "aria-label": `${view.played[a]} played` },
        svg(
          58,
          12,
          null,
          Array.from({ length: 5 }, (_, i) =>
            s("circle", {
              cx: 6 + i * 11.5,
              cy: 6,
              r: 4.5,
              fill: i < view.played[a] ? COLORS[a][0] : "#fff",
              stroke: COLORS[a][2],
            }),
          ),
        ),
      ),
      view.board.map((r) => h("td", {}, r[a] ? String(r[a]) : "")),
      h("td", { "data-pays": paysNow(view, a).pays }, paysWords(view, a)),
    ),
  );
  return panel(
    "Artists",
    h(
      "div",
      { class: "scroll-x" },
      h("table", { class: "grid artist-board" }, h("thead", {}, head), h("tbody", {}, rows)),
    ),
    view.over ? null : boardHint(view),
  );
}

function boardHint(view) {
  return h(
    "p",
    { class: "hint" },
    `Round ${view.round} of 4 · at the round's end the three artists played most get ${TILES.join(" / ")} added to their earlier tiles; only their paintings pay that sum, the others pay 0 · the 5th painting of an artist ends the round · ${plural("card", view.deck_size)} left to deal`,
    view.mystery_hand_size !== null && view.mystery_hand_size !== undefined
      ? ` · mystery hand: ${plural("card", view.mystery_hand_size)}`
      : "",
  );
}

/** "40 if it stays 1st (20 + 30)", or "0: not ranked now". */
function paysWords(view, a) {
  if (view.over) return String(view.values[a]);
  const { place, pays } = paysNow(view, a);
  if (place < 0)
    return h(
      "span",
      { class: "muted" },
      view.played[a] ? "0: not among the top 3 now" : `0 unless played (then ${view.values[a] + 10} or more)`,
    );
  return [
    h("strong", {}, String(pays)),
    h("span", { class: "math" }, ` if it stays ${PLACES[place]} (${view.values[a] ? `${view.values[a]} + ` : ""}${TILES[place]})`),
  ];
}

function playersPanel(view, ctx) {
  return seatBoxes("Players", view, ctx, (p) => [
    h(
      "h4",
      {},
      who(ctx, p),
      outOf(view).includes(p) ? h("span", { class: "tag passed-tag" }, "passed") : null,
      cardBack(26, 34, `${plural("card", view.hand_sizes[p])} in hand`, view.hand_sizes[p]),
    ),
    h(
      "div",
      { class: "facts" },
      h(
        "span",
        {},
        "Cash ",
        view.cash[p] === null
          ? h("span", { class: "muted", "data-cash": "hidden" }, "behind the screen")
          : h("b", { "data-cash": view.cash[p] }, String(view.cash[p])),
      ),
      h("span", {}, "Hand ", h("b", {}, String(view.hand_sizes[p]))),
    ),
    h("div", { class: "facts" }, "Bought this round: ", paintingsOf(ctx, view.paintings[p])),
  ]);
}
function handPanel(view, ctx) {
  if (view.hand === null || view.hand === undefined) return null;
  const play = ctx.choices("play");
  const add = ctx.choices("add");
  if (play) ctx.claim("play");
  if (add) ctx.claim("add");
  let enders = 0;
  const cards = view.hand.map((c) => {
    const kind = play && play.has(c) ? "play" : add && add.has(c) ? "add" : null;
    const pic = card(ctx, c);
    if (!kind) return pic;
    const ends = endsRound(view, ctx, c);
    if (ends) enders++;
    return h(
      "button",
      {
        type: "button",
        class: `card-button${ends ? " ends-round" : ""}`,
        "data-kind": kind,
        "data-arg": c,
        "data-key": `hand:${kind}:${c}`,
        "data-ends-round": ends ? "yes" : null,
        "aria-label": `${kind === "play" ? "Auction" : "Add"} ${cardWords(ctx, c)}${ends ? ": this ends the round, unsold" : ""}`,
        title: cardTip(ctx, c),
        onclick: () => ctx.act(kind, c),
      },
      pic,
      ends ? h("span", { class: "ends-mark", "aria-hidden": "true" }, "ends the round") : null,
    );
  });
  const hint = play
    ? "Click a painting to auction it."
    : add
      ? "Click a painting of the same artist to add it to the double (or add nothing)."
      : "";
  const artist = view.auction && view.auction.cards.length ? artistOf(ctx, view.auction.cards[0]) : null;
  const warning = enders
    ? h(
        "p",
        { class: "warn-text", role: "note" },
        add
          ? `Careful: a second ${artist === null ? "painting" : surname(ctx, artist)} would be its 5th this round. It ends the round at once, and the Double is not sold.`
          : "Careful: a painting marked “ends the round” is its artist's 5th this round. Playing it ends the round at once, unsold.",
      )
    : null;
  return panel(
    `Your hand (${view.hand.length})`,
    hint ? h("p", { class: "hint" }, hint) : null,
    warning,
    h(
      "div",
      { class: "row hand", "data-hand-seat": view.seat },
      cards.length ? cards : h("span", { class: "muted" }, "empty"),
    ),
  );
}

/** The seats out of this open auction: they passed and have not bid since (MA-9). */
function outOf(view) {
  return (view.auction && view.auction.out) || [];
}

export default {
  board(view, ctx) {
    // choosing a painting, the hand comes first; while bidding, every seat's cash and
    // purchases stay next to the auction
    const hand = handPanel(view, ctx);
    const choosing = ctx.claimed.has("play") || ctx.claimed.has("add");
    return h(
      "div",
      { class: "board ma" },
      auctionPanel(view, ctx),
      choosing ? hand : null,
      playersPanel(view, ctx),
      artistBoard(view, ctx),
      choosing ? null : hand,
    );
  },

  hidden(view, ctx) {
    const a = view.auction;
    return h(
      "div",
      { class: "hidden-info" },
      h("div", { class: "facts" }, h("span", {}, "Cash ", h("b", {}, String(view.cash[view.seat])))),
      a && a.my_bid !== null && a.my_bid !== undefined
        ? h("div", { class: "facts" }, "Hidden bid chosen: ", h("b", {}, String(a.my_bid)))
        : null,
      h(
        "div",
        { class: "row hand", "data-hand-seat": view.seat },
        view.hand.length
          ? view.hand.map((c) => card(ctx, c, 0.7))
          : h("span", { class: "muted" }, "no cards"),
      ),
    );
  },

  final(view, ctx) {
    const f = view.final;
    if (!f) return null;
    return h(
      "div",
      {},
      h("h4", {}, "Each seat's cash and the paintings left in hand"),
      h(
        "div",
        { class: "players" },
        f.hands.map((hand, p) =>
          h(
            "div",
            { class: "player", style: `--seat:${ctx.color(p)}`, "data-seat": p },
            h("h4", {}, who(ctx, p)),
            h("div", { class: "facts" }, "Cash ", h("b", {}, String(f.cash[p]))),
            h(
              "div",
              { class: "row hand" },
              hand.length ? hand.map((c) => card(ctx, c, 0.6)) : h("span", { class: "muted" }, "no cards left"),
            ),
          ),
        ),
      ),
    );
  },

  phaseLabel(view) {
    return PHASES[view.phase] || view.phase.replace(/_/g, " ");
  },

  roundLabel(e) {
    return e.event === "round" ? `Round ${e.round}` : null;
  },

  auctionStart(e) {
    return e.event === "play";
  },

  summary(events, i, ctx) {
    const e = events[i];
    if (e.event !== "scored" || !e.values) return null;
    const rank = numberTable(
      "ma-ranking",
      ["Artist", "Played", "Place", "A painting pays"],
      ctx.catalog.artists.map((name, a) => {
        const place = e.ranking.indexOf(a);
        return [
          name,
          String(e.played[a]),
          place < 0 ? "—" : `${PLACES[place]} (+${TILES[place]})`,
          place < 0 ? "0" : String(e.values[a]),
        ];
      }),
    );
    const sales = numberTable(
      "ma-sales",
      ["Seat", "Paintings sold to the bank", "Paid"],
      e.sold.map((counts, p) => {
        const parts = counts
          .map((k, a) => [k, a])
          .filter(([k]) => k)
          // a term keeps together (no-break spaces), the sum wraps only between terms
          .map(([k, a]) => `${k}\u00a0${surname(ctx, a)}\u00a0×\u00a0${e.ranking.includes(a) ? e.values[a] : 0}`);
        return [who(ctx, p), parts.length ? parts.join(" + ") : "none", String(e.gains[p])];
      }),
    );
    return {
      title: `Round ${e.round} scored`,
      body: h(
        "div",
        { class: "summary ma-summary", "data-round": e.round },
        // side by side where they fit (a wide table above a tall one pushed the hand off the
        // screen at 1366x800), one above the other in the log
        h("div", { class: "summary-part" }, h("h4", {}, "The artists this round"), rank),
        h("div", { class: "summary-part wide" }, h("h4", {}, "Sales"), sales),
      ),
    };
  },

  breakdown(view, ctx) {
    const n = view.players;
    const rounds = [];
    let cur = null;
    for (const e of view.log || []) {
      if (e.event === "round") rounds.push((cur = Array.from({ length: n }, () => ({ bank: 0, sold: 0, bought: 0 }))));
      if (!cur) continue;
      if (e.event === "won") {
        cur[e.seat].bought += e.price;
        if (e.paid_to >= 0) cur[e.paid_to].sold += e.price;
      } else if (e.event === "scored") e.gains.forEach((x, p) => (cur[p].bank += x));
    }
    const scores = view.result ? view.result.scores : view.cash;
    const head = ["Seat", "Start", ...rounds.map((_, r) => `Round ${r + 1}`), "Cash at the end"];
    const rows = Array.from({ length: n }, (_, p) => {
      const nets = rounds.map((r) => r[p].bank + r[p].sold - r[p].bought);
      const start = scores[p] - nets.reduce((a, b) => a + b, 0);
      return [
        who(ctx, p),
        String(start),
        ...rounds.map((r, k) =>
          h(
            "span",
            {},
            h("strong", {}, signed(nets[k])),
            h(
              "span",
              { class: "math" },
              [
                r[p].bank ? `${r[p].bank} from the bank` : "",
                r[p].sold ? `${r[p].sold} from auctions` : "",
                r[p].bought ? `${r[p].bought} paid` : "",
              ]
                .filter(Boolean)
                .join(", "),
            ),
          ),
        ),
        String(scores[p]),
      ];
    });
    return numberTable("ma-breakdown", head, rows);
  },

  out: outOf,
  outNote: "You passed: you are out of this auction unless you bid again.",

  kindLabel(kind, view, ctx) {
    const a = view.auction;
    const out = ctx && ctx.seat !== null && outOf(view).includes(ctx.seat);
    if (out && kind === "pass") return "Stay out";
    if (out && kind === "bid") return "Bid again";
    const labels = {
      play: "Auction a painting",
      add: "Add a second painting",
      decline: "Add nothing",
      pass: "Pass",
      price: "Set the price",
      buy: a && a.price !== undefined ? `Buy for ${a.price}` : "Buy",
      flip: "Turn up a mystery card",
      skip: "Leave the mystery hand",
      bid: a && a.type === "hidden" ? "Hidden bid" : "Bid",
    };
    return labels[kind] || capital(kind.replace(/_/g, " "));
  },

  choice(kind, value, view, ctx) {
    if (kind === "play" || kind === "add")
      return {
        label: `${kind === "play" ? "Auction" : "Add"} ${cardWords(ctx, value)}${endsRound(view, ctx, value) ? " (ends the round, unsold)" : ""}`,
        pic: card(ctx, value, 0.7),
      };
    return { label: `${this.kindLabel(kind, view, ctx)} ${value}` };
  },
};
