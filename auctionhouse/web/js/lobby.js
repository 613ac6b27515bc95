// The lobby: choose a game, the player count, options and who sits where; see the tables
// waiting for people, the games being played and the finished ones.

import * as api from "./api.js";
import { seatName } from "./common.js";
import { h, put, words, capital } from "./dom.js";
import { tableFacts } from "./tablefacts.js";
import { ago } from "./when.js";


/** The bot levels a seat may take at a table of `players`, weakest first: [{spec, label}]
 * (`spec` is the level's name; a level naming its player counts plays only those). */
function botChoices(game, players) {
  return (game.levels || [])
    .filter((lv) => !lv.players || lv.players.includes(players))
    .map((lv) => ({ spec: lv.name, label: `${lv.title} (${lv.about})` }));
}

/** The game's usual player count: 4, or its nearest count. */
function usualPlayers(game) {
  return Math.min(Math.max(4, game.min_players), game.max_players);
}

/** The `standard` bot where it plays `players`, else the first level that does. */
function standardBot(game, players) {
  const bots = botChoices(game, players);
  return (bots.find((b) => b.spec === "standard") || bots[0]).spec;
}

const NAME_PROBLEM = "Type your name to sit at a table.";

export function lobbyPage(root) {
  const state = {
    games: [],
    game: null,
    players: 0,
    seats: [],
    options: {},
    error: "",
    name: api.rememberedName(),
    title: "",
    countdown: null,
    timer: "",
    practice: false,
    more: false,
  };
  // novalidate: the page flags a missing name itself (a table without you needs none)
  const form = h("form", { class: "new-table", novalidate: true, "aria-labelledby": "new-title" });
  const lists = h("div", { class: "table-lists" });
  const filter = h(
    "select",
    { id: "game-filter", "aria-label": "Show the tables of", onchange: () => refresh() },
    h("option", { value: "" }, "All games"),
  );
  put(
    root,
    h(
      "div",
      { class: "lobby" },
      h("section", { class: "panel lobby-new" }, h("h2", { id: "new-title" }, "New table"), form),
      h(
        "section",
        { class: "panel lobby-tables", "aria-labelledby": "tables-title" },
        h(
          "div",
          { class: "panel-head" },
          h("h2", { id: "tables-title" }, "Tables"),
          filter,
          h("button", { type: "button", class: "small", onclick: () => refresh() }, "Refresh"),
        ),
        lists,
      ),
    ),
  );
  document.title = "Lobby · auctionhouse";

  api
    .games()
    .then((games) => {
      state.games = games;
      filter.append(...games.map((g) => h("option", { value: g.name }, g.title)));
      pick(games.find((g) => g.name === "modern-art") || games[0]);
    })
    .catch((e) => put(form, h("p", { class: "field-error", role: "alert" }, e.message)));
  refresh();
  const timer = setInterval(refresh, 5000);

  function pick(game) {
    state.game = game;
    state.players = usualPlayers(game);
    state.options = {};
    state.countdown = null;
    resetSeats();
    drawForm();
  }

  function resetSeats() {
    const bots = botChoices(state.game, state.players);
    const fallback = standardBot(state.game, state.players);
    const offered = (choice) =>
      choice && (!choice.startsWith("bot:") || bots.some((b) => `bot:${b.spec}` === choice));
    const old = state.seats;
    state.seats = Array.from({ length: state.players }, (_, i) =>
      offered(old[i]) ? old[i] : i === 0 ? "you" : `bot:${fallback}`,
    );
    if (!state.seats.includes("you") && !old.length) state.seats[0] = "you";
  }

  function drawForm() {
    const game = state.game;
    const focusKey = document.activeElement && document.activeElement.id;
    const gamePicker = h(
      "fieldset",
      { class: "game-picker" },
      h("legend", {}, "Game"),
      state.games.map((g) =>
        h(
          "label",
          { class: `game-card${g === game ? " chosen" : ""}`, "data-game": g.name },
          h("input", {
            type: "radio",
            name: "game",
            value: g.name,
            checked: g === game,
            onchange: () => pick(g),
            id: `game-${g.name}`,
          }),
          h("span", { class: "game-title" }, g.title),
          h("span", { class: "game-players" }, `${g.min_players}–${g.max_players} players`),
          h("span", { class: "game-summary" }, g.summary),
        ),
      ),
      h(
        "p",
        { class: "how-to-play" },
        "How to play: ",
        state.games.map((g, i) => [
          i ? " · " : "",
          h("a", { href: `#/rules/${encodeURIComponent(g.name)}`, "data-rules": g.name }, g.title),
        ]),
      ),
    );
    const playersSelect = h(
      "select",
      {
        id: "players",
        onchange: (ev) => {
          state.players = Number(ev.target.value);
          resetSeats();
          drawForm();
        },
      },
      range(game.min_players, game.max_players).map((n) =>
        h("option", { value: n, selected: n === state.players }, String(n)),
      ),
    );
    const options = game.options
      .filter((o) => !o.players || o.players.includes(state.players))
      .map(optionField);
    const bots = botChoices(game, state.players);
    const seatRows = state.seats.map((choice, i) =>
      h(
        "li",
        {},
        h("label", { for: `seat-${i}` }, `Seat ${i + 1}`),
        h(
          "select",
          {
            id: `seat-${i}`,
            "data-seat": i,
            onchange: (ev) => {
              if (ev.target.value === "you")
                state.seats = state.seats.map((c) => (c === "you" ? "human" : c));
              state.seats[i] = ev.target.value;
              drawForm();
            },
          },
          h("option", { value: "you", selected: choice === "you" }, "You"),
          h("option", { value: "human", selected: choice === "human" }, "A person (send them a link)"),
          bots.map((b) =>
            h("option", { value: `bot:${b.spec}`, selected: choice === `bot:${b.spec}` }, b.label),
          ),
        ),
      ),
    );
    const quick = h(
      "fieldset",
      { class: "quick-play" },
      h("legend", {}, "Play now against bots"),
      h("p", { class: "hint" }, "A practice table: you and standard bots, at the game's usual player count."),
      h(
        "div",
        { class: "quick-row" },
        state.games.map((g) =>
          h(
            "button",
            { type: "button", class: "quick", "data-game": g.name, onclick: (ev) => quickPlay(g, ev.currentTarget) },
            h("span", { class: "game-title" }, g.title),
            h("span", { class: "game-players" }, `${usualPlayers(g)} players`),
          ),
        ),
      ),
    );
    put(
      form,
      h(
        "div",
        { class: "field name-field" },
        h("label", { for: "your-name" }, "Your name"),
        h("input", {
          id: "your-name",
          type: "text",
          maxlength: 40,
          required: true,
          autocomplete: "nickname",
          "aria-describedby": "name-problem",
          value: state.name,
          oninput: (ev) => {
            state.name = ev.target.value;
            flagName();
          },
        }),
        h("p", { class: "field-error", id: "name-problem" }),
      ),
      quick,
      h("h3", { class: "set-up" }, "Or set up a table"),
      gamePicker,
      h("div", { class: "field" }, h("label", { for: "players" }, "Players"), playersSelect),
      options.length ? h("fieldset", { class: "options" }, h("legend", {}, "Options"), options) : null,
      h("fieldset", { class: "seat-list" }, h("legend", {}, "Who sits where"), h("ol", {}, seatRows)),
      h(
        "details",
        { class: "more", open: state.more, ontoggle: (ev) => (state.more = ev.target.open) },
        h("summary", {}, "Title and clocks"),
        h(
          "div",
          { class: "field" },
          h("label", { for: "title" }, "Title"),
          h("input", {
            id: "title",
            type: "text",
            maxlength: 100,
            placeholder: game.title,
            value: state.title,
            oninput: (ev) => (state.title = ev.target.value),
          }),
        ),
        secondsField(
          "countdown",
          "Open-auction countdown (seconds)",
          3600,
          state.countdown === null ? (game.countdown ?? "") : state.countdown,
          (v) => (state.countdown = v),
        ),
        secondsField(
          "turn-timer",
          "Turn timer: a bot moves for a person after (seconds; 0: never)",
          86400,
          state.timer,
          (v) => (state.timer = v),
          "180",
        ),
        h(
          "div",
          { class: "field check" },
          h("input", {
            id: "practice",
            type: "checkbox",
            checked: state.practice,
            onchange: (ev) => (state.practice = ev.target.checked),
          }),
          h("label", { for: "practice" }, "Practice: not rated (and the turn timer may be short)"),
        ),
      ),
      h(
        "div",
        { class: "create-bar" },
        h("p", { class: "field-error", role: "alert" }, state.error),
        h("button", { type: "submit", class: "primary", id: "create" }, "Create table"),
      ),
    );
    form.onsubmit = submit;
    flagName();
    if (focusKey) {
      const again = document.getElementById(focusKey);
      if (again) again.focus();
    }
  }

  /** A missing name flagged before any click: the field, a sentence, the buttons saying why. */
  function flagName() {
    const missing = !state.name.trim();
    const input = document.getElementById("your-name");
    if (!input) return;
    input.setAttribute("aria-invalid", String(missing));
    document.getElementById("name-problem").textContent = missing ? NAME_PROBLEM : "";
    const create = document.getElementById("create");
    const blocked = missing && state.seats.includes("you");
    create.disabled = blocked;
    create.textContent = blocked ? "Create table: type your name first" : "Create table";
    for (const b of form.querySelectorAll("button.quick")) {
      b.disabled = missing;
      b.title = missing ? "Type your name first" : "";
    }
  }

  /** One click: a practice table of this person and standard bots, made and joined at once. */
  function quickPlay(game, button) {
    const name = state.name.trim();
    if (!name) return flagName();
    const players = usualPlayers(game);
    const bot = standardBot(game, players);
    const seats = Array.from({ length: players }, (_, i) =>
      i === 0 ? { kind: "human" } : { kind: "bot", bot },
    );
    return start({ game: game.name, players, seats, practice: true }, name, 0, button);
  }

  /** Create the table (joining `seat` as `name` in the same request) and go to it. */
  async function start(body, name, seat, button) {
    button.disabled = true;
    try {
      const table = await api.createTable(body, name, seat);
      state.error = "";
      location.hash = `#/table/${encodeURIComponent(table.id)}`;
    } catch (e) {
      state.error = e.message;
      drawForm();
    }
  }

  function optionField(o) {
    const id = `opt-${o.name}`;
    const value = o.name in state.options ? state.options[o.name] : o.default;
    const set = (v) => {
      state.options[o.name] = v;
    };
    // a player's words where the game gives them (the help text names rulings)
    const label = o.label || capital(words(o.name));
    const hint = o.label ? null : h("span", { class: "hint" }, o.help);
    let input;
    if (o.presets) {
      const chosen = Math.max(
        0,
        o.presets.findIndex((p) => JSON.stringify(p.value) === JSON.stringify(value)),
      );
      input = h(
        "select",
        { id, onchange: (ev) => set(o.presets[Number(ev.target.value)].value) },
        o.presets.map((p, i) => h("option", { value: i, selected: i === chosen }, p.label)),
      );
      return h("div", { class: "field" }, h("label", { for: id }, label), input);
    }
    if (o.type === "bool") {
      input = h("input", {
        id,
        type: "checkbox",
        checked: Boolean(value),
        onchange: (ev) => set(ev.target.checked),
      });
      return h(
        "div",
        { class: "field check" },
        input,
        h("label", { for: id }, label),
        hint,
      );
    }
    if (o.choices) {
      input = h(
        "select",
        { id, onchange: (ev) => set(ev.target.value) },
        o.choices.map((c) => h("option", { value: c, selected: c === value }, String(c))),
      );
    } else if (o.type === "int" || o.type === "float") {
      input = h("input", {
        id,
        type: "number",
        step: o.type === "int" ? 1 : "any",
        value,
        onchange: (ev) => set(Number(ev.target.value)),
      });
    } else {
      input = h("input", {
        id,
        type: "text",
        value: typeof value === "string" ? value : JSON.stringify(value),
        onchange: (ev) => {
          const text = ev.target.value.trim();
          try {
            set(text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text);
          } catch {
            set(text);
          }
        },
      });
    }
    return h("div", { class: "field" }, h("label", { for: id }, label), input, hint);
  }

  async function submit(ev) {
    ev.preventDefault();
    const game = state.game;
    const nameInput = document.getElementById("your-name");
    const name = nameInput ? nameInput.value.trim() : "";
    const you = state.seats.indexOf("you");
    if (you >= 0 && !name) {
      flagName();
      document.getElementById("your-name").focus();
      return;
    }
    const body = {
      game: game.name,
      players: state.players,
      seats: state.seats.map((c) =>
        c.startsWith("bot:") ? { kind: "bot", bot: c.slice(4) } : { kind: "human" },
      ),
    };
    const options = {};
    for (const o of game.options) {
      if (
        o.name in state.options &&
        state.options[o.name] !== o.default &&
        (!o.players || o.players.includes(state.players))
      )
        options[o.name] = state.options[o.name];
    }
    if (Object.keys(options).length) body.options = options;
    const title = document.getElementById("title").value.trim();
    if (title) body.title = title;
    const countdown = Number(document.getElementById("countdown").value);
    if (countdown > 0) body.countdown = countdown;
    const timer = document.getElementById("turn-timer").value.trim();
    if (timer !== "") body.turn_timer = Number(timer); // empty: the server's default
    if (state.practice) body.practice = true;
    await start(body, name, you >= 0 ? you : null, document.getElementById("create"));
  }

  async function refresh() {
    try {
      const [open, playing, finished] = await Promise.all(
        ["open", "playing", "finished"].map((s) => api.listTables(s, filter.value)),
      );
      const games = state.games.length ? state.games : await api.games();
      const title = (name) => (games.find((g) => g.name === name) || { title: name }).title;
      put(
        lists,
        tableList("Waiting for people", "open", open, title),
        tableList("Being played", "playing", playing, title),
        tableList("Finished", "finished", finished.slice(0, 20), title),
      );
    } catch (e) {
      put(lists, h("p", { class: "field-error", role: "alert" }, e.message));
    }
  }

  return () => clearInterval(timer);
}

/** A field for a number of seconds (empty: none), from 1 up to `max`. */
function secondsField(id, label, max, value, onChange, placeholder = "none") {
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    h("input", {
      id,
      type: "number",
      min: 0,
      max,
      step: 1,
      placeholder,
      value,
      oninput: (ev) => onChange(ev.target.value),
    }),
  );
}

function range(a, b) {
  const out = [];
  for (let i = a; i <= b; i++) out.push(i);
  return out;
}

function tableList(title, status, tables, gameTitle) {
  const id = `list-${status}`;
  return h(
    "section",
    { class: "table-list", "aria-labelledby": id, "data-status": status },
    h("h3", { id }, title, " ", h("span", { class: "count" }, `(${tables.length})`)),
    tables.length
      ? h(
          "ul",
          {},
          tables.map((t) => {
            const mine = api.loadSeat(t.id);
            const enc = encodeURIComponent(t.id);
            const actions = [];
            if (status === "open") {
              for (const s of t.seats.filter((x) => x.kind === "human" && !x.joined)) {
                actions.push(
                  h(
                    "a",
                    { class: "button small", href: `#/join/${enc}/${s.seat}` },
                    `Join seat ${s.seat + 1}`,
                  ),
                );
              }
            }
            if (status === "finished") {
              actions.push(h("a", { class: "button small", href: `#/table/${enc}` }, "Result"));
              actions.push(h("a", { class: "button small", href: `#/replay/${enc}` }, "Replay"));
            } else {
              actions.push(
                h(
                  "a",
                  { class: "button small", href: `#/table/${enc}` },
                  mine ? "Back to your seat" : "Watch",
                ),
              );
            }
            const winners = t.result ? t.result.winners.map((p) => seatName(t.seats, p)).join(" and ") : "";
            return h(
              "li",
              { class: "table-item", "data-table": t.id, "data-game": t.game },
              h(
                "div",
                { class: "table-item-text" },
                h("strong", {}, t.title),
                " ",
                h(
                  "span",
                  { class: "muted" },
                  `${t.title === gameTitle(t.game) ? "" : `${gameTitle(t.game)} · `}${t.players} players · ${ago(status === "finished" ? t.finished_at : t.created_at)}`,
                ),
                winners ? h("div", { class: "muted small" }, `Won by ${winners}.`) : null,
                tableFacts(t),
              ),
              h("div", { class: "table-item-actions" }, actions),
            );
          }),
        )
      : h("p", { class: "muted" }, "None."),
  );
}
