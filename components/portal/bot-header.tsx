import Link from "next/link";
import type { ManagedBot } from "@/lib/bots/list-bots";
import { PageHeader } from "@/components/ui/page-header";
import { formatDate } from "@/components/ui/format";
import { cn } from "@/components/ui/cn";
import { NameWarnings } from "@/components/ui/name-warnings";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { BotStatusBadge } from "./status-badges";

/** The bot pages' title, facts and tabs (Overview, Deliveries). */
export function BotHeader({
  bot,
  tab,
  breadcrumbs = [],
}: {
  bot: Pick<
    ManagedBot,
    "id" | "handle" | "name" | "status" | "status_reason" | "workspace" | "created_at" | "created_by" | "name_warnings"
  >;
  tab: "overview" | "deliveries";
  breadcrumbs?: { href: string; label: string }[];
}) {
  const tabs = [
    { key: "overview", label: "Overview", href: `/developers/bots/${bot.id}` },
    { key: "deliveries", label: "Webhook deliveries", href: `/developers/bots/${bot.id}/deliveries` },
  ];
  return (
    <>
      <PageHeader
        breadcrumbs={[{ href: "/developers", label: "Bots" }, ...breadcrumbs]}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <UntrustedText text={bot.name} className="min-w-0" />
            <span className="font-mono text-lg font-normal text-slate-500">@{bot.handle}</span>
            <BotStatusBadge status={bot.status} />
          </span>
        }
        meta={
          <>
            <span>
              Workspace <UntrustedText text={bot.workspace.name} className="font-medium text-slate-700" />
            </span>
            <span>
              Registered {formatDate(bot.created_at)}
              {bot.created_by ? (
                <>
                  {" by "}
                  <UntrustedText text={bot.created_by.name} />
                </>
              ) : (
                " by the operator"
              )}
            </span>
            <span className="flex items-center gap-1.5">
              ID <code className="font-mono text-xs text-slate-700">{bot.id}</code>
            </span>
            {bot.status_reason && (
              <span>
                Reason: <UntrustedText text={bot.status_reason} />
              </span>
            )}
          </>
        }
      />
      <NameWarnings warnings={bot.name_warnings} title="People may mistake this bot's name" className="mb-6" />
      <nav aria-label="Bot" className="mb-6 border-b border-slate-200">
        <ul className="-mb-px flex gap-6">
          {tabs.map((t) => (
            <li key={t.key}>
              <Link
                href={t.href}
                aria-current={t.key === tab ? "page" : undefined}
                className={cn(
                  "inline-block border-b-2 px-0.5 pb-2.5 text-sm font-medium",
                  t.key === tab
                    ? "border-indigo-600 text-indigo-700"
                    : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800",
                )}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
