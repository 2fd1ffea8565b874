import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { createPersonalToken } from "@/lib/tokens/create-token";
import { api } from "@/test/api/client";
import { call, mcpClient, startMcpHttp, type McpHttp } from "@/test/mcp";

// Issue 16 through the MCP server over real HTTP: a tool argument with a NUL or an unpaired surrogate is the tool
// error every refusal is (`invalid_body`, naming the argument), never internal_error, and nothing is stored.

let http: McpHttp;
let world: SeededWorld;
let ana: Client;

beforeAll(async () => {
  world = await seedWorld();
  const token = await createPersonalToken(person(world.people[0]!.id, "web"), {
    workspaceId: world.workspace.id,
    name: "hostile",
    scopes: ["write"],
  });
  http = await startMcpHttp();
  ana = await mcpClient(http.url, token.token);
});

afterAll(async () => {
  await ana.close();
  await http.close();
});

const NUL_SAYS = "contains a NUL character (U+0000)";
const LONE_SAYS = "contains an unpaired surrogate (not valid Unicode)";

describe("MCP tools refuse hostile text", () => {
  it("post_message: a body with a NUL or an unpaired surrogate is refused, naming body; no message is posted", async () => {
    const conversationId = world.conversations[0]!.id;
    const before = await db().message.count({ where: { conversationId } });
    for (const [body, says] of [
      ["hello \u0000", NUL_SAYS],
      ["hello \ud800", LONE_SAYS],
    ]) {
      const result = await call(ana, "post_message", { conversation_id: conversationId, body });
      expect(result.isError).toBe(true);
      expect(result.error).toEqual({ code: "invalid_body", message: `Arguments are invalid: body: ${says}` });
    }
    expect(await db().message.count({ where: { conversationId } })).toBe(before);
    expect((await call(ana, "post_message", { conversation_id: conversationId, body: "hello 🙂" })).isError).toBe(
      false,
    );
  });

  it("find_contacts: a query with a NUL is refused, naming query", async () => {
    const result = await call(ana, "find_contacts", { query: "car\u0000" });
    expect(result.isError).toBe(true);
    expect(result.error).toEqual({ code: "invalid_body", message: `Arguments are invalid: query: ${NUL_SAYS}` });
    expect((await call(ana, "find_contacts", { query: "car" })).isError).toBe(false);
  });

  it("approve_draft: an edited body that breaks the rule leaves the draft waiting", async () => {
    const conversationId = world.conversations[0]!.id;
    const drafted = await api("POST", `/conversations/${conversationId}/drafts`, {
      key: world.bots[0]!.api_key,
      body: { body: "Shall I confirm?" },
    });
    expect(drafted.status).toBe(201);
    const draftId = drafted.body.data.id as string;
    const result = await call(ana, "approve_draft", { draft_id: draftId, body: "Yes \ud800" });
    expect(result.error).toEqual({ code: "invalid_body", message: `Arguments are invalid: body: ${LONE_SAYS}` });
    expect((await db().draft.findUniqueOrThrow({ where: { id: draftId } })).status).toBe("pending");
  });
});
