import { describe, expect, it } from "vitest";
import { resolveDocLink } from "./doc-link";
import { BOT_DEVELOPERS_GUIDE } from "./guide";

const FROM = BOT_DEVELOPERS_GUIDE.file;

describe("resolveDocLink", () => {
  it("keeps a heading of the same file on the page", () => {
    expect(resolveDocLink("#webhooks", FROM)).toEqual({ kind: "anchor", href: "#webhooks" });
    expect(resolveDocLink("bot-developers.md#agent-requests", FROM)).toEqual({
      kind: "anchor",
      href: "#agent-requests",
    });
    expect(resolveDocLink("../guides/bot-developers.md", FROM)).toEqual({ kind: "anchor", href: "#" });
  });

  it("sends a link into a file the app serves to its page", () => {
    expect(resolveDocLink("../guides/bot-developers.md#webhooks", "docs/decisions/038-first-ten-minutes.md")).toEqual({
      kind: "page",
      href: "/developers/docs/guide#webhooks",
    });
  });

  it("names any other file of the repository by its path from the root, anchor included", () => {
    expect(resolveDocLink("../../README.md#build-a-bot-in-5-minutes", FROM)).toEqual({
      kind: "file",
      path: "README.md#build-a-bot-in-5-minutes",
    });
    expect(resolveDocLink("../api-contract.md", FROM)).toEqual({ kind: "file", path: "docs/api-contract.md" });
    expect(resolveDocLink("operators.md#command-line-tool", FROM)).toEqual({
      kind: "file",
      path: "docs/guides/operators.md#command-line-tool",
    });
    expect(resolveDocLink("/sdk/README.md", FROM)).toEqual({ kind: "file", path: "sdk/README.md" });
  });

  it("leaves absolute addresses as they are", () => {
    expect(resolveDocLink("https://www.standardwebhooks.com", FROM)).toEqual({
      kind: "web",
      href: "https://www.standardwebhooks.com",
    });
    expect(resolveDocLink("mailto:dev@example.com", FROM)).toEqual({ kind: "web", href: "mailto:dev@example.com" });
  });
});
