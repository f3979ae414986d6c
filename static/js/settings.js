// The player's settings, kept in this browser: sound (on or muted, and its volume 0–100), vibration,
// motion, contrast and patterns, notifications.
const KEY = "dorhami.settings";
const DEFAULTS = { sound: true, volume: 70, vibrate: true, reducedMotion: false, contrast: false, notify: false };
const listeners = new Set();

let current = load();

// Settings stored before a key existed take its default (a stored `sound: false` stays muted).
function load() {
  let stored;
  try { stored = { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") }; } catch { return { ...DEFAULTS }; }
  const volume = stored.volume;
  stored.volume = Number.isFinite(volume) ? Math.min(100, Math.max(0, Math.round(volume))) : DEFAULTS.volume;
  return stored;
}

export function settings() { return current; }

export function onSettingsChange(fn) { listeners.add(fn); }

export function updateSettings(changes) {
  current = { ...current, ...changes };
  localStorage.setItem(KEY, JSON.stringify(current));
  applySettings();
  for (const fn of listeners) fn(current);
}

// The page's look follows the settings through attributes the style sheets read.
export function applySettings() {
  const root = document.documentElement;
  root.dataset.motion = current.reducedMotion ? "reduced" : "auto";
  root.dataset.contrast = current.contrast ? "high" : "normal";
}
