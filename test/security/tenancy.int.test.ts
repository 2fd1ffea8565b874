import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SignedInPerson } from "@/lib/auth/session";
import { TOOLS } from "@/lib/mcp/server";
import { buildDoors } from "./doors";
import {
  ACTION_MODULES,
  PAGE_MODULES,
  callRoute,
  ROUTE_MODULES,
  type Answer,
  type Door,
  type Slot,
} from "./doors/door";
import { exportLinkProbes, signedLinkProbes, unsubscribeProbes } from "./doors/routes";
import { changedTables, fingerprint } from "./fingerprint";
import { freshOf, type Fresh } from "./fresh";
import { buildWorld } from "./build-world";
import { World, type Person, type Probe, type Viewer } from "./world";

// The tenancy matrix (issue 16): every door (REST operation, MCP tool, route handler, server action) crossed with
// every kind of object it takes, of another workspace, out of the caller's sight in its own, or random; each
// refusal reads nothing (no canary hidden from the caller in the answer), writes nothing (the database's
// fingerprint and the attachments folder unchanged) and answers as the guides say (docs/guides/). Each door's positive
// control (the caller's own object) proves the door is called right. The doors are listed from the code: a route, a
// tool or an action missing from its surface's module in test/security/doors/ fails here. See test/security/README.md.

// The session source, next/cache and next/headers need Next's request context: the only modules replaced. Everything else
// (the domain, the database) is real.
const session = vi.hoisted(() => ({ person: null as SignedInPerson | null }));
vi.mock("@/lib/auth/session", () => ({ signedInPerson: async () => session.person }));
vi.mock("next/cache", () => ({ refresh: () => {}, revalidatePath: () => {} }));
// The root layout awaits connection() (every page renders per request): outside Next's request scope it throws.
// The OAuth consent page hands its request's headers (the interaction's cookie) to the provider: none here.
vi.mock("next/headers", async (original) => ({
  ...(await original<typeof import("next/headers")>()),
  headers: async () => new Headers(),
}));
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  connection: async () => {},
}));

const dir = mkdtempSync(path.join(os.tmpdir(), "relay-tenancy-"));
process.env.ATTACHMENTS_DIR = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const signIn = (p: Person | null, sessionId?: string) => {
  session.person = p && { id: p.id, email: p.email, name: p.name, handle: p.handle, sessionId, strongAuthAt: null };
};

/** Route modules that take no object and act on no one's data, with why. Each must still exist. */
const OUTSIDE_THE_MATRIX: Record<string, string> = {
  "app/api/auth/[...nextauth]/route.ts": "next-auth's own endpoints (sign-in, callback, session, CSRF): no object id",
  "app/api/bench/bare/route.ts": "the send benchmark's constant answer, 404 unless BENCH_ROUTES=1",
  "app/api/metrics/route.ts": "the operator's Prometheus endpoint: METRICS_TOKEN or nothing (404), no object id",
  "app/api/inngest/route.ts":
    "Inngest's calls (introspection, sync, runs): 404 unless JOBS_ENGINE=inngest, then refused unless signed with INNGEST_SIGNING_KEY (inngest/route.int.test.ts); no object id",
  "app/oauth/[...path]/route.ts":
    "oidc-provider's protocol endpoints (authorize, token, register, revoke): clients, codes and tokens, no Relay object id",
  "app/.well-known/oauth-authorization-server/route.ts":
    "the authorization server's public metadata (RFC 8414): no object",
  "app/.well-known/openid-configuration/route.ts": "the same metadata under OpenID's name: no object",
  "app/.well-known/oauth-protected-resource/[[...path]]/route.ts":
    "the MCP endpoint's public resource metadata (RFC 9728): no object",
  "app/oauth/consent/[uid]/decision/route.ts":
    "answers a live OAuth interaction only (its signed cookie); its workspace fence: lib/oauth/flow.int.test.ts",
};

// The doors are listed before the world exists (test names); their calls read the world once beforeAll built it.
const w = new World();
const fresh: Fresh = freshOf(w);
const doors: Door[] = buildDoors(w, fresh, signIn);
const tally = {
  failed: 0,
  doors: 0,
  surfaces: {} as Record<string, number>,
  notAllowed: 0,
  cells: 0,
  adminOnly: 0,
  controls: 0,
  lists: 0,
  same: 0,
  kinds: new Set<string>(),
  callers: new Set<string>(),
};

/** Everything stored: the database's fingerprint (less the tables a refusal may write) and the attachment files. */
async function snapshot(except: string[] = []) {
  const files = readdirSync(dir, { recursive: true }).map(String).sort();
  return { db: await fingerprint(except), files };
}
function writesBetween(before: Awaited<ReturnType<typeof snapshot>>, after: Awaited<ReturnType<typeof snapshot>>) {
  const changed = changedTables(before.db, after.db);
  if (after.files.join("\n") !== before.files.join("\n")) changed.push(`files in ATTACHMENTS_DIR`);
  return changed;
}

const memberOf = (door: Door): Viewer => (door.surface === "mcp" ? "mcp" : "member");
const controlCaller = (door: Door): Viewer =>
  door.callers[0] === "bot"
    ? "bot"
    : door.surface === "mcp"
      ? door.adminOnly
        ? "mcpAdmin"
        : "mcp"
      : door.adminOnly
        ? "admin"
        : "member";
const nameOf = (door: Door) => `${door.key}${door.variant ? ` (${door.variant})` : ""}`;

beforeAll(async () => {
  await buildWorld(w);
  for (const link of signedLinkProbes(w, await fresh.signedLink()))
    w.probe("signedLink", link.placement, link.label, link.token, ["bot"]);
  for (const link of await exportLinkProbes(w, fresh))
    w.probe("exportLink", link.placement, link.label, link.token, link.placement === "hidden" ? ["member"] : undefined);
  for (const link of unsubscribeProbes(w)) w.probe("unsubscribeToken", link.placement, link.label, link.token, ["bot"]);
  // The callers' fresh credentials were used once by now: park their bookkeeping again (world.ts).
  const { sql } = await import("@/lib/db/sql");
  await sql().unchecked("UPDATE personal_access_tokens SET last_used_at = now() + interval '1 day'");
  await sql().unchecked("UPDATE api_keys SET last_used_at = now() + interval '1 day'");
}, 180_000);

afterAll(() => {
  if (!tally.doors) return;
  const checks = tally.cells + tally.adminOnly + tally.controls + tally.lists + tally.same + tally.notAllowed;
  const surfaces = Object.entries(tally.surfaces)
    .map(([surface, n]) => `${n} ${surface}`)
    .join(", ");
  console.log(
    `tenancy matrix: ${tally.doors} doors (${surfaces}) × ${tally.kinds.size} object kinds × ${tally.callers.size} ` +
      `callers, where they apply = ` +
      `${checks} checks (${tally.cells} refusals of foreign, hidden and random ids, ${tally.adminOnly} of members ` +
      `where an admin is needed, ${tally.same} foreign- or hidden-equals-random, ${tally.lists} lists, ${tally.controls} ` +
      `positive controls, ${tally.notAllowed} other methods of the routes answering 405 or OPTIONS 204); ${tally.failed ? `${tally.failed} doors FAILED` : "all passed"}`,
  );
});

describe("the matrix lists every door in the code", () => {
  it("every method of every route module: a door of the matrix, or 405", async () => {
    const listed = new Set(doors.map((d) => d.key));
    const missing: string[] = [];
    let notAllowed = 0;
    for (const [file, exports] of Object.entries(ROUTE_MODULES)) {
      const relative = file.slice(1);
      if (OUTSIDE_THE_MATRIX[relative]) continue;
      for (const [method, handler] of Object.entries(exports)) {
        if (typeof handler !== "function" || listed.has(`${relative}#${method}`)) continue;
        // Not a door: it must refuse the method (405) whatever it is given, or for OPTIONS name the methods it serves
        // (204 with Allow, no body), and read and write nothing.
        const before = await snapshot();
        const answer = await callRoute(
          relative,
          method,
          "/probe",
          { id: w.foreign.conversation, token: w.foreign.signedToken, path: ["x"] },
          {
            headers: { authorization: `Bearer ${w.own.helper.key}` },
          },
        );
        const refused = method === "OPTIONS" ? answer.status === 204 : answer.status === 405;
        if (!refused || writesBetween(before, await snapshot()).length)
          missing.push(`${relative}#${method} (answered ${answer.status}: add it to its surface's module in test/security/doors/)`);
        else {
          notAllowed++;
          tally.notAllowed++;
        }
      }
    }
    expect(missing).toEqual([]);
    expect(notAllowed).toBeGreaterThan(20);
    for (const file of Object.keys(OUTSIDE_THE_MATRIX)) expect(Object.keys(ROUTE_MODULES)).toContain(`/${file}`);
    for (const key of listed) {
      if (!/\/route\.tsx?#/.test(key)) continue;
      const [file, method] = key.split("#") as [string, string];
      expect(typeof ROUTE_MODULES[`/${file}`]?.[method], key).toBe("function");
    }
  });

  it("every MCP tool the server lists", async () => {
    const listed = new Set(doors.filter((d) => d.key.startsWith("mcp:")).map((d) => d.key.slice(4)));
    const answer = await callRoute(
      "app/api/mcp/route.ts",
      "POST",
      "/api/mcp",
      {},
      {
        headers: {
          authorization: `Bearer ${w.own.miaToken}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      },
    );
    const served = ((await answer.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
    expect(served.length).toBeGreaterThan(0);
    expect([...served].sort()).toEqual([...listed].sort());
    expect(TOOLS.map((t) => t.name).sort()).toEqual([...listed].sort());
  });

  it("every server action exported by the chat's, the settings' and the portal's action modules", () => {
    const listed = new Set(doors.filter((d) => d.surface === "action").map((d) => d.key));
    const exported = Object.entries(ACTION_MODULES).flatMap(([file, exports]) =>
      Object.entries(exports)
        .filter(([, value]) => typeof value === "function")
        .map(([name]) => `${file.slice(1)}#${name}`),
    );
    expect(Object.keys(ACTION_MODULES).length).toBeGreaterThanOrEqual(5);
    expect(exported.filter((key) => !listed.has(key))).toEqual([]);
    expect([...listed].filter((key) => !exported.includes(key))).toEqual([]);
  });

  it("every module that declares server actions ('use server'), wherever it is", () => {
    const declaring = ["app", "components", "lib"]
      .flatMap((top) => readdirSync(top, { recursive: true }).map((file) => path.join(top, String(file))))
      .filter((file) => /\.(ts|tsx)$/.test(file) && !file.includes("generated"))
      .filter((file) => /^\s*["']use server["']/m.test(readFileSync(file, "utf8")));
    expect(declaring.length).toBeGreaterThanOrEqual(5);
    expect(declaring.filter((file) => !ACTION_MODULES[`/${file}`])).toEqual([]);
  });

  it("every page and layout", () => {
    const listed = new Set(doors.filter((d) => d.surface === "page").map((d) => d.key));
    const files = Object.keys(PAGE_MODULES).map((file) => `${file.slice(1)}#default`);
    expect(files.length).toBeGreaterThan(15);
    expect(files.filter((key) => !listed.has(key))).toEqual([]);
    expect([...listed].filter((key) => !files.includes(key))).toEqual([]);
  });
});

describe("canaries", () => {
  it("are planted where the doors read: each shows to someone allowed to read it", async () => {
    // Allowed readers: B's admin (Mia, through the chat, where she is a member of B), A's admin, and B's bots. If a
    // canary never shows to them, it sits in a field no door returns and could not catch a leak.
    const { getThread } = await import("@/lib/chat/get-thread");
    const { readMessages } = await import("@/lib/chat/read-messages");
    const { listPendingApprovals } = await import("@/lib/drafts/list-pending-approvals");
    const { listCandidateFacts } = await import("@/lib/memory/list-candidate-facts");
    const { listContactFacts } = await import("@/lib/memory/list-contact-facts");
    const { getContact } = await import("@/lib/contacts/get-contact");
    const { listAgentRequests } = await import("@/lib/agents/list-agent-requests");
    const { listPendingAgentRequests } = await import("@/lib/agents/list-pending-agent-requests");
    const { readAttachment } = await import("@/lib/attachments/read-attachment");
    const { listPersonWorkspaces } = await import("@/lib/chat/list-workspaces");
    const { db } = await import("@/lib/db/client");
    const { person } = await import("@/lib/people/actor");
    const o = w.own;
    const f = w.foreign;
    const mia = person(o.mia.id, "web");
    const seen: unknown[] = [];
    const read = async (what: Promise<unknown>) => seen.push(await what);
    for (const [actor, conversation] of [
      [mia, f.conversation],
      [o.ana.actor, o.hidden],
    ] as const) {
      await read(getThread(actor, conversation));
      await read(readMessages(actor, { conversationId: conversation, limit: 200 }));
    }
    await read(listPendingApprovals(mia, { workspaceId: f.workspace.id }));
    await read(listPendingApprovals(o.ana.actor, { workspaceId: o.workspace.id }));
    await read(listCandidateFacts(mia, f.workspace.id));
    await read(listContactFacts(mia, f.contact));
    await read(listContactFacts(o.ana.actor, o.carla));
    await read(getContact(mia, f.contact));
    await read(db().contact.findMany({ where: { workspaceId: o.workspace.id } }));
    await read(listPendingAgentRequests(mia, { workspaceId: f.workspace.id }));
    await read(listPendingAgentRequests(o.ana.actor, { workspaceId: o.workspace.id }));
    for (const bot of [o.ops, f.helper, f.other])
      await read(listAgentRequests(bot.principal, { input: { limit: 200 } }));
    await read(db().user.findMany({ where: { id: { in: [f.bea.id, f.bo.id] } } }));
    await read(db().bot.findMany({ where: { workspaceId: f.workspace.id } }));
    await read(db().attachment.findMany({ where: { workspaceId: { in: [o.workspace.id, f.workspace.id] } } }));
    await read(db().attachment.findMany({ where: { uploadedByBotId: { in: [o.ops.id, f.other.id, f.helper.id] } } }));
    const files = await db().attachment.findMany({
      where: { conversationId: { in: [o.hidden, f.conversation] }, messageId: { not: null } },
    });
    for (const file of files)
      seen.push(
        (await readAttachment(file.workspaceId === o.workspace.id ? o.ana.actor : mia, file.id)).bytes.toString(),
      );
    const { readSignedAttachment } = await import("@/lib/agents/read-signed-attachment");
    seen.push((await readSignedAttachment(f.signedToken)).bytes.toString());
    await read(listPersonWorkspaces(mia));
    await read(db().pushSubscription.findMany());
    // Connected assistants, each listed to its own person (Settings → Access tokens).
    const { listOAuthGrants } = await import("@/lib/oauth/list-grants");
    for (const who of [o.ana, o.ben, f.bo]) await read(listOAuthGrants(who.actor));
    // Passkeys, each listed to its own person (Settings → Security).
    const { listFactors } = await import("@/lib/factors/list-factors");
    for (const who of [o.ana, o.ben, f.bo]) await read(listFactors(who.id));
    // The world's notification emails (outbox) carry copies of what their people were told: B's to Mia, H's to Ana.
    const { listOutbox } = await import("@/lib/notifications/list-outbox");
    const outboxOf = async (actor: typeof mia) => JSON.stringify(await listOutbox(actor));
    const byLabel = (label: string) => w.canaries.find((c) => c.label === label)!.text;
    expect(await outboxOf(mia)).toContain(byLabel("B held message"));
    expect(await outboxOf(o.ana.actor)).toContain(byLabel("H held message"));
    const text = JSON.stringify(seen).toLowerCase();
    expect(w.canaries.filter((c) => !text.includes(c.text.toLowerCase())).map((c) => c.label)).toEqual([]);
    expect(w.canaries.length).toBeGreaterThan(25);
    // The attachments the world uploaded are in the folder the fingerprints list: a stray file would show.
    expect((await snapshot()).files.length).toBeGreaterThan(5);
  });
});

describe("the matrix", () => {
  // One test per door, so a failure names it; each collects every failing cell before it fails.
  it.each(doors.map((door) => [nameOf(door), door] as const))("%s", async (_, door) => checkDoor(door));
});

describe("live streams", () => {
  // The streams' doors are in the matrix (a foreign id is refused before a stream opens); here, what an open stream
  // carries: nothing of another workspace's conversations (Mia takes part in one of B's), of a conversation the
  // person is not in, or of bot-to-bot requests they may not decide. Ana (A's admin) hears all of A's: the events
  // were sent.
  it("carry nothing of another workspace, of a conversation out of sight, or of requests the person may not decide", async () => {
    const o = w.own;
    const f = w.foreign;
    const { postPersonMessage } = await import("@/lib/messages/post-person-message");
    const { createAgentRequest } = await import("@/lib/agents/create-agent-request");
    const workspaceStream = "app/api/chat/workspaces/[id]/stream/route.ts";
    const streams = {
      ben: await listen(o.ben, workspaceStream, `/api/chat/workspaces/${o.workspace.id}/stream`, o.workspace.id),
      mia: await listen(o.mia, workspaceStream, `/api/chat/workspaces/${o.workspace.id}/stream`, o.workspace.id),
      ana: await listen(o.ana, workspaceStream, `/api/chat/workspaces/${o.workspace.id}/stream`, o.workspace.id),
      benThread: await listen(
        o.ben,
        "app/api/chat/conversations/[id]/stream/route.ts",
        `/api/chat/conversations/${o.visible}/stream`,
        o.visible,
      ),
    };
    try {
      await postPersonMessage(f.bo.actor, { conversationId: f.conversation, body: "B moves" });
      await postPersonMessage(o.ana.actor, { conversationId: o.hidden, body: "H moves" });
      await createAgentRequest(o.helper.principal, {
        input: { to: o.ops.handle, type: "info", question: "For an admin of A?" },
      });
      await createAgentRequest(f.fresh.principal, { input: { to: f.other.handle, type: "info", question: "For B?" } });
      await postPersonMessage(o.ben.actor, { conversationId: o.visible, body: "V moves" });
      const heard = (events: Record<string, unknown>[], pass: (e: Record<string, unknown>) => boolean) =>
        events.some(pass);
      const inV = (e: Record<string, unknown>) => e.conversation_id === o.visible;
      for (let i = 0; i < 100 && !Object.values(streams).every((s) => heard(s.events, inV)); i++) await sleep(50);
      await sleep(500); // the workspace stream filters each event on its own: a late one would come in this time
      expect(heard(streams.ana.events, (e) => e.conversation_id === o.hidden)).toBe(true);
      expect(heard(streams.ana.events, (e) => e.kind === "agent_request")).toBe(true);
      for (const [name, stream] of Object.entries(streams)) {
        expect(heard(stream.events, inV), name).toBe(true);
        expect(
          heard(stream.events, (e) => e.conversation_id === f.conversation),
          name,
        ).toBe(false);
        if (name !== "ana") {
          expect(
            heard(stream.events, (e) => e.conversation_id === o.hidden),
            name,
          ).toBe(false);
          expect(
            heard(stream.events, (e) => e.kind === "agent_request"),
            name,
          ).toBe(false);
        }
      }
      tally.lists += Object.keys(streams).length;
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens an event stream through its route handler as `who`; collects its `data:` events until closed. */
async function listen(who: Person, file: string, url: string, id: string) {
  signIn(who);
  const abort = new AbortController();
  const response = await callRoute(file, "GET", url, { id }, { signal: abort.signal });
  expect(response.status).toBe(200);
  const events: Record<string, unknown>[] = [];
  const reader = response.body!.getReader();
  void (async () => {
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += new TextDecoder().decode(value);
      const lines = buffer.split("\n");
      buffer = lines.pop()!;
      for (const line of lines) if (line.startsWith("data: ")) events.push(JSON.parse(line.slice(6)));
    }
  })();
  return {
    events,
    close: () => {
      abort.abort();
      void reader.cancel().catch(() => {});
    },
  };
}

async function checkDoor(door: Door) {
  const failures: string[] = [];
  const name = nameOf(door);
  tally.doors++;
  tally.surfaces[door.surface] = (tally.surfaces[door.surface] ?? 0) + 1;
  for (const caller of door.callers) tally.callers.add(caller);

  for (const list of door.lists ?? []) {
    for (const caller of door.callers) {
      const answer = await guarded(() => list(caller), failures, `${name} as ${caller}`);
      if (!answer) continue;
      tally.lists++;
      if (!answer.ok)
        failures.push(
          `${name} as ${caller}: the list was refused (${answer.status} ${answer.code ?? ""} ${answer.message ?? ""})`,
        );
      for (const leak of w.leaks(caller, answer.text))
        failures.push(`${name} as ${caller}: the list shows ${leak.label}`);
    }
  }

  for (const slot of door.slots) {
    tally.kinds.add(slot.kind);
    const at = `${name} [${slot.kind} as ${slot.as ?? "id"}]`;
    await slot.prepare?.();
    for (const caller of door.callers) {
      const answers = new Map<Probe, Answer>();
      for (const probe of w.probesOf(slot.kind, caller)) {
        const cell = `${at} as ${caller}, ${probe.label}`;
        const answer = await refusal(door, slot, caller, probe.id, cell, failures, slot.ignores);
        if (!answer) continue;
        tally.cells++;
        answers.set(probe, answer);
        const expected = slot.codes?.[probe.placement];
        if (expected && answer.code !== expected)
          failures.push(`${cell}: answered ${answer.status} ${answer.code}, the guides say ${expected}`);
      }
      if (slot.same) {
        // Out of sight, in another workspace or in the caller's own, answers exactly as nothing at all.
        const random = [...answers].find(([p]) => p.placement === "random");
        for (const [probe, answer] of answers) {
          if (probe.placement === "random" || (slot.same === "foreign" && probe.placement !== "foreign") || !random)
            continue;
          tally.same++;
          const shape = (a: Answer, id: string) =>
            JSON.stringify([a.status, a.code, a.message?.replaceAll(id, "<id>")]);
          if (shape(answer, probe.id) !== shape(random[1], random[0].id))
            failures.push(
              `${at} as ${caller}: ${probe.label} answered ${shape(answer, probe.id)}, a random id ${shape(random[1], random[0].id)}; they must not differ`,
            );
        }
      }
    }
    if (door.adminOnly && slot.own) {
      const member = memberOf(door);
      const cell = `${at} as ${member}, the caller's own workspace's object (an admin's to act on)`;
      const answer = await refusal(door, slot, member, await slot.own(), cell, failures);
      if (answer) tally.adminOnly++;
    }
    if (slot.own) {
      const caller = controlCaller(door);
      const id = await slot.own();
      const answer = await guarded(() => slot.call(caller, id), failures, `${at} control as ${caller}`);
      if (answer) {
        tally.controls++;
        if (!answer.ok)
          failures.push(
            `${at} control as ${caller}: the caller's own object was refused (${answer.status} ${answer.code ?? ""} ${answer.message ?? ""})`,
          );
        for (const leak of w.leaks(caller, answer.text))
          failures.push(`${at} control as ${caller}: shows ${leak.label}`);
      }
    }
  }
  if (failures.length) tally.failed++;
  expect(failures, name).toEqual([]);
}

/** One refused call: it must be refused (never a 5xx), write nothing and show no canary hidden from the caller. */
async function refusal(
  door: Door,
  slot: Slot,
  caller: Viewer,
  id: string,
  cell: string,
  failures: string[],
  ignored = false,
) {
  const before = await snapshot(door.mayWrite);
  const answer = await guarded(() => slot.call(caller, id), failures, cell);
  const writes = writesBetween(before, await snapshot(door.mayWrite));
  if (writes.length) failures.push(`${cell}: wrote ${writes.join(", ")}`);
  if (!answer) return null;
  if (answer.ok && !ignored) failures.push(`${cell}: served (${answer.status ?? ""} ${answer.text.slice(0, 200)})`);
  if ((answer.status ?? 0) >= 500) failures.push(`${cell}: ${answer.status} ${answer.text.slice(0, 200)}`);
  for (const leak of w.leaks(caller, answer.text)) failures.push(`${cell}: shows ${leak.label}`);
  return answer;
}

async function guarded(call: () => Promise<Answer>, failures: string[], cell: string): Promise<Answer | null> {
  try {
    return await call();
  } catch (error) {
    failures.push(
      `${cell}: threw ${error instanceof Error ? `${error.name}: ${error.message.split("\n")[0]}` : String(error)}`,
    );
    return null;
  }
}
