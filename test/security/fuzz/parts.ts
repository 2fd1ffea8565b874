import type fc from "fast-check";

// What the generators of a request's parts share (request-head.ts, request-body.ts, and the OAuth fuzz's): a part and
// the label naming it hostile, a part's benign and hostile arbitraries, and percent-encoding as UTF-8.

/** Shrinking may fall back to the first (most benign) option of a `oneof`, so a counterexample loses its noise. */
export const CROSS = { withCrossShrink: true };

export interface Part<T> {
  value: T;
  label: string | null;
}
export const plain = <T>(value: T): Part<T> => ({ value, label: null });

/** Each part of a request as a benign arbitrary (what a well-behaved bot sends) and a hostile one. */
export interface Choice<T> {
  benign: fc.Arbitrary<T>;
  hostile: fc.Arbitrary<T>;
}
export const labelled = <T>(value: T, label: string): Part<T> => ({ value, label });

/** Percent-encodes text as UTF-8 (a lone surrogate is written as its three-byte form: invalid UTF-8 on purpose). */
export function percentEncode(text: string): string {
  let out = "";
  for (const ch of text) {
    if (/^[A-Za-z0-9\-._~]$/.test(ch)) {
      out += ch;
      continue;
    }
    const code = ch.codePointAt(0)!;
    const bytes =
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        : [...Buffer.from(ch, "utf8")];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  }
  return out;
}

export const decodes = (segment: string) => {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
};
