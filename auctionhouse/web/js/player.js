// A player's page (#/player/<id>): public facts only: the name, per game the rating with a chart
// of it over the last games, games and wins, and the finished games with links to their replays.

import * as api from "./api.js";
import { ratingChart } from "./chart.js";
import { h, put } from "./dom.js";
import { playerTag, taggedName } from "./playertag.js";
import { ago } from "./when.js";

const PAGE = 20;
const CHART_GAMES = 100;

const playerPath = (id) => `/api/players/${encodeURIComponent(id)}`;

export function playerPage(root, playerId) {
  const box = h("div", { class: "player-page" }, h("p", { class: "muted" }, "Loading…"));
  put(root, box);
  document.title = "Player · auctionhouse";
  // the player, the games and their latest games at once: the charts and the first page of the
  // list come from those, without a second round of requests
  const latest = `${playerPath(playerId)}/history?limit=${CHART_GAMES}`;
  Promise.all([api.call("GET", playerPath(playerId)), api.games(), api.call("GET", latest)])
    .then(([player, games, recent]) => draw(player, games, recent))
    .catch((e) =>
      put(
        box,
        h("p", { class: "field-error", role: "alert" }, e.status === 404 ? "There is no such player." : e.message),
        h("a", { href: "#/" }, "Lobby"),
      ),
    );

  function draw(player, games, recent) {
    const title = (name) => (games.find((g) => g.name === name) || { title: name }).title;
    document.title = `${player.name} ${playerTag(player.id)} · auctionhouse`;
    const history = h("ol", { class: "history", id: "history" });
    const more = h("button", { type: "button", class: "small", hidden: true }, "Older games");
    let offset = 0;
    const show = (rows) => {
      offset += rows.length;
      history.append(...rows.map((g) => historyItem(g, player.id, title)));
      more.hidden = rows.length < PAGE;
    };
    const loadMore = async () => {
      more.disabled = true;
      show(await api.call("GET", `${playerPath(player.id)}/history?limit=${PAGE}&offset=${offset}`));
      more.disabled = false;
    };
    put(
      box,
      h(
        "section",
        { class: "panel", "aria-labelledby": "player-title" },
        h("h1", { id: "player-title" }, taggedName(player.name, player.id)),
        h(
          "p",
          { class: "muted" },
          `Player ${playerTag(player.id)} · playing since ${new Date(player.created_at * 1000).toLocaleDateString()}`,
        ),
        player.ratings.length
          ? h(
              "div",
              { class: "ratings" },
              player.ratings.map((r) => ratingCard(player.id, r, title(r.game), recent)),
            )
          : h("p", {}, "No finished game yet."),
      ),
      h(
        "section",
        { class: "panel", "aria-labelledby": "history-title" },
        h("h2", { id: "history-title" }, "Games"),
        history,
        more,
      ),
    );
    more.onclick = () => loadMore().catch((e) => history.append(h("li", { class: "field-error" }, e.message)));
    show(recent.slice(0, PAGE));
  }
  return () => {};
}

/** A game's rating card; its chart from the player's latest games (`recent`, newest first), or
 * from a request of its own when those hold fewer of this game than the chart shows. */
function ratingCard(playerId, r, gameTitle, recent) {
  const chart = h("div", { class: "chart-slot" });
  const draw = (rows) => put(chart, ratingChart(rows.map((g) => g.rating).reverse(), `${gameTitle} rating`));
  const mine = recent.filter((g) => g.game === r.game);
  if (mine.length >= Math.min(r.games, CHART_GAMES)) draw(mine);
  else
    api
      .call("GET", `${playerPath(playerId)}/history?game=${encodeURIComponent(r.game)}&limit=${CHART_GAMES}`)
      .then(draw)
      .catch(() => put(chart));
  return h(
    "section",
    { class: "rating-card", "data-game": r.game, "aria-label": `${gameTitle} rating` },
    h("h2", {}, h("a", { href: `#/leaderboard/${encodeURIComponent(r.game)}` }, gameTitle)),
    h(
      "p",
      { class: "rating-line" },
      h("strong", { class: "rating", "data-rating": r.rating }, r.rating.toFixed(1)),
      " rating · ",
      h("span", { class: "games" }, `${r.games} ${r.games === 1 ? "game" : "games"}`),
      " · ",
      h("span", { class: "wins", "data-wins": r.wins }, `${r.wins} ${r.wins === 1 ? "win" : "wins"}`),
    ),
    chart,
  );
}

function historyItem(g, playerId, title) {
  const others = g.seats
    .filter((s) => s.seat !== g.seat)
    .map((s) =>
      s.player
        ? h("a", { href: `#/player/${encodeURIComponent(s.player)}` }, taggedName(s.name, s.player))
        : s.name || `Seat ${s.seat + 1}`,
    );
  const enc = encodeURIComponent(g.table);
  return h(
    "li",
    { class: `history-item${g.won ? " won" : ""}`, "data-table": g.table },
    h(
      "div",
      {},
      h("strong", {}, g.won ? "Won" : `${ordinal(g.place)} of ${g.players}`),
      g.absent ? h("span", { class: "absent" }, " (moved mostly by the turn timer's bot: counted last)") : "",
      ` · ${title(g.game)}`,
      g.title !== title(g.game) ? ` “${g.title}”` : "",
      h("span", { class: "muted" }, ` · ${ago(g.finished_at)} · score ${g.score} · rating ${g.rating.toFixed(1)}`),
    ),
    h("div", { class: "muted small" }, "with ", joinNodes(others)),
    h("a", { class: "button small", href: `#/replay/${enc}` }, "Replay"),
  );
}

function ordinal(n) {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
}

function joinNodes(items) {
  return items.flatMap((x, i) => (i === 0 ? [x] : [i === items.length - 1 ? " and " : ", ", x]));
}
