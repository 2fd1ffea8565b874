import { describe, expect, it } from "vitest";
import { terminalJson } from "./terminal-json";

// Issue 31: what the CLI prints is JSON a person may read in a terminal.
describe("terminalJson", () => {
  const cases: [string, unknown, string][] = [
    ["a right-to-left override", { name: "Claude \u202eedoc.evil" }, '{"name":"Claude \\u202eedoc.evil"}'],
    ["a zero width space", "Bil\u200bling", '"Bil\\u200bling"'],
    ["a word joiner and a BOM", "a\u2060b\ufeff", '"a\\u2060b\\ufeff"'],
    ["an isolate", "\u2067x\u2069", '"\\u2067x\\u2069"'],
    ["a C1 control sequence introducer", "a\u009b2J", '"a\\u009b2J"'],
    ["DEL", "a\u007f", '"a\\u007f"'],
    ["the line separator", "a\u2028b", '"a\\u2028b"'],
    ["a key", { "k\u202e": 1 }, '{"k\\u202e":1}'],
    ["plain text, Cyrillic and Japanese", ["Billing", "Поддержка", "サポート"], '["Billing","Поддержка","サポート"]'],
  ];
  it.each(cases)("escapes %s, and parses back to the same value", (_what, value, expected) => {
    const text = terminalJson(value);
    expect(text).toBe(expected);
    expect(JSON.parse(text)).toEqual(value);
  });

  it("keeps JSON.stringify's layout", () => {
    expect(terminalJson({ a: ["\u202e"] }, 2)).toBe('{\n  "a": [\n    "\\u202e"\n  ]\n}');
  });
});
