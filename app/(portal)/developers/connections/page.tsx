import type { Metadata } from "next";
import { currentActor } from "@/lib/auth/current-actor";
import { connectionNameWarnings } from "@/lib/agents/connection-name-warnings";
import { listConnections } from "@/lib/agents/list-connections";
import type { ConnectionSide, ConnectionView } from "@/lib/agents/connection-record";
import { listManagedBots } from "@/lib/bots/list-bots";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDate, plural } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { NameWarningNotes } from "@/components/ui/name-warnings";
import { UntrustedText } from "@/components/ui/untrusted-text";
import type { NameWarning } from "@/lib/text/name-warnings";
import { ConnectionActions } from "@/components/portal/connection-actions";
import { REQUEST_TYPE_LABELS } from "@/components/portal/connection-types";
import { ProposeConnectionForm } from "@/components/portal/propose-connection-form";
import { acceptConnectionAction, proposeConnectionAction, revokeConnectionAction } from "../_actions/connections";

export const metadata: Metadata = { title: "Connections" };

// Trusted connections between bots (docs/guides/bot-developers.md "Agent requests"): workspace admins see their
// workspaces' connections, propose new ones, accept the ones that wait for them, and revoke any. Members see an
// explanation, nothing more.
export default async function ConnectionsPage() {
  const actor = await currentActor("/developers/connections");
  const [workspaces, connections] = await Promise.all([listManagedBots(actor), listConnections(actor)]);
  const administered = workspaces.filter((w) => w.role === "admin");
  const bots = administered.flatMap((w) =>
    w.bots.map((bot) => ({
      id: bot.id,
      handle: bot.handle,
      name: bot.name,
      workspace: { slug: w.slug, name: w.name },
    })),
  );
  const waiting = connections.filter((c) => c.can_accept).length;
  const warnings = await connectionNameWarnings(
    connections,
    administered.map((w) => w.id),
  );

  return (
    <>
      <PageHeader
        title="Connections"
        description="A trusted connection lets two bots ask each other for availability, documents, information or schedule proposals: only the types you allow, in each direction. Across workspaces, the admins of both accept it."
        meta={
          waiting > 0 && (
            <Badge tone="yellow" dot>
              {plural(waiting, { one: "connection" })} waiting for you
            </Badge>
          )
        }
      />
      {administered.length === 0 ? (
        <Alert tone="info" title="Only workspace admins manage connections">
          Ask an admin of your workspace to connect your bot with another bot.
        </Alert>
      ) : (
        <div className="space-y-8">
          {bots.length === 0 ? (
            <Alert tone="info" title="No bots yet">
              Register a bot in a workspace you administer, then connect it here.
            </Alert>
          ) : (
            <ProposeConnectionForm action={proposeConnectionAction} bots={bots} />
          )}
          <Card aria-labelledby="connections-title">
            <CardHeader
              id="connections-title"
              title="Your workspaces' connections"
              description="Waiting for you first, then live ones, then revoked ones."
            />
            {connections.length === 0 ? (
              <EmptyState title="No connections yet">
                Propose one above; the other bot&apos;s admin accepts it.
              </EmptyState>
            ) : (
              <Table label="Connections">
                <thead>
                  <tr>
                    <Th>Bots</Th>
                    <Th>May ask</Th>
                    <Th>Approval</Th>
                    <Th>State</Th>
                    <Th>Since</Th>
                    <Th className="text-right">
                      <span className="sr-only">Actions</span>
                    </Th>
                  </tr>
                </thead>
                <Tbody>
                  {connections.map((c) => (
                    <ConnectionRow
                      key={c.id}
                      connection={c}
                      warnings={{ a: warnings.get(`${c.id}:a`) ?? [], b: warnings.get(`${c.id}:b`) ?? [] }}
                    />
                  ))}
                </Tbody>
              </Table>
            )}
          </Card>
        </div>
      )}
    </>
  );
}

function ConnectionRow({
  connection: c,
  warnings,
}: {
  connection: ConnectionView;
  warnings: { a: NameWarning[]; b: NameWarning[] };
}) {
  const label = `@${c.a.bot.handle} and @${c.b.bot.handle}`;
  return (
    <tr className={c.state === "revoked" ? "text-slate-500" : undefined} data-testid={`connection-${c.id}`}>
      <Td>
        <BotCell side={c.a} warnings={warnings.a} />
        <span aria-hidden className="my-0.5 block text-xs text-slate-500">
          ⇅
        </span>
        <BotCell side={c.b} warnings={warnings.b} />
      </Td>
      <Td className="text-sm">
        <Asks side={c.a} other={c.b} />
        <Asks side={c.b} other={c.a} />
      </Td>
      <Td>
        {c.requires_approval ? (
          <Badge tone="indigo">Person approves</Badge>
        ) : (
          <span className="text-xs text-slate-500">Direct</span>
        )}
      </Td>
      <Td>
        <StateCell connection={c} />
      </Td>
      <Td className="whitespace-nowrap text-slate-500">{formatDate(c.revoked_at ?? c.created_at)}</Td>
      <Td className="text-right">
        <ConnectionActions
          label={label}
          accept={c.can_accept ? acceptConnectionAction.bind(null, c.id) : undefined}
          revoke={c.can_revoke ? revokeConnectionAction.bind(null, c.id) : undefined}
        />
      </Td>
    </tr>
  );
}

function BotCell({ side, warnings }: { side: ConnectionSide; warnings: NameWarning[] }) {
  return (
    <span className="block min-w-0">
      <span className="font-mono text-sm font-medium text-slate-900">@{side.bot.handle}</span>{" "}
      <span className="font-mono text-xs text-slate-500">{side.workspace.slug}</span>
      <UntrustedText text={side.bot.name} className="block text-xs text-slate-500" />
      <NameWarningNotes warnings={warnings} />
    </span>
  );
}

function Asks({ side, other }: { side: ConnectionSide; other: ConnectionSide }) {
  return (
    <p className="py-0.5">
      <span className="font-mono text-xs text-slate-500">
        @{side.bot.handle} → @{other.bot.handle}:
      </span>{" "}
      {side.may_ask.length ? (
        side.may_ask.map((type) => REQUEST_TYPE_LABELS[type]).join(", ")
      ) : (
        <span className="text-slate-500">nothing</span>
      )}
    </p>
  );
}

function StateCell({ connection: c }: { connection: ConnectionView }) {
  if (c.state === "revoked") return <Badge tone="gray">revoked</Badge>;
  if (c.state === "active")
    return (
      <Badge tone="green" dot>
        live
      </Badge>
    );
  const waitingFor = [c.a, c.b].filter((side) => !side.accepted_at).map((side) => side.workspace);
  return (
    <span className="flex flex-col gap-1">
      <Badge tone="yellow" dot>
        waiting
      </Badge>
      <span className="text-xs text-slate-500">
        for an admin of{" "}
        {waitingFor.map((workspace, i) => (
          <span key={workspace.id}>
            {i > 0 && " and "}
            <UntrustedText text={workspace.name} />
          </span>
        ))}
      </span>
    </span>
  );
}
