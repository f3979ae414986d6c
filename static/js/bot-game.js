// A game against bots in one tap: a private room, the player seated, bots in the other seats, started.
// The lobby's "play against bots" and the end of a tutorial ("play against an easy bot") both use it.
import { api, clientSeed, ensurePlayer, identity } from "./api.js";

// The smallest table the game allows, but three players where the game seats more than two.
function botTableSize(room) {
  return Math.min(room.max_seats, Math.max(room.min_players, 3));
}

export async function startBotGame(slug, { name, config = {}, level = "normal" }) {
  await ensurePlayer(name);
  const room = await api("POST", "/api/rooms", { game: slug, private: true, config });
  await api("POST", `/api/rooms/${room.code}/join`, { client_seed: clientSeed() });
  for (let seat = 1; seat < botTableSize(room); seat++) await api("POST", `/api/rooms/${room.code}/bots`, { level });
  await api("POST", `/api/rooms/${room.code}/start`);
  return room;
}

// The level whose strength is nearest the player's in this game (their rating's mu against each level's,
// measured by the bench); "normal" for someone without a rating there yet.
export async function fittingLevel(slug, levels = [], fallback = "normal") {
  const me = identity();
  const measured = levels.filter((l) => l.mu != null);
  if (!me || !measured.length) return fallback;
  let mine;
  try { mine = (await api("GET", `/api/players/${me.id}`)).titles.find((title) => title.game === slug)?.rating; } catch { return fallback; }
  if (!mine) return fallback;
  return measured.reduce((best, l) => (Math.abs(l.mu - mine.mu) < Math.abs(best.mu - mine.mu) ? l : best)).level;
}

// Open a room's page in this tab as the router does (no reload).
export function goTo(url) {
  history.pushState({}, "", url);
  window.dispatchEvent(new PopStateEvent("popstate"));
}
