import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { PersonActor } from "@/lib/people/actor";

/** Emails one page of the outbox shows, newest first. */
const OUTBOX_PAGE = 50;

export interface OutboxEmail {
  id: string;
  /** Null for an account's e-mail (a sign-in from a new device): it belongs to no workspace. */
  workspace: { slug: string; name: string } | null;
  to: string;
  subject: string;
  text: string;
  items: { title: string; body: string; path: string }[];
  created_at: string;
}

/**
 * The person's own notification emails kept on this machine (no SMTP server configured: lib/notifications/email/),
 * newest first; nobody else's. `smtp`: whether emails now go to a mail server instead.
 */
export async function listOutbox(actor: PersonActor): Promise<{ smtp: boolean; emails: OutboxEmail[] }> {
  const rows = await db().emailOutbox.findMany({
    where: { userId: actor.userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: OUTBOX_PAGE,
  });
  const workspaces = await db().workspace.findMany({
    where: { id: { in: [...new Set(rows.flatMap((r) => (r.workspaceId ? [r.workspaceId] : [])))] } },
    select: { id: true, slug: true, name: true },
  });
  const byId = new Map(workspaces.map((w) => [w.id, w]));
  return {
    smtp: Boolean(env().SMTP_URL),
    emails: rows.map((row) => ({
      id: row.id,
      workspace: row.workspaceId ? (byId.get(row.workspaceId) ?? { slug: "", name: "(a workspace)" }) : null,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      items: Array.isArray(row.items) ? (row.items as OutboxEmail["items"]) : [],
      created_at: row.createdAt.toISOString(),
    })),
  };
}
