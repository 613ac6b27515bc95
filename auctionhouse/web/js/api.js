// The server's HTTP API (docs/server-api.md) and the seat tokens kept in this browser.

import * as identity from "./identity.js";

/** A request to the API; `headers` carries the player key where one is needed. */
export async function call(method, path, body, headers = {}) {
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError(0, "the server cannot be reached; is `auctionhouse serve` running?");
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) throw new ApiError(res.status, problem(data, res));
  return data;
}

function problem(data, res) {
  const detail = data && data.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail))
    return detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  return `${res.status} ${res.statusText}`;
}

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

let gamesPromise = null;

/** Every game with its options, catalog and bots (fetched once). */
export function games() {
  if (!gamesPromise) {
    gamesPromise = call("GET", "/api/games").catch((e) => {
      gamesPromise = null;
      throw e;
    });
  }
  return gamesPromise;
}

export async function gameInfo(name) {
  return (await games()).find((g) => g.name === name) || null;
}

/**
 * Make a table. With `seat` (a human seat), this browser's player (see `join`) sits there as the
 * table is made, in the same request, and the seat's token is kept like a join's; a table whose
 * other seats are bots then starts at once.
 */
export async function createTable(body, name, seat) {
  if (seat === undefined || seat === null) return call("POST", "/api/tables", body);
  const me = await identity.ensure(name);
  const made = await call("POST", "/api/tables", { ...body, join: { seat } }, identity.headers(me));
  saveSeat(made.id, { seat: made.joined.seat, token: made.joined.token, name: me.name });
  rememberName(me.name);
  return made;
}

export const listTables = (status, game) =>
  call("GET", `/api/tables?status=${encodeURIComponent(status)}${game ? `&game=${encodeURIComponent(game)}` : ""}`);
export const getTable = (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`);
export const getReplay = (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/replay`);

/**
 * Take a seat as this browser's player (made on the first sit, renamed when `name` changed);
 * the seat's token is kept in localStorage for this table (never in a URL).
 */
export async function join(tableId, name, seat) {
  const me = await identity.ensure(name);
  const body = {};
  if (seat !== undefined && seat !== null) body.seat = seat;
  const path = `/api/tables/${encodeURIComponent(tableId)}/join`;
  const joined = await call("POST", path, body, identity.headers(me));
  saveSeat(joined.table, { seat: joined.seat, token: joined.token, name: me.name });
  rememberName(me.name);
  return joined;
}

// what an answer just said of a table ({info, state}), for the table page that opens next
const known = new Map();

/**
 * Ask for the rematch of a finished table as player `me`: the server makes it (or finds it) and
 * seats this player at the seat kept for them; the seat's token is kept like a join's.
 */
export async function rematch(tableId, me) {
  const path = `/api/tables/${encodeURIComponent(tableId)}/rematch`;
  const joined = await call("POST", path, undefined, identity.headers(me));
  saveSeat(joined.table, { seat: joined.seat, token: joined.token, name: me.name });
  known.set(joined.table, { info: joined.info, state: joined.state });
  return joined;
}

/** What an answer said of table `id` ({info, state}; once), or null: the page asks the server. */
export function knownTable(id) {
  const found = known.get(id) || null;
  known.delete(id);
  return found;
}

// --- what this browser keeps ----------------------------------------------------------------
const SEAT_KEY = "auctionhouse.seat.";
const NAME_KEY = "auctionhouse.name";

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The seat this browser holds at a table: {seat, token, name}, or null. */
export function loadSeat(tableId) {
  const raw = storage() && storage().getItem(SEAT_KEY + tableId);
  if (!raw) return null;
  try {
    const data = JSON.parse(raw);
    return typeof data.token === "string" && Number.isInteger(data.seat) ? data : null;
  } catch {
    return null;
  }
}

export function saveSeat(tableId, data) {
  if (storage()) storage().setItem(SEAT_KEY + tableId, JSON.stringify(data));
}

export function forgetSeat(tableId) {
  if (storage()) storage().removeItem(SEAT_KEY + tableId);
}

/** The name to offer: this browser's player's, else the last one typed. */
export function rememberedName() {
  const me = identity.me();
  return (me && me.name) || (storage() && storage().getItem(NAME_KEY)) || "";
}

export function rememberName(name) {
  if (storage()) storage().setItem(NAME_KEY, name);
}

/** The address of the page that joins a seat (a person opens it and types a name). */
export function joinLink(tableId, seat) {
  return `${location.origin}${location.pathname}#/join/${encodeURIComponent(tableId)}/${seat}`;
}
