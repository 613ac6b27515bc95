// This browser's player: a long random key made by the server on the first sit, kept in
// localStorage with the player's public id and display name. The key goes to the server only in
// the X-Player-Key header; another browser adopts it from an export link (#key=..., a fragment,
// which browsers never send to a server) or from the key typed in as a code, always once the
// person has seen whose player it is and said yes: a link may be anyone's.

import { call } from "./api.js";

const PLAYER_KEY = "auctionhouse.player";
const KEY_FORM = /^[A-Za-z0-9_-]{43}$/;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The player this browser holds, {id, name, key}, or null. */
export function me() {
  const raw = storage() && storage().getItem(PLAYER_KEY);
  if (!raw) return null;
  try {
    const p = JSON.parse(raw);
    return typeof p.id === "string" && typeof p.name === "string" && KEY_FORM.test(p.key) ? p : null;
  } catch {
    return null;
  }
}

/** Make `player` ({id, name, key}, e.g. from `whose`) this browser's player. */
export function keep(player) {
  if (storage()) storage().setItem(PLAYER_KEY, JSON.stringify({ id: player.id, name: player.name, key: player.key }));
  return player;
}

export function headers(player) {
  return player ? { "X-Player-Key": player.key } : {};
}

/** This browser's player, made with `name` when there is none, renamed when `name` differs. */
export async function ensure(name) {
  const held = me();
  const wanted = (name || "").trim();
  if (!held) return keep(await call("POST", "/api/players", { name: wanted }));
  if (wanted && wanted !== held.name) return rename(wanted);
  return held;
}

export async function rename(name) {
  const held = me();
  const done = await call("PUT", "/api/players/me", { name }, headers(held));
  return keep({ ...held, name: done.name });
}

export const CODE_FORM_PROBLEM = "A player code is 43 letters, digits, - and _.";

export function isCode(text) {
  return KEY_FORM.test(String(text || "").trim());
}

/** The player of `key`, {id, name, key}, as the server says; nothing is kept. */
export async function whose(key) {
  const text = String(key || "").trim();
  if (!KEY_FORM.test(text)) throw new Error(CODE_FORM_PROBLEM);
  const found = await call("GET", "/api/players/me", undefined, { "X-Player-Key": text });
  return { id: found.id, name: found.name, key: text };
}

/** Take the player of `key` into this browser (after the server says whose it is). */
export async function adopt(key) {
  return keep(await whose(key));
}

/** The link that carries this browser's player to another browser. */
export function exportLink(player) {
  return `${location.origin}${location.pathname}#key=${player.key}`;
}

/** The key in an export link's fragment, or null (read before the router sees the address). */
export function keyInAddress() {
  const m = /^#key=([A-Za-z0-9_-]+)$/.exec(location.hash);
  return m ? m[1] : null;
}
