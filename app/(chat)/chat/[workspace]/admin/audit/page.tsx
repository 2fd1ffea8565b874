import { AdminHeader } from "@/components/chat/admin-header";
import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import {
  AUDIT_PAGE_SIZE_DEFAULT,
  AUDIT_PAGE_SIZES,
  listAuditLog,
  UNSEALED_COUNT_MAX,
  type AuditLogFilters,
  type AuditLogList,
} from "@/lib/audit/list-audit-log";
import { readingUpToNow } from "@/lib/db/replicas";
import { openAdminPage } from "@/app/(chat)/chat/_lib/open-admin-page";
import { guard } from "@/app/_lib/guard";
import { AuditEntries } from "@/components/audit/audit-entries";
import { AuditFilters, type AuditFilterValues } from "@/components/audit/audit-filters";
import { IntegrityCard } from "@/components/audit/integrity-card";
import { Alert } from "@/components/ui/alert";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { plural } from "@/components/ui/format";

export const metadata: Metadata = { title: "Audit log" };

type Search = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;
const linkClass = "font-medium text-indigo-700 hover:underline";

// For workspace admins (issue 34 item 4): the workspace's entries of the audit chain, filtered by person, bot, kind
// and time, newest first, a page of 25 to 200 at a time (`?size=`, `?cursor=` from the Newer and Older links), and
// the chain's integrity: its last signed checkpoint, what waits to be sealed, how to verify, the signing key.
export default async function AuditPage({
  params,
  searchParams,
}: {
  params: Promise<{ workspace: string }>;
  searchParams: Promise<Search>;
}) {
  const { workspace: slug } = await params;
  const search = await searchParams;
  const path = `/chat/${slug}/admin/audit`;
  const admin = await openAdminPage({
    slug,
    path,
    title: "Audit log",
    ask: (name) => `The audit log records everything done in ${name}; ask an admin of it.`,
  });
  if (!admin.ok) return admin.page;
  const { actor, workspace } = admin;

  const filters: AuditLogFilters = {
    person: first(search.person),
    bot: first(search.bot),
    kind: first(search.kind),
    from: first(search.from),
    to: first(search.to),
  };
  const sizeText = first(search.size);
  const page = { size: sizeText === undefined ? undefined : Number(sizeText), cursor: first(search.cursor) };
  // A read replica may answer, once it has replayed all the primary held now (decision 044).
  const listed = await guard(readingUpToNow(() => listAuditLog(actor, { workspaceId: workspace.id, filters, page })));
  // Refused filters: say why beside the form, as it was sent; the form's choices come from an unfiltered read.
  const shown: AuditLogList = listed.ok
    ? listed.value
    : await readingUpToNow(() =>
        listAuditLog(actor, { workspaceId: workspace.id, page: { size: AUDIT_PAGE_SIZE_DEFAULT } }),
      );
  const values: AuditFilterValues = {
    person: filters.person ?? "",
    bot: filters.bot ?? "",
    kind: filters.kind ?? "",
    from: utcInput(listed.ok ? shown.filters.from : filters.from),
    to: utcInput(listed.ok ? shown.filters.to : filters.to),
    size: listed.ok
      ? shown.size
      : (AUDIT_PAGE_SIZES as readonly number[]).includes(page.size ?? 0)
        ? page.size!
        : AUDIT_PAGE_SIZE_DEFAULT,
  };
  const pageLink = (cursor: string) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(shown.filters)) if (value) query.set(key, value);
    if (shown.size !== AUDIT_PAGE_SIZE_DEFAULT) query.set("size", String(shown.size));
    query.set("cursor", cursor);
    return `${path}?${query}`;
  };
  const filtered = Object.values(shown.filters).some(Boolean);

  return (
    <main id="main" className="min-h-0 flex-1 space-y-6 overflow-y-auto bg-slate-50 px-3 py-5 sm:px-6">
      <AdminHeader slug={slug} title="Audit log" current="audit" />

      <Card aria-labelledby="entries-title">
        <CardHeader
          id="entries-title"
          title="Entries"
          description="Every decision, approval, change of rules or roles, key and grant in this workspace, newest first, as the tamper-evident chain holds it: ids, codes and SHA-256 digests, never message text or anyone's details. Times show in your time zone; hover one for UTC."
        />
        <AuditFilters
          path={path}
          values={values}
          people={shown.people}
          bots={shown.bots}
          kinds={shown.kinds}
          sizes={AUDIT_PAGE_SIZES}
          invalid={listed.ok ? undefined : (listed.error.extras.field ?? "cursor")}
          errorId="audit-filters-refused"
        />
        {!listed.ok ? (
          <div className="px-5 py-4" id="audit-filters-refused">
            <Alert tone="danger" title="These filters cannot be used">
              {listed.error.message}.{" "}
              <Link href={path} className="font-medium underline">
                Show every entry
              </Link>
            </Alert>
          </div>
        ) : shown.entries.length === 0 ? (
          <EmptyState title={filtered || page.cursor ? "No entries match these filters" : "No entries yet"}>
            {filtered
              ? "Try a wider time range, another kind, or anyone."
              : "Entries appear here as people, bots and the system act in this workspace."}
          </EmptyState>
        ) : (
          <>
            <AuditEntries entries={shown.entries} />
            <nav
              aria-label="Pages of entries"
              className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 text-sm"
            >
              <p className="text-slate-700" data-testid="audit-count">
                {plural(shown.entries.length, { one: "entry", many: "entries" })} on this page
              </p>
              <p className="flex gap-4">
                <PageLink href={shown.newer ? pageLink(shown.newer) : null} rel="prev">
                  <span aria-hidden>← </span>Newer
                </PageLink>
                <PageLink href={shown.older ? pageLink(shown.older) : null} rel="next">
                  Older<span aria-hidden> →</span>
                </PageLink>
              </p>
            </nav>
          </>
        )}
      </Card>

      <IntegrityCard chain={shown.chain} unsealedMax={UNSEALED_COUNT_MAX} />
    </main>
  );
}

/** A `datetime-local` value (UTC, minutes) of an ISO time; what was typed when it is not one. */
function utcInput(value: string | undefined): string {
  if (!value) return "";
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? "" : at.toISOString().slice(0, 16);
}

/** Newer or Older: a link, or the same words greyed when there is no such page (not focusable, still read). */
function PageLink({ href, rel, children }: { href: string | null; rel: "prev" | "next"; children: ReactNode }) {
  if (!href)
    return (
      <span aria-disabled="true" className="text-slate-500">
        {children}
      </span>
    );
  return (
    <Link href={href} rel={rel} className={linkClass} data-testid={`audit-${rel}`}>
      {children}
    </Link>
  );
}
