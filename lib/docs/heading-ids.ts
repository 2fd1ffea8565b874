import type { Element, ElementContent, Root } from "hast";
import { anchorCounter } from "./heading-anchor";

/** The text a reader sees in an element, its markup dropped. */
export function textOf(node: Element | ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

/**
 * A rehype plugin (a transform of the rendered tree) for markdown served as a page:
 * - every heading gets the id GitHub gives it (lib/docs/heading-anchor.ts), so `#...` links work as on GitHub; a
 *   heading that has an id already (GFM's footnotes section) keeps it;
 * - every code block (`pre`) and table learns the heading it stands under and its place among its kind there
 *   (`dataSection`, `dataOrdinal`), from which the page names the scrolling box that holds it.
 */
export function headingIds() {
  return (tree: Root) => {
    const next = anchorCounter();
    let section = "";
    let counts = new Map<string, number>();
    const walk = (children: (Root | Element)["children"]) => {
      for (const child of children) {
        if (child.type !== "element") continue;
        if (/^h[1-6]$/.test(child.tagName)) {
          section = textOf(child).trim();
          counts = new Map();
          child.properties.id ??= next(section);
          continue;
        }
        if (child.tagName === "pre" || child.tagName === "table") {
          const n = (counts.get(child.tagName) ?? 0) + 1;
          counts.set(child.tagName, n);
          child.properties.dataSection = section;
          child.properties.dataOrdinal = n;
        }
        walk(child.children);
      }
    };
    walk(tree.children);
  };
}
