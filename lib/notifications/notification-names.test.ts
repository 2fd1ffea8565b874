import { describe, expect, it } from "vitest";
import { pushPayload } from "./deliver";
import { emailHtml, emailSubject, emailText, type EmailContent } from "./email/render-email";

// Issue 31, 3a/3b: a notification that names a bot (or an OAuth client) shows the name's hidden characters as
// tokens in every channel: the push's title and body, the e-mail's subject, text and HTML.
const SPOOFED = "Held message from Bil\u200bling \u202eedoc.evil (@billing)";
const row = (title: string, body = "Pay 10 \u2060EUR") => ({
  id: "n1",
  kind: "approval",
  subjectId: "d1",
  title,
  body,
  path: "/chat/demo/c/1#draft-d1",
});

describe("push notifications", () => {
  it("one notification: its title and body carry the tokens, never the characters", () => {
    const payload = pushPayload({ workspace: { name: "Demo", slug: "demo" }, workspaceId: "w1", rows: [row(SPOOFED)] });
    expect(payload.title).toBe("Held message from Bil[U+200B]ling [U+202E]edoc.evil (@billing)");
    expect(payload.body).toBe("Pay 10 [U+2060]EUR");
  });

  it("several: the workspace's name and the first title too", () => {
    const payload = pushPayload({
      workspace: { name: "De\u202emo", slug: "demo" },
      workspaceId: "w1",
      rows: [row(SPOOFED), row("Another")],
    });
    expect(payload.title).toBe("2 new notifications in De[U+202E]mo");
    expect(payload.body).toBe("Held message from Bil[U+200B]ling [U+202E]edoc.evil (@billing), and 1 more");
  });

  it("an emoji ZWJ sequence in a name stays one emoji", () => {
    expect(
      pushPayload({ workspace: { name: "Demo", slug: "demo" }, workspaceId: "w1", rows: [row("From 👩\u200d💻 Dev")] })
        .title,
    ).toBe("From 👩\u200d💻 Dev");
  });
});

describe("e-mail", () => {
  const content: EmailContent = {
    workspaceName: "Demo",
    recipientName: "Ana",
    items: [{ title: SPOOFED, body: "Bil\u200bling", url: "https://relay.example/chat/demo/c/1" }],
    more: null,
    settingsUrl: "https://relay.example/settings/notifications",
    unsubscribePageUrl: "https://relay.example/unsubscribe/t",
  };
  it("the subject, the text and the HTML show the name's zero width space and override as tokens", () => {
    for (const part of [emailSubject(content), emailText(content), emailHtml(content)]) {
      expect(part).not.toMatch(/[\u200b\u202e\u2060]/);
      expect(part).toContain("Bil[U+200B]ling [U+202E]edoc.evil");
    }
  });
});
