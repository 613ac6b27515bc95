// How to play (#/rules/<game>): each game's rules in a player's words, drawn with the cards,
// tiles and works of the table itself. Written from docs/rules/<game>.md, without ruling ids.

import * as api from "./api.js";
import { makeContext } from "./common.js";
import { h, plural, put } from "./dom.js";
import { work } from "./games/art-dice.js";
import { card as maCard } from "./games/modern-art.js";
import { tile } from "./games/qe.js";
import { biddingCard, card as rzCard, cardHelp } from "./games/ratzia.js";

const TYPES = ["open", "once_around", "hidden", "fixed_price", "double"];

/** A picture with its caption. */
function figure(pic, caption) {
  return h("figure", { class: "rules-figure" }, pic, h("figcaption", {}, caption));
}

function section(title, ...body) {
  return h("section", { class: "rules-section" }, h("h3", {}, title), ...body);
}

const para = (text) => h("p", {}, text);
const list = (items) => h("ul", {}, items.map((x) => h("li", {}, x)));

const PAGES = {
  "modern-art": (ctx) => [
    para(
      "You are an art dealer. Over four rounds you auction paintings by five artists, buy them from each other, and sell them to the bank at the end of each round. The richest player at the end wins. Your money stays hidden from the others.",
    ),
    section(
      "Your turn",
      para(
        "Put one painting from your hand up for auction. The symbol at its foot says how the auction runs. The winner pays you; if you win your own painting, you pay the bank. If nobody bids, you keep it for free.",
      ),
      h(
        "div",
        { class: "rules-row" },
        TYPES.map((type, i) => {
          const id = ctx.catalog.cards.findIndex((c) => c.auction === type && c.artist === i);
          const words = {
            open: "Open: everyone bids, in any order and as often as they like, until nobody raises.",
            once_around: "Once around: each player bids once or passes, in turn; you bid last.",
            hidden: "Hidden: everyone picks a secret bid; all are shown at once and the highest wins.",
            fixed_price: "Fixed price: you set a price; in turn, each player may buy at it. If nobody does, you must.",
            double: "Double: you may add a second painting of the same artist; both are sold in one auction.",
          }[type];
          return figure(maCard(ctx, id >= 0 ? id : i * 5, 1.2), words);
        }),
      ),
    ),
    section(
      "The end of a round",
      para(
        "A round ends at once when the fifth painting of one artist is played; that painting is not sold. The three artists with the most paintings played this round rank 1st, 2nd and 3rd (a tie goes to the artist further left on the board).",
      ),
      list([
        "The 1st gets a 30 tile, the 2nd a 20, the 3rd a 10, on top of its tiles from earlier rounds.",
        "Each painting bought this round of a ranked artist is sold to the bank for all of that artist's tiles added up.",
        "Paintings of artists not ranked this round pay nothing, however valuable they were before.",
      ]),
      para("Then every painting bought is discarded, new cards are dealt, and the next round begins."),
    ),
  ],
  ratzia: (ctx) => [
    para(
      "Rats run the city. Over three rounds you win rows of cards at auction, paying with numbered bidding cards. Points come at the end of each round, and Businesses at the end of the game. The most points win.",
    ),
    section(
      "Your turn",
      list([
        "Reveal the top card: it joins the Auction row. A Police card forces an auction; the seventh Police ends the round at once.",
        "Declare an auction of the row as it is.",
        "Steal: give up Thieves to take as many cards from the row.",
      ]),
    ),
    section(
      "Auctions",
      para(
        "Each player, once, bids one face-up bidding card higher than the highest bid, or passes. The winner takes the whole row and the card in the centre (face down, for the next round); their bid becomes the new centre card. Once all your bidding cards are face down, you sit out the rest of the round.",
      ),
      h(
        "div",
        { class: "rules-row" },
        figure(biddingCard(9, "up"), "A bidding card you can bid with"),
        figure(biddingCard(4, "down"), "Face down: used this round"),
        figure(biddingCard(1, "centre"), "The centre card: it goes to the next auction's winner"),
      ),
    ),
    section(
      "What the cards score",
      h(
        "div",
        { class: "rules-row" },
        [1, 2, 4, 9, 17, 18, 16, 0].map((t) => figure(rzCard(ctx, t, 1), cardHelp(t))),
      ),
      para(
        "After each round's scoring only the cards with a palm tree stay (Gangsters, Businesses and Getaway Cars). At the end, the highest sum of bidding cards gets 5 points and the lowest loses 5.",
      ),
    ),
  ],
  qe: (ctx) => [
    para(
      "You are a central bank buying up companies, with money you print: there is no limit to a bid. The most victory points win, but the player who spent the most in all is eliminated at the end.",
    ),
    section(
      "A turn",
      list([
        "The auctioneer shows a company tile and opens with a public bid of at least 1.",
        "Everyone else writes a secret bid: any whole number from 0 up, except the opening bid.",
        "The highest bid wins and pays. Only the winner and the auctioneer learn the price, unless the auctioneer won. A tie means the tied players bid again.",
        "Bidding 0 earns a mark worth 2 points, once per round.",
        "With five players, once per game you may look at one past winning bid, at any moment.",
      ]),
      h(
        "div",
        { class: "rules-row" },
        [0, 5, 10].map((id) => figure(tile(ctx, id, 1.2), (ctx.catalog.tiles || [])[id]?.name || "A company")),
      ),
    ),
    section(
      "The end",
      para(
        "All spending is revealed. The biggest spender is eliminated and cannot win. Everyone else scores:",
      ),
      list([
        "the points printed on their tiles;",
        "2 points for each round with a zero-bid mark;",
        "companies of their own country: 2, 3 or 4 of them earn 3, 6 or 10;",
        "companies of one industry (your secret industry token counts as one): 2, 3, 4 or more earn 3, 6 or 10;",
        "3 or 4 different industries earn 4 or 8;",
        "6 points to whoever spent the least.",
      ]),
    ),
  ],
  "art-dice": (ctx) => [
    para(
      "You collect art. Each artist's works score the square of how many you hold: one work 1 point, two 4, three 9, four 16, five 25. The most points win.",
    ),
    h(
      "div",
      { class: "rules-row" },
      [0, 1, 2].map((id, i) => figure(work(ctx, id, 1.2), `${i + 1} of this artist: ${plural("point", (i + 1) ** 2)}`)),
    ),
    section(
      "A round",
      list([
        "The first bidder may put up one or two works of their own (rolling the die and taking that much gold from the bank for each), then fills the three places from the deck.",
        "In turn, each player rolls the die and places up to that many gold on the works, each amount higher than the highest already on that work.",
        "Each work goes to its highest bidder, who pays the bank; the other gold goes back. Unsold works stay for the next round.",
      ]),
    ),
    section(
      "The end",
      para(
        "The game ends when the deck and the table are empty, or when every player in turn has had a round with nothing sold.",
      ),
    ),
  ],
};

/** A game without an illustrated page (one another package added): its options, in words. */
function optionsOnly(game) {
  return [
    para("This game has no illustrated rules page yet: its rules come with the package that adds it."),
    game.options.length
      ? section("Options", list(game.options.map((o) => `${o.label || o.name}: ${o.help}`)))
      : null,
  ];
}

export function rulesPage(root, name) {
  const box = h("article", { class: "panel rules-page" }, h("p", { class: "muted" }, "Loading the rules…"));
  put(root, box);
  api
    .games()
    .then((games) => {
      const game = games.find((g) => g.name === name);
      if (!game) {
        put(box, h("h2", {}, "No such game"), h("p", {}, h("a", { href: "#/" }, "Go to the lobby")));
        return;
      }
      document.title = `How to play ${game.title} · auctionhouse`;
      const ctx = makeContext(game, [], null, [], null, null);
      put(
        box,
        h("h2", { "data-game": name }, `How to play ${game.title}`),
        h("p", { class: "muted" }, `${game.min_players} to ${game.max_players} players. ${game.summary}`),
        PAGES[name] ? PAGES[name](ctx) : optionsOnly(game),
        h(
          "p",
          { class: "links" },
          h("a", { href: "#/" }, "Back to the lobby"),
          " · Other games: ",
          games
            .filter((g) => g.name !== name)
            .map((g, i) => [i ? " · " : "", h("a", { href: `#/rules/${encodeURIComponent(g.name)}` }, g.title)]),
        ),
      );
    })
    .catch((e) => put(box, h("p", { class: "field-error", role: "alert" }, e.message)));
  return () => {};
}
