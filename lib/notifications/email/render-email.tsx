import { renderToStaticMarkup } from "react-dom/server";
import { visibleControls } from "@/components/ui/untrusted-text";

// The email of one delivery: a subject, a plain-text part and an HTML part listing what is new. Everything a bot or
// a person wrote (names, titles, excerpts) is data: the HTML is rendered by React, which escapes every text and
// attribute, and in both parts direction controls show as tokens ([U+202E]), as the chat shows them (issue 16).
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
const line = (text: string) => visibleControls(text).replace(/[\u0000-\u001f\u007f]+/g, " ");

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

function EmailBody({ content }: { content: EmailContent }) {
  const muted = { color: "#64748b", fontSize: "13px" };
  return (
    <html lang="en">
      {/* eslint-disable-next-line @next/next/no-head-element -- an email's own document, not a Next page */}
      <head>
        <meta charSet="utf-8" />
        <title>{emailSubject(content)}</title>
      </head>
      <body style={{ fontFamily: "system-ui, -apple-system, Segoe UI, sans-serif", color: "#0f172a", margin: 0 }}>
        <div style={{ maxWidth: "600px", margin: "0 auto", padding: "24px 16px" }}>
          <p style={muted}>
            Relay · <bdi>{line(content.workspaceName)}</bdi>
          </p>
          {content.items.map((item, i) => (
            <div key={i} style={{ borderTop: "1px solid #e2e8f0", padding: "12px 0" }}>
              <p style={{ margin: "0 0 4px", fontWeight: 600 }}>
                <bdi>{line(item.title)}</bdi>
              </p>
              {item.body && (
                <p style={{ margin: "0 0 8px", color: "#334155", whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  <bdi>{visibleControls(item.body)}</bdi>
                </p>
              )}
              <a href={item.url} style={{ color: "#4f46e5" }}>
                Open in Relay
              </a>
            </div>
          ))}
          {content.more && (
            <p style={{ borderTop: "1px solid #e2e8f0", paddingTop: "12px" }}>
              …and {content.more.count} more. <a href={content.more.url}>See everything that waits</a>
            </p>
          )}
          <p style={muted}>
            A link opens the page where you decide, after you sign in; nothing is approved or sent until you do.
          </p>
          <p style={muted}>
            You get this because you are a member of <bdi>{line(content.workspaceName)}</bdi> on Relay.{" "}
            <a href={content.settingsUrl}>Change what you are told</a> ·{" "}
            <a href={content.unsubscribePageUrl}>Turn off these emails</a>
          </p>
        </div>
      </body>
    </html>
  );
}

export function emailHtml(content: EmailContent): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<EmailBody content={content} />)}`;
}
