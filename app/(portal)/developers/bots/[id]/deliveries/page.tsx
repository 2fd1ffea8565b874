import type { Metadata } from "next";
import Link from "next/link";
import { currentActor } from "@/lib/auth/current-actor";
import { getManagedBot } from "@/lib/bots/list-bots";
import { DELIVERY_STATUSES, DeliveryListQuery, type DeliveryListFilters } from "@/lib/schemas/bots";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import { readingUpToNow } from "@/lib/db/replicas";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { deliveryRetentionNote } from "@/lib/retention/retention-windows";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input, Select } from "@/components/ui/field";
import { toUtcLocalInput } from "@/components/ui/format";
import { BotHeader } from "@/components/portal/bot-header";
import { DeliveryTable } from "@/components/portal/delivery-table";
import { ReplayRangeForm } from "@/components/portal/replay-range-form";
import { loadMoreDeliveries, replayFailedInRange } from "../../../_actions/deliveries";
import { AccessDenied } from "../../../_lib/access-denied";
import { guard } from "@/app/_lib/guard";

export const metadata: Metadata = { title: "Webhook deliveries" };

type Search = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function DeliveriesPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Search>;
}) {
  const { id } = await params;
  const search = await searchParams;
  const actor = await currentActor(`/developers/bots/${id}/deliveries`);

  const query = {
    event_type: first(search.event_type),
    status: first(search.status),
    from: first(search.from),
    to: first(search.to),
  };
  const parsed = DeliveryListQuery.safeParse(query);
  const filters: DeliveryListFilters = parsed.success ? parsed.data : { event_type: undefined };
  const filtered = Object.values(filters).some(Boolean);

  const loaded = await guard(getManagedBot(actor, { botId: id }));
  if (!loaded.ok) return <AccessDenied error={loaded.error} />;
  const bot = loaded.value;
  // A read replica may answer, once it has replayed all the primary held now (decision 044).
  const listed = await guard(
    readingUpToNow(() =>
      listDeliveries(actor, {
        botId: bot.id,
        eventType: filters.event_type,
        status: filters.status,
        from: filters.from,
        to: filters.to,
        limit: 25,
      }),
    ),
  );
  if (!listed.ok) return <FiltersRefused botId={bot.id} message={listed.error.message} />;
  const page = listed.value;
  const { dayAgo, soon } = defaultRange();

  return (
    <>
      <BotHeader bot={bot} tab="deliveries" />
      <Card aria-labelledby="deliveries-title">
        <CardHeader
          id="deliveries-title"
          title="Deliveries"
          description={`Every event sent to the webhook, newest first. ${deliveryRetentionNote()} Open one to see its attempts, the exact request and the signature check.`}
        />
        <form
          method="get"
          className="grid gap-3 border-b border-slate-200 bg-slate-50/60 px-5 py-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto]"
          aria-label="Filter deliveries"
        >
          <div>
            <label htmlFor="f-event" className="text-xs font-medium text-slate-600">
              Event type
            </label>
            <Select id="f-event" name="event_type" defaultValue={filters.event_type ?? ""} className="mt-1">
              <option value="">All events</option>
              {EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <label htmlFor="f-status" className="text-xs font-medium text-slate-600">
              Status
            </label>
            <Select id="f-status" name="status" defaultValue={filters.status ?? ""} className="mt-1">
              <option value="">Any status</option>
              {DELIVERY_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </Select>
          </div>
          {(["from", "to"] as const).map((name) => (
            <div key={name}>
              <label htmlFor={`f-${name}`} className="text-xs font-medium text-slate-600">
                {name === "from" ? "From" : "To"} (UTC)
              </label>
              <Input
                id={`f-${name}`}
                name={name}
                type="datetime-local"
                defaultValue={toUtcLocalInput(filters[name])}
                className="mt-1"
              />
            </div>
          ))}
          <div className="flex items-end gap-2">
            <Button type="submit" variant="secondary">
              Filter
            </Button>
            {filtered && (
              <Link href={`/developers/bots/${bot.id}/deliveries`} className={buttonClasses({ variant: "ghost" })}>
                Clear
              </Link>
            )}
          </div>
        </form>
        {!parsed.success && (
          <div className="px-5 py-4">
            <Alert tone="warning">Some filters were not valid and were ignored.</Alert>
          </div>
        )}
        {page.data.length ? (
          <DeliveryTable
            key={JSON.stringify(query)}
            first={page}
            loadMore={loadMoreDeliveries.bind(null, bot.id, query)}
          />
        ) : (
          <EmptyState title={filtered ? "No deliveries match these filters" : "No deliveries yet"}>
            {filtered
              ? "Try a wider time range or another status."
              : "Send a test ping from the overview, or authorize the bot in a conversation."}
          </EmptyState>
        )}
      </Card>

      <Card className="mt-6" aria-labelledby="replay-title">
        <CardHeader
          id="replay-title"
          title="Replay failed deliveries"
          description="Sends every failed delivery created in the range again (at most 1000, oldest first): same event ids, fresh signatures, the retry schedule starts over."
        />
        <CardBody>
          <ReplayRangeForm
            action={replayFailedInRange.bind(null, bot.id)}
            defaults={{ from: toUtcLocalInput(filters.from ?? dayAgo), to: toUtcLocalInput(filters.to ?? soon) }}
          />
        </CardBody>
      </Card>
    </>
  );
}

/** The replay form's default range: the last 24 hours, up to the next minute (inputs have minutes only). */
function defaultRange() {
  const now = Date.now();
  return { dayAgo: new Date(now - 24 * 3600 * 1000), soon: new Date(now + 60 * 1000) };
}

function FiltersRefused({ botId, message }: { botId: string; message: string }) {
  return (
    <div className="mx-auto max-w-xl space-y-4 py-10">
      <Alert tone="warning" title="These filters cannot be used">
        {message}
      </Alert>
      <Link href={`/developers/bots/${botId}/deliveries`} className={buttonClasses({ variant: "secondary" })}>
        Show all deliveries
      </Link>
    </div>
  );
}
