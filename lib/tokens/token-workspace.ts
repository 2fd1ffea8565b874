import { query, sql, type Query } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import type { TokenPrincipal } from "./authenticate-token";

// A token is bound to one workspace. Before a tool touches anything by id, the id is resolved to its workspace
// here; one of another workspace answers exactly like one that does not exist (404 with the domain's own words),
// so a token of one workspace learns nothing of another, whatever its person may see elsewhere. The domain
// functions then check the person's own rights as they do for the chat.

export type Scoped = "conversation" | "draft" | "fact" | "contact" | "agent_request";

const WORKSPACE_OF: Record<Scoped, { label: string; query: Query<`tokens.workspaceOf.${Scoped}`> }> = {
  conversation: {
    label: "Conversation",
    query: query("tokens.workspaceOf.conversation", { text: "SELECT workspace_id FROM conversations WHERE id = $1" }),
  },
  draft: {
    label: "Draft",
    query: query("tokens.workspaceOf.draft", {
      text: "SELECT c.workspace_id FROM drafts d JOIN conversations c ON c.id = d.conversation_id WHERE d.id = $1",
    }),
  },
  fact: {
    label: "Fact",
    query: query("tokens.workspaceOf.fact", { text: "SELECT workspace_id FROM contact_facts WHERE id = $1" }),
  },
  contact: {
    label: "Contact",
    query: query("tokens.workspaceOf.contact", { text: "SELECT workspace_id FROM contacts WHERE id = $1" }),
  },
  // A request is decided by people of the asking side (lib/agents/approve-agent-request.ts): its workspace.
  agent_request: {
    label: "Agent request",
    query: query("tokens.workspaceOf.agent_request", {
      text: "SELECT b.workspace_id FROM agent_requests r JOIN bots b ON b.id = r.from_bot_id WHERE r.id = $1",
    }),
  },
};

export interface RequireTokenWorkspaceOptions {
  /** What the id names. */
  kind: Scoped;
  /** The id as the tool's input gave it (anything but a UUID is not found). */
  id: string;
}

export async function requireTokenWorkspace(
  principal: Pick<TokenPrincipal, "workspaceId">,
  { kind, id }: RequireTokenWorkspaceOptions,
): Promise<void> {
  const { label, query: statement } = WORKSPACE_OF[kind];
  const rows = isUuid(id) ? await sql().query(statement, [id.toLowerCase()]) : [];
  if (rows[0]?.workspace_id !== principal.workspaceId) throw new ApiError("not_found", `${label} not found`);
}
