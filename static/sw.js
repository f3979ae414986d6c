// Dorhami's service worker, served at /sw.js (scope /) with this version stamped in by the server: a new
// asset version is a new worker, so the browser installs it and the old version's cache goes.
// It keeps two things only: the immutable versioned files it has seen, and an offline page for a
// navigation the network cannot answer. API responses and sockets are never cached: a game's state
// from a cache would be a lie, and a token in one would outlive the player's sign-out.
const VERSION = "__ASSET_VERSION__";
const STATIC = `/static/v/${VERSION}/`;
const CACHE = `dorhami-${VERSION}`;
const OFFLINE = "/offline";
// What the offline page draws with: its words, style, font, script and the icon.
const PRECACHE = [OFFLINE, `${STATIC}css/app.css`, `${STATIC}fonts/Vazirmatn-wght.woff2`,
  `${STATIC}js/offline.js`, `${STATIC}icons/icon.svg`];

self.addEventListener("install", (event) => {
  // A new version replaces the old worker at once: pages of the old version still load their files
  // from the network (the server answers any version's URL), so nothing waits on a tab being closed.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("dorhami-") && name !== CACHE).map((name) => caches.delete(name)));
    // The page fetches the navigation in parallel with starting this worker instead of after it.
    await self.registration.navigationPreload?.enable();
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
    return;
  }
  const url = new URL(request.url);
  // Only this version's files: another version's URL serves today's bytes, which must not be kept as its own.
  if (url.origin === self.location.origin && url.pathname.startsWith(STATIC)) event.respondWith(versioned(request));
  // Anything else (the API, the manifest, other origins) goes to the network untouched.
});

// A page from the network as always; the offline page only when the network fails (not on a 404 or a 500).
async function page(event) {
  try {
    return (await event.preloadResponse) || (await fetch(event.request));
  } catch {
    return (await caches.match(OFFLINE, { cacheName: CACHE })) || Response.error();
  }
}

// Cache first: a versioned URL's bytes never change.
async function versioned(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

// The payload is the server's notice, already in the player's language (docs/client.md).
self.addEventListener("push", (event) => event.waitUntil(notify(event.data)));

function parse(data) {
  try { return data?.json() ?? {}; } catch { return { body: data?.text() ?? "" }; }
}

async function notify(data) {
  const notice = parse(data);
  const ts = Number(notice.ts) || Date.now();
  const tag = typeof notice.tag === "string" && notice.tag ? notice.tag : undefined;
  const shown = tag ? await self.registration.getNotifications({ tag }) : [];
  // Pushes may arrive out of order: an older notice never replaces a newer one of the same room
  // (the newer one stays on screen, which is what the browser asks a push to leave).
  if (shown.some((n) => (n.data?.ts ?? 0) > ts)) return;
  await self.registration.showNotification(String(notice.title || "Dorhami"), {
    body: String(notice.body || ""),
    tag,
    // A newer turn in the same room replaces the old notice and rings again instead of silently.
    renotify: !!tag && shown.length > 0,
    lang: notice.lang === "en" ? "en" : "fa",
    dir: notice.dir === "ltr" ? "ltr" : "rtl",
    icon: `${STATIC}icons/icon-192.png`,
    timestamp: ts,
    data: { url: notice.url, kind: notice.kind, ts },
  });
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(open(event.notification.data?.url));
});

// The room's page: a window already on it comes forward; else an open Dorhami window goes there; else a new one.
async function open(path) {
  let target = new URL(typeof path === "string" ? path : "/", self.location.origin);
  if (target.origin !== self.location.origin) target = new URL("/", self.location.origin);  // never elsewhere
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const there = windows.find((w) => w.url === target.href);
  if (there) return focus(there);
  for (const w of windows.sort((a, b) => b.focused - a.focused)) {
    // navigate() works on pages this worker controls; an uncontrolled one is skipped.
    const moved = await w.navigate(target.href).catch(() => null);
    if (moved) return focus(moved);
  }
  return self.clients.openWindow(target.href);
}

// The browser lets a worker focus a window only shortly after a real click; without one the page is still there.
const focus = (client) => client.focus().catch(() => client);

// The push service replaced the subscription. The worker subscribes again with the server's key; the
// player's token stays in the page (never here), so an open page posts it now and any page on its
// next start (js/pwa.js sees the endpoint changed).
self.addEventListener("pushsubscriptionchange", (event) => event.waitUntil(resubscribe(event)));

async function resubscribe(event) {
  if (!event.newSubscription) {
    const { public_key: key } = await (await fetch("/api/push/key")).json();
    await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(key) });
  }
  for (const w of await self.clients.matchAll({ type: "window" })) w.postMessage({ type: "dorhami:push-changed" });
}

function bytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}
