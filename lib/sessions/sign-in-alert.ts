import escapeHtml from "escape-html";
import { query, transaction } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { sendEmail, type EmailTransport } from "@/lib/notifications/email/send-email";

// The e-mail a person gets when they sign in from a device they never used before (job `sign_in_alert`, enqueued
// with the session's row: lib/sessions/start-session.ts). An account's e-mail, of no workspace: it is not a
// notification (no workspace settings, quiet hours or unsubscribe can mute it), and it goes the way notification
// e-mails go (SMTP, or the local outbox: lib/notifications/email/send-email.ts). `alerted_at` is set in the same
// transaction, so a retried job writes it once. What it shows was read by the server (the device from the user agent,
// the address from the edge), never free text: no link but the Security page's.

const CLAIM = query("sessions.claimAlert", {
  text: `UPDATE person_sessions s SET alerted_at = $2
     FROM users u
    WHERE s.id = $1 AND s.alerted_at IS NULL AND u.id = s.user_id
    RETURNING s.user_id, s.device, s.address, s.created_at, u.email, u.name`,
});

export const SECURITY_PATH = "/settings/security";

/** Writes the new-device e-mail of session `sessionId` unless it was written already (or the session is gone). */
export async function sendSignInAlert(sessionId: string, now: Date = new Date()): Promise<EmailTransport | null> {
  return transaction(async (tx) => {
    const [row] = await tx.query(CLAIM, [sessionId, now]);
    if (!row) return null;
    const securityUrl = new URL(SECURITY_PATH, env().APP_URL).toString();
    const when = row.created_at.toISOString().replace("T", " ").slice(0, 16) + " UTC";
    const subject = `New sign-in to Relay from ${row.device}`;
    const lines = [
      `Hello ${row.name},`,
      "",
      `Your Relay account was signed in from a device it had not seen before:`,
      `  Device: ${row.device}`,
      `  Address: ${row.address}`,
      `  When: ${when}`,
      "",
      `If this was you, there is nothing to do. If not, sign that session out and change your password:`,
      securityUrl,
    ];
    const html = [
      `<p>Hello ${escapeHtml(row.name)},</p>`,
      `<p>Your Relay account was signed in from a device it had not seen before:</p>`,
      `<ul><li>Device: ${escapeHtml(row.device)}</li><li>Address: ${escapeHtml(row.address)}</li>`,
      `<li>When: ${escapeHtml(when)}</li></ul>`,
      `<p>If this was you, there is nothing to do. If not, sign that session out and change your password on the `,
      `<a href="${escapeHtml(securityUrl)}">Security page</a>.</p>`,
    ].join("");
    return sendEmail(tx, {
      userId: row.user_id,
      workspaceId: null,
      to: row.email,
      subject,
      text: lines.join("\n"),
      html,
      headers: { "Auto-Submitted": "auto-generated" },
      items: [
        { title: subject, body: `${row.device} · ${row.address} · ${when}`, path: SECURITY_PATH, url: securityUrl },
      ],
    });
  });
}
