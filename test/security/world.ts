import { createECDH, randomBytes } from "node:crypto";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { subscribePush } from "@/lib/notifications/push/subscribe-push";
import type { PersonActor } from "@/lib/people/actor";
import { recordGrant } from "@/lib/oauth/grants";
import { passkeyRegistrationOptions, registerPasskey } from "@/lib/factors/register-passkey";
import { relyingParty } from "@/lib/factors/webauthn";
import { newDeviceToken } from "@/lib/sessions/device";
import { startSession } from "@/lib/sessions/start-session";
import { SoftwareAuthenticator } from "@/test/software-authenticator";

// The world the tenancy matrix probes, built with the product's own functions (build-world.ts fills it). Workspace A
// is the callers'; B is foreign. A holds a conversation V the callers take part in and a conversation H only its
// admin takes part in.
// Every text a caller must never read carries a canary: a unique string registered with the callers it is hidden
// from, so "zero reads" is "no answer contains a canary hidden from its caller".

/** Who calls. `mcpAdmin` (A's admin through her token) only runs the positive controls of admin-only tools. */
export type Caller = "bot" | "mcp" | "member" | "admin";
export type Viewer = Caller | "mcpAdmin";
export const VIEWERS: Viewer[] = ["bot", "mcp", "mcpAdmin", "member", "admin"];

export type Kind =
  | "workspace"
  | "workspaceSlug"
  | "conversation"
  | "message"
  | "card"
  | "draft"
  | "held"
  | "contact"
  | "fact"
  | "confirmedFact"
  | "agentRequest"
  | "connection"
  | "attachment"
  | "botUpload"
  | "signedLink"
  | "exportLink"
  | "erasureRequest"
  | "bot"
  | "botHandle"
  | "apiKey"
  | "delivery"
  | "token"
  | "grant"
  | "pushEndpoint"
  | "passkey"
  | "session"
  | "person"
  | "unsubscribeToken";

/** Where a probed object lives, seen from the caller: another workspace, out of the caller's sight in its own, or nowhere. */
export type Placement = "foreign" | "hidden" | "random";

export interface Probe {
  kind: Kind;
  placement: Placement;
  /** Says what it is in a failure message. */
  label: string;
  id: string;
  /** The callers it is out of bounds for (foreign and random ones: all). */
  refusedFor: Caller[];
}

export interface Canary {
  text: string;
  label: string;
  hiddenFrom: Viewer[];
}

const ALL: Caller[] = ["bot", "mcp", "member", "admin"];
export const hex = (n = 4) => randomBytes(n).toString("hex");

/** A consent of `who`'s in a workspace, as the consent page records it (lib/oauth/grants.ts); its grant id. */
export async function oauthGrant(who: Person, workspaceId: string, clientName = "Fresh assistant"): Promise<string> {
  const grantId = `grant-${hex(8)}`;
  await recordGrant(who.actor, {
    grantId,
    workspaceId,
    clientId: `client-${hex(4)}`,
    clientName,
    redirectHost: "127.0.0.1:53682",
    scopes: ["read", "write"],
    strongAt: null,
  });
  return grantId;
}

/** A passkey of `who`'s named `name`, registered as the Security page does (a software authenticator): its id. */
export async function passkeyOf(who: Person, name = "Fresh passkey"): Promise<string> {
  const rp = relyingParty();
  const options = await passkeyRegistrationOptions(who.actor);
  const response = new SoftwareAuthenticator().register({
    challenge: options.challenge,
    origin: rp.origin,
    rpID: rp.id,
  });
  return (await registerPasskey(who.actor, { response, name })).id;
}

/** A signed-in session of `who`'s (a browser's sign-in): its id. */
export async function sessionOf(who: Person): Promise<string> {
  const started = await startSession({
    userId: who.id,
    method: "password",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    address: "198.51.100.77",
    deviceToken: newDeviceToken(),
  });
  return started.sessionId;
}

export const HOOK = "http://127.0.0.1:9/hook"; // loopback (allowed outside production), nothing listens: pings fail fast
export const EVENTS = [
  "message.created",
  "message.received",
  "conversation.bot_added",
  "draft.approved",
  "draft.rejected",
  "agent_request.created",
  "agent_request.answered",
];

export class World {
  readonly canaries: Canary[] = [];
  readonly probes: Probe[] = [];
  /** Ids of the callers' own things, for the positive controls. */
  readonly own = {} as {
    workspace: { id: string; slug: string };
    ana: Person;
    ben: Person;
    mia: Person;
    helper: WorldBot;
    ops: WorldBot;
    sched: WorldBot;
    carla: string;
    visible: string;
    visibleMessage: string;
    hidden: string;
    /** Tokens of the MCP callers (write scope). */
    miaToken: string;
    anaToken: string;
  };
  readonly foreign = {} as {
    workspace: { id: string; slug: string };
    bea: Person;
    bo: Person;
    /** B's admin who proposes connections to A: a connection shows who accepted it on each side, by design. */
    liaison: Person;
    helper: WorldBot;
    other: WorldBot;
    fresh: WorldBot;
    conversation: string;
    contact: string;
    signedToken: string;
    signedAttachment: string;
  };

  canary(label: string, hiddenFrom: Viewer[]): string {
    const text = `CNRY${hex(5)}`;
    this.canaries.push({ text, label, hiddenFrom });
    return text;
  }

  probe(kind: Kind, placement: Placement, label: string, id: string, refusedFor: Caller[] = ALL) {
    this.probes.push({ kind, placement, label, id, refusedFor });
  }

  probesOf(kind: Kind, caller: Caller): Probe[] {
    return this.probes.filter((p) => p.kind === kind && p.refusedFor.includes(caller));
  }

  /** The canaries a viewer must never read, found in `text` (case-insensitive). */
  leaks(viewer: Viewer, text: string): Canary[] {
    const haystack = text.toLowerCase();
    return this.canaries.filter((c) => c.hiddenFrom.includes(viewer) && haystack.includes(c.text.toLowerCase()));
  }
}

export interface Person {
  id: string;
  email: string;
  name: string;
  handle: string;
  actor: PersonActor;
}

export interface WorldBot {
  id: string;
  handle: string;
  key: string;
  keyId: string;
  principal: BotPrincipal;
}

/** A Web Push endpoint as a browser's push service gives one (never posted to here). */
export const pushEndpoint = (path: string) => `https://push.tenancy.test/wp/${path}`;

/** A browser's subscription for `who` at a new endpoint ending in `path`, with keys made as a browser makes them. */
export async function pushDevice(who: Person, path: string): Promise<string> {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const endpoint = pushEndpoint(path);
  const keys = { p256dh: ecdh.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") };
  await subscribePush(who.actor, { subscription: { endpoint, keys }, userAgent: null });
  return endpoint;
}
