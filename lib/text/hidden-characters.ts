// Which characters of a text someone else wrote are shown as visible tokens instead of acting (issues 16 and 31):
// the rule, as data. components/ui/untrusted-text.tsx renders it; strings that cannot hold markup (attributes,
// <option>s, page titles, e-mail, push titles, the CLI's terminal) use `visibleText`. Pure: no React, no DOM.
//
// Two kinds of character can make a text read as something it is not:
// - The controls that open or close a directional context (embeddings and overrides U+202A-U+202E, isolates
//   U+2066-U+2069: the "Trojan Source" set, CVE-2021-42574): "a\u202Eevil.exe" reads "aexe.live".
// - Characters that draw nothing (U+200B zero width space, U+2060 word joiner, U+FEFF zero width no-break space,
//   and U+200D zero width joiner where it joins nothing that shows): "Bil\u200Bling" looks exactly like "Billing"
//   yet is another name; a word split by one passes a filter that looks for it.
// Each is shown as `[U+202E]`, named for people who hover it and for screen readers.
//
// Left alone, because real writing needs them and they cannot disguise a run of letters:
// - The marks U+200E, U+200F and U+061C (they place punctuation and digits in right-to-left writing), and U+200C
//   zero width non-joiner (Persian, Indic scripts and German typography use it to stop a ligature or a joining form).
// - U+200D inside an emoji ZWJ sequence (👩‍💻, 👨‍👩‍👧, 🏳️‍🌈), or inside an Indic conjunct: see `joiningZwjs`.

export interface HiddenCharacter {
  /** The character itself. */
  char: string;
  /** "U+202E" */
  codePoint: string;
  /** "Right-to-left override" */
  name: string;
}

/** A run of text as written, or one hidden character to show as its token. */
export type TextPart = string | HiddenCharacter;

const NAMES: Record<string, string> = {
  "\u202a": "Left-to-right embedding",
  "\u202b": "Right-to-left embedding",
  "\u202c": "Pop directional formatting",
  "\u202d": "Left-to-right override",
  "\u202e": "Right-to-left override",
  "\u2066": "Left-to-right isolate",
  "\u2067": "Right-to-left isolate",
  "\u2068": "First strong isolate",
  "\u2069": "Pop directional isolate",
  "\u200b": "Zero width space",
  "\u200d": "Zero width joiner",
  "\u2060": "Word joiner",
  "\ufeff": "Zero width no-break space",
};

/** Every candidate: a ZWJ among them is then kept when it joins (joiningZwjs). */
const CANDIDATES = /[\u202a-\u202e\u2066-\u2069\u200b\u200d\u2060\ufeff]/g;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
const ZWJ = "\u200d";
const PICTOGRAPHIC = /^\p{Extended_Pictographic}/u;
/** An emoji's own character, then what may follow it inside its sequence: modifiers, variation selectors, tags. */
const EMOJI_BEFORE_ZWJ = /\p{Extended_Pictographic}[\p{Emoji_Modifier}\p{Variation_Selector}\u{E0020}-\u{E007F}]*$/u;
const LETTER = /^\p{L}/u;

const codePointOf = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

const hidden = (char: string): HiddenCharacter => ({ char, codePoint: codePointOf(char), name: NAMES[char]! });

let graphemes: Intl.Segmenter | undefined;

/**
 * The positions (UTF-16 indexes) of the zero width joiners that join something visible, left as they are:
 * - In an emoji ZWJ sequence: between an Extended_Pictographic character (with its skin-tone modifiers, variation
 *   selectors or tags) and the next Extended_Pictographic character, inside one grapheme cluster. That is Unicode's
 *   own rule for emoji (UAX #29, GB11), as Intl.Segmenter applies it: 👩‍💻 is one character to a reader.
 * - In an Indic conjunct (UAX #29, GB9c, Unicode 15.1): a ZWJ after a virama, before a consonant, in one cluster;
 *   it asks for the half form (क्‍ष), which shows.
 * Any other ZWJ (between two letters, after a letter, at the start or end of the text or a cluster, before a
 * combining mark) joins nothing that shows, and is shown as a token. The segmenter decides what a cluster is; no
 * table of ours does.
 */
function joiningZwjs(text: string): Set<number> {
  const joining = new Set<number>();
  graphemes ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  for (const { segment, index } of graphemes.segment(text)) {
    for (let at = segment.indexOf(ZWJ); at !== -1; at = segment.indexOf(ZWJ, at + 1)) {
      const after = segment.slice(at + 1);
      if (!after) continue; // the cluster ends with it: nothing after it is joined
      const emoji = PICTOGRAPHIC.test(after) && EMOJI_BEFORE_ZWJ.test(segment.slice(0, at));
      const conjunct = LETTER.test(after) && at > 0;
      if (emoji || conjunct) joining.add(index + at);
    }
  }
  return joining;
}

/**
 * The text cut into runs as written and the hidden characters between them, in order. A text without any comes
 * back as one run (or none, when empty), cheaply: the segmenter runs only for a text that holds a ZWJ.
 */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let joining: Set<number> | undefined;
  let start = 0;
  for (const match of text.matchAll(CANDIDATES)) {
    const char = match[0];
    const at = match.index;
    if (char === ZWJ) {
      joining ??= joiningZwjs(text);
      if (joining.has(at)) continue;
    }
    if (at > start) parts.push(text.slice(start, at));
    parts.push(hidden(char));
    start = at + 1;
  }
  if (start < text.length) parts.push(text.slice(start));
  return parts;
}

/** The hidden characters of a text, in order (repeats included). */
export function hiddenCharacters(text: string): HiddenCharacter[] {
  return textParts(text).filter((part): part is HiddenCharacter => typeof part !== "string");
}

/** Whether a text holds a character the rule shows as a token (worth a warning where tokens cannot show). */
export const hasHiddenCharacters = (text: string) => hiddenCharacters(text).length > 0;

/** Whether a text holds a directional control (one that can reorder what follows it). */
export const hasBidiControls = (text: string) => BIDI_CONTROLS.test(text);

/**
 * The text with each hidden character written as its token, for places that hold only a string: an attribute
 * (title, aria-label, placeholder), an <option>, a page title, an e-mail, a push notification, a terminal.
 */
export function visibleText(text: string): string {
  return textParts(text)
    .map((part) => (typeof part === "string" ? part : `[${part.codePoint}]`))
    .join("");
}

/** The names of the hidden characters a text holds, once each, for a warning: "Right-to-left override (U+202E)". */
export function hiddenCharacterNames(text: string): string[] {
  return [...new Set(hiddenCharacters(text).map((c) => `${c.name} (${c.codePoint})`))];
}
