/**
 * GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. The portal's guide page gives its
 * headings these ids (lib/docs/heading-ids.ts), and the tests that follow the guides' links check `#...` against them
 * (test/markdown.ts), so a link that works on GitHub works in the portal.
 */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Repeats of a heading get `-1`, `-2` ... as GitHub numbers them: one counter per document. */
export function anchorCounter(): (heading: string) => string {
  const seen = new Map<string, number>();
  return (heading) => {
    const base = anchorOf(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}-${n}`;
  };
}
