import escapeHtml from "escape-html";
import { visibleText } from "@/lib/text/hidden-characters";

// The email of one delivery: a subject, a plain-text part and an HTML part listing what is new. Everything a bot or
// a person wrote (names, titles, excerpts) is data: the HTML escapes every text and attribute (escape-html), and in
// both parts direction controls show as tokens ([U+202E]), as the chat shows them (issue 16).
// Links are absolute (APP_URL) and open the page where the person decides, after sign-in; none acts by itself.

export interface EmailItem {
  title: string;
  body: string;
  /** Absolute URL of the page that opens it. */
  url: string;
}

export interface EmailContent {
  workspaceName: string;
  recipientName: string;
  items: EmailItem[];
  /** How many more there were than listed, and where to see them all. */
  more: { count: number; url: string } | null;
  settingsUrl: string;
  unsubscribePageUrl: string;
}

/** Items one email lists; the rest are counted, with a link to the approvals inbox. */
export const EMAIL_ITEMS_MAX = 100;

/** Text for a header or a line: direction controls as tokens, no line breaks or other control characters. */
const line = (text: string) => visibleText(text).replace(/[\u0000-\u001f\u007f]+/g, " ");

export function emailSubject(content: EmailContent): string {
  const total = content.items.length + (content.more?.count ?? 0);
  if (total === 1) return line(content.items[0]!.title);
  return line(`${total} new notifications in ${content.workspaceName}`);
}

export function emailText(content: EmailContent): string {
  const lines = [`Relay · ${line(content.workspaceName)}`, ""];
  for (const item of content.items) {
    lines.push(line(item.title));
    if (item.body) lines.push(`  “${line(item.body)}”`);
    lines.push(`  Open: ${item.url}`, "");
  }
  if (content.more) lines.push(`…and ${content.more.count} more: ${content.more.url}`, "");
  lines.push(
    "A link opens the page where you decide, after you sign in; nothing is approved or sent until you do.",
    "",
    "--",
    `You get this because you are a member of ${line(content.workspaceName)} on Relay.`,
    `Change what you are told, and how: ${content.settingsUrl}`,
    `Turn off these emails: ${content.unsubscribePageUrl}`,
  );
  return `${lines.join("\n")}\n`;
}

const MUTED = "color:#64748b;font-size:13px";
/** Text as HTML: escaped (escape-html: & < > " '), direction controls as tokens, in an isolate. */
const text = (value: string) => `<bdi>${escapeHtml(value)}</bdi>`;
const link = (href: string, label: string, style = "") =>
  `<a href="${escapeHtml(href)}"${style ? ` style="${style}"` : ""}>${escapeHtml(label)}</a>`;

/**
 * The HTML part, built as a string with every text and URL escaped by escape-html: it also renders inside a Next route
 * handler (the Inngest functions at /api/inngest), where react-dom/server cannot be imported.
 */
export function emailHtml(content: EmailContent): string {
  const items = content.items.map(
    (item) =>
      `<div style="border-top:1px solid #e2e8f0;padding:12px 0">` +
      `<p style="margin:0 0 4px;font-weight:600">${text(line(item.title))}</p>` +
      (item.body
        ? `<p style="margin:0 0 8px;color:#334155;white-space:pre-wrap;overflow-wrap:anywhere">${text(visibleText(item.body))}</p>`
        : "") +
      link(item.url, "Open in Relay", "color:#4f46e5") +
      `</div>`,
  );
  const more = content.more
    ? `<p style="border-top:1px solid #e2e8f0;padding-top:12px">…and ${content.more.count} more. ${link(content.more.url, "See everything that waits")}</p>`
    : "";
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><title>${escapeHtml(emailSubject(content))}</title></head>` +
    `<body style="font-family:system-ui, -apple-system, Segoe UI, sans-serif;color:#0f172a;margin:0">` +
    `<div style="max-width:600px;margin:0 auto;padding:24px 16px">` +
    `<p style="${MUTED}">Relay · ${text(line(content.workspaceName))}</p>` +
    items.join("") +
    more +
    `<p style="${MUTED}">A link opens the page where you decide, after you sign in; nothing is approved or sent until you do.</p>` +
    `<p style="${MUTED}">You get this because you are a member of ${text(line(content.workspaceName))} on Relay. ` +
    `${link(content.settingsUrl, "Change what you are told")} · ${link(content.unsubscribePageUrl, "Turn off these emails")}</p>` +
    `</div></body></html>`
  );
}
