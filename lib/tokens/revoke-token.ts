import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import type { PersonActor } from "@/lib/people/actor";
import { tokenView, type PersonalTokenView } from "./personal-token";

/**
 * A person revokes one of their own tokens; someone else's is "not found". Takes effect at once: tokens are not
 * cached, so the next request with it is 401. Revoking twice keeps the first date.
 */
export async function revokePersonalToken(actor: PersonActor, id: string): Promise<PersonalTokenView> {
  const found = isUuid(id) ? await db().personalAccessToken.findUnique({ where: { id: id.toLowerCase() } }) : null;
  if (!found || found.userId !== actor.userId) throw new ApiError("not_found", "Token not found");
  const row = await db().$transaction(async (tx) => {
    if (found.revokedAt) return found;
    const updated = await tx.personalAccessToken.update({ where: { id: found.id }, data: { revokedAt: new Date() } });
    await recordAudit(tx, {
      workspaceId: found.workspaceId,
      actor,
      action: "personal_token.revoked",
      subjectType: "personal_token",
      subjectId: found.id,
      data: { prefix: found.prefix },
    });
    return updated;
  });
  const workspace = await db().workspace.findUniqueOrThrow({
    where: { id: row.workspaceId },
    select: { id: true, slug: true, name: true },
  });
  return tokenView(row, workspace);
}
