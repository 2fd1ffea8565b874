import { callRoute, type Answer, type Door, type DoorContext, type Slot } from "./door";
import type { Kind, Viewer } from "../world";

// The MCP doors: every tool of the MCP server, called as Mia (a member of A, an admin of B) through her token for A
// by JSON-RPC POSTs to app/api/mcp/route.ts, the controls of admin-only tools through Ana's token; and that route's
// POST itself, by the tool list it answers. A foreign or hidden id answers exactly like a random one (decision 012),
// but where a slot says otherwise.

export function mcpDoors({ w, fresh }: DoorContext): Door[] {
  const o = w.own;
  const mcp = (caller: Viewer, name: string, args: Record<string, unknown>) =>
    mcpRequest(caller, "tools/call", { name, arguments: args });
  const mcpRequest = async (caller: Viewer, method: string, params: Record<string, unknown>): Promise<Answer> => {
    const token = caller === "mcpAdmin" ? o.anaToken : o.miaToken;
    const response = await callRoute(
      "app/api/mcp/route.ts",
      "POST",
      "/api/mcp",
      {},
      {
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      },
    );
    const text = await response.text();
    const body = JSON.parse(text) as {
      result?: { isError?: boolean; structuredContent?: { error?: { code: string; message: string } } };
      error?: { message: string };
    };
    const error = body.result?.structuredContent?.error;
    return {
      ok: response.status < 400 && !body.error && body.result?.isError !== true,
      status: response.status,
      code: error?.code ?? (body.error || body.result?.isError ? "mcp_error" : undefined),
      message: error?.message ?? body.error?.message,
      text,
    };
  };
  const tool = (
    name: string,
    kind: Kind,
    field: string,
    own: () => Promise<string>,
    extra: Record<string, unknown> = {},
    options: { adminOnly?: boolean; variant?: string; same?: Slot["same"] } = {},
  ): Door => ({
    key: `mcp:${name}`,
    variant: options.variant,
    surface: "mcp",
    callers: ["mcp"],
    adminOnly: options.adminOnly,
    slots: [
      {
        kind,
        as: field,
        same: options.same ?? true,
        own,
        call: (caller, id) => mcp(caller, name, { [field]: id, ...extra }),
      },
    ],
  });
  const mcpList = (name: string, ...calls: Record<string, unknown>[]): Door => ({
    key: `mcp:${name}`,
    surface: "mcp",
    callers: ["mcp"],
    slots: [],
    lists: calls.map((args) => (caller: Viewer) => mcp(caller, name, args)),
  });
  const mcpAdminList = (name: string, args: Record<string, unknown>): Door => ({
    ...mcpList(name),
    lists: [() => mcp("mcpAdmin", name, args)],
  });
  return [
    mcpList("whoami", {}),
    mcpList("list_conversations", {}, { limit: 200 }),
    mcpList("find_contacts", {}, { query: "Quinn", limit: 50 }, { query: "b.test", limit: 50 }),
    mcpList("list_pending_approvals", {}),
    // Admin-only, and of the token's workspace alone (no id to probe): listed through A's admin's token, whose answer
    // must show nothing Mia may not see of A, nor anything of B; a member's refusal is lib/mcp/tools.int.test.ts's.
    mcpAdminList("get_policy_rules", {}),
    mcpAdminList("simulate_policy_rules", { rules: '{"rules": []}' }),
    // An export of the token's workspace (no id to probe): asked through A's admin's token, whose answer must show
    // nothing of B; the person's own exports, listed.
    mcpAdminList("export_workspace", {}),
    mcpList("list_exports", {}),
    tool("export_contact", "contact", "contact_id", fresh.contact, {}, { adminOnly: true }),
    tool("get_conversation", "conversation", "conversation_id", async () => o.visible),
    tool("read_messages", "conversation", "conversation_id", async () => o.visible, { limit: 200 }),
    tool("post_message", "conversation", "conversation_id", fresh.conversation, { body: "Probe" }),
    tool("opt_out", "conversation", "conversation_id", fresh.conversation),
    tool("take_over_conversation", "conversation", "conversation_id", fresh.conversation),
    tool("release_conversation", "conversation", "conversation_id", fresh.conversation),
    tool("search_contact_memory", "contact", "contact_id", async () => o.carla, {
      query: "said OR pays OR card OR gold",
      limit: 50,
    }),
    tool("get_contact_context", "contact", "contact_id", async () => o.carla),
    tool("set_do_not_contact", "contact", "contact_id", fresh.contact, { do_not_contact: true }),
    tool(
      "set_contact_sensitivity",
      "contact",
      "contact_id",
      fresh.contact,
      { sensitivity: "high" },
      { variant: "high" },
    ),
    tool(
      "set_contact_sensitivity",
      "contact",
      "contact_id",
      fresh.sensitiveContact,
      { sensitivity: "normal" },
      { variant: "normal", adminOnly: true },
    ),
    tool("approve_draft", "draft", "draft_id", fresh.draft),
    tool("approve_draft", "held", "draft_id", fresh.held, { body: "Edited" }, { variant: "held" }),
    tool("reject_draft", "draft", "draft_id", fresh.draft),
    tool("reject_draft", "held", "draft_id", fresh.held, {}, { variant: "held" }),
    // A request of the token's workspace that the person may not decide is refused in words (403): the guides name
    // who decides (an admin, or the asking bot's developer), not how others are answered.
    tool(
      "approve_agent_request",
      "agentRequest",
      "request_id",
      fresh.pendingRequest,
      {},
      { adminOnly: true, same: "foreign" },
    ),
    tool(
      "decline_agent_request",
      "agentRequest",
      "request_id",
      fresh.pendingRequest,
      {},
      { adminOnly: true, same: "foreign" },
    ),
    tool("confirm_fact", "fact", "fact_id", fresh.fact),
    tool("reject_fact", "fact", "fact_id", fresh.fact),
    {
      // Each tool is a door of its own (above); here the list of them, which quotes nothing.
      key: "app/api/mcp/route.ts#POST",
      surface: "mcp",
      callers: ["mcp"],
      slots: [],
      lists: [(caller) => mcpRequest(caller, "tools/list", {})],
    },
  ];
}
