import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UntrustedText } from "./untrusted-text";

const render = (text: string) => renderToStaticMarkup(createElement(UntrustedText, { text }));

// Issue 31, 3b: what the chat, the portal and the consent page render for text someone else wrote.
describe("UntrustedText", () => {
  it("shows a zero width space as a token that a screen reader reads by name", () => {
    const html = render("Bil\u200bling");
    expect(html).not.toContain("\u200b");
    expect(html).toMatch(
      /^<bdi class="wrap-anywhere">Bil<span role="img" aria-label="Hidden character U\+200B, Zero width space" title="Zero width space \(U\+200B\)[^"]*"[^>]*>\[U\+200B\]<\/span>ling<\/bdi>$/,
    );
  });

  it("shows a right-to-left override as a named token, isolated", () => {
    const html = render("a\u202eevil.exe");
    expect(html).not.toContain("\u202e");
    expect(html).toContain('aria-label="Hidden character U+202E, Right-to-left override"');
  });

  it("renders an emoji ZWJ sequence as it is, and a joiner between letters as a token", () => {
    expect(render("👩\u200d💻 and 🏳\ufe0f\u200d🌈")).toBe(
      '<bdi class="wrap-anywhere">👩\u200d💻 and 🏳\ufe0f\u200d🌈</bdi>',
    );
    expect(render("a\u200db")).toContain('aria-label="Hidden character U+200D, Zero width joiner"');
  });
});
