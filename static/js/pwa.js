// The installable app on the page's side: the service worker (/sw.js, registered once the page has
// loaded, so it never competes with the lobby's first paint) and the browser's install offer, kept for
// the settings' "Install Dorhami" button (the event fires once, early, before settings are opened).
const PUSH_KEY = "dorhami.push";  // this device's push subscription: {id, endpoint} (js/push-client.js)
const listeners = new Set();
let offer = null;

function changed() { for (const fn of listeners) fn(); }

window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();  // no banner of the browser's own: the settings offer it when the player looks
  offer = event;
  changed();
});
window.addEventListener("appinstalled", () => { offer = null; changed(); });

export function installed() {
  return matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;
}

export function canInstall() { return !!offer && !installed(); }

export function onInstallChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }

// The browser's own install dialog; true when the player accepted.
export async function install() {
  const event = offer;
  if (!event) return false;
  offer = null;  // an offer can be shown once
  await event.prompt();
  const { outcome } = await event.userChoice;
  changed();
  return outcome === "accepted";
}

// A subscription the push service replaced is posted again by a page (the token lives here, not in the worker).
function resyncPush() { import("./push-client.js").then((push) => push.resync()).catch(() => {}); }

if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").then(() => {
      if (localStorage.getItem(PUSH_KEY)) resyncPush();
    }).catch(() => { /* no worker (a private window, an old browser): the site works without it */ });
  });
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type === "dorhami:push-changed") resyncPush();
  });
}
