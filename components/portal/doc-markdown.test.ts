import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BOT_DEVELOPERS_GUIDE, readBotDevelopersGuide } from "@/lib/docs/guide";
import { anchorsOf } from "@/test/markdown";
import { DocMarkdown } from "./doc-markdown";

// The portal's guide page (app/(portal)/developers/docs/guide/page.tsx) renders the repository's markdown: the guide's
// headings with the ids GitHub gives them, and nothing of the file's raw HTML as HTML.

const render = (markdown: string, file: string = BOT_DEVELOPERS_GUIDE.file) =>
  renderToStaticMarkup(createElement(DocMarkdown, { markdown, file }));

describe("DocMarkdown, on the bot developers' guide", () => {
  it("reads the repository's file itself", async () => {
    expect(await readBotDevelopersGuide()).toBe(readFileSync(BOT_DEVELOPERS_GUIDE.file, "utf8"));
  });

  it("gives every heading of the guide GitHub's id, so the guide's own #links land", async () => {
    const guide = await readBotDevelopersGuide();
    const html = render(guide);
    const ids = [...html.matchAll(/<h[1-6] id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(5);
    expect(new Set(ids)).toEqual(anchorsOf(guide));
    for (const [, anchor] of html.matchAll(/<a href="#([^"]*)"/g)) expect(ids).toContain(anchor);
  });

  it("renders the guide's code blocks and tables in focusable, named boxes", async () => {
    const html = render(await readBotDevelopersGuide());
    for (const [box] of html.matchAll(/<pre[^>]*>/g)) {
      expect(box).toContain('tabindex="0"');
      expect(box).toMatch(/aria-label="[^"]+"/);
    }
    for (const [box] of html.matchAll(/<div[^>]*>(?=<table)/g)) {
      expect(box).toContain('tabindex="0"');
      expect(box).toMatch(/role="region" aria-label="[^"]+"/);
    }
    expect(html).not.toContain("style=");
  });
});

describe("DocMarkdown", () => {
  it("numbers repeated headings as GitHub does", () => {
    const html = render("# Notes\n\n## Setup\n\ntext\n\n## Setup\n\n### `verifyWebhook()` & friends");
    expect([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "notes",
      "setup",
      "setup-1",
      "verifywebhook--friends",
    ]);
  });

  it("never renders raw HTML as HTML: a script is dropped, a tag's text stays as text", () => {
    const html = render(
      [
        "<script>alert('block')</script>",
        "",
        'Inline <script>alert("inline")</script> and <b onclick="x()">bold</b> and <img src=x onerror=alert(1)>.',
        "",
        '<div><iframe src="https://evil.example"></iframe></div>',
        "",
        "`<script>` in code is text.",
        "",
        "```html\n<script>alert('fenced')</script>\n```",
      ].join("\n"),
    );
    expect(html).not.toMatch(/<(script|b|img|iframe)[\s>]/);
    expect(html).not.toContain("<div><");
    expect(html).not.toContain("onclick");
    expect(html).not.toContain("onerror");
    expect(html).toContain("bold");
    // Written as code, it is shown as code: escaped text.
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("alert(&#x27;fenced&#x27;)");
  });

  it("turns an unsafe address into plain text", () => {
    const html = render("[click](javascript:alert(1)) and [data](data:text/html,<script>x</script>)");
    expect(html).not.toContain("javascript:");
    expect(html).not.toMatch(/href="data:/);
    expect(html).toContain("click");
  });

  it("links to the app's pages where one exists, else shows the repository file's path as code", () => {
    const html = render(
      [
        "[Webhooks](#webhooks), [the guide](../guides/bot-developers.md#webhooks),",
        "[Build a bot](../../README.md#build-a-bot-in-5-minutes), [docs/api-contract.md](../api-contract.md),",
        "[Standard Webhooks](https://www.standardwebhooks.com).",
      ].join(" "),
      "docs/decisions/038-first-ten-minutes.md",
    );
    expect(html).toMatch(/<a href="#webhooks"[^>]*>Webhooks<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/developers\/docs\/guide#webhooks"[^>]*>the guide<\/a>/);
    expect(html).toMatch(/Build a bot \(<code[^>]*>README\.md#build-a-bot-in-5-minutes<\/code>\)/);
    expect(html).toMatch(/<code[^>]*>docs\/api-contract\.md<\/code>/);
    expect(html).not.toMatch(/href="[^"]*\.md/);
    expect(html).toMatch(/<a href="https:\/\/www\.standardwebhooks\.com"[^>]*>Standard Webhooks<\/a>/);
  });

  it("names each code block and table by the heading it stands under", () => {
    const html = render(
      "## Webhooks\n\n```ts\nconst a = 1;\n```\n\n```\nplain\n```\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n",
    );
    expect(html).toContain('aria-label="TypeScript code in “Webhooks”"');
    expect(html).toContain('aria-label="Code 2 in “Webhooks”"');
    expect(html).toContain('role="region" aria-label="Table in “Webhooks” (scrolls sideways)"');
    expect(html).toContain('<table aria-label="Table in “Webhooks”"');
    expect(html).toMatch(/<td class="[^"]*text-right[^"]*">2<\/td>/);
  });
});
