// The browser app: a hash router over the lobby, the join page, tables and replays.
//   #/                    the lobby
//   #/join/<table>/<seat> type a name, take the seat
//   #/table/<table>       play (with this browser's seat) or watch
//   #/replay/<table>      step through a finished game

import { h, put } from "./dom.js";
import { joinPage } from "./join.js";
import { lobbyPage } from "./lobby.js";
import { replayPage } from "./replay.js";
import { tablePage } from "./table.js";

const root = document.getElementById("app");
let leave = null;

function route() {
  if (leave) leave();
  leave = null;
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const [page, id, seat] = parts;
  window.scrollTo(0, 0);
  if (!page) leave = lobbyPage(root);
  else if (page === "table" && id) leave = tablePage(root, id);
  else if (page === "join" && id && /^\d+$/.test(seat || "")) leave = joinPage(root, id, Number(seat));
  else if (page === "replay" && id) leave = replayPage(root, id);
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
