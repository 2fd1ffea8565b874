import { AdminHeader } from "@/components/chat/admin-header";
import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { A_DRAFT, ANYONE, BUILT_IN } from "@/lib/policy/overview/names";
import { policyOverview } from "@/lib/policy/overview/policy-overview";
import { listApproverGroups } from "@/lib/policy/rule-sets/list-approver-groups";
import { openAdminPage } from "@/app/(chat)/chat/_lib/open-admin-page";
import { CountBars, DecisionTimeBars } from "@/components/policy/overview-charts";
import { VerdictChart } from "@/components/policy/verdict-chart";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { formatWait } from "@/components/ui/format";
import { cn } from "@/components/ui/cn";

export const metadata: Metadata = { title: "Policy overview" };

const RANGES = [7, 14, 30] as const;

// For workspace admins: the gate at a glance (issue 33 item 8): what the policy did with each bot's messages per day,
// what waits for a person now and for how long, and how long people take to decide per approver group and per rule.
// The same figures are metrics (docs/guides/operators.md "Metrics and logs"). `?days=` picks the range, `?bot=` one
// bot's days.
export default async function OverviewPage({
  params,
  searchParams,
}: {
  params: Promise<{ workspace: string }>;
  searchParams: Promise<{ days?: string; bot?: string }>;
}) {
  const { workspace: slug } = await params;
  const query = await searchParams;
  const path = `/chat/${slug}/admin/overview`;
  const admin = await openAdminPage({
    slug,
    path,
    title: "Policy overview",
    ask: (name) => `The overview shows every bot's traffic; ask an admin of ${name}.`,
  });
  if (!admin.ok) return admin.page;
  const { actor, workspace } = admin;
  const days = RANGES.find((n) => String(n) === query.days) ?? 14;
  const [overview, groups] = await Promise.all([
    policyOverview(actor, { workspaceId: workspace.id, days }),
    listApproverGroups(actor, { workspaceId: workspace.id }),
  ]);
  const bot = overview.perBot.find((b) => b.botId === query.bot);
  const groupName = new Map(groups.map((g) => [g.slug, g.kind === "role" ? g.name : `${g.name} (${g.slug})`]));
  const groupLabel = (group: string) =>
    group === ANYONE ? "anyone in the conversation" : (groupName.get(group) ?? `${group} (removed)`);
  const ruleLabel = (rule: string) =>
    rule === BUILT_IN ? "built-in rules" : rule === A_DRAFT ? "bots' drafts" : `rule ${rule}`;
  const href = (changes: { days?: number; bot?: string | null }) => {
    const next = new URLSearchParams();
    next.set("days", String(changes.days ?? days));
    const chosen = changes.bot === undefined ? bot?.botId : changes.bot;
    if (chosen) next.set("bot", chosen);
    return `${path}?${next}`;
  };
  const waiting = overview.waiting;

  return (
    <main id="main" className="min-h-0 flex-1 space-y-6 overflow-y-auto bg-slate-50 px-3 py-5 sm:px-6">
      <AdminHeader slug={slug} title="Policy overview" current="overview" />
      <nav aria-label="Period" className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-700">Last</span>
        {RANGES.map((n) => (
          <Choice key={n} href={href({ days: n })} current={n === days}>
            {n} days
          </Choice>
        ))}
        <span className="text-slate-600">· days on the workspace&apos;s clock ({overview.timeZone})</span>
      </nav>

      <Card aria-labelledby="verdicts-title">
        <CardHeader
          id="verdicts-title"
          title="Verdicts per day"
          description="What the policy did with bots' own sends: sent, held for a person, deferred, blocked, or refused (the person opted out). A held message counts once, whatever became of it."
        />
        <CardBody className="space-y-5">
          <nav aria-label="Bot" className="flex flex-wrap gap-2 text-sm">
            <Choice href={href({ bot: null })} current={!bot}>
              All bots
            </Choice>
            {overview.perBot.map((b) => (
              <Choice key={b.botId} href={href({ bot: b.botId })} current={b.botId === bot?.botId}>
                @{b.handle}
              </Choice>
            ))}
          </nav>
          <VerdictChart
            title={bot ? `Verdicts of @${bot.handle} per day` : "Verdicts of all bots per day"}
            rows={(bot?.perDay ?? overview.perDay).map((day) => ({ label: day.day, after: day.counts }))}
            testId="overview-days"
            folded
          />
          <VerdictChart
            title="Verdicts per bot"
            rows={overview.perBot.map((b) => ({ label: `@${b.handle}`, after: b.total }))}
            testId="overview-bots"
            folded
          />
        </CardBody>
      </Card>

      <Card aria-labelledby="waiting-title">
        <CardHeader
          id="waiting-title"
          title="Waiting for a person"
          description="Held messages and drafts nobody has decided yet, by how long they have waited. Silence is never consent: they expire unsent."
        />
        <CardBody className="space-y-5">
          <p className="text-sm text-slate-800" data-testid="overview-waiting">
            {waiting.total === 0
              ? "Nothing waits."
              : `${waiting.total} waiting; the oldest for ${formatWait(waiting.oldestSeconds ?? 0)}.`}
          </p>
          <CountBars title="Waiting items by age" rows={waiting.byAge} what="Waiting" testId="overview-ages" />
          {waiting.byGroup.length > 0 && (
            <ul className="divide-y divide-slate-100 text-sm" aria-label="Waiting items by approver group">
              {waiting.byGroup.map((group) => (
                <li key={group.group} className="py-2" data-testid="overview-waiting-group">
                  {groupLabel(group.group)}: {group.count} waiting, the oldest for {formatWait(group.oldestSeconds)}
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>

      <Card aria-labelledby="times-title">
        <CardHeader
          id="times-title"
          title="Time to decision"
          description="From a held message or draft to a person's approval or rejection, for what was decided in this period."
        />
        <CardBody className="space-y-6">
          <DecisionTimeBars
            title="Per approver group"
            what="Approver group"
            testId="overview-groups"
            rows={overview.decisionTimes.byGroup.map((row) => ({ ...row, label: groupLabel(row.name) }))}
          />
          <DecisionTimeBars
            title="Per rule"
            what="Rule"
            testId="overview-rules"
            rows={overview.decisionTimes.byRule.map((row) => ({ ...row, label: ruleLabel(row.name) }))}
          />
        </CardBody>
      </Card>
    </main>
  );
}

/** A link among choices (a period, a bot), the current one marked for sight and for screen readers. */
function Choice({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={cn(
        "rounded-full border px-3 py-1 font-medium",
        current
          ? "border-indigo-700 bg-indigo-700 text-white"
          : "border-slate-300 bg-white text-slate-800 hover:border-indigo-500",
      )}
    >
      {children}
    </Link>
  );
}
