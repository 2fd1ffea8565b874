import { db, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { Notification } from "@/lib/generated/prisma/client";
import { pushToPerson, type PushPayload } from "./push/push-to-person";
import { emailHtml, emailSubject, emailText, EMAIL_ITEMS_MAX, type EmailContent } from "./email/render-email";
import { sendEmail, type EmailTransport } from "./email/send-email";
import { earliestDelivery, lastSentAt, scheduleDelivery, type Target } from "./schedule";
import { settingsOf } from "./settings";
import { unsubscribePageUrl, unsubscribeToken, unsubscribeUrl } from "./unsubscribe";

// The delivery job (task `deliver_notifications`, jobs/tasks/deliver-notifications.ts): everything pending for one
// person in one workspace on one channel goes out as ONE message, listing it all. In one transaction, holding an
// advisory lock on the (person, workspace, channel), so two jobs of one target never send the same rows:
//   1. the channel is off: the pending rows are skipped;
//   2. too early (the gap since the last message is not over, or quiet hours): the job moves itself there;
//   3. rows whose approval was decided meanwhile (or expired) are skipped: nobody needs them any more;
//   4. the rest goes out (email: SMTP or the outbox; push: pushToPerson) and is marked sent.
// A failure of the channel throws: the transaction rolls back and graphile-worker retries the job.

export type DeliveryOutcome =
  | { status: "sent"; count: number; transport: EmailTransport | "push" }
  | { status: "deferred"; until: Date }
  | { status: "nothing" };

/** Rows one delivery takes; more wait for the next one (the channel's gap later). */
const BATCH_MAX = 500;
/** Kinds that tell of something which may stop waiting (decided, expired) before the message goes out. */
const WAITING_KINDS = new Set(["approval", "agent_request", "fact", "reminder"]);

const statusField = (t: Target) => (t.channel === "email" ? "emailStatus" : "pushStatus");

export async function deliverNotifications(target: Target, now: Date = new Date()): Promise<DeliveryOutcome> {
  return db().$transaction(
    async (tx) => {
      await tx.$queryRawUnsafe(
        `SELECT count(*)::int AS n FROM (SELECT pg_advisory_xact_lock(hashtext($1))) AS locked`,
        `notify:${target.channel}:${target.userId}:${target.workspaceId}`,
      );
      const field = statusField(target);
      const where = { userId: target.userId, workspaceId: target.workspaceId, [field]: "pending" };
      const pending = await tx.notification.findMany({ where, orderBy: { createdAt: "asc" }, take: BATCH_MAX });
      if (!pending.length) return { status: "nothing" } as const;

      const settings = await settingsOf(tx, target.userId, target.workspaceId);
      if (!settings[target.channel]) {
        await tx.notification.updateMany({ where, data: { [field]: "skipped" } });
        return { status: "nothing" } as const;
      }
      const due = earliestDelivery(target.channel, now, await lastSentAt(tx, target), settings);
      if (due > now) {
        await scheduleDelivery(tx, target, due, "replace");
        return { status: "deferred", until: due } as const;
      }

      const live = await stillWaiting(tx, pending, now);
      const moot = pending.filter((row) => !live.includes(row));
      if (moot.length) {
        await tx.notification.updateMany({
          where: { id: { in: moot.map((r) => r.id) } },
          data: { [field]: "skipped" },
        });
      }
      if (!live.length) return { status: "nothing" } as const;

      const transport = target.channel === "email" ? await email(tx, target, live) : await push(tx, target, live);
      const sentAt = target.channel === "email" ? "emailSentAt" : "pushSentAt";
      await tx.notification.updateMany({
        where: { id: { in: live.map((r) => r.id) } },
        data: { [field]: "sent", [sentAt]: now },
      });
      if (pending.length === BATCH_MAX) {
        // More than one batch waited: the rest goes in the next message, the channel's gap later.
        await scheduleDelivery(tx, target, earliestDelivery(target.channel, now, now, settings), "replace");
      }
      return { status: "sent", count: live.length, transport } as const;
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}

/** The rows still worth telling: an approval still pending, a fact still a candidate; news (mentions, ...) always. */
async function stillWaiting(tx: Tx, rows: Notification[], now: Date): Promise<Notification[]> {
  const ids = [...new Set(rows.filter((r) => WAITING_KINDS.has(r.kind)).map((r) => r.subjectId))];
  if (!ids.length) return rows;
  const [drafts, requests, facts] = await Promise.all([
    tx.draft.findMany({ where: { id: { in: ids }, status: "pending", expiresAt: { gt: now } }, select: { id: true } }),
    tx.agentRequest.findMany({
      where: { id: { in: ids }, status: "pending_approval", expiresAt: { gt: now } },
      select: { id: true },
    }),
    tx.contactFact.findMany({ where: { id: { in: ids }, status: "candidate" }, select: { id: true } }),
  ]);
  const waiting = new Set([...drafts, ...requests, ...facts].map((x) => x.id));
  return rows.filter((r) => !WAITING_KINDS.has(r.kind) || waiting.has(r.subjectId));
}

async function recipient(tx: Tx, target: Target) {
  const [user, workspace] = await Promise.all([
    tx.user.findUniqueOrThrow({ where: { id: target.userId }, select: { email: true, name: true } }),
    tx.workspace.findUniqueOrThrow({ where: { id: target.workspaceId }, select: { name: true, slug: true } }),
  ]);
  return { user, workspace };
}

const absolute = (path: string) => new URL(path, env().APP_URL).toString();

async function email(tx: Tx, target: Target, rows: Notification[]): Promise<EmailTransport> {
  const { user, workspace } = await recipient(tx, target);
  const token = unsubscribeToken(target.userId, target.workspaceId);
  const listed = rows.slice(0, EMAIL_ITEMS_MAX);
  const content: EmailContent = {
    workspaceName: workspace.name,
    recipientName: user.name,
    items: listed.map((r) => ({ title: r.title, body: r.body, url: absolute(r.path) })),
    more:
      rows.length > listed.length
        ? { count: rows.length - listed.length, url: absolute(`/chat/${workspace.slug}/approvals`) }
        : null,
    settingsUrl: absolute("/settings/notifications"),
    unsubscribePageUrl: unsubscribePageUrl(token),
  };
  return sendEmail(tx, {
    userId: target.userId,
    workspaceId: target.workspaceId,
    to: user.email,
    subject: emailSubject(content),
    text: emailText(content),
    html: emailHtml(content),
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl(token)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    },
    items: listed.map((r) => ({ title: r.title, body: r.body, path: r.path, url: absolute(r.path) })),
  });
}

/** The push of a delivery: the one notification, or a count with the first and a link to the approvals inbox. */
export function pushPayload(workspace: { name: string; slug: string }, workspaceId: string, rows: Notification[]) {
  const [first] = rows as [Notification, ...Notification[]];
  const payload: PushPayload =
    rows.length === 1
      ? { title: first.title, body: first.body, url: first.path, tag: `relay:${workspaceId}` }
      : {
          title: `${rows.length} new notifications in ${workspace.name}`,
          body: `${first.title}, and ${rows.length - 1} more`,
          url: `/chat/${workspace.slug}/approvals`,
          tag: `relay:${workspaceId}`,
        };
  return payload;
}

async function push(tx: Tx, target: Target, rows: Notification[]): Promise<"push"> {
  const { workspace } = await recipient(tx, target);
  await pushToPerson(target.userId, pushPayload(workspace, target.workspaceId, rows));
  return "push";
}
