// The browser app: a hash router over the lobby, the join page, tables and replays.
//   #/                    the lobby
//   #/join/<table>/<seat> type a name, take the seat
//   #/table/<table>       play (with this browser's seat) or watch
//   #/replay/<table>      step through a finished game
//   #/rules/<game>        how to play a game
//   #/me                  this browser's player: name, export link and code
//   #/player/<id>         a player's page: ratings, chart, games
//   #/leaderboard/<game>  a game's leaderboard
//   #key=<key>            an export link: asks whether to adopt its player (the key is taken out
//                         of the address at once, and forgotten once answered)

import { h, put } from "./dom.js";
import { keyInAddress } from "./identity.js";
import { leaderboardPage } from "./leaderboard.js";
import { playerPage } from "./player.js";
import { adoptPage, profilePage } from "./profile.js";
import { joinPage } from "./join.js";
import { lobbyPage } from "./lobby.js";
import { replayPage } from "./replay.js";
import { rulesPage } from "./rules.js";
import { tablePage } from "./table.js";

const root = document.getElementById("app");
let leave = null;
let carried = null; // the key an export link brought, held here, never left in the address

function route() {
  if (leave) leave();
  leave = null;
  const key = keyInAddress();
  if (key) {
    carried = key;
    history.replaceState(null, "", "#/adopt");
  }
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const [page, id, seat] = parts;
  window.scrollTo(0, 0);
  if (!page) leave = lobbyPage(root);
  else if (page === "table" && id) leave = tablePage(root, id);
  else if (page === "join" && id && /^\d+$/.test(seat || "")) leave = joinPage(root, id, Number(seat));
  else if (page === "replay" && id) leave = replayPage(root, id);
  else if (page === "rules" && id) leave = rulesPage(root, id);
  else if (page === "me") leave = profilePage(root);
  else if (page === "adopt" && carried) {
    leave = adoptPage(root, carried);
    carried = null;
  }
  else if (page === "adopt") leave = profilePage(root);
  else if (page === "player" && id) leave = playerPage(root, id);
  else if (page === "leaderboard") leave = leaderboardPage(root, id || "");
  else
    put(
      root,
      h(
        "section",
        { class: "panel" },
        h("h2", {}, "Nothing here"),
        h("p", {}, h("a", { href: "#/" }, "Go to the lobby")),
      ),
    );
  const main = document.getElementById("app");
  if (main) main.focus({ preventScroll: true });
}

window.addEventListener("hashchange", route);
route();
