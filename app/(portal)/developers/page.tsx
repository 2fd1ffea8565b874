import type { Metadata } from "next";
import Link from "next/link";
import { currentActor } from "@/lib/auth/current-actor";
import { listManagedBots } from "@/lib/bots/list-bots";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Badge } from "@/components/ui/badge";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { formatDate, plural } from "@/components/ui/format";
import { BotStatusBadge } from "@/components/portal/status-badges";
import { NameWarningNotes } from "@/components/ui/name-warnings";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { visibleText } from "@/lib/text/hidden-characters";

export const metadata: Metadata = { title: "Bots" };

export default async function BotsPage() {
  const actor = await currentActor("/developers");
  const workspaces = await listManagedBots(actor);
  const total = workspaces.reduce((sum, w) => sum + w.bots.length, 0);

  return (
    <>
      <PageHeader
        title="Bots"
        description="Bots you registered, and every bot of the workspaces you administer: their keys, webhooks and deliveries."
        actions={
          workspaces.length > 0 && (
            <ButtonLink href="/developers/bots/new">
              <span aria-hidden>+</span> Register a bot
            </ButtonLink>
          )
        }
      />
      {workspaces.length === 0 && (
        <Card>
          <EmptyState title="You are not a member of any workspace">
            Ask a workspace admin to invite you, then register your bot there.
          </EmptyState>
        </Card>
      )}
      <div className="space-y-8">
        {workspaces.map((workspace) => (
          <Card key={workspace.id} aria-labelledby={`ws-${workspace.id}`}>
            <CardHeader
              id={`ws-${workspace.id}`}
              title={
                <span className="flex flex-wrap items-center gap-2">
                  <UntrustedText text={workspace.name} />
                  <span className="font-mono text-xs font-normal text-slate-500">{workspace.slug}</span>
                  <Badge tone={workspace.role === "admin" ? "indigo" : "gray"}>{workspace.role}</Badge>
                </span>
              }
              description={
                workspace.role === "admin"
                  ? "As an admin you manage every bot of this workspace."
                  : "You manage the bots you registered here."
              }
            />
            {workspace.bots.length === 0 ? (
              <EmptyState
                title="No bots yet"
                action={
                  <ButtonLink href="/developers/bots/new" variant="secondary" size="sm">
                    Register a bot
                  </ButtonLink>
                }
              >
                Register a bot to get an API key and a webhook signing secret.
              </EmptyState>
            ) : (
              <Table label={`Bots in ${visibleText(workspace.name)}`}>
                <thead>
                  <tr>
                    <Th>Bot</Th>
                    <Th>Status</Th>
                    <Th>Webhook URL</Th>
                    <Th className="text-right">Keys</Th>
                    <Th>Created</Th>
                  </tr>
                </thead>
                <Tbody>
                  {workspace.bots.map((bot) => (
                    <tr key={bot.id} className="group hover:bg-slate-50">
                      <Td>
                        <Link
                          href={`/developers/bots/${bot.id}`}
                          className="block rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                        >
                          <span className="font-mono text-sm font-medium text-indigo-700 group-hover:underline">
                            @{bot.handle}
                          </span>
                          <UntrustedText text={bot.name} className="block text-sm text-slate-500" />
                        </Link>
                        <NameWarningNotes warnings={bot.name_warnings} />
                      </Td>
                      <Td>
                        <BotStatusBadge status={bot.status} />
                      </Td>
                      <Td className="max-w-xs">
                        {bot.webhook_url ? (
                          <span className="block truncate font-mono text-xs text-slate-700" title={bot.webhook_url}>
                            {bot.webhook_url}
                          </span>
                        ) : (
                          <span className="text-xs text-slate-500">Not set</span>
                        )}
                      </Td>
                      <Td
                        className="text-right tabular-nums"
                        title={`${plural(bot.active_key_count, { one: "active key" })}`}
                      >
                        {bot.active_key_count}
                      </Td>
                      <Td className="whitespace-nowrap text-slate-500">{formatDate(bot.created_at)}</Td>
                    </tr>
                  ))}
                </Tbody>
              </Table>
            )}
          </Card>
        ))}
      </div>
      {total > 0 && <p className="mt-4 text-xs text-slate-500">{plural(total, { one: "bot" })} · times in UTC</p>}
    </>
  );
}
