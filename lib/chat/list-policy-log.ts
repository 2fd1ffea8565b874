import { db } from "@/lib/db/client";
import { readDb, readSql } from "@/lib/db/replicas";
import { query } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { cutText } from "@/lib/text/hostile-text";

export interface PolicyLogEntry {
  id: string;
  /** held: waits (or waited) for a person; deferred: over a rate limit; blocked / refused: not delivered. */
  outcome: "held" | "deferred" | "blocked" | "refused";
  reasons: string[];
  bot: { id: string; handle: string; name: string };
  conversation: { id: string; title: string | null } | null;
  /** The start of what the bot tried to say; null when it held a secret (never stored). */
  excerpt: string | null;
  /** For held messages: where the decision stands now. */
  status: "pending" | "approved" | "rejected" | "expired" | null;
  /** The workspace's rule-set version in force when it was decided; null when it had none. */
  ruleSetVersion: number | null;
  at: string;
}

const LIMIT = 200;

/**
 * The workspace's held messages, newest first. SQL, as the model gives a draft no relation to its conversation (so
 * Prisma cannot filter drafts by the conversation's workspace); a read on its own, beside the Prisma reads below.
 */
const HELD = query("chat.policyLogHeld", {
  text: `SELECT d.id, d.bot_id, d.conversation_id, d.status, d.reasons, d.original_body,
       d.created_at, d.expires_at, d.rule_set_version
  FROM drafts d JOIN conversations c ON c.id = d.conversation_id
  WHERE c.workspace_id = $1 AND d.origin = 'held_message'
  ORDER BY d.created_at DESC
  LIMIT ${LIMIT}`,
});

/**
 * For admins: why the workspace's bot messages did not simply go out, newest first. Held messages come from the
 * drafts a policy verdict created (their reasons), refusals and deferrals from the record kept of each attempt
 * (lib/policy/refusal.ts). Members cannot read it: it spans conversations they may not take part in.
 */
export async function listPolicyLog(actor: PersonActor, workspaceId: string): Promise<PolicyLogEntry[]> {
  const id = requireUuid(workspaceId, "Workspace");
  const workspace = await db().workspace.findUnique({ where: { id }, select: { id: true } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireMember(actor, { client: db(), workspaceId: id, role: "admin" });

  const [refusals, held] = await Promise.all([
    readDb().policyDecision.findMany({ where: { workspaceId: id }, orderBy: { createdAt: "desc" }, take: LIMIT }),
    readSql().query(HELD, [id]),
  ]);
  const botIds = [...new Set([...refusals.map((r) => r.botId), ...held.map((d) => d.bot_id)])];
  const conversationIds = [
    ...new Set([
      ...refusals.flatMap((r) => (r.conversationId ? [r.conversationId] : [])),
      ...held.map((d) => d.conversation_id),
    ]),
  ];
  const [bots, conversations] = await Promise.all([
    readDb().bot.findMany({ where: { id: { in: botIds } }, select: { id: true, handle: true, name: true } }),
    readDb().conversation.findMany({ where: { id: { in: conversationIds } }, select: { id: true, title: true } }),
  ]);
  const botById = new Map(bots.map((b) => [b.id, b]));
  const conversationById = new Map(conversations.map((c) => [c.id, c]));
  const botOf = (botId: string) => botById.get(botId) ?? { id: botId, handle: "unknown", name: "Unknown bot" };

  const entries: PolicyLogEntry[] = [
    ...refusals.map((r) => ({
      id: r.id,
      outcome: r.outcome as PolicyLogEntry["outcome"],
      reasons: r.reasons,
      bot: botOf(r.botId),
      conversation: r.conversationId ? (conversationById.get(r.conversationId) ?? null) : null,
      excerpt: r.excerpt,
      status: null,
      ruleSetVersion: r.ruleSetVersion,
      at: r.createdAt.toISOString(),
    })),
    ...held.map((d) => ({
      id: d.id,
      outcome: "held" as const,
      reasons: d.reasons,
      bot: botOf(d.bot_id),
      conversation: conversationById.get(d.conversation_id) ?? null,
      excerpt: d.reasons.includes("secrets_detected") ? null : cutText(d.original_body, 140),
      status: d.status === "pending" && d.expires_at <= new Date() ? ("expired" as const) : d.status,
      ruleSetVersion: d.rule_set_version,
      at: d.created_at.toISOString(),
    })),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, LIMIT);
}
