import unhomoglyph from "unhomoglyph";

// Whether two names look alike (issue 31): UTS #39 §4's confusable skeleton. Two strings are confusable when their
// skeletons are equal. skeleton(X) = NFD(map(NFD(X) without Default_Ignorable_Code_Point characters)), where `map`
// replaces each character by its prototype in Unicode's confusables.txt ("а" Cyrillic -> "a", "0" -> "O",
// "m" -> "rn"). The mapping is unhomoglyph's (the confusables.txt data, MA table, of Unicode 13.0); NFD and the
// ignorable characters are the platform's (String.prototype.normalize, \p{Default_Ignorable_Code_Point}).
//
// A skeleton is a key for comparing, never text to show: "Billing" becomes "BiIIing"-like shapes ("l" and "I" map
// to the same prototype), so it is not stored or printed anywhere.

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** UTS #39's skeleton of a text. */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize("NFD").replace(IGNORABLE, "")).normalize("NFD");
}

/**
 * The keys two names are compared by: skeletons with case and runs of white space set aside, so "Billing",
 * "billing", "BILLING" and "Bi11ing" meet, and a bot's handle ("billing") meets another bot's name ("Billing").
 * Case is folded two ways, because the order matters: lower-casing first keeps "BILLING" with "billing" (a capital
 * I would otherwise map to "l"); the skeleton first catches "CIaude" (a capital I for the l of "Claude"), which
 * lower-casing first would turn into an "i". Two names look alike when they share a key.
 */
export function nameKeys(name: string): [string, string] {
  const known = keys.get(name);
  if (known) return known;
  const spaced = name.trim().replace(/\s+/gu, " ");
  const found: [string, string] = [skeleton(spaced.toLowerCase()), skeleton(skeleton(spaced).toLowerCase())];
  if (keys.size >= KEYS_KEPT) keys.clear();
  keys.set(name, found);
  return found;
}

/** A page compares every bot of a workspace with every other: each name's keys are worked out once. */
const keys = new Map<string, [string, string]>();
const KEYS_KEPT = 5000;

/** Whether two names look alike to a reader (equal ones included). */
export function looksAlike(a: string, b: string): boolean {
  const theirs = nameKeys(b);
  return nameKeys(a).some((key) => theirs.includes(key));
}
