import type { Metadata } from "next";
import Link from "next/link";
import { currentActor } from "@/lib/auth/current-actor";
import { getDelivery } from "@/lib/webhooks/get-delivery";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { DescriptionList } from "@/components/ui/description-list";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime, plural } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { AttemptCard } from "@/components/portal/attempt-card";
import { AutoRefresh } from "@/components/portal/auto-refresh";
import { ReplayButton } from "@/components/portal/replay-button";
import { SignatureCheckPanel } from "@/components/portal/signature-check";
import { DeliveryStatusBadge, HttpStatus } from "@/components/portal/status-badges";
import { replayOne } from "../../_actions/deliveries";
import { AccessDenied } from "../../_lib/access-denied";
import { guard } from "@/app/_lib/guard";

export const metadata: Metadata = { title: "Delivery" };

export default async function DeliveryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await currentActor(`/developers/deliveries/${id}`);
  const loaded = await guard(getDelivery(actor, id));
  if (!loaded.ok) return <AccessDenied error={loaded.error} />;
  const delivery = loaded.value;

  return (
    <>
      <AutoRefresh pending={delivery.status === "pending"} nextAttemptAt={delivery.next_attempt_at} />
      <PageHeader
        breadcrumbs={[
          { href: "/developers", label: "Bots" },
          { href: `/developers/bots/${delivery.bot.id}`, label: `@${delivery.bot.handle}` },
          { href: `/developers/bots/${delivery.bot.id}/deliveries`, label: "Deliveries" },
        ]}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="font-mono">{delivery.event_type}</span>
            <DeliveryStatusBadge status={delivery.status} />
          </span>
        }
        meta={
          <>
            <span className="flex items-center gap-1.5">
              Delivery <code className="font-mono text-xs text-slate-700">{delivery.id}</code>
            </span>
            <span>Created {formatDateTime(delivery.created_at)}</span>
          </>
        }
        actions={<ReplayButton action={replayOne.bind(null, delivery.id)} />}
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {delivery.refused && delivery.status === "failed" && (
            <Alert tone="warning" title="Refused: Relay does not connect to this address">
              <p className="font-mono text-xs break-words">{delivery.last_error}</p>
              <p className="mt-2">
                Nothing was sent, and it is not retried: the address will be refused again until the webhook URL or
                its DNS changes. Fix that, then replay this delivery.
              </p>
            </Alert>
          )}
          <Card aria-labelledby="summary-title">
            <CardHeader id="summary-title" title="Summary" />
            <CardBody>
              <DescriptionList
                items={[
                  { label: "Status", value: <DeliveryStatusBadge status={delivery.status} /> },
                  { label: "Attempts", value: <span className="tabular-nums">{delivery.attempt_count}</span> },
                  { label: "Last response", value: <HttpStatus status={delivery.last_response_status} /> },
                  {
                    label: "Event id",
                    value: <code className="font-mono text-xs">{delivery.event_id}</code>,
                    wide: true,
                  },
                  {
                    label: "Bot",
                    value: (
                      <Link
                        className="font-mono text-indigo-700 hover:underline"
                        href={`/developers/bots/${delivery.bot.id}`}
                      >
                        @{delivery.bot.handle}
                      </Link>
                    ),
                  },
                  {
                    label: "Conversation",
                    value: delivery.conversation_id ? (
                      <code className="font-mono text-xs">{delivery.conversation_id}</code>
                    ) : (
                      <span className="text-slate-500">—</span>
                    ),
                    wide: !!delivery.conversation_id,
                  },
                  {
                    label: "Completed",
                    value: delivery.completed_at ? (
                      formatDateTime(delivery.completed_at)
                    ) : (
                      <span className="text-slate-500">—</span>
                    ),
                  },
                  {
                    label: "Next attempt",
                    value:
                      delivery.status === "pending" && delivery.next_attempt_at ? (
                        formatDateTime(delivery.next_attempt_at)
                      ) : (
                        <span className="text-slate-500">—</span>
                      ),
                  },
                  {
                    label: "Webhook URL",
                    value: delivery.url ? (
                      <code className="font-mono text-xs break-all">{delivery.url}</code>
                    ) : (
                      <span className="text-slate-500">Not set</span>
                    ),
                    wide: true,
                  },
                  ...(delivery.last_error
                    ? [
                        {
                          label: "Last error",
                          value: <span className="font-mono text-xs text-red-700">{delivery.last_error}</span>,
                          wide: true,
                        },
                      ]
                    : []),
                ]}
              />
            </CardBody>
          </Card>

          <Card aria-labelledby="envelope-title">
            <CardHeader
              id="envelope-title"
              title="Envelope"
              description="The event as sent; its id stays the same across retries and replays."
            />
            <CardBody>
              <CodeBlock
                code={JSON.stringify(envelope(delivery.payload), null, 2)}
                copy
                title="application/json"
                maxHeight="lg"
                label="Envelope JSON"
              />
            </CardBody>
          </Card>

          <section aria-labelledby="attempts-title">
            <div className="mb-3 flex items-baseline justify-between">
              <h2 id="attempts-title" className="text-base font-semibold text-slate-900">
                Attempts
              </h2>
              <span className="text-sm text-slate-500">{plural(delivery.attempts.length, { one: "attempt" })}</span>
            </div>
            {delivery.attempts.length ? (
              <ol className="space-y-4" aria-label="Attempts in order">
                {delivery.attempts.map((attempt, index) => (
                  <li key={attempt.id}>
                    <AttemptCard attempt={attempt} open={index === delivery.attempts.length - 1} />
                  </li>
                ))}
              </ol>
            ) : (
              <Card>
                <EmptyState title="Not attempted yet">
                  The first attempt is queued
                  {delivery.next_attempt_at ? ` for ${formatDateTime(delivery.next_attempt_at)}` : ""}.
                </EmptyState>
              </Card>
            )}
          </section>
        </div>

        <div className="min-w-0">
          <div className="space-y-6 lg:sticky lg:top-6">
            <SignatureCheckPanel check={delivery.signature_check} />
          </div>
        </div>
      </div>
    </>
  );
}

/** The envelope in the order it is sent ({id, type, created_at, bot_id, data}); the database keeps JSON keys in its own order. */
function envelope(payload: unknown) {
  if (!payload || typeof payload !== "object") return payload;
  const { id, type, created_at, bot_id, data, ...rest } = payload as Record<string, unknown>;
  return { id, type, created_at, bot_id, data, ...rest };
}
