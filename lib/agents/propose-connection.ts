import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { ConnectionProposal, type ConnectionProposalInput } from "@/lib/schemas/agent-requests";
import { describeIssues } from "@/lib/schemas/validate";
import { adminWorkspaces, viewConnections, type ConnectionView } from "./connection-record";

// An admin proposes a trusted connection between one of their workspace's bots (side A) and another bot (side B),
// named by its workspace's slug and its handle, with the request types each side may ask the other and whether a
// person approves each request first. The proposal counts as the acceptance of every side the proposer administers:
// between two bots of one workspace the connection is live at once; across workspaces it waits for an admin of the
// other workspace (acceptConnection). One connection that is not revoked per pair of bots (409 otherwise).

export async function proposeConnection(actor: PersonActor, input: ConnectionProposalInput): Promise<ConnectionView> {
  const parsed = ConnectionProposal.safeParse(input);
  if (!parsed.success) throw new ApiError("invalid_body", describeIssues(parsed.error.issues));
  const proposal = parsed.data;

  const own = await db().bot.findUnique({ where: { id: requireUuid(proposal.botId, "Bot") } });
  if (!own) throw new ApiError("not_found", "Bot not found");
  await requireMember(actor, { client: db(), workspaceId: own.workspaceId, role: "admin", notFound: "Bot not found" });
  const workspace = await db().workspace.findUnique({ where: { slug: proposal.otherWorkspace } });
  const other = workspace
    ? await db().bot.findFirst({ where: { workspaceId: workspace.id, handle: proposal.otherHandle } })
    : null;
  if (!workspace || !other)
    throw new ApiError("not_found", `No bot @${proposal.otherHandle} in workspace "${proposal.otherWorkspace}"`);
  if (other.id === own.id)
    throw new ApiError("invalid_body", "A bot cannot connect to itself: choose another bot", { field: "other_handle" });

  const live = await db().botConnection.findFirst({
    where: {
      revokedAt: null,
      OR: [
        { botAId: own.id, botBId: other.id },
        { botAId: other.id, botBId: own.id },
      ],
    },
  });
  if (live) throw alreadyConnected(own.handle, other.handle);

  const adminOf = await adminWorkspaces(db(), actor.userId);
  const now = new Date();
  const acceptsB = adminOf.has(other.workspaceId);
  try {
    const created = await db().$transaction(async (tx) => {
      const connection = await tx.botConnection.create({
        data: {
          botAId: own.id,
          botBId: other.id,
          workspaceAId: own.workspaceId,
          workspaceBId: other.workspaceId,
          typesAToB: proposal.typesToOther,
          typesBToA: proposal.typesFromOther,
          requiresApproval: proposal.requiresApproval,
          proposedByUserId: actor.userId,
          acceptedAByUserId: actor.userId,
          acceptedAAt: now,
          ...(acceptsB ? { acceptedBByUserId: actor.userId, acceptedBAt: now } : {}),
        },
      });
      const data = {
        bot_a: own.handle,
        bot_b: other.handle,
        types_a_to_b: proposal.typesToOther,
        types_b_to_a: proposal.typesFromOther,
        requires_approval: proposal.requiresApproval,
      };
      for (const workspaceId of new Set([own.workspaceId, other.workspaceId])) {
        await recordAudit(tx, {
          workspaceId,
          actor,
          action: "connection.proposed",
          subjectType: "bot_connection",
          subjectId: connection.id,
          data,
        });
      }
      return connection;
    });
    return (await viewConnections(db(), { connections: [created], adminOf }))[0]!;
  } catch (error) {
    // Two proposals for one pair at once: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw alreadyConnected(own.handle, other.handle);
    throw error;
  }
}

const alreadyConnected = (a: string, b: string) =>
  new ApiError(
    "conflict",
    `@${a} and @${b} already have a connection (proposed or live): revoke it first to change it`,
  );

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string }; message?: string };
  return e?.code === "P2002" || e?.cause?.code === "23505" || /unique constraint|23505/i.test(e?.message ?? "");
}
