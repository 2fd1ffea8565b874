import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { person } from "@/lib/people/actor";
import { seedWorld } from "@/lib/seed/seed-world";
import { createPersonalToken } from "@/lib/tokens/create-token";
import { mcpClient, startMcpHttp, type McpHttp } from "@/test/mcp";

// What the MCP server declares, seen by the SDK's own client over real HTTP: only capabilities a stateless server can
// honour (tools, with no list_changed notification it could never send), and each tool's annotations as decided in
// lib/mcp/server.ts (docs/guides/mcp-clients.md).

// readOnly, destructive, idempotent, openWorld
const ANNOTATIONS: Record<string, [boolean, boolean, boolean, boolean]> = {
  whoami: [true, false, true, false],
  list_conversations: [true, false, true, false],
  get_conversation: [true, false, true, false],
  read_messages: [true, false, true, false],
  find_contacts: [true, false, true, false],
  search_contact_memory: [true, false, true, false],
  get_contact_context: [true, false, true, false],
  list_pending_approvals: [true, false, true, false],
  get_policy_rules: [true, false, true, false],
  simulate_policy_rules: [true, false, true, false],
  approve_draft: [false, true, false, true],
  reject_draft: [false, true, false, true],
  approve_agent_request: [false, true, false, true],
  decline_agent_request: [false, true, false, false],
  confirm_fact: [false, true, false, false],
  reject_fact: [false, true, false, false],
  post_message: [false, true, false, true],
  opt_out: [false, true, true, false],
  take_over_conversation: [false, true, true, false],
  release_conversation: [false, true, true, false],
  set_do_not_contact: [false, true, true, false],
  set_contact_sensitivity: [false, true, true, false],
  export_contact: [false, true, false, false],
  export_workspace: [false, true, false, false],
  list_exports: [true, false, true, false],
};

let http: McpHttp;
let client: Client;

beforeAll(async () => {
  const world = await seedWorld();
  const { token } = await createPersonalToken(person(world.people[0]!.id, "web"), {
    workspaceId: world.workspace.id,
    name: "capabilities",
    scopes: ["write"],
  });
  http = await startMcpHttp();
  client = await mcpClient(http.url, token);
});

afterAll(async () => {
  await client?.close().catch(() => {});
  await http?.close();
});

describe("the MCP server's declarations", () => {
  it("declares tools only, without listChanged (a stateless server cannot notify)", () => {
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
  });

  it("annotates every tool as decided: each tool that changes state is destructive", async () => {
    const { tools } = await client.listTools();
    const declared = Object.fromEntries(
      tools.map((tool) => {
        const a = tool.annotations!;
        return [tool.name, [a.readOnlyHint, a.destructiveHint, a.idempotentHint, a.openWorldHint]];
      }),
    );
    expect(declared).toEqual(ANNOTATIONS);
    for (const tool of tools) expect(tool.annotations?.title, tool.name).toBe(tool.title);
  });
});
