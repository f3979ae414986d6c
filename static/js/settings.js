// The player's settings, kept in this browser: sound, vibration, motion, contrast and patterns, notifications.
const KEY = "dorhami.settings";
const DEFAULTS = { sound: true, vibrate: true, reducedMotion: false, contrast: false, notify: false };
const listeners = new Set();

let current = load();

function load() {
  try { return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") }; } catch { return { ...DEFAULTS }; }
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
