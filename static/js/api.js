// REST calls with the saved token; a refusal becomes an ApiError carrying the server's code.
const KEY = "dorhami.identity";

export class ApiError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}

export function identity() {
  try { return JSON.parse(localStorage.getItem(KEY)); } catch { return null; }
}

export function saveIdentity(player) { localStorage.setItem(KEY, JSON.stringify(player)); }

export async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  const me = identity();
  if (me?.token) headers.Authorization = `Bearer ${me.token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data.code || "http_error", data.message || response.statusText);
  return data;
}

// A guest identity, created once per browser and kept in localStorage.
export async function ensurePlayer(name) {
  const me = identity();
  if (me?.token && (!name || me.name === name)) return me;
  const player = await api("POST", "/api/players", { name });
  saveIdentity(player);
  return player;
}
