import path from "node:path";
import { BOT_DEVELOPERS_GUIDE } from "./guide";

/**
 * The repository's markdown files the app serves as pages. A relative link to any other file of the repository (a
 * decision, the README, another guide) has no page to go to: it is shown as the file's path.
 */
export const DOC_PAGES: Readonly<Record<string, string>> = {
  [BOT_DEVELOPERS_GUIDE.file]: BOT_DEVELOPERS_GUIDE.page,
};

/** Where a link of a markdown file served as a page goes. */
export type DocLink =
  | { kind: "anchor"; href: string } // a heading of the same page
  | { kind: "page"; href: string } // another page of the app
  | { kind: "web"; href: string } // an absolute address (https:, mailto:)
  | { kind: "file"; path: string }; // a file of the repository the app does not serve: its path from the root

/**
 * Resolves `href`, as written in the markdown file `from` (a path from the repository's root), the way GitHub would:
 * relative to the file's folder. A link into a file the app serves as a page goes to that page (to the heading on the
 * same page); any other relative link names its file, with its `#anchor`, from the repository's root.
 */
export function resolveDocLink(href: string, from: string): DocLink {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//")) return { kind: "web", href };
  const hash = href.indexOf("#");
  const target = hash === -1 ? href : href.slice(0, hash);
  const anchor = hash === -1 ? "" : href.slice(hash);
  if (!target) return { kind: "anchor", href: anchor || "#" };
  const file = target.startsWith("/")
    ? path.posix.normalize(target.slice(1))
    : path.posix.normalize(path.posix.join(path.posix.dirname(from), target));
  if (file === from) return { kind: "anchor", href: anchor || "#" };
  const page = DOC_PAGES[file];
  if (page) return { kind: "page", href: `${page}${anchor}` };
  return { kind: "file", path: `${file}${anchor}` };
}
