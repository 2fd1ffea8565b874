import { db } from "@/lib/db/client";
import { requireUuid } from "@/lib/ids";
import { botManagedBy } from "@/lib/people/access";
import type { Actor, PersonActor } from "@/lib/people/actor";
import type { NameWarning } from "@/lib/text/name-warnings";
import { botNameWarnings } from "./bot-name-warnings";
import { requireBotManager } from "./require-bot-manager";

// What the developer portal reads about bots. A person manages the bots they registered, and every bot of the
// workspaces they administer (require-bot-manager.ts). Secrets never leave here: only their dates.

export interface ManagedBotSummary {
  id: string;
  handle: string;
  name: string;
  status: "active" | "paused" | "stopped";
  webhook_url: string | null;
  active_key_count: number;
  created_at: string;
  /** What a person should know about its name (hidden characters, mixed scripts, another bot it looks like). */
  name_warnings: NameWarning[];
}

export interface ManagedWorkspace {
  id: string;
  slug: string;
  name: string;
  role: "admin" | "member";
  bots: ManagedBotSummary[];
}

/**
 * Every workspace the person belongs to (so they can register a bot in any of them), each with the bots they
 * manage there, newest first.
 */
export async function listManagedBots(actor: PersonActor): Promise<ManagedWorkspace[]> {
  const memberships = await db().membership.findMany({
    where: { userId: actor.userId },
    include: { workspace: { select: { id: true, slug: true, name: true } } },
    orderBy: { createdAt: "asc" },
  });
  if (!memberships.length) return [];
  const bots = await db().bot.findMany({
    where: botManagedBy(actor.userId),
    orderBy: [{ createdAt: "desc" }, { handle: "asc" }],
  });
  const counts = bots.length
    ? await db().apiKey.groupBy({
        by: ["botId"],
        where: { botId: { in: bots.map((b) => b.id) }, revokedAt: null },
        _count: { _all: true },
      })
    : [];
  const keyCount = new Map(counts.map((row) => [row.botId, row._count._all]));
  const warnings = await botNameWarnings(bots);
  return memberships.map((m) => ({
    id: m.workspace.id,
    slug: m.workspace.slug,
    name: m.workspace.name,
    role: m.role,
    bots: bots
      .filter((bot) => bot.workspaceId === m.workspaceId)
      .map((bot) => ({
        id: bot.id,
        handle: bot.handle,
        name: bot.name,
        status: bot.status,
        webhook_url: bot.webhookUrl,
        active_key_count: keyCount.get(bot.id) ?? 0,
        created_at: bot.createdAt.toISOString(),
        name_warnings: warnings.get(bot.id) ?? [],
      })),
  }));
}

export interface ManagedBot {
  id: string;
  handle: string;
  name: string;
  status: "active" | "paused" | "stopped";
  status_reason: string | null;
  webhook_url: string | null;
  event_types: string[];
  trusted_message_count: number;
  created_at: string;
  /** What a person should know about its name (hidden characters, mixed scripts, another bot it looks like). */
  name_warnings: NameWarning[];
  workspace: { id: string; slug: string; name: string };
  created_by: { id: string; name: string; email: string } | null;
  keys: {
    id: string;
    name: string;
    prefix: string;
    scopes: string[];
    created_at: string;
    last_used_at: string | null;
    revoked_at: string | null;
  }[];
  /** Newest first. `current` signs alone; `previous` still signs beside it until expires_at; `expired` no more. */
  signing_secrets: {
    id: string;
    state: "current" | "previous" | "expired";
    created_at: string;
    expires_at: string | null;
  }[];
}

interface GetManagedBotOptions {
  botId: string;
  /** What a signing secret's expiry is compared with; default: now. */
  now?: Date;
}

/** One bot as its developer sees it: settings, keys (prefixes only) and signing secrets (dates only). */
export async function getManagedBot(
  actor: Actor,
  { botId, now = new Date() }: GetManagedBotOptions,
): Promise<ManagedBot> {
  const bot = await requireBotManager(actor, { client: db(), botId: requireUuid(botId, "Bot") });
  const [workspace, creator, keys, secrets, warnings] = await Promise.all([
    db().workspace.findUniqueOrThrow({ where: { id: bot.workspaceId }, select: { id: true, slug: true, name: true } }),
    bot.createdByUserId
      ? db().user.findUnique({ where: { id: bot.createdByUserId }, select: { id: true, name: true, email: true } })
      : null,
    db().apiKey.findMany({
      where: { botId: bot.id },
      orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
    }),
    db().botSigningSecret.findMany({ where: { botId: bot.id }, orderBy: { createdAt: "desc" }, take: 10 }),
    botNameWarnings([bot]),
  ]);
  return {
    id: bot.id,
    handle: bot.handle,
    name: bot.name,
    status: bot.status,
    status_reason: bot.statusReason,
    webhook_url: bot.webhookUrl,
    event_types: bot.eventTypes,
    trusted_message_count: bot.trustedMessageCount,
    created_at: bot.createdAt.toISOString(),
    name_warnings: warnings.get(bot.id) ?? [],
    workspace,
    created_by: creator,
    keys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      scopes: key.scopes,
      created_at: key.createdAt.toISOString(),
      last_used_at: key.lastUsedAt?.toISOString() ?? null,
      revoked_at: key.revokedAt?.toISOString() ?? null,
    })),
    signing_secrets: secrets.map((secret) => ({
      id: secret.id,
      state: secret.expiresAt === null ? "current" : secret.expiresAt > now ? "previous" : "expired",
      created_at: secret.createdAt.toISOString(),
      expires_at: secret.expiresAt?.toISOString() ?? null,
    })),
  };
}
