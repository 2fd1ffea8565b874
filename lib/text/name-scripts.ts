import propertyValueAliases from "unicode-property-value-aliases-ecmascript";

// Mixed-script detection for names (issue 31), after UTS #39 §5 (Unicode Security Mechanisms): which writing
// systems a name uses, and whether their mix is one a reader expects. The data is Unicode's own: each character's
// Script and Script_Extensions come from the platform's regular expressions (`\p{scx=Cyrillic}`, the ICU of the
// running Node), and the names of the scripts to ask about from unicode-property-value-aliases-ecmascript (Unicode's
// PropertyValueAliases.txt, as ECMAScript accepts them). No table of characters is written here.
//
// The rule (UTS #39 §5.1-5.2, as ICU's uspoof computes it):
// - Characters of the scripts Common and Inherited (digits, punctuation, spaces, emoji, combining accents) belong to
//   every script: they never make a mix.
// - A character's script set is its Script_Extensions ("ー" is Hiragana and Katakana), augmented: Han also counts as
//   Japanese, Korean and Han-with-Bopomofo; Hiragana and Katakana as Japanese; Hangul as Korean; Bopomofo as
//   Han-with-Bopomofo. A name is single-script when the sets of its characters share one script.
// - Highly restrictive (accepted): single-script, or the characters outside Latin share Japanese (Latin + Han +
//   Hiragana + Katakana), Korean (Latin + Han + Hangul) or Han-with-Bopomofo (Latin + Han + Bopomofo).
// - Anything less (Latin with Cyrillic, Greek, Arabic, ...; or two non-Latin scripts) is flagged: "Аpple" with a
//   Cyrillic А is exactly this, and a name that really mixes two alphabets is rare enough to bear a warning.

const IGNORED = new Set(["Common", "Inherited", "Unknown", "Katakana_Or_Hiragana"]);

interface ScriptTest {
  name: string;
  script: RegExp;
  extensions: RegExp;
}

let tests: ScriptTest[] | undefined;

/** One test per script the running engine knows (a script newer than its Unicode data is skipped, not an error). */
function scriptTests(): ScriptTest[] {
  if (tests) return tests;
  const names = [...new Set(propertyValueAliases.get("Script")!.values())].filter((name) => !IGNORED.has(name));
  tests = names.flatMap((name) => {
    try {
      return [{ name, script: new RegExp(`^\\p{sc=${name}}`, "u"), extensions: new RegExp(`^\\p{scx=${name}}`, "u") }];
    } catch {
      return [];
    }
  });
  return tests;
}

interface CharScripts {
  /** The character's Script ("Cyrillic"); null for Common, Inherited and unassigned characters. */
  script: string | null;
  /** Its augmented Script_Extensions; empty for Common and Inherited (it belongs to every script). */
  set: Set<string>;
}

const cache = new Map<string, CharScripts>();

function scriptsOf(char: string): CharScripts {
  const known = cache.get(char);
  if (known) return known;
  let script: string | null = null;
  const set = new Set<string>();
  for (const test of scriptTests()) {
    if (test.extensions.test(char)) set.add(test.name);
    if (!script && test.script.test(char)) script = test.name;
  }
  if (set.has("Han")) set.add("Han_With_Bopomofo").add("Japanese").add("Korean");
  if (set.has("Hiragana") || set.has("Katakana")) set.add("Japanese");
  if (set.has("Hangul")) set.add("Korean");
  if (set.has("Bopomofo")) set.add("Han_With_Bopomofo");
  const found = { script, set };
  if (cache.size < 10_000) cache.set(char, found);
  return found;
}

/** The scripts shared by every character that has one (UTS #39's resolved script set); null when none has one. */
function resolved(chars: string[], without?: string): Set<string> | null {
  let shared: string[] | null = null;
  for (const char of chars) {
    const { set } = scriptsOf(char);
    if (set.size === 0 || (without && set.has(without))) continue;
    shared = shared === null ? [...set] : shared.filter((script) => set.has(script));
  }
  return shared && new Set(shared);
}

export type RestrictionLevel =
  "ascii_only" | "single_script" | "highly_restrictive" | "moderately_restrictive" | "minimally_restrictive";

/** UTS #39 §5.2's restriction level of a text (its identifier-profile test left out: names are not identifiers). */
export function restrictionLevel(text: string): RestrictionLevel {
  // Every character below U+0080 (control characters included: they have no script).
  if (/^[\u0000-\u007f]*$/.test(text)) return "ascii_only";
  const chars = [...text];
  const all = resolved(chars);
  if (all === null || all.size > 0) return "single_script";
  const beyondLatin = resolved(chars, "Latin");
  if (beyondLatin && ["Japanese", "Korean", "Han_With_Bopomofo"].some((s) => beyondLatin.has(s)))
    return "highly_restrictive";
  if (beyondLatin && beyondLatin.size > 0 && !["Cyrillic", "Greek", "Cherokee"].some((s) => beyondLatin.has(s)))
    return "moderately_restrictive";
  return "minimally_restrictive";
}

/** The scripts a text's letters are written in, in order of first use ("Latin", "Cyrillic"); Common ones left out. */
export function scriptsIn(text: string): string[] {
  const found: string[] = [];
  for (const char of text) {
    const { script } = scriptsOf(char);
    if (script && !found.includes(script)) found.push(script);
  }
  return found;
}

/**
 * The scripts of a name that mixes them more than UTS #39's highly restrictive level allows, for its warning
 * (["Latin", "Cyrillic"]); null when the name is fine: one script, or Latin with Chinese, Japanese or Korean.
 */
export function mixedScripts(name: string): string[] | null {
  const level = restrictionLevel(name);
  if (level === "ascii_only" || level === "single_script" || level === "highly_restrictive") return null;
  return scriptsIn(name).map((script) => script.replaceAll("_", " "));
}
