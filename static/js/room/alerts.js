// "Your turn" is impossible to miss: the tab's title and icon carry a count of pending decisions; a new
// decision plays a short sound, vibrates a phone, and notifies when the tab is hidden (each a setting).
import { settings } from "../settings.js";
import { num, t } from "../i18n/index.js";

let audio = null;
let shown = 0;
let baseIcon = null;

// Browsers let a page play sound only after a tap or a key press; the first one unlocks it.
function unlockAudio() {
  if (audio || !window.AudioContext) return;
  audio = new AudioContext();
  audio.resume?.();
}
for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, unlockAudio, { once: true, capture: true });

function chime() {
  if (!audio || audio.state !== "running") return;
  const now = audio.currentTime;
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.25, now + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.35);
  gain.connect(audio.destination);
  for (const [freq, at] of [[660, 0], [880, 0.12]]) {
    const tone = audio.createOscillator();
    tone.frequency.value = freq;
    tone.connect(gain);
    tone.start(now + at);
    tone.stop(now + at + 0.2);
  }
}

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
    if (settings().sound) chime();
    if (settings().vibrate) navigator.vibrate?.(120);
    notify(title);
  }
  shown = count;
}

export function clearTurnAlert(title) { shown = 0; document.title = title; setIcon(0); }

// Asked only when the player turns the setting on: a permission prompt out of the blue is refused by most people.
export async function askNotificationPermission() {
  if (!("Notification" in window)) return false;
  if (Notification.permission === "granted") return true;
  return (await Notification.requestPermission()) === "granted";
}

// The room's part: how many decisions wait for this seat now (the renderer's `pending`, else 1 while
// the seat has legal actions), under the title "<game> · Dorhami".
export function roomTurnAlert(title, state, game, ctx) {
  if (!state || state.result || state.seat == null || !game) { clearTurnAlert(title); return; }
  turnAlert(game.pending ? game.pending(ctx) : (state.legal_actions.length ? 1 : 0), title);
}
