import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { recordAuditSql } from "@/lib/audit/record-audit";
import { transaction } from "@/lib/db/sql";
import type { PersonActor } from "@/lib/people/actor";
import { PostgresAdapter } from "./adapter";
import { markGrantRevoked } from "./grants";

/**
 * A person disconnects an assistant they connected by OAuth; another person's grant (or an unknown id) is "not
 * found". At once: the grant is marked revoked (an access token is honoured only while it is not,
 * lib/oauth/authenticate-oauth-token.ts) and the authorization server forgets its tokens, so its refresh token cannot
 * mint another. Revoking twice keeps the first date and records nothing more.
 */
export async function revokeOAuthGrant(actor: PersonActor, grantId: string): Promise<void> {
  const found = grantId.length <= 200 ? await db().oAuthGrant.findUnique({ where: { grantId } }) : null;
  if (!found || found.userId !== actor.userId) throw new ApiError("not_found", "Connected assistant not found");
  if (!found.revokedAt) {
    await transaction(async (tx) => {
      if (!(await markGrantRevoked(grantId, tx))) return;
      await recordAuditSql(tx, {
        workspaceId: found.workspaceId,
        actor,
        action: "oauth_grant.revoked",
        subjectType: "oauth_grant",
        data: { grant_id: grantId, client_name: found.clientName, client_id: found.clientId },
      });
    });
  }
  // Also for a grant already marked (the library revokes a grant whose refresh token was replayed): idempotent.
  const grants = new PostgresAdapter("Grant");
  await grants.revokeByGrantId(grantId);
  await grants.destroy(grantId);
}
