// The join page (#/join/<table>/<seat>): a person opens the link they were sent, types a name
// and takes the seat; the seat's token stays in this browser (localStorage), never in a URL.

import * as api from "./api.js";
import { seatName } from "./common.js";
import { h, put } from "./dom.js";

export function joinPage(root, tableId, seat) {
  const enc = encodeURIComponent(tableId);
  if (api.loadSeat(tableId)) {
    location.replace(`#/table/${enc}`);
    return () => {};
  }
  const box = h(
    "section",
    { class: "panel join", "aria-labelledby": "join-title" },
    h("h2", { id: "join-title" }, "Join a table"),
    h("p", { class: "muted" }, "Loading…"),
  );
  put(root, box);
  document.title = "Join · auctionhouse";

  Promise.all([api.getTable(tableId), api.games()])
    .then(([table, games]) => {
      const game = games.find((g) => g.name === table.game) || { title: table.game };
      const target = table.seats[seat];
      const free = target && target.kind === "human" && !target.joined && table.status === "open";
      const others = table.seats.filter((s) => s.kind === "human" && !s.joined).map((s) => s.seat);
      const input = h("input", {
        id: "join-name",
        type: "text",
        maxlength: 40,
        required: true,
        autocomplete: "nickname",
        value: api.rememberedName(),
      });
      const error = h("p", { class: "field-error", role: "alert" });
      const form = h(
        "form",
        {
          class: "join-form",
          onsubmit: async (ev) => {
            ev.preventDefault();
            const name = input.value.trim();
            if (!name) {
              error.textContent = "Type the name the others will see.";
              input.focus();
              return;
            }
            form.querySelector("button").disabled = true;
            try {
              await api.join(tableId, name, seat);
              location.hash = `#/table/${enc}`;
            } catch (e) {
              error.textContent = e.message;
              form.querySelector("button").disabled = false;
            }
          },
        },
        h("div", { class: "field" }, h("label", { for: "join-name" }, "Your name"), input),
        h("button", { type: "submit", class: "primary" }, `Sit at seat ${seat + 1}`),
        error,
      );
      put(
        box,
        h("h2", { id: "join-title" }, `Join “${table.title}”`),
        h(
          "p",
          {},
          `${game.title}, ${table.players} players: `,
          table.seats
            .map(
              (s) =>
                `${s.seat + 1}. ${s.kind === "human" && !s.joined ? "(free)" : seatName(table.seats, s.seat)}`,
            )
            .join(" · "),
        ),
        free
          ? form
          : h(
              "div",
              {},
              h(
                "p",
                { class: "notice" },
                table.status !== "open" ? "This game has already started." : `Seat ${seat + 1} is not free.`,
              ),
              others.length && table.status === "open"
                ? h(
                    "p",
                    {},
                    "Free seats: ",
                    others.map((p) =>
                      h("a", { class: "button small", href: `#/join/${enc}/${p}` }, `Seat ${p + 1}`),
                    ),
                  )
                : null,
              h(
                "p",
                {},
                h("a", { class: "button", href: `#/table/${enc}` }, "Watch the table"),
                " ",
                h("a", { href: "#/" }, "Lobby"),
              ),
            ),
      );
      if (free) input.focus();
    })
    .catch((e) =>
      put(
        box,
        h("h2", { id: "join-title" }, "Join a table"),
        h(
          "p",
          { class: "field-error", role: "alert" },
          e.status === 404 ? "There is no such table." : e.message,
        ),
        h("a", { href: "#/" }, "Lobby"),
      ),
    );
  return () => {};
}
