// How far this browser got in each game's tutorial, and which it finished or turned down. A signed-in
// player's progress is kept by the server too, so a second device knows what the first one learnt.
import { api, identity } from "../api.js";

const KEY = "dorhami.learn";

function read() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { return {}; }
}

function write(all) {
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch { /* private mode: the page still works */ }
}

export function progressOf(slug) { return read()[slug] || {}; }

export function saveProgress(slug, step, done = false) {
  const all = read();
  const was = all[slug] || {};
  all[slug] = { ...was, step, done: !!(was.done || done) };
  write(all);
  if (identity()?.token) api("PUT", `/api/players/me/tutorials/${slug}`, { step, done }).catch(() => {});
}

// "No thanks": the offer is not made again for this game (the tutorial stays in the menus).
export function declineOffer(slug) {
  const all = read();
  all[slug] = { ...(all[slug] || {}), declined: true };
  write(all);
}

export function wantsOffer(slug) {
  const mine = progressOf(slug);
  return !mine.done && !mine.declined;
}

// Once per page and identity: what the server knows from the player's other devices comes in, and
// what this browser learnt before the player had a name (a newcomer's first tutorial) goes up.
let synced = null;
export function syncProgress() {
  const token = identity()?.token;
  if (!token) return Promise.resolve();
  if (synced?.token !== token) synced = { token, done: merge() };
  return synced.done;
}

async function merge() {
  try {
    const rows = await api("GET", "/api/players/me/tutorials");
    const all = read();
    const known = new Map(rows.map((row) => [row.game, row]));
    for (const row of rows) {
      const was = all[row.game] || {};
      all[row.game] = { ...was, step: was.step ?? row.step, done: !!(was.done || row.done) };
    }
    write(all);
    const behind = Object.entries(all).filter(([game, mine]) => Number.isInteger(mine.step) && (!known.has(game) || (mine.done && !known.get(game).done)));
    await Promise.all(behind.map(([game, mine]) => api("PUT", `/api/players/me/tutorials/${game}`, { step: mine.step, done: !!mine.done }).catch(() => {})));
  } catch { synced = null; }
}
