// Relay's service worker (issue 18; docs/decisions/021-web-push.md). It does two things: shows the notification a Web
// Push message carries, and on a click brings the person to the approval it is about. Served from the root, so its
// scope is the whole app. It caches nothing and never intercepts a request.
//
// A message is the JSON lib/notifications/push/push-to-person.ts encrypts: {title, body, url, tag}. `url` is a path
// inside the app; anything else (another origin, garbage) opens the chat instead.

"use strict";

const FALLBACK_PATH = "/chat";

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  // Control the app's open tabs at once, so a click can take one of them to the approval.
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  const message = readMessage(event.data);
  const options = {
    body: message.body,
    data: { url: message.url },
    icon: "/icon.svg",
  };
  if (message.tag) {
    // The same tag replaces the notification already shown; renotify alerts again, since what waits changed.
    options.tag = message.tag;
    options.renotify = true;
  }
  // Chromium requires every push to show a notification (userVisibleOnly).
  event.waitUntil(self.registration.showNotification(message.title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(appPath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(openTarget(target));
});

// The push service moved this browser's subscription: tell the server the new one (the old endpoint answers 410
// from now on, and the server forgets it at its next push).
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const key = event.oldSubscription && event.oldSubscription.options.applicationServerKey;
      const subscription =
        event.newSubscription ||
        (key && (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })));
      if (!subscription) return;
      await fetch("/api/chat/push/subscriptions", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(subscription.toJSON()),
      });
    })(),
  );
});

/** An open tab of the app, focused and taken to `target`; or, with none, a new window there. */
async function openTarget(target) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const client = ours.find((candidate) => candidate.focused) || ours[0];
  if (client) {
    // Focus first, while the click still allows it; then navigate (a tab this worker does not control refuses).
    await client.focus().catch(() => undefined);
    const navigated = await client.navigate(target).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(target);
}

function readMessage(data) {
  let value = {};
  try {
    value = data ? data.json() : {};
  } catch {
    value = { body: data ? data.text() : "" };
  }
  const text = (field, fallback) => (typeof value[field] === "string" && value[field] ? value[field] : fallback);
  return {
    title: text("title", "Relay"),
    body: text("body", ""),
    url: appPath(value.url),
    tag: text("tag", ""),
  };
}

/**
 * `value` as a path of this app (path, query and fragment), or the chat's when it names anything else. The rules of
 * lib/http/redirect-target.ts (`sameOriginPath`), which a worker cannot import: no control character, backslash or
 * encoded slash or control; resolved on this origin; never a path that starts with `//`. Its unit test runs this
 * function against the same table.
 */
function appPath(value) {
  if (typeof value !== "string" || value === "") return FALLBACK_PATH;
  const path = value.split(/[?#]/, 1)[0];
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(value) || /%(?:2f|5c|[01][0-9a-f]|7f)/i.test(path)) return FALLBACK_PATH;
  if (!value.isWellFormed()) return FALLBACK_PATH;
  let url;
  try {
    url = new URL(value, self.location.origin + "/");
  } catch {
    return FALLBACK_PATH; // not a URL at all
  }
  if (url.origin !== self.location.origin || url.username || url.password) return FALLBACK_PATH;
  const kept = url.pathname + url.search + url.hash;
  return kept.startsWith("/") && !kept.startsWith("//") ? kept : FALLBACK_PATH;
}
