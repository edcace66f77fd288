// The site's service worker (push/webapp.py serves it at /sw.js, so that
// its scope is the whole site).
//
// - Installed, it keeps the static files every page needs and the offline
//   page. Static files are then served from the cache first (their names
//   change with their content; while developing they are asked for first).
// - Pages are asked for from the network first; when a page cannot be
//   reached at all, the offline page is shown instead.
// - A push becomes a notification: one per table (its tag), with the
//   answers as buttons where the decision is small. A button posts its
//   token (the token is the credential: no cookie is sent); a tap opens the
//   one-screen answer page, or the table.
"use strict";

const VERSION = "tabletop-__VERSION__";
const CONFIG = {{ config }};

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(VERSION)
      .then((cache) => cache.addAll(CONFIG.precache.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("tabletop-") && name !== VERSION).map((name) => caches.delete(name))
      ))
      .then(() => self.clients.claim())
  );
});

function fromCacheFirst(request) {
  return caches.match(request).then((kept) => kept || fetchAndKeep(request));
}

function fetchAndKeep(request) {
  return fetch(request).then((response) => {
    if (response.ok && response.type === "basic") {
      const copy = response.clone();
      caches.open(VERSION).then((cache) => cache.put(request, copy));
    }
    return response;
  });
}

function fromNetworkFirst(request) {
  return fetchAndKeep(request).catch(() => caches.match(request).then((kept) => {
    if (kept) return kept;
    throw new Error("not kept");
  }));
}

function page(request) {
  // Pages are not kept (they are the player's own): the network, else the
  // offline page.
  return fetch(request).catch(() => caches.match(CONFIG.offline).then((kept) => kept || Response.error()));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith(CONFIG.staticPrefix)) {
    event.respondWith(CONFIG.staticCacheFirst ? fromCacheFirst(request) : fromNetworkFirst(request));
  }
  // Everything else (the board's redraws, polls, the API, live updates)
  // goes to the network as if there were no worker.
});

self.addEventListener("push", (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch (error) {
    notice = { title: "Tabletop", body: event.data ? event.data.text() : "" };
  }
  const shown = Math.max(0, (self.Notification && Notification.maxActions) || 0);
  const actions = (notice.actions || []).slice(0, shown);
  event.waitUntil(self.registration.showNotification(notice.title || "Tabletop", {
    body: notice.body || "",
    tag: notice.tag,
    // A newer notice about the same table replaces the last, and is heard.
    renotify: !!notice.tag,
    icon: CONFIG.icon,
    badge: CONFIG.badge,
    data: notice,
    actions: actions.map((action) => ({ action: action.action, title: action.title })),
  }));
});

function openPage(path) {
  const url = new URL(path, self.location.origin).href;
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => client.url === url);
    if (open && "focus" in open) return open.focus();
    return self.clients.openWindow(url);
  });
}

function play(notice, action) {
  const body = new URLSearchParams({ token: action.token });
  return fetch(new URL(notice.answer_url, self.location.origin), { method: "POST", body: body, credentials: "omit" })
    .then((response) => response.json().catch(() => ({})).then((said) => ({ ok: response.ok, said: said })))
    .catch(() => ({ ok: false, said: { detail: "The site could not be reached: nothing was played." } }))
    .then((result) => {
      if (result.ok) return undefined;
      // Say why, on the same notification: a tap on it opens the table.
      return self.registration.showNotification(notice.title || "Tabletop", {
        body: result.said.detail || "That answer could not be played. Open the table to play.",
        tag: notice.tag,
        icon: CONFIG.icon,
        badge: CONFIG.badge,
        data: { url: notice.url, open: notice.url, actions: [] },
      });
    });
}

self.addEventListener("notificationclick", (event) => {
  const notice = event.notification.data || {};
  event.notification.close();
  const action = (notice.actions || []).find((candidate) => candidate.action === event.action);
  if (action) {
    event.waitUntil(play(notice, action));
  } else if (notice.open || notice.url) {
    event.waitUntil(openPage(notice.open || notice.url));
  }
});

function urlKey(text) {
  const padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

// The browser replaced this device's subscription: subscribe again if it
// did not, and tell the site, the old endpoint vouching for the new one.
self.addEventListener("pushsubscriptionchange", (event) => {
  const old = event.oldSubscription;
  if (!old) return;
  const renewed = event.newSubscription
    ? Promise.resolve(event.newSubscription)
    : fetch(CONFIG.keyUrl).then((response) => response.json()).then((said) =>
        self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlKey(said.public_key) }));
  event.waitUntil(renewed.then((subscription) => fetch(CONFIG.renewUrl, {
    method: "POST",
    credentials: "omit",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ old_endpoint: old.endpoint, subscription: subscription.toJSON() }),
  })));
});
