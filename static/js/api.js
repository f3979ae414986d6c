// REST calls with the saved token; a refusal becomes an ApiError carrying the server's code.
const KEY = "dorhami.identity";

export class ApiError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}

export function identity() {
  try { return JSON.parse(localStorage.getItem(KEY)); } catch { return null; }
}

export function saveIdentity(player) {
  localStorage.setItem(KEY, JSON.stringify(player));
  window.dispatchEvent(new Event("dorhami:identity"));
}

// This browser's part of a game's seed (provably fair shuffles): fresh randomness for every seat
// it takes, which ties the deal to this table (docs/FAIR_SHUFFLES.md says what it does not prove).
export function clientSeed() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  const me = identity();
  if (me?.token) headers.Authorization = `Bearer ${me.token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data.code || "http_error", data.message || response.statusText);
  return data;
}

// The game catalogue, fetched once per page.
let games = null;
export function catalogue() {
  games ??= api("GET", "/api/games").catch((err) => { games = null; throw err; });
  return games;
}

// The guest identity of this browser: created once, renamed in place (same id and token, so seats and
// host roles stay), and replaced only by `newIdentity`.
export async function ensurePlayer(name) {
  const me = identity();
  if (me?.token) {
    if (name && me.name !== name) {
      const renamed = await api("PATCH", "/api/players/me", { name });
      saveIdentity({ ...me, name: renamed.name });
    }
    return identity();
  }
  const player = await api("POST", "/api/players", { name });
  saveIdentity(player);
  return player;
}

// A fresh guest: the old one's seats and rooms stay with the old token, which this browser forgets.
export async function newIdentity(name) {
  localStorage.removeItem(KEY);
  return ensurePlayer(name);
}
