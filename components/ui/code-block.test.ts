import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CodeBlock } from "./code-block";

// A delivery's payload in the portal holds what bots and people wrote: a right-to-left override in it must not
// reorder what a developer reads (issue 16).
describe("CodeBlock", () => {
  it("shows a directional control as a visible token, never as the character itself", () => {
    const html = renderToStaticMarkup(createElement(CodeBlock, { code: '{"text": "a\u202eevil.exe"}', copy: false }));
    expect(html).not.toContain("\u202e");
    expect(html).toMatch(/a<span[^>]*data-testid="hidden-character"[^>]*>\[U\+202E\]<\/span>evil\.exe/);
  });

  it("leaves code without controls as it is", () => {
    const html = renderToStaticMarkup(createElement(CodeBlock, { code: "const a = 1 < 2;" }));
    expect(html).toContain("<code>const a = 1 &lt; 2;</code>");
  });
});
