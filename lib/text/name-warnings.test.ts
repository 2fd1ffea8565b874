import { describe, expect, it } from "vitest";
import { nameWarnings, warningText, type KnownName } from "./name-warnings";

const billing: KnownName = { name: "Billing", handle: "billing", label: "the bot" };
const texts = (subject: { name: string; handle?: string }, known: KnownName[] = [billing]) =>
  nameWarnings(subject, known).map(warningText);

// Issue 31, 3c: what a person reads about a name at the moment of deciding.
describe("nameWarnings", () => {
  const cases: [string, { name: string; handle?: string }, string[]][] = [
    ["a plain, distinct name", { name: "Scheduler", handle: "scheduler" }, []],
    ["a Cyrillic-only name", { name: "Поддержка", handle: "podderzhka" }, []],
    ["a Japanese name", { name: "サポートボット", handle: "support-jp" }, []],
    ["an Arabic name", { name: "دعم العملاء", handle: "support-ar" }, []],
    [
      "a Cyrillic В in a Latin name that copies another bot",
      { name: "\u0412illing", handle: "billing2" },
      ["This name mixes Cyrillic and Latin letters", "This name looks like the bot “Billing” (@billing)"],
    ],
    [
      "the same name as another bot",
      { name: "billing", handle: "accounts" },
      ["This name looks like the bot “Billing” (@billing)"],
    ],
    [
      "a handle that spells another bot's name",
      { name: "Accounts", handle: "bi11ing" },
      ["The handle @bi11ing looks like the bot “Billing” (@billing)"],
    ],
    [
      "a zero width space hiding in a copied name",
      { name: "Bil\u200bling", handle: "billing3" },
      [
        "This name holds hidden characters: Zero width space (U+200B)",
        "This name looks like the bot “Billing” (@billing)",
      ],
    ],
    [
      "a right-to-left override",
      { name: "Claude \u202eedoc.evil", handle: "claude" },
      ["This name holds hidden characters: Right-to-left override (U+202E)"],
    ],
    [
      "a name mixing Latin and Arabic",
      { name: "Support دعم", handle: "support" },
      ["This name mixes Latin and Arabic letters"],
    ],
  ];
  it.each(cases)("%s", (_what, subject, expected) => {
    expect(texts(subject)).toEqual(expected);
  });

  it("names the look-alike with its hidden characters as tokens, and keeps it apart for rendering", () => {
    const spoof: KnownName = { name: "Bil\u200bling", handle: null, label: "the assistant you connected" };
    const [warning] = nameWarnings({ name: "Billing" }, [spoof]);
    expect(warning).toEqual({
      kind: "looks_like",
      parts: ["This name looks like the assistant you connected ", { name: "Bil\u200bling" }],
    });
    expect(warningText(warning!)).toBe("This name looks like the assistant you connected “Bil[U+200B]ling”");
  });

  it("lists three scripts and two hidden characters in plain words", () => {
    expect(texts({ name: "B\u03b1\u0431\u200b\u2060" }, [])).toEqual([
      "This name holds hidden characters: Zero width space (U+200B) and Word joiner (U+2060)",
      "This name mixes Latin, Greek and Cyrillic letters",
    ]);
  });
});
