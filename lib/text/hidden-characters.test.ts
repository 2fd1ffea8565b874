import { describe, expect, it } from "vitest";
import {
  hasBidiControls,
  hasHiddenCharacters,
  hiddenCharacterNames,
  hiddenCharacters,
  textParts,
  visibleText,
} from "./hidden-characters";

// Issue 31, finding 3b: which characters are shown as tokens, and which zero width joiners are left to join.
describe("visibleText", () => {
  const shown: [string, string, string][] = [
    // [what, text, as shown]
    ["plain text", "Billing", "Billing"],
    ["the empty text", "", ""],
    ["a right-to-left override", "a\u202eevil.exe", "a[U+202E]evil.exe"],
    ["every embedding and override", "\u202a\u202b\u202c\u202d\u202e", "[U+202A][U+202B][U+202C][U+202D][U+202E]"],
    ["every isolate", "\u2066\u2067\u2068\u2069", "[U+2066][U+2067][U+2068][U+2069]"],
    ["a zero width space", "Bil\u200bling", "Bil[U+200B]ling"],
    ["a word joiner", "Bil\u2060ling", "Bil[U+2060]ling"],
    ["a zero width no-break space (BOM)", "\ufeffBilling", "[U+FEFF]Billing"],
    ["a ZWJ joining two letters", "a\u200db", "a[U+200D]b"],
    ["a ZWJ joining two Cyrillic letters", "б\u200dв", "б[U+200D]в"],
    ["a ZWJ at the start", "\u200dBilling", "[U+200D]Billing"],
    ["a ZWJ at the end", "Billing\u200d", "Billing[U+200D]"],
    ["a ZWJ alone", "\u200d", "[U+200D]"],
    ["a ZWJ after an emoji, at the end", "👩\u200d", "👩[U+200D]"],
    ["a ZWJ before an emoji, at the start", "\u200d💻", "[U+200D]💻"],
    ["a ZWJ between an emoji and a letter", "👩\u200da", "👩[U+200D]a"],
    ["a ZWJ between a letter and an emoji", "a\u200d💻", "a[U+200D]💻"],
    ["a ZWJ before a combining mark", "a\u200d\u0301", "a[U+200D]\u0301"],
    ["two ZWJs between emoji", "👩\u200d\u200d💻", "👩[U+200D][U+200D]💻"],
    ["a ZWJ between two digits", "1\u200d2", "1[U+200D]2"],
    ["a zero width space inside an emoji sequence", "👩\u200b\u200d💻", "👩[U+200B][U+200D]💻"],
    ["controls and zero widths together", "\u202e\u200b", "[U+202E][U+200B]"],
  ];
  it.each(shown)("%s", (_what, text, expected) => {
    expect(visibleText(text)).toBe(expected);
  });

  const leftAlone: [string, string][] = [
    ["a technologist (woman, ZWJ, laptop)", "👩\u200d💻"],
    ["a family of three", "👨\u200d👩\u200d👧"],
    ["the rainbow flag (with its variation selector)", "🏳\ufe0f\u200d🌈"],
    ["a technologist with a skin tone", "👩🏽\u200d💻"],
    ["a couple with heart (variation selector inside)", "👩\u200d❤\ufe0f\u200d👨"],
    ["a kiss with two skin tones", "👩🏻\u200d❤\ufe0f\u200d💋\u200d👨🏿"],
    ["an emoji sequence inside a sentence", "Ship it 👩\u200d💻 today"],
    ["a Devanagari conjunct asking for a half form", "क्\u200dष"],
    ["a zero width non-joiner (Persian)", "می\u200cخواهم"],
    ["the left-to-right and right-to-left marks", "a\u200eb\u200fc\u061c"],
    ["a soft hyphen", "Bil\u00adling"],
    ["Arabic", "دعم العملاء"],
    ["Japanese", "サポートボット"],
  ];
  it.each(leftAlone)("leaves %s as it is", (_what, text) => {
    expect(visibleText(text)).toBe(text);
    expect(hasHiddenCharacters(text)).toBe(false);
  });
});

describe("textParts", () => {
  it("cuts a text into runs and named hidden characters, in order", () => {
    expect(textParts("a\u202eb\u200bc")).toEqual([
      "a",
      { char: "\u202e", codePoint: "U+202E", name: "Right-to-left override" },
      "b",
      { char: "\u200b", codePoint: "U+200B", name: "Zero width space" },
      "c",
    ]);
  });

  it("keeps an emoji sequence in its run and shows the stray joiner next to it", () => {
    expect(textParts("👩\u200d💻\u200d")).toEqual([
      "👩\u200d💻",
      { char: "\u200d", codePoint: "U+200D", name: "Zero width joiner" },
    ]);
  });

  it("gives a text without hidden characters back as one run, and the empty text as none", () => {
    expect(textParts("Billing")).toEqual(["Billing"]);
    expect(textParts("")).toEqual([]);
  });
});

describe("hiddenCharacterNames and the tests", () => {
  it("names each hidden character once, in order of appearance", () => {
    expect(hiddenCharacterNames("\u200ba\u202e\u200b")).toEqual([
      "Zero width space (U+200B)",
      "Right-to-left override (U+202E)",
    ]);
    expect(hiddenCharacters("\u200ba\u200b")).toHaveLength(2);
  });

  it("tells directional controls from zero-width characters", () => {
    expect(hasBidiControls("a\u2067b")).toBe(true);
    expect(hasBidiControls("a\u200bb")).toBe(false);
    expect(hasHiddenCharacters("a\u200bb")).toBe(true);
    expect(hasHiddenCharacters("👩\u200d💻")).toBe(false);
  });
});
