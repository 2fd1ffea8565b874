// JSON for a terminal (issue 31): the CLI prints names and bodies someone else wrote, and a terminal is a display
// too. A right-to-left override can reorder the rest of the line in a terminal that applies bidi, zero-width
// characters vanish, and a C1 control (U+009B is CSI) can drive the terminal itself. JSON.stringify leaves all of
// them raw; here they are written as JSON escapes (\u202e) instead. The output is still JSON and parses to exactly
// the same values (a script reading it loses nothing), while a person reading it sees every such character.
// Escaped: DEL and the C1 controls, the Arabic letter mark, zero widths and joiners, the marks, the directional
// embeddings, overrides and isolates, the line and paragraph separators, the word joiner and invisible operators,
// and the zero width no-break space. Emoji ZWJ sequences are escaped too: exact data matters more here than looks.

const TERMINAL_HIDDEN = /[\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2069\ufeff]/g;

const escape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** JSON.stringify's text, with every character a terminal would hide or obey written as its escape. */
export function terminalJson(value: unknown, space?: number): string {
  return (JSON.stringify(value, null, space) ?? "null").replace(TERMINAL_HIDDEN, escape);
}
