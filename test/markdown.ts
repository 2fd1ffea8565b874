// Markdown as GitHub renders it, for the tests that follow the guides' links (docs-citations, docs-links). The heading
// anchors are the portal's own (lib/docs/heading-anchor.ts), so the guide page and these tests agree.
import { anchorCounter, anchorOf } from "@/lib/docs/heading-anchor";

export { anchorOf };

/** The anchors a markdown file offers: one per heading, `-1`, `-2` ... for repeats, as GitHub renders them. */
export function anchorsOf(markdown: string): Set<string> {
  const next = anchorCounter();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (heading) anchors.add(next(heading[1]!));
  }
  return anchors;
}
