// Web Push on this device: support and permission in words, subscribing with the server's key, and the
// player's devices and notice settings (docs/API.md: /api/push/key, /api/players/me/push-subscriptions,
// /api/players/me/settings). Loaded only by the settings' Notifications section and when a subscription moved.
import { api, identity } from "./api.js";
import { installed } from "./pwa.js";

const KEY = "dorhami.push";  // {id, endpoint}: the server's id of this device's subscription, to delete it

// Why this device cannot be told (the settings say it in words): `ios_install` (iPhone and iPad push only
// from a home-screen app), `unsupported`, `denied` (blocked in the browser's settings), `dismissed`.
export class PushUnavailable extends Error {
  constructor(reason) { super(reason); this.reason = reason; }
}

const apple = () => /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);

// null when this device could subscribe now (or after the permission question); else the reason why not.
export function pushBlocker() {
  const can = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!can) return apple() && !installed() ? "ios_install" : "unsupported";
  return Notification.permission === "denied" ? "denied" : null;
}

export function savedDevice() {
  try { return JSON.parse(localStorage.getItem(KEY)); } catch { return null; }
}

function saveDevice(record) {
  if (record) localStorage.setItem(KEY, JSON.stringify(record));
  else localStorage.removeItem(KEY);
}

export function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

async function register(subscription) {
  const { id } = await api("POST", "/api/players/me/push-subscriptions", subscription.toJSON());
  saveDevice({ id, endpoint: subscription.endpoint });
  return id;
}

// Asks the browser's permission (only ever from the player's tap), subscribes and tells the server.
export async function turnOn() {
  const blocker = pushBlocker();
  if (blocker) throw new PushUnavailable(blocker);
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushUnavailable(permission === "denied" ? "denied" : "dismissed");
  await navigator.serviceWorker.register("/sw.js");
  const registration = await navigator.serviceWorker.ready;
  const { public_key: key } = await api("GET", "/api/push/key");
  const subscription = await registration.pushManager.getSubscription()
    ?? await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  try {
    return await register(subscription);
  } catch (err) {
    await subscription.unsubscribe().catch(() => {});  // the server refused it: nothing would ever arrive
    throw err;
  }
}

// The server forgets this device first (a failed unsubscribe must not leave it sending), then the browser.
export async function turnOff() {
  const saved = savedDevice();
  if (saved?.id) await forget(saved.id);
  saveDevice(null);
  const registration = await navigator.serviceWorker?.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

async function forget(id) {
  try { await api("DELETE", `/api/players/me/push-subscriptions/${encodeURIComponent(id)}`); } catch (err) {
    if (err.status !== 404) throw err;  // already gone (removed from another device): what we wanted
  }
}

// After the push service replaced the subscription (the worker subscribed again), or after it was dropped.
export async function resync() {
  const saved = savedDevice();
  if (!saved || !identity()?.token) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription?.endpoint === saved.endpoint) return;
  if (saved.id) await forget(saved.id);
  if (subscription) await register(subscription);
  else saveDevice(null);
}

export const devices = () => api("GET", "/api/players/me/push-subscriptions").then((data) => data.devices);

export async function removeDevice(id) {
  if (savedDevice()?.id === id) await turnOff();
  else await forget(id);
}

export const readSettings = () => api("GET", "/api/players/me/settings");
export const saveSettings = (changes) => api("PATCH", "/api/players/me/settings", changes);
