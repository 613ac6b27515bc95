// The leaderboards (#/leaderboard/<game>): one per game, people and bot levels ranked by rating.

import * as api from "./api.js";
import { h, put } from "./dom.js";
import * as identity from "./identity.js";
import { taggedName } from "./playertag.js";

const PAGE = 50;

export function leaderboardPage(root, gameName) {
  const box = h("section", { class: "panel leaderboard", "aria-labelledby": "board-title" });
  put(root, box, h("p", { class: "muted" }, "Loading…"));
  document.title = "Leaderboards · auctionhouse";
  api
    .games()
    .then(async (games) => {
      const game = games.find((g) => g.name === gameName) || games[0];
      document.title = `${game.title} leaderboard · auctionhouse`;
      const board = await api.call("GET", `/api/leaderboard/${encodeURIComponent(game.name)}?limit=${PAGE}`);
      put(root, box);
      draw(games, game, board);
    })
    .catch((e) => put(root, h("p", { class: "field-error", role: "alert" }, e.message)));

  function draw(games, game, board) {
    const mine = identity.me();
    put(
      box,
      h("h1", { id: "board-title" }, "Leaderboards"),
      h(
        "nav",
        { class: "tabs", "aria-label": "Games" },
        games.map((g) =>
          h(
            "a",
            {
              href: `#/leaderboard/${encodeURIComponent(g.name)}`,
              class: `tab${g === game ? " chosen" : ""}`,
              "aria-current": g === game ? "page" : null,
              "data-game": g.name,
            },
            g.title,
          ),
        ),
      ),
      board.entries.length
        ? h(
            "table",
            { class: "board-table", "data-game": game.name },
            h("caption", { class: "muted" }, `${game.title}: rating = skill − 3 × uncertainty; a newcomer starts at 0.`),
            h(
              "thead",
              {},
              h(
                "tr",
                {},
                ["#", "Player", "Rating", "Games", "Wins"].map((c, i) =>
                  h("th", { scope: "col", class: i > 1 ? "num" : null }, c),
                ),
              ),
            ),
            h(
              "tbody",
              {},
              board.entries.map((e) =>
                h(
                  "tr",
                  { class: mine && e.player === mine.id ? "me" : null, "data-player": e.player, "data-bot": e.bot },
                  h("td", {}, String(e.rank)),
                  h(
                    "td",
                    {},
                    e.player
                      ? h("a", { href: `#/player/${encodeURIComponent(e.player)}` }, taggedName(e.name, e.player))
                      : h("span", { class: "bot-name" }, e.name),
                  ),
                  h("td", { class: "num" }, e.rating.toFixed(1)),
                  h("td", { class: "num" }, String(e.games)),
                  h("td", { class: "num" }, String(e.wins)),
                ),
              ),
            ),
          )
        : h("p", {}, `Nobody has finished a game of ${game.title} with people in it yet.`),
      board.total > board.entries.length ? h("p", { class: "muted" }, `The best ${board.entries.length} of ${board.total}.`) : null,
      h("p", { class: "muted", id: "who-is-listed" }, whoIsListed(board)),
    );
  }
  return () => {};
}

/** Who a leaderboard lists, in a player's words. */
function whoIsListed(board) {
  const games = `${board.min_games} rated ${board.min_games === 1 ? "game" : "games"}`;
  const opponents = `${board.min_opponents} different ${board.min_opponents === 1 ? "opponent" : "opponents"}`;
  return (
    `A person is listed after ${games} against ${opponents} (each bot level counts as one). ` +
    "Only games of players and bot levels are rated: not practice tables, " +
    "nor tables with a guest or with two people who joined from one address."
  );
}
