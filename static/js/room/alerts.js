// "Your turn" is impossible to miss: the tab's title and icon carry a count of pending decisions; a new
// decision plays the turn cue, vibrates a phone, and notifies when the tab is hidden (each a setting).
import { settings } from "../settings.js";
import { num, t } from "../i18n/index.js";
import { play } from "./sound.js";

let shown = 0;
let baseIcon = null;

function badgeIcon(count) {
  const label = count > 9 ? "9+" : String(count);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2b2118"/>`
    + `<circle cx="26" cy="38" r="16" fill="#6d28d9"/><circle cx="44" cy="20" r="18" fill="#e11d48" stroke="#fff" stroke-width="4"/>`
    + `<text x="44" y="27" font-size="20" font-weight="700" text-anchor="middle" fill="#fff" font-family="sans-serif">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function setIcon(count) {
  const link = document.getElementById("favicon");
  if (!link) return;
  baseIcon ??= link.href;
  link.href = count ? badgeIcon(count) : baseIcon;
  link.dataset.pending = String(count);
}

function notify(title) {
  if (!settings().notify || !document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  try { new Notification(title, { body: t("your_turn"), tag: "dorhami-turn", icon: baseIcon || undefined }); } catch { /* some phones allow notifications only from a service worker */ }
}

// `count` decisions wait for this player at the table titled `title`.
export function turnAlert(count, title) {
  document.title = count ? `(${num(count)}) ${t("your_turn")} · ${title}` : title;
  setIcon(count);
  if (count > shown) {
    play("turn");
    if (settings().vibrate) navigator.vibrate?.(120);
    notify(title);
  }
  shown = count;
}

export function clearTurnAlert(title) { shown = 0; document.title = title; setIcon(0); }

// The room's part: how many decisions wait for this seat now (the renderer's `pending`, else 1 while
// the seat has legal actions), under the title "<game> · Dorhami".
export function roomTurnAlert(title, state, game, ctx) {
  if (!state || state.result || state.seat == null || !game) { clearTurnAlert(title); return; }
  turnAlert(game.pending ? game.pending(ctx) : (state.legal_actions.length ? 1 : 0), title);
}
