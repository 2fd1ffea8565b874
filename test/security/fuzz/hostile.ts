import fc from "fast-check";

// Hostile values: wrong types, unicode edge cases (NUL, lone surrogates, bidi and zero-width characters, non-
// characters), long and huge strings, numbers at and past every edge, prototype keys, injection strings. Each
// generated value is labelled afterwards by what it is (`classify`), so that failures group by their cause.

/** Shrinking may fall back to the first (most benign) option of a `oneof`, so a counterexample loses its noise. */
const CROSS = { withCrossShrink: true };

const EDGE_CHARS = [
  "\u0000", // NUL: PostgreSQL text cannot hold it
  "\ud800", // a lone high surrogate
  "\udfff", // a lone low surrogate
  "\udc00\ud800", // a surrogate pair in the wrong order
  "\ufeff", // byte order mark
  "\u202e", // right-to-left override
  "\u200b", // zero-width space
  "\u200d", // zero-width joiner
  "\uffff", // a non-character
  "\ufffe",
  "\u2028", // line separator (not a JSON line break)
  "\u2029",
  "\u0301\u0301\u0301", // combining marks with nothing to combine with
  "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}", // one grapheme of five code points
  "\u{10FFFF}",
  "\u007f",
  "\u001b[31m", // a terminal escape
  "\r\n",
  "\t",
  "\u00a0",
  "\u3000",
  "\u0130", // capital I with dot: changes length when lower-cased
  "\uFB01", // the fi ligature: changes under NFKC
  "e\u0301", // é in NFD
];

/**
 * Names that pass every rule of entry but lie to a reader (issue 31): zero-width characters inside a known name, a
 * letter of another script in it, a direction override. Relay takes them as they are and shows what they hold.
 */
export const SPOOFED_NAMES = [
  "Bil\u200bling", // a zero width space inside "Billing"
  "Bil\u2060ling", // a word joiner
  "\ufeffHelper", // a zero width no-break space in front
  "He\u200dlper", // a zero width joiner between two letters
  "\u0412illing", // a Cyrillic В for the Latin B
  "\u0421laude", // a Cyrillic С for the Latin C
  "\u0397elper", // a Greek Eta for the Latin H
  "Claude \u202eedoc.evil", // reads "Claude live.code"
  "CIaude", // a capital I for the l
];

const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE messages; --",
  "<script>alert(1)</script>",
  "{{7*7}}",
  "${7*7}",
  "../../../../etc/passwd",
  "%00",
  "%ff",
  "\\u0000",
  "__proto__",
  "constructor",
  "prototype",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "STOP",
  "@helper",
  "password: hunter2",
  "4111 1111 1111 1111",
  "amk_0000000000000000000000000000000000000000",
  "-----BEGIN PRIVATE KEY-----",
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const controlChar = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));

/** Short hostile strings: edge characters, injections and arbitrary code points, mixed. */
export const hostileText = fc
  .array(
    fc.oneof(
      CROSS,
      // The benign option first: shrinking falls back to it, so a counterexample keeps only the characters that matter.
      { arbitrary: fc.constantFrom("a", "Hello", " "), weight: 2 },
      { arbitrary: fc.constant("\u0000"), weight: 2 },
      { arbitrary: loneSurrogate, weight: 2 },
      { arbitrary: fc.constantFrom(...EDGE_CHARS), weight: 4 },
      { arbitrary: fc.constantFrom(...INJECTIONS), weight: 2 },
      { arbitrary: fc.constantFrom(...SPOOFED_NAMES), weight: 1 },
      { arbitrary: fc.string({ unit: "binary", maxLength: 6 }), weight: 2 },
      { arbitrary: controlChar, weight: 1 },
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(""));

/** Long strings: one unit repeated, from just past a field's limit to past the whole body's limit. */
export const longText = fc
  .tuple(
    fc.constantFrom("a", " ", "é", "\u0000", "\ud800", "🙂", "\u0301", "ab\n"),
    fc.oneof(CROSS, fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 5000, max: 300_000 })),
  )
  .map(([unit, times]) => unit.repeat(Math.ceil(times / unit.length)));

export const hostileString = fc.oneof(
  CROSS,
  { arbitrary: hostileText, weight: 4 },
  { arbitrary: longText, weight: 1 },
  { arbitrary: fc.constantFrom("", " ", "\n\t "), weight: 1 },
);

export const hostileNumber = fc.oneof(
  CROSS,
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 2,
    -(2 ** 63),
    5e-324,
    4000,
    4001,
    43200,
    43201,
    200,
    201,
    51,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Objects that try the prototype chain or the parser's limits. */
const trickyObject = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__": {"admin": true, "body": "x"}}'),
  { constructor: { prototype: { polluted: true } } },
  { toString: "x", valueOf: 1, hasOwnProperty: null },
  {},
  { "": "" },
);

/** Any JSON value that is likely the wrong one: for replacing a field, an array item or the whole body. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  CROSS,
  { arbitrary: hostileString, weight: 6 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: fc.constantFrom<unknown>(true, false, null), weight: 1 },
  { arbitrary: fc.array(fc.oneof(CROSS, hostileString, hostileNumber), { maxLength: 4 }), weight: 1 },
  {
    arbitrary: fc
      .integer({ min: 11, max: 20_000 })
      .map((n) => Array.from({ length: n }, () => ({ type: "status_block", title: "t", state: "done" }))),
    weight: 1,
  },
  { arbitrary: trickyObject, weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/** A coarse label of a value, for grouping failures: `string:nul`, `string:lone-surrogate`, `number`, `array` ... */
export function classify(value: unknown): string {
  if (typeof value === "string") return `string:${classifyString(value)}`;
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length > 10 ? "array:long" : "array";
  return typeof value;
}

export function classifyString(value: string): string {
  if (value.includes("\u0000")) return "nul";
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)) return "lone-surrogate";
  if (value.length > 4000) return "long";
  if (value.trim() === "") return value === "" ? "empty" : "blank";
  if (/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) return "control";
  if (/[^\u0000-\u007f]/.test(value)) return "unicode";
  return "ascii";
}
