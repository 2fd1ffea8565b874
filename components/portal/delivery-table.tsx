"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import type { DeliverySummary } from "@/lib/webhooks/serialize-delivery";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/format";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { DeliveryStatusBadge, HttpStatus } from "./status-badges";

type Page = { data: DeliverySummary[]; next_cursor: string | null };

/** Deliveries, newest first; "Load more" appends the next page (the server keeps the filters). */
export function DeliveryTable({
  first,
  loadMore,
}: {
  first: Page;
  loadMore?: (cursor: string) => Promise<Page | { error: string }>;
}) {
  const [rows, setRows] = useState(first.data);
  const [cursor, setCursor] = useState(first.next_cursor);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  // A new first page (filters changed, a refresh after a replay) replaces what was loaded.
  const [seen, setSeen] = useState(first);
  if (seen !== first) {
    setSeen(first);
    setRows(first.data);
    setCursor(first.next_cursor);
    setError(null);
  }

  return (
    <>
      <Table label="Webhook deliveries">
        <thead>
          <tr>
            <Th>Status</Th>
            <Th>Event</Th>
            <Th>Delivery</Th>
            <Th className="text-right">Attempts</Th>
            <Th>Last response</Th>
            <Th>Created</Th>
          </tr>
        </thead>
        <Tbody>
          {rows.map((delivery) => (
            <tr key={delivery.id} className="group relative hover:bg-slate-50">
              <Td>
                <DeliveryStatusBadge status={delivery.status} />
              </Td>
              <Td>
                <span className="font-mono text-xs text-slate-900">{delivery.event_type}</span>
              </Td>
              <Td>
                <Link
                  href={`/developers/deliveries/${delivery.id}`}
                  className="font-mono text-xs text-indigo-700 after:absolute after:inset-0 group-hover:underline focus-visible:outline-none"
                  aria-label={`Delivery ${delivery.id}, ${delivery.event_type}, ${delivery.status}`}
                >
                  {delivery.id.slice(0, 8)}…
                </Link>
              </Td>
              <Td className="text-right tabular-nums">{delivery.attempt_count}</Td>
              <Td>
                <span className="flex items-center gap-2">
                  <HttpStatus status={delivery.last_response_status} />
                  {delivery.last_error && (
                    <span className="max-w-56 truncate text-xs text-slate-500" title={delivery.last_error}>
                      {delivery.last_error}
                    </span>
                  )}
                  {delivery.status === "pending" && delivery.next_attempt_at && (
                    <span className="text-xs text-slate-500">next {formatDateTime(delivery.next_attempt_at)}</span>
                  )}
                </span>
              </Td>
              <Td className="whitespace-nowrap text-slate-500">{formatDateTime(delivery.created_at)}</Td>
            </tr>
          ))}
        </Tbody>
      </Table>
      {(cursor || error) && loadMore && (
        <div className="flex items-center justify-center gap-3 border-t border-slate-200 px-5 py-3">
          {error && <p className="text-sm text-red-600">{error}</p>}
          {cursor && (
            <Button
              variant="secondary"
              size="sm"
              disabled={pending}
              onClick={() =>
                startTransition(async () => {
                  const page = await loadMore(cursor);
                  if ("error" in page) return setError(page.error);
                  setRows((current) => [
                    ...current,
                    ...page.data.filter((row) => !current.some((c) => c.id === row.id)),
                  ]);
                  setCursor(page.next_cursor);
                })
              }
            >
              {pending ? "Loading…" : "Load more"}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
