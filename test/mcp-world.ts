import { randomBytes } from "node:crypto";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll } from "vitest";
import { createAgentRequest } from "@/lib/agents/create-agent-request";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { db } from "@/lib/db/client";
import { proposeFact } from "@/lib/memory/propose-fact";
import { person } from "@/lib/people/actor";
import type { SeededWorld } from "@/lib/seed/seed-world";
import { createPersonalToken } from "@/lib/tokens/create-token";
import { connectedPair, type Pair } from "./agents";
import { api } from "./api/client";
import { mcpClient, startMcpHttp, type McpHttp } from "./mcp";

// What the MCP server's integration tests over HTTP share (lib/mcp/access.int.test.ts, lib/mcp/tools.int.test.ts):
// two seeded workspaces whose first bots are connected (A's asks B's, with approval), Ana an admin of both, her
// tokens for A (write, read-only) and Ben's, the server on a port of its own and Ana's two clients; and the helpers
// that make what a test needs (a draft, a candidate fact, an agent request, a token, a client). A test file calls
// mcpWorld() once: its beforeAll builds all this in the file's own database (about a second), its afterAll closes
// the clients and the server. The bindings below are set by that beforeAll: read them in tests, not at load time.

export let http: McpHttp;
export let pair: Pair;
export let world: SeededWorld;
export let other: SeededWorld;
export const tokens: Record<"anaWrite" | "anaRead" | "ben", string> = { anaWrite: "", anaRead: "", ben: "" };
const clients: Client[] = [];
export let ana: Client;
export let anaRead: Client;

export function mcpWorld(): void {
  beforeAll(async () => {
    // World A's first bot asks world B's over a connection that needs approval; both have webhooks (nothing is sent:
    // no worker runs here, the delivery rows are what we check).
    pair = await connectedPair({
      requiresApproval: true,
      webhookA: "https://a.example.com/hook",
      webhookB: "https://b.example.com/hook",
    });
    world = pair.worldA;
    other = pair.worldB;
    // Ana administers B too: through the chat she may read it; her token for A must not.
    await db().membership.create({ data: { workspaceId: other.workspace.id, userId: ANA().id, role: "admin" } });
    tokens.anaWrite = await tokenFor(ANA().id, world.workspace.id, ["write"]);
    tokens.anaRead = await tokenFor(ANA().id, world.workspace.id, []);
    tokens.ben = await tokenFor(world.people[1]!.id, world.workspace.id, ["read", "write"]);
    http = await startMcpHttp();
    ana = await connect(tokens.anaWrite);
    anaRead = await connect(tokens.anaRead);
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
    await http?.close();
  });
}

export const ANA = () => world.people[0]!;
export const anaWeb = () => person(ANA().id, "web");
export const conv = (i: number) => world.conversations[i]!.id;
export const connect = async (token: string | null) => {
  const client = await mcpClient(http.url, token);
  clients.push(client);
  return client;
};
export const tokenFor = async (userId: string, workspaceId: string, scopes: string[]) =>
  (
    await createPersonalToken(person(userId, "web"), {
      workspaceId,
      name: `t-${randomBytes(3).toString("hex")}`,
      scopes,
    })
  ).token;
export const propose = async (body: string, conversation = conv(0)) =>
  (await api("POST", `/conversations/${conversation}/drafts`, { key: world.bots[0]!.api_key, body: { body } })).body
    .data.id as string;
const firstMessage = async (conversationId: string) =>
  (await db().message.findFirstOrThrow({ where: { conversationId, seq: 1 } })).id;
export const candidate = async (fact: string, key = "preferences.contact", w: SeededWorld = world) =>
  (
    await proposeFact((await authenticateBot(w.bots[0]!.api_key))!, {
      contactId: w.contacts[0]!.id,
      input: {
        key,
        fact,
        source_message_id: await firstMessage(w.conversations[0]!.id),
      },
    })
  ).id;
export const ask = async (question: string) =>
  (
    await createAgentRequest((await authenticateBot(pair.a.api_key))!, {
      input: { to: pair.b.handle, type: "info", question },
    })
  ).id;
