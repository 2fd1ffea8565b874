import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import {
  personalTokenFormat,
  TOKEN_NAME_MAX,
  TOKEN_SCOPES,
  tokenView,
  type PersonalTokenView,
  type TokenScope,
} from "./personal-token";
import { freshCheckAt, requireStepUpToChange } from "@/lib/factors/step-up-gate";

/**
 * A person creates a token for themselves in one of their workspaces. The token is returned once, here; only its
 * hash is kept. `read` is always granted; `write` only when asked for.
 */
export async function createPersonalToken(
  actor: PersonActor,
  input: { workspaceId: string; name: string; scopes?: string[] },
): Promise<PersonalTokenView & { token: string }> {
  const name = input.name.trim();
  if (!name || name.length > TOKEN_NAME_MAX)
    throw new ApiError("invalid_body", `The token name must be 1 to ${TOKEN_NAME_MAX} characters`, { field: "name" });
  const asked = input.scopes ?? [];
  const unknown = asked.filter((scope) => !(TOKEN_SCOPES as readonly string[]).includes(scope));
  if (unknown.length)
    throw new ApiError("invalid_body", `Unknown scope(s): ${unknown.join(", ")}; known: ${TOKEN_SCOPES.join(", ")}`);
  const scopes: TokenScope[] = asked.includes("write") ? ["read", "write"] : ["read"];

  const workspace = await db().workspace.findUnique({
    where: { id: requireUuid(input.workspaceId, "Workspace") },
    select: { id: true, slug: true, name: true },
  });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireMember(actor, { client: db(), workspaceId: workspace.id });
  await requireStepUpToChange(actor, workspace.id);
  const strongAt = freshCheckAt(actor);

  const { key, prefix, hash } = personalTokenFormat.generate();
  const row = await db().$transaction(async (tx) => {
    const created = await tx.personalAccessToken.create({
      data: { userId: actor.userId, workspaceId: workspace.id, name, prefix, tokenHash: hash, scopes, strongAt },
    });
    await recordAudit(tx, {
      workspaceId: workspace.id,
      actor,
      action: "personal_token.created",
      subjectType: "personal_token",
      subjectId: created.id,
      data: { prefix, scopes, strong: strongAt !== null },
    });
    return created;
  });
  return { ...tokenView(row, workspace), token: key };
}
