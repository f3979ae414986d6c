// The header's link to "My games" on every page, with how many games wait for your move, and the
// lobby's "your turn in N games". Refreshed when a page comes back into view, after each navigation,
// and every minute while in view: a daily game's turn may come while the page sits open.
import { api, identity } from "./api.js";
import { h } from "./dom.js";
import { num, plural, register, t } from "./i18n/index.js";
import enMine from "./i18n/en/mine.js";
import faMine from "./i18n/fa/mine.js";

register("mine", { en: enMine, fa: faMine });

const REFRESH_MS = 60_000;
let count = 0;
const listeners = new Set();
const badge = h("span", { class: "turn-count", "aria-hidden": "true", hidden: true });
const label = h("span", {});
const link = h("a", { href: "/games", id: "my-games", class: "lang mine-link", hidden: true }, label, badge);

function paint() {
  const signedIn = Boolean(identity()?.token);
  link.hidden = !signedIn;
  label.textContent = t("mine.link");
  badge.textContent = num(count);
  badge.hidden = !count;
  // The count is read out with the link's name, not as a bare number after it.
  link.setAttribute("aria-label", count ? t("mine.link_count", { n: count }) : t("mine.link"));
  if (location.pathname === "/games") link.setAttribute("aria-current", "page"); else link.removeAttribute("aria-current");
  for (const fn of listeners) fn(count);
}

export async function refreshMyGames() {
  if (!identity()?.token) { count = 0; paint(); return; }
  try { count = (await api("GET", "/api/players/me/games")).your_turn; } catch { /* offline: keep the last count */ }
  paint();
}

// Put the link in the header, before `before` (the settings button).
export function mountMyGamesLink(before) {
  before.before(link);
  paint();
  refreshMyGames();
  setInterval(() => { if (document.visibilityState === "visible") refreshMyGames(); }, REFRESH_MS);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") refreshMyGames(); });
  window.addEventListener("dorhami:identity", refreshMyGames);
}

export const repaintMyGamesLink = paint;

// The lobby's line: a link to My games while some wait for you, hidden otherwise.
export function yourTurnLine() {
  const line = h("a", { href: "/games", class: "card your-turn-line", id: "your-turn-line", hidden: true });
  const show = (n) => { line.hidden = !n; line.textContent = plural("mine.lobby_turns", n); };
  listeners.add(show);
  show(count);
  return { element: line, dispose: () => listeners.delete(show) };
}
