"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";

// "Notify me on this device" (issue 18): Web Push, opted into per browser. Permission is asked only when the person
// clicks; the browser subscribes with the server's VAPID key (GET /api/chat/push/key) and the subscription is stored
// for this person (POST /api/chat/push/subscriptions). The service worker (public/sw.js) shows what arrives.

type State =
  | { kind: "checking" }
  | { kind: "unsupported" }
  | { kind: "blocked" }
  | { kind: "off"; error?: string }
  | { kind: "working"; label: string }
  | { kind: "on"; error?: string };

const BELL = "M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9 M10.3 21a1.94 1.94 0 0 0 3.4 0";
const WORKER = "/sw.js";
const SUBSCRIPTIONS = "/api/chat/push/subscriptions";

function supported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether the server holds this browser's subscription for the signed-in person (it may have been moved or expired). */
async function storedForMe(subscription: PushSubscription): Promise<boolean> {
  const response = await fetch(SUBSCRIPTIONS, { headers: { Accept: "application/json" } });
  if (!response.ok) return false;
  const { devices } = (await response.json()) as { devices: { endpoint: string }[] };
  return devices.some((device) => device.endpoint === subscription.endpoint);
}

async function failure(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  return body?.error?.message ?? `The server answered ${response.status}`;
}

function decodeKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll("-", "+").replaceAll("_", "/");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((value, i) => value === b[i]);
}

async function turnOn(): Promise<State> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return { kind: "blocked" };
  if (permission !== "granted") return { kind: "off", error: "Notifications were not allowed." };
  const keyResponse = await fetch("/api/chat/push/key", { headers: { Accept: "application/json" } });
  if (!keyResponse.ok) return { kind: "off", error: await failure(keyResponse) };
  const key = decodeKey(((await keyResponse.json()) as { public_key: string }).public_key);
  await navigator.serviceWorker.register(WORKER, { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    // Subscribed under another server key (the keys were changed): that subscription can never be used again.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const saved = await fetch(SUBSCRIPTIONS, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(subscription.toJSON()),
  });
  if (!saved.ok) return { kind: "off", error: await failure(saved) };
  return { kind: "on" };
}

async function turnOff(): Promise<State> {
  const subscription = await currentSubscription();
  if (!subscription) return { kind: "off" };
  const removed = await fetch(SUBSCRIPTIONS, {
    method: "DELETE",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
  });
  // 404: the server had already forgotten it (expired, or another person turned it on here since).
  if (!removed.ok && removed.status !== 404) return { kind: "on", error: await failure(removed) };
  await subscription.unsubscribe();
  return { kind: "off" };
}

/**
 * Signing out: this browser stops notifying the person who signs out (a shared computer must not show the next
 * person someone else's approvals). Best effort, and never holds the sign-out up for more than two seconds.
 */
export async function forgetThisDevice(): Promise<void> {
  if (typeof window === "undefined" || !supported()) return;
  const forget = turnOff().then(() => undefined);
  await Promise.race([forget, new Promise((resolve) => setTimeout(resolve, 2000))]).catch(() => undefined);
}

export function PushOptIn() {
  const [state, setState] = useState<State>({ kind: "checking" });

  useEffect(() => {
    let live = true;
    (async (): Promise<State> => {
      if (!supported()) return { kind: "unsupported" };
      if (Notification.permission === "denied") return { kind: "blocked" };
      const subscription = await currentSubscription();
      if (!subscription || Notification.permission !== "granted") return { kind: "off" };
      return (await storedForMe(subscription)) ? { kind: "on" } : { kind: "off" };
    })()
      .catch((): State => ({ kind: "off" }))
      .then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, []);

  const run = (action: () => Promise<State>, fallback: "on" | "off", label: string) => {
    setState({ kind: "working", label });
    action()
      .catch((error: unknown): State => ({
        kind: fallback,
        error: error instanceof Error ? error.message : "Something went wrong",
      }))
      .then(setState);
  };

  return (
    <div className="flex items-start gap-2 text-xs text-slate-500" data-testid="push-opt-in" data-state={state.kind}>
      <Icon d={BELL} className="mt-1.5 size-4 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1" aria-live="polite">
        {state.kind === "checking" && <p className="py-1.5">Checking notifications…</p>}
        {state.kind === "unsupported" && <p className="py-1.5">This browser cannot show notifications.</p>}
        {state.kind === "blocked" && (
          <p className="py-1.5">Notifications are blocked for Relay in this browser&apos;s site settings.</p>
        )}
        {state.kind === "working" && <p className="py-1.5">{state.label}</p>}
        {state.kind === "off" && (
          <Button
            variant="ghost"
            size="sm"
            className="-ml-2 h-7 px-2 text-xs"
            onClick={() => run(turnOn, "off", "Turning notifications on…")}
          >
            Notify me on this device
          </Button>
        )}
        {state.kind === "on" && (
          <div className="flex flex-wrap items-center gap-x-2">
            <p className="py-1.5 text-slate-700">Notifications are on for this device.</p>
            <Button
              variant="ghost"
              size="sm"
              className="-ml-2 h-7 px-2 text-xs"
              onClick={() => run(turnOff, "on", "Turning notifications off…")}
            >
              Turn off
            </Button>
          </div>
        )}
        {(state.kind === "off" || state.kind === "on") && state.error && (
          <p className="text-red-700" role="alert">
            {state.error}
          </p>
        )}
      </div>
    </div>
  );
}
