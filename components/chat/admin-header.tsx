import Link from "next/link";

/** The workspace's admin pages, in the order their links read. */
const ADMIN_PAGES = [
  { key: "admin", path: "/admin", label: "Bots & policy" },
  { key: "overview", path: "/admin/overview", label: "Policy overview" },
  { key: "rules", path: "/admin/rules", label: "Policy rules" },
  { key: "audit", path: "/admin/audit", label: "Audit log" },
  { key: "people", path: "/admin/people", label: "People" },
] as const;

export type AdminPage = (typeof ADMIN_PAGES)[number]["key"];

/**
 * An admin page's heading and its links to the other admin pages (Bots & policy, the policy overview, the rules, the
 * audit log, the people): one row that wraps on a phone, each link a 24 px target.
 */
export function AdminHeader({ slug, title, current }: { slug: string; title: string; current: AdminPage }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
      <nav aria-label="Admin pages">
        <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          {ADMIN_PAGES.filter((page) => page.key !== current).map((page) => (
            <li key={page.key}>
              <Link
                href={`/chat/${slug}${page.path}`}
                className="inline-block min-h-6 font-medium text-indigo-700 hover:underline"
                data-testid={`${page.key}-link`}
              >
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
