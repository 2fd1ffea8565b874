import { describe, expect, it } from "vitest";
import { mixedScripts, restrictionLevel, scriptsIn } from "./name-scripts";

// Issue 31, 3c: mixed-script detection after UTS #39 §5. A name in one script, or Latin with Chinese, Japanese or
// Korean, passes; anything else is flagged with the scripts it mixes.
describe("restrictionLevel and mixedScripts", () => {
  const cases: [string, string, ReturnType<typeof restrictionLevel>, string[] | null][] = [
    ["ASCII", "Billing Bot 2", "ascii_only", null],
    ["Latin with accents", "Café Crème", "single_script", null],
    ["Cyrillic only", "Поддержка", "single_script", null],
    ["Cyrillic with digits and punctuation", "Бот №1 (поддержка)", "single_script", null],
    ["Japanese (Katakana)", "サポートボット", "single_script", null],
    ["Japanese (Han, Hiragana and Katakana)", "東京のサポート", "single_script", null],
    ["Arabic", "دعم العملاء", "single_script", null],
    ["Greek", "Ελληνικά", "single_script", null],
    ["Hebrew", "תמיכה", "single_script", null],
    ["Devanagari", "सहायता", "single_script", null],
    ["Korean", "고객지원", "single_script", null],
    ["Chinese", "客服机器人", "single_script", null],
    ["an emoji and Latin", "😀 Billing", "single_script", null],
    ["Latin with Japanese", "Relay ボット 東京", "highly_restrictive", null],
    ["Latin with Korean", "Relay 고객지원", "highly_restrictive", null],
    ["Latin with Chinese", "Relay 客服", "highly_restrictive", null],
    ["Latin with Han and Bopomofo", "Relay 客ㄅ", "highly_restrictive", null],
    ["Latin with one Cyrillic letter", "\u0410pple", "minimally_restrictive", ["Cyrillic", "Latin"]],
    ["Latin with a Cyrillic o", "Bill\u043eng", "minimally_restrictive", ["Latin", "Cyrillic"]],
    ["Latin with Greek", "Ελληνικά bot", "minimally_restrictive", ["Greek", "Latin"]],
    ["Latin with Cherokee", "Ꭺpple", "minimally_restrictive", ["Cherokee", "Latin"]],
    ["Latin with Arabic", "Support دعم", "moderately_restrictive", ["Latin", "Arabic"]],
    ["Latin with Armenian", "Հelp", "moderately_restrictive", ["Armenian", "Latin"]],
    ["Cyrillic with Greek", "Пα", "minimally_restrictive", ["Cyrillic", "Greek"]],
    ["Korean with Japanese kana", "고객サポート", "minimally_restrictive", ["Hangul", "Katakana"]],
    ["three scripts", "Bαб", "minimally_restrictive", ["Latin", "Greek", "Cyrillic"]],
  ];
  it.each(cases)("%s: %s", (_what, name, level, mixed) => {
    expect(restrictionLevel(name)).toBe(level);
    expect(mixedScripts(name)).toEqual(mixed);
  });

  it("counts a character of several scripts (Script_Extensions) for all of them", () => {
    // U+30FC KATAKANA-HIRAGANA PROLONGED SOUND MARK is Hiragana and Katakana: with Hiragana it is one script.
    expect(restrictionLevel("らーめん")).toBe("single_script");
    // U+0660 ARABIC-INDIC DIGIT ZERO is Arabic and Thaana.
    expect(restrictionLevel("دعم ٠")).toBe("single_script");
  });

  it("lists the scripts of a name's letters in order of first use, Common and Inherited left out", () => {
    expect(scriptsIn("1. Bот!")).toEqual(["Latin", "Cyrillic"]);
    expect(scriptsIn("e\u0301")).toEqual(["Latin"]);
    expect(scriptsIn("123 !?")).toEqual([]);
  });
});
