import nodemailer, { type Transporter } from "nodemailer";
import { query, type Sql } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { EmailItem } from "./render-email";

// Where a notification email goes: the SMTP server of SMTP_URL (nodemailer), or, without one, the local outbox
// (table email_outbox), which the person reads at /settings/notifications/outbox; the server log says so, with the
// link, so a newcomer on the embedded default sees their emails without any mail server.

export const OUTBOX_PATH = "/settings/notifications/outbox";

export interface OutgoingEmail {
  userId: string;
  /** Null for an account's e-mail of no workspace (lib/sessions/sign-in-alert.ts). */
  workspaceId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** The listed notifications, kept with an outbox copy for its page. */
  items: (EmailItem & { path: string })[];
}

let transporter: { url: string; transport: Transporter } | null = null;

function smtp(url: string): Transporter {
  if (transporter?.url !== url) transporter = { url, transport: nodemailer.createTransport(url) };
  return transporter.transport;
}

/** The From of notification emails: EMAIL_FROM, else `Relay <relay@<APP_URL's host>>`. */
export function emailFrom(): string {
  const { EMAIL_FROM, APP_URL } = env();
  return EMAIL_FROM ?? `Relay <relay@${new URL(APP_URL).hostname}>`;
}

export type EmailTransport = "smtp" | "outbox";

const KEEP = query("notifications.keepInOutbox", {
  text: `INSERT INTO email_outbox (user_id, workspace_id, to_address, subject, text_body, html_body, items)
   VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
});

/**
 * Sends the email, or keeps it in the outbox (in the caller's transaction, so it is kept exactly when the delivery
 * commits). An SMTP failure throws: the delivery job fails and is retried.
 */
export async function sendEmail(sql: Sql, email: OutgoingEmail): Promise<EmailTransport> {
  const { SMTP_URL, APP_URL } = env();
  if (SMTP_URL) {
    await smtp(SMTP_URL).sendMail({
      from: emailFrom(),
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: email.headers,
    });
    return "smtp";
  }
  await sql.query(KEEP, [
    email.userId,
    email.workspaceId,
    email.to,
    email.subject,
    email.text,
    email.html,
    JSON.stringify(email.items.map(({ title, body, path }) => ({ title, body, path }))),
  ]);
  log().info(
    { source: "notifications", to: email.to, outbox: String(new URL(OUTBOX_PATH, APP_URL)) },
    "SMTP_URL is not set: an email was kept in the local outbox; read it at the outbox page",
  );
  return "outbox";
}
