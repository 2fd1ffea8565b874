import type { Element } from "hast";
import Link from "next/link";
import type { ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { resolveDocLink } from "@/lib/docs/doc-link";
import { headingIds, textOf } from "@/lib/docs/heading-ids";
import { CodeBlock, InlineCode } from "@/components/ui/code-block";
import { cn } from "@/components/ui/cn";
import { Table, Tbody, Td, Th } from "@/components/ui/table";

// A repository markdown file (GitHub-flavoured) as a page of the app, rendered on the server to React elements by
// react-markdown with remark-gfm: no HTML string is ever injected. Raw HTML in the file is dropped (its tags; the text
// between them stays), and react-markdown's URL rule empties javascript: and other unsafe addresses. Headings carry
// GitHub's ids (lib/docs/heading-ids.ts), so `#...` links work as on GitHub; relative links go where
// lib/docs/doc-link.ts says (an app page, or the file's path shown as code: the app does not serve the repository).

const LINK =
  "font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-900 hover:decoration-indigo-700";

const LANGUAGES: Record<string, string> = {
  ts: "TypeScript",
  tsx: "TypeScript",
  typescript: "TypeScript",
  js: "JavaScript",
  javascript: "JavaScript",
  json: "JSON",
  sh: "Shell",
  shell: "Shell",
  bash: "Shell",
  console: "Shell",
  sql: "SQL",
  yaml: "YAML",
  yml: "YAML",
  http: "HTTP",
  html: "HTML",
  css: "CSS",
  python: "Python",
  py: "Python",
};

/** `Code in “Webhooks”`, `Table 2 in “API notes”`: the name of a scrolling box, from the heading it stands under. */
function boxName(kind: string, node: Element | undefined): string {
  const section = String(node?.properties.dataSection ?? "");
  const ordinal = Number(node?.properties.dataOrdinal ?? 1);
  const name = ordinal > 1 ? `${kind} ${ordinal}` : kind;
  return section ? `${name} in “${section}”` : name;
}

function heading(level: 1 | 2 | 3 | 4 | 5 | 6, className: string): Components["h1"] {
  const Tag = `h${level}` as const;
  return function Heading({ id, children }) {
    return (
      <Tag id={id} className={cn("scroll-mt-4 font-semibold tracking-tight break-words text-slate-900", className)}>
        {children}
      </Tag>
    );
  };
}

function components(file: string): Components {
  return {
    h1: heading(1, "mb-4 text-2xl"),
    h2: heading(2, "mt-10 mb-4 border-b border-slate-200 pb-2 text-xl"),
    h3: heading(3, "mt-8 mb-3 text-lg"),
    h4: heading(4, "mt-6 mb-2 text-base"),
    h5: heading(5, "mt-6 mb-2 text-sm"),
    h6: heading(6, "mt-6 mb-2 text-sm text-slate-700"),
    p: ({ children }) => <p className="my-4">{children}</p>,
    ul: ({ children, className }) => (
      <ul className={cn("my-4 space-y-2 pl-6", className?.includes("contains-task-list") ? "list-none" : "list-disc")}>
        {children}
      </ul>
    ),
    ol: ({ children, start }) => (
      <ol start={start} className="my-4 list-decimal space-y-2 pl-6">
        {children}
      </ol>
    ),
    li: ({ children }) => <li className="pl-1 [&>p]:my-2">{children}</li>,
    blockquote: ({ children }) => (
      <blockquote className="my-4 border-l-4 border-slate-200 pl-4 text-slate-600">{children}</blockquote>
    ),
    hr: () => <hr className="my-8 border-slate-200" />,
    strong: ({ children }) => <strong className="font-semibold text-slate-900">{children}</strong>,
    code: ({ children }) => <InlineCode>{children}</InlineCode>,
    pre: ({ node }) => {
      const code = node?.children.find(
        (child): child is Element => child.type === "element" && child.tagName === "code",
      );
      const classes = code?.properties.className;
      const language = (Array.isArray(classes) ? classes : [])
        .map(String)
        .find((name) => name.startsWith("language-"))
        ?.slice("language-".length);
      const languageName = language ? (LANGUAGES[language.toLowerCase()] ?? language) : undefined;
      return (
        <CodeBlock
          code={code ? textOf(code).replace(/\n$/, "") : ""}
          title={languageName}
          copy
          label={boxName(languageName ? `${languageName} code` : "Code", node)}
          className="my-5"
        />
      );
    },
    table: ({ node, children }) => {
      const name = boxName("Table", node);
      return (
        <Table label={name} region={`${name} (scrolls sideways)`} className="my-5 rounded-lg border border-slate-200">
          {children}
        </Table>
      );
    },
    thead: ({ children }) => <thead>{children}</thead>,
    tbody: ({ children }) => <Tbody>{children}</Tbody>,
    // Alignment comes as a style attribute, which the pages' CSP refuses (style-src has no 'unsafe-inline'): a class.
    th: ({ children, style }) => <Th className={cn("min-w-32 align-bottom", alignment(style))}>{children}</Th>,
    td: ({ children, style }) => <Td className={cn("min-w-40 align-top", alignment(style))}>{children}</Td>,
    a: ({ href, node, children }) => (
      <DocLink href={href} file={file} text={node ? textOf(node) : ""}>
        {children}
      </DocLink>
    ),
    img: ({ src, alt }) => <Figure src={typeof src === "string" ? src : ""} alt={alt ?? ""} file={file} />,
    input: ({ type, checked }) =>
      type === "checkbox" ? (
        <>
          <span aria-hidden className="mr-1.5 font-mono">
            {checked ? "☑" : "☐"}
          </span>
          <span className="sr-only">{checked ? "Done: " : "To do: "}</span>
        </>
      ) : null,
  };
}

function alignment(style: { textAlign?: string } | undefined): string | undefined {
  return style?.textAlign === "center" ? "text-center" : style?.textAlign === "right" ? "text-right" : undefined;
}

function DocLink({ href, file, text, children }: { href?: string; file: string; text: string; children: ReactNode }) {
  // react-markdown empties an unsafe address (javascript:, data:): what remains is the link's text.
  if (!href) return <>{children}</>;
  const link = resolveDocLink(href, file);
  switch (link.kind) {
    case "anchor":
    case "web":
      return (
        <a href={link.href} className={LINK}>
          {children}
        </a>
      );
    case "page":
      return (
        <Link href={link.href} className={LINK}>
          {children}
        </Link>
      );
    case "file":
      // A file of the repository the app does not serve: its path, which a reader finds in their clone or on GitHub.
      return text.trim() === link.path ? (
        <InlineCode>{link.path}</InlineCode>
      ) : (
        <>
          {children} (<InlineCode>{link.path}</InlineCode>)
        </>
      );
  }
}

/** Images are not loaded (the repository's files are not served, and the CSP allows no other origin): their text. */
function Figure({ src, alt, file }: { src: string; alt: string; file: string }) {
  const link = src ? resolveDocLink(src, file) : null;
  const where = link?.kind === "file" ? link.path : link && "href" in link ? link.href : "";
  return (
    <span className="text-slate-600">
      [Image{alt ? `: ${alt}` : ""}]
      {where && (
        <>
          {" "}
          (<InlineCode>{where}</InlineCode>)
        </>
      )}
    </span>
  );
}

/** `markdown`, the text of the repository file `file` (a path from the repository's root, for its relative links). */
export function DocMarkdown({ markdown, file }: { markdown: string; file: string }) {
  return (
    // A long inline code span (a header's value, a URL) breaks rather than widening the page at 390 px; code blocks
    // and tables keep their lines and scroll inside their own boxes.
    <div className="text-[15px] leading-7 wrap-break-word text-slate-700">
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[headingIds]} skipHtml components={components(file)}>
        {markdown}
      </Markdown>
    </div>
  );
}
