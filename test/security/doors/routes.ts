import { createECDH, randomBytes } from "node:crypto";
import { signToken } from "@/lib/agents/signed-link";
import { unsubscribeToken } from "@/lib/notifications/unsubscribe";
import { answerOf, callRoute, hex, PEOPLE, personOf, type Door, type DoorContext } from "./door";
import type { Person, Placement, Viewer, World } from "../world";

// The route handlers' doors outside the bot API and MCP: the chat's (attachments, event streams, push
// subscriptions) as Ben (a member of A) and Ana (its admin), signed in; and the links that are their own permission,
// called with no session: a signed attachment link and an email's unsubscribe link. Their probes, tokens never issued
// as they are, are made here too (signedLinkProbes, unsubscribeProbes), once the world exists.

export function routeDoors({ w, fresh, signIn }: DoorContext): Door[] {
  const o = w.own;
  const route = async (
    caller: Viewer,
    file: string,
    url: string,
    params: Record<string, unknown>,
    init: RequestInit = {},
  ) => {
    signIn(personOf(w, caller));
    const abort = new AbortController();
    const response = await callRoute(file, init.method ?? "GET", url, params, { ...init, signal: abort.signal });
    if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
      // An open stream: what it says first, then the person goes away.
      const reader = response.body!.getReader();
      const first = await reader.read();
      abort.abort();
      await reader.cancel().catch(() => {});
      return { ok: response.status < 400, status: response.status, text: new TextDecoder().decode(first.value) };
    }
    return answerOf(response);
  };
  return [
    {
      key: "app/api/chat/attachments/[id]/route.ts#GET",
      surface: "route",
      callers: PEOPLE,
      slots: [
        {
          kind: "attachment",
          as: "path id",
          same: true,
          own: fresh.attachment,
          call: (caller, id) =>
            route(caller, "app/api/chat/attachments/[id]/route.ts", `/api/chat/attachments/${id}`, { id }),
        },
      ],
    },
    {
      key: "app/api/chat/conversations/[id]/attachments/route.ts#POST",
      surface: "route",
      callers: PEOPLE,
      slots: [
        {
          kind: "conversation",
          as: "path id",
          same: true,
          own: async () => o.visible,
          call: (caller, id) => {
            const form = new FormData();
            form.set("file", new File([new TextEncoder().encode("probe")], "probe.txt", { type: "text/plain" }));
            return route(
              caller,
              "app/api/chat/conversations/[id]/attachments/route.ts",
              `/api/chat/conversations/${id}/attachments`,
              { id },
              { method: "POST", body: form },
            );
          },
        },
      ],
    },
    {
      key: "app/api/chat/conversations/[id]/stream/route.ts#GET",
      surface: "route",
      callers: PEOPLE,
      slots: [
        {
          kind: "conversation",
          as: "path id",
          same: true,
          own: async () => o.visible,
          call: (caller, id) =>
            route(caller, "app/api/chat/conversations/[id]/stream/route.ts", `/api/chat/conversations/${id}/stream`, {
              id,
            }),
        },
      ],
    },
    {
      key: "app/api/chat/workspaces/[id]/stream/route.ts#GET",
      surface: "route",
      callers: PEOPLE,
      slots: [
        {
          kind: "workspace",
          as: "path id",
          own: async () => o.workspace.id,
          call: (caller, id) =>
            route(caller, "app/api/chat/workspaces/[id]/stream/route.ts", `/api/chat/workspaces/${id}/stream`, { id }),
        },
      ],
    },
    {
      key: "app/api/chat/push/key/route.ts#GET",
      surface: "route",
      callers: PEOPLE,
      slots: [],
      lists: [(caller) => route(caller, "app/api/chat/push/key/route.ts", "/api/chat/push/key", {})],
    },
    {
      // The caller's own devices only: no endpoint of anyone else's.
      key: "app/api/chat/push/subscriptions/route.ts#GET",
      surface: "route",
      callers: PEOPLE,
      slots: [],
      lists: [
        (caller) => route(caller, "app/api/chat/push/subscriptions/route.ts", "/api/chat/push/subscriptions", {}),
      ],
    },
    {
      // Subscribing a new browser takes no id. Another person's endpoint (which only moves with that browser's keys)
      // is lib/notifications/push/push.int.test.ts's: 409, nothing moved.
      key: "app/api/chat/push/subscriptions/route.ts#POST",
      surface: "route",
      callers: PEOPLE,
      slots: [],
      lists: [
        (caller) => {
          const ecdh = createECDH("prime256v1");
          ecdh.generateKeys();
          const body = {
            endpoint: `https://push.tenancy.test/wp/probe-${hex()}`,
            keys: { p256dh: ecdh.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") },
          };
          return route(
            caller,
            "app/api/chat/push/subscriptions/route.ts",
            "/api/chat/push/subscriptions",
            {},
            {
              method: "POST",
              body: JSON.stringify(body),
            },
          );
        },
      ],
    },
    {
      key: "app/api/chat/push/subscriptions/route.ts#DELETE",
      surface: "route",
      callers: PEOPLE,
      slots: [
        {
          kind: "pushEndpoint",
          as: "body.endpoint",
          same: true,
          own: () => fresh.pushEndpoint(o.ben),
          call: (caller, endpoint) =>
            route(
              caller,
              "app/api/chat/push/subscriptions/route.ts",
              "/api/chat/push/subscriptions",
              {},
              {
                method: "DELETE",
                body: JSON.stringify({ endpoint }),
              },
            ),
        },
      ],
    },
    {
      // The link is the permission (no session, no key): whoever holds one. Its probes are links to B's file that
      // were not issued as they are: another file's id under a genuine signature, an expired one, an altered one.
      key: "app/api/attachments/signed/[token]/route.ts#GET",
      surface: "route",
      callers: ["bot"],
      slots: [
        {
          kind: "signedLink",
          as: "path token",
          same: false,
          codes: { foreign: "forbidden", random: "forbidden" },
          own: fresh.signedLink,
          call: async (_, token) => {
            signIn(null);
            return answerOf(
              await callRoute(
                "app/api/attachments/signed/[token]/route.ts",
                "GET",
                `/api/attachments/signed/${token}`,
                { token },
              ),
            );
          },
        },
      ],
    },
    // An export's download link works for the signed-in person it was made for, and nobody else (lib/privacy/).
    {
      key: "app/api/exports/[id]/route.ts#GET",
      surface: "route",
      callers: PEOPLE,
      slots: [
        {
          kind: "exportLink",
          as: "path token",
          same: true,
          codes: { foreign: "not_found", hidden: "not_found", random: "not_found" },
          own: () => fresh.exportLink(o.ben),
          call: (caller, id) => route(caller, "app/api/exports/[id]/route.ts", `/api/exports/${id}`, { id }),
        },
      ],
    },
    // An email's unsubscribe link is the permission (no session): whoever holds one turns that person's email off in
    // that workspace. Its probes are tokens never issued as they are (lib/notifications/unsubscribe.ts).
    ...(["GET", "POST"] as const).map((method): Door => ({
      key: `app/api/notifications/unsubscribe/[token]/route.ts#${method}`,
      surface: "route",
      callers: ["bot"],
      slots: [
        {
          kind: "unsubscribeToken",
          as: "path token",
          same: true,
          codes: { foreign: "not_found", random: "not_found" },
          own: async () => unsubscribeToken(o.ben.id, o.workspace.id),
          call: async (_, token) => {
            signIn(null);
            return answerOf(
              await callRoute(
                "app/api/notifications/unsubscribe/[token]/route.ts",
                method,
                `/api/notifications/unsubscribe/${token}`,
                { token },
                method === "POST"
                  ? {
                      body: "List-Unsubscribe=One-Click",
                      headers: { "content-type": "application/x-www-form-urlencoded" },
                    }
                  : {},
              ),
            );
          },
        },
      ],
    })),
  ];
}

/** A signature with one character changed. */
const flipped = (s: string) => `${s.slice(0, 10)}${s[10] === "A" ? "B" : "A"}${s.slice(11)}`;

/** Links to B's file that were never issued as they are (a random token included). */
export function signedLinkProbes(w: World, ownLink: string): { label: string; token: string; placement: Placement }[] {
  const f = w.foreign;
  const [, expires, signature] = ownLink.split(".") as [string, string, string];
  const [, bExpires, bSignature] = f.signedToken.split(".") as [string, string, string];
  return [
    {
      label: "B's file id under the signature of the caller's own link",
      token: `${f.signedAttachment}.${expires}.${signature}`,
      placement: "foreign",
    },
    {
      label: "B's link with its expiry pushed back",
      token: `${f.signedAttachment}.${Number(bExpires) + 86_400}.${bSignature}`,
      placement: "foreign",
    },
    {
      label: "B's link with one character of its signature altered",
      token: `${f.signedAttachment}.${bExpires}.${flipped(bSignature)}`,
      placement: "foreign",
    },
    {
      label: "a genuine signature of B's file that has expired",
      token: signToken(f.signedAttachment, new Date(Date.now() - 60_000)),
      placement: "foreign",
    },
    {
      label: "a random token",
      token: `${crypto.randomUUID()}.${Math.floor(Date.now() / 1000) + 3600}.${randomBytes(32).toString("base64url")}`,
      placement: "random",
    },
  ];
}

/** Unsubscribe links never issued as they are (lib/notifications/unsubscribe.ts), and a random one. */
export function unsubscribeProbes(w: World): { label: string; token: string; placement: Placement }[] {
  const own = unsubscribeToken(w.own.ben.id, w.own.workspace.id);
  const bea = unsubscribeToken(w.foreign.bea.id, w.foreign.workspace.id);
  const [, , ownSignature] = own.split(".") as [string, string, string];
  const [, , beaSignature] = bea.split(".") as [string, string, string];
  return [
    {
      label: "B's admin and workspace under the signature of the caller's own link",
      token: `${w.foreign.bea.id}.${w.foreign.workspace.id}.${ownSignature}`,
      placement: "foreign",
    },
    {
      label: "B's admin's link with one character of its signature altered",
      token: `${w.foreign.bea.id}.${w.foreign.workspace.id}.${flipped(beaSignature)}`,
      placement: "foreign",
    },
    {
      label: "the caller's own person in B's workspace, under the caller's signature",
      token: `${w.own.ben.id}.${w.foreign.workspace.id}.${ownSignature}`,
      placement: "foreign",
    },
    {
      label: "a random token",
      token: `${crypto.randomUUID()}.${crypto.randomUUID()}.${randomBytes(32).toString("base64url")}`,
      placement: "random",
    },
  ];
}

/** Export links that are not the caller's: B's admin's, Ana's (for Ben: another person's of the same workspace). */
export async function exportLinkProbes(w: World, fresh: { exportLink: (p: Person) => Promise<string> }) {
  return [
    { label: "an export link of B's admin", token: await fresh.exportLink(w.foreign.bea), placement: "foreign" as const },
    { label: "an export link of Ana's, for Ben", token: await fresh.exportLink(w.own.ana), placement: "hidden" as const },
  ];
}
