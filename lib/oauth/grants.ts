import { query, sql, transaction, type Sql } from "@/lib/db/sql";
import { recordAuditSql } from "@/lib/audit/record-audit";
import type { PersonActor } from "@/lib/people/actor";

// Relay's record of each consent (`oauth_grants`): the person, the workspace the client acts in, its scopes, and
// whether it is revoked. oidc-provider keeps its own Grant (lib/oauth/adapter.ts) under the same id; an access
// token is honoured only while this row is not revoked.

const INSERT = query("oauth.grants.insert", {
  text: `INSERT INTO oauth_grants (grant_id, user_id, workspace_id, client_id, client_name, redirect_host, scopes, strong_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
   ON CONFLICT (grant_id) DO UPDATE
     SET workspace_id = EXCLUDED.workspace_id, scopes = EXCLUDED.scopes, client_name = EXCLUDED.client_name,
         redirect_host = EXCLUDED.redirect_host, revoked_at = NULL, strong_at = EXCLUDED.strong_at
   WHERE oauth_grants.user_id = EXCLUDED.user_id`,
});
const REVOKE = query("oauth.grants.revoke", {
  text: "UPDATE oauth_grants SET revoked_at = now() WHERE grant_id = $1 AND revoked_at IS NULL RETURNING grant_id",
});

export interface NewGrant {
  grantId: string;
  workspaceId: string;
  clientId: string;
  clientName: string;
  redirectHost: string;
  scopes: string[];
  /**
   * The consenting session's passkey or authenticator check, when fresh (lib/factors/step-up-gate.ts, freshCheckAt):
   * only such a grant may approve step-up items.
   */
  strongAt: Date | null;
  /** The warnings about the client's name the person allowed it despite (issue 31), kept in the audit record. */
  nameWarnings?: string[];
}

/** Records a consent, audited in the chosen workspace (`oauth_grant.created`, door `web`: the consent page). */
export async function recordGrant(actor: PersonActor, grant: NewGrant): Promise<void> {
  await transaction(async (tx) => {
    await tx.query(INSERT, [
      grant.grantId,
      actor.userId,
      grant.workspaceId,
      grant.clientId,
      grant.clientName,
      grant.redirectHost,
      grant.scopes,
      grant.strongAt,
    ]);
    await recordAuditSql(tx, {
      workspaceId: grant.workspaceId,
      actor,
      action: "oauth_grant.created",
      subjectType: "oauth_grant",
      data: {
        grant_id: grant.grantId,
        client_name: grant.clientName,
        client_id: grant.clientId,
        scopes: grant.scopes,
        strong: grant.strongAt !== null,
        ...(grant.nameWarnings?.length ? { name_warnings: grant.nameWarnings } : {}),
      },
    });
  });
}

/**
 * Marks a grant revoked (its tokens stop working on the next request), in `client`'s transaction if given; true if
 * this call revoked it, false if it was revoked already (the first date stays) or does not exist.
 */
export async function markGrantRevoked(grantId: string, client: Sql = sql()): Promise<boolean> {
  return (await client.query(REVOKE, [grantId])).length > 0;
}
