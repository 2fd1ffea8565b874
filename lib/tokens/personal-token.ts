import type { PersonalAccessToken } from "@/lib/generated/prisma/client";
import { tokenFormat } from "@/lib/keys/api-key";

// Personal access tokens: how a person's AI assistant (an MCP client) acts as that person at /api/mcp. The bots'
// key format with its own prefix (`rpt_` + 190 random bits + checksum): a mistyped token is refused without a
// database lookup, and only its SHA-256 is stored. Each token is bound to one workspace of its person.

export const PERSONAL_TOKEN_PREFIX = "rpt_";
export const personalTokenFormat = tokenFormat(PERSONAL_TOKEN_PREFIX);

/** `read`: every read tool. `write`: also approve, reject, post, opt out, take over. Every token has `read`. */
export const TOKEN_SCOPES = ["read", "write"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_NAME_MAX = 60;

export interface PersonalTokenView {
  id: string;
  name: string;
  prefix: string;
  scopes: TokenScope[];
  workspace: { id: string; slug: string; name: string };
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function tokenView(
  row: Pick<PersonalAccessToken, "id" | "name" | "prefix" | "scopes" | "createdAt" | "lastUsedAt" | "revokedAt">,
  workspace: { id: string; slug: string; name: string },
): PersonalTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as TokenScope[],
    workspace,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
