import { query, transaction, type RowOf, type Sql } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { visibleText } from "@/lib/text/hidden-characters";
import { pushToPerson, type PushPayload } from "./push/push-to-person";
import { emailHtml, emailSubject, emailText, EMAIL_ITEMS_MAX, type EmailContent } from "./email/render-email";
import { sendEmail, type EmailTransport } from "./email/send-email";
import { deliveryJobKey, earliestDelivery, lastSentAt, scheduleDelivery, type Target } from "./schedule";
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
const WAITING_KINDS = new Set(["approval", "agent_request", "fact", "reminder", "escalation", "erasure_request"]);

const LOCK = query("notifications.lockTarget", { text: "SELECT pg_advisory_xact_lock(hashtext($1))" });

// Each statement per channel: a channel's columns are named in the text, so each uses its own indexes.
const pendingOf = (status: string) =>
  `SELECT id, kind, subject_id, title, body, path FROM notifications
    WHERE user_id = $1 AND workspace_id = $2 AND ${status} = 'pending'
    ORDER BY created_at LIMIT ${BATCH_MAX}`;
const PENDING = {
  email: query("notifications.pendingEmail", { text: pendingOf("email_status") }),
  push: query("notifications.pendingPush", { text: pendingOf("push_status") }),
};
const skipPendingOf = (status: string) =>
  `UPDATE notifications SET ${status} = 'skipped' WHERE user_id = $1 AND workspace_id = $2 AND ${status} = 'pending'`;
const SKIP_PENDING = {
  email: query("notifications.skipPendingEmail", { text: skipPendingOf("email_status") }),
  push: query("notifications.skipPendingPush", { text: skipPendingOf("push_status") }),
};
const skipOf = (status: string) => `UPDATE notifications SET ${status} = 'skipped' WHERE id = ANY($1::uuid[])`;
const SKIP = {
  email: query("notifications.skipEmail", { text: skipOf("email_status") }),
  push: query("notifications.skipPush", { text: skipOf("push_status") }),
};
const sentOf = (status: string, sentAt: string) =>
  `UPDATE notifications SET ${status} = 'sent', ${sentAt} = $2 WHERE id = ANY($1::uuid[])`;
const SENT = {
  email: query("notifications.sentEmail", { text: sentOf("email_status", "email_sent_at") }),
  push: query("notifications.sentPush", { text: sentOf("push_status", "push_sent_at") }),
};

/** Of these subjects, the ones still waiting for a person at $2. */
const STILL_WAITING = query("notifications.stillWaiting", {
  text: `SELECT id FROM drafts WHERE id = ANY($1::uuid[]) AND status = 'pending' AND expires_at > $2::timestamptz
   UNION ALL
   SELECT id FROM agent_requests
    WHERE id = ANY($1::uuid[]) AND status = 'pending_approval' AND expires_at > $2::timestamptz
   UNION ALL
   SELECT id FROM contact_facts WHERE id = ANY($1::uuid[]) AND status = 'candidate'
   UNION ALL
   SELECT id FROM erasure_requests WHERE id = ANY($1::uuid[]) AND status = 'pending'`,
  notNull: ["id"], // each branch's primary key
});

const RECIPIENT = query("notifications.recipient", {
  text: `SELECT u.email, u.name, w.name AS workspace_name, w.slug AS workspace_slug
     FROM users u CROSS JOIN workspaces w WHERE u.id = $1 AND w.id = $2`,
});

/** A pending notification, as a delivery lists it. */
type Told = ReturnType<typeof told>;
const told = (row: RowOf<"notifications.pendingEmail">) => ({
  id: row.id,
  kind: row.kind,
  subjectId: row.subject_id,
  title: row.title,
  body: row.body,
  path: row.path,
});

export async function deliverNotifications(target: Target, now: Date = new Date()): Promise<DeliveryOutcome> {
  return transaction(async (tx) => {
    await tx.query(LOCK, [deliveryJobKey(target)]);
    const { channel, userId, workspaceId } = target;
    const pending = (await tx.query(PENDING[channel], [userId, workspaceId])).map(told);
    if (!pending.length) return { status: "nothing" } as const;

    const settings = await settingsOf(tx, { userId, workspaceId });
    if (!settings[channel]) {
      await tx.query(SKIP_PENDING[channel], [userId, workspaceId]);
      return { status: "nothing" } as const;
    }
    const due = earliestDelivery({ channel, now, lastSent: await lastSentAt(tx, target), settings });
    if (due > now) {
      await scheduleDelivery(tx, { target, runAt: due, mode: "replace" });
      return { status: "deferred", until: due } as const;
    }

    const live = await stillWaiting(tx, pending, now);
    const moot = pending.filter((row) => !live.includes(row));
    if (moot.length) await tx.query(SKIP[channel], [moot.map((r) => r.id)]);
    if (!live.length) return { status: "nothing" } as const;

    const transport = channel === "email" ? await email(tx, target, live) : await push(tx, target, live);
    await tx.query(SENT[channel], [live.map((r) => r.id), now]);
    if (pending.length === BATCH_MAX) {
      // More than one batch waited: the rest goes in the next message, the channel's gap later.
      await scheduleDelivery(tx, {
        target,
        runAt: earliestDelivery({ channel, now, lastSent: now, settings }),
        mode: "replace",
      });
    }
    return { status: "sent", count: live.length, transport } as const;
  });
}

/** The rows still worth telling: an approval still pending, a fact still a candidate; news (mentions, ...) always. */
async function stillWaiting(sql: Sql, rows: Told[], now: Date): Promise<Told[]> {
  const ids = [...new Set(rows.filter((r) => WAITING_KINDS.has(r.kind)).map((r) => r.subjectId))];
  if (!ids.length) return rows;
  const waiting = new Set((await sql.query(STILL_WAITING, [ids, now])).map((x) => x.id));
  return rows.filter((r) => !WAITING_KINDS.has(r.kind) || waiting.has(r.subjectId));
}

async function recipient(sql: Sql, target: Target) {
  const [row] = await sql.query(RECIPIENT, [target.userId, target.workspaceId]);
  if (!row) throw new Error(`no person ${target.userId} or workspace ${target.workspaceId} to deliver to`);
  return {
    user: { email: row.email, name: row.name },
    workspace: { name: row.workspace_name, slug: row.workspace_slug },
  };
}

const absolute = (path: string) => new URL(path, env().APP_URL).toString();

async function email(sql: Sql, target: Target, rows: Told[]): Promise<EmailTransport> {
  const { user, workspace } = await recipient(sql, target);
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
  return sendEmail(sql, {
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

interface PushPayloadOptions {
  workspace: { name: string; slug: string };
  workspaceId: string;
  /** The notifications delivered, the first at least. */
  rows: Told[];
}

/**
 * The push of a delivery: the one notification, or a count with the first and a link to the approvals inbox. The
 * device shows the title and body as plain strings, outside Relay's pages: the bot's or client's name and words in
 * them carry their hidden characters as tokens ([U+202E]), as the e-mail and the chat show them (issue 31).
 */
export function pushPayload({ workspace, workspaceId, rows }: PushPayloadOptions) {
  const [first] = rows as [Told, ...Told[]];
  const title = visibleText(first.title);
  const payload: PushPayload =
    rows.length === 1
      ? { title, body: visibleText(first.body), url: first.path, tag: `relay:${workspaceId}` }
      : {
          title: `${rows.length} new notifications in ${visibleText(workspace.name)}`,
          body: `${title}, and ${rows.length - 1} more`,
          url: `/chat/${workspace.slug}/approvals`,
          tag: `relay:${workspaceId}`,
        };
  return payload;
}

async function push(sql: Sql, target: Target, rows: Told[]): Promise<"push"> {
  const { workspace } = await recipient(sql, target);
  await pushToPerson(target.userId, pushPayload({ workspace, workspaceId: target.workspaceId, rows }));
  return "push";
}
