// "You" (#/me): this browser's player: the display name, the link and code that take the player
// to another browser, and a code from another browser to use here. Also the page an export link
// opens (#key=...), which says whose player it brings and asks before taking it.

import * as identity from "./identity.js";
import { h, put } from "./dom.js";
import { taggedName } from "./playertag.js";

function copyable(id, label, value) {
  const input = h("input", { id, type: "text", readonly: true, value, "aria-label": label, class: "copy-field" });
  const button = h(
    "button",
    {
      type: "button",
      class: "small",
      onclick: () => {
        input.select();
        const done = () => (button.textContent = "Copied");
        if (navigator.clipboard) navigator.clipboard.writeText(value).then(done, () => document.execCommand("copy"));
        else if (document.execCommand("copy")) done();
      },
    },
    "Copy",
  );
  return h("div", { class: "copy-row" }, input, button);
}

function nameForm(player, after) {
  const input = h("input", {
    id: "player-name",
    type: "text",
    maxlength: 40,
    required: true,
    autocomplete: "nickname",
    value: player ? player.name : "",
  });
  const error = h("p", { class: "field-error", role: "alert" });
  const form = h(
    "form",
    {
      class: "name-form",
      onsubmit: async (ev) => {
        ev.preventDefault();
        error.textContent = "";
        try {
          after(player ? await identity.rename(input.value.trim()) : await identity.ensure(input.value.trim()));
        } catch (e) {
          error.textContent = e.message;
        }
      },
    },
    h("label", { for: "player-name" }, "Your name"),
    h("div", { class: "copy-row" }, input, h("button", { type: "submit", class: "primary" }, player ? "Rename" : "Save")),
    error,
  );
  return form;
}

function codeForm(player, after) {
  const input = h("input", { id: "player-code", type: "text", autocomplete: "off", spellcheck: false });
  const error = h("p", { class: "field-error", role: "alert" });
  return h(
    "form",
    {
      class: "code-form",
      onsubmit: async (ev) => {
        ev.preventDefault();
        error.textContent = "";
        if (!identity.isCode(input.value)) {
          error.textContent = identity.CODE_FORM_PROBLEM;
          return;
        }
        if (player && !window.confirm(`This browser's player ${player.name} is replaced. Go on?`)) return;
        try {
          after(await identity.adopt(input.value));
        } catch (e) {
          error.textContent = e.status === 401 ? "This code is no player's on this server." : e.message;
        }
      },
    },
    h("label", { for: "player-code" }, "A code from another browser"),
    h("div", { class: "copy-row" }, input, h("button", { type: "submit" }, "Use it here")),
    error,
  );
}

export function profilePage(root) {
  document.title = "You · auctionhouse";
  const box = h("section", { class: "panel profile", "aria-labelledby": "profile-title" });
  put(root, box);
  draw(identity.me());

  function draw(player) {
    put(
      box,
      h("h1", { id: "profile-title" }, player ? player.name : "You"),
      player
        ? [
            h(
              "p",
              { class: "muted", id: "seen-as" },
              "On leaderboards and player pages others see you as ",
              h("strong", {}, taggedName(player.name, player.id)),
              ": names can repeat, and the tag tells players of one name apart.",
            ),
            h("p", {}, h("a", { href: `#/player/${encodeURIComponent(player.id)}`, id: "my-page" }, "Your games and ratings")),
          ]
        : h(
            "p",
            { class: "muted" },
            "You get a player the first time you sit at a table: no password, just a key this browser keeps.",
          ),
      nameForm(player, draw),
      player
        ? h(
            "section",
            { class: "export", "aria-labelledby": "export-title" },
            h("h2", { id: "export-title" }, "Play from another browser"),
            h("p", { class: "muted" }, "Open this link there, or type the code. Keep both to yourself: they are your player."),
            copyable("export-link", "Link to your player", identity.exportLink(player)),
            copyable("export-code", "Your player code", player.key),
          )
        : null,
      h("section", { class: "adopt" }, codeForm(player, draw)),
    );
  }
  return () => {};
}

/** The page an export link opens: says whose player the link brings and takes it here only when
 * the person says so (a link may be anyone's: played here, their games would count as its). */
export function adoptPage(root, key) {
  document.title = "Your player · auctionhouse";
  const held = identity.me();
  const box = h("section", { class: "panel profile", "aria-live": "polite" });
  put(root, box);
  put(box, h("p", { class: "muted" }, "Looking up the link's player…"));
  let live = true;
  const refused = (e) =>
    put(
      box,
      h("h1", {}, "This link does not work"),
      h("p", { class: "field-error", role: "alert" }, e.status === 401 ? "Its key is no player's on this server." : e.message),
      h("a", { href: "#/" }, "Lobby"),
    );
  const ask = (found) => {
    if (held && held.key === found.key) return location.replace("#/me");
    const who = h("strong", {}, taggedName(found.name, found.id));
    put(
      box,
      h("h1", { id: "adopt-title" }, "Play as the link's player?"),
      h(
        "p",
        { id: "adopt-whose" },
        "This link brings the player ",
        who,
        held ? `. Using it here replaces ${held.name}, the player this browser plays as now.` : ".",
      ),
      h(
        "p",
        { class: "muted" },
        "Use it only if the player is yours: whatever you play here would be theirs, under their name.",
      ),
      h(
        "p",
        {},
        h(
          "button",
          {
            type: "button",
            class: "primary",
            id: "adopt",
            onclick: () => {
              identity.keep(found);
              location.replace("#/me");
            },
          },
          `Play as ${found.name}`,
        ),
        " ",
        h("a", { class: "button", id: "refuse", href: held ? "#/me" : "#/" }, held ? `Keep ${held.name}` : "No, thanks"),
      ),
    );
  };
  identity.whose(key).then(
    (found) => live && ask(found),
    (e) => live && refused(e),
  );
  return () => {
    live = false;
  };
}
