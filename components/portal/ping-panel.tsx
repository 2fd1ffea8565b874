"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDuration } from "@/components/ui/format";
import { initialFormState, type FormState, type PingResult } from "@/lib/forms/form-state";
import { HttpStatus } from "./status-badges";

type PingState = FormState<Record<string, never>, PingResult>;

/** "Send test ping": POSTs a `ping` event to the webhook now and shows what came back. */
export function PingPanel({
  action,
  webhookUrl,
}: {
  action: (state: PingState) => Promise<PingState>;
  webhookUrl: string | null;
}) {
  const [state, formAction, pending] = useActionState(action, initialFormState);
  const result = state.result;
  return (
    <div className="space-y-3">
      <form action={formAction} className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={pending || !webhookUrl}>
          {pending ? "Sending ping…" : "Send test ping"}
        </Button>
        <span className="text-xs text-slate-500">
          {webhookUrl ? "Signed like every event; never retried." : "Set a webhook URL first."}
        </span>
      </form>
      <div aria-live="polite">
        {state.error && (
          <Alert tone="danger" title="The ping was not sent">
            {state.error}
          </Alert>
        )}
        {result && (
          <div
            data-testid="ping-result"
            className={`rounded-lg border px-4 py-3 text-sm ${result.status === "succeeded" ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50"}`}
          >
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <span className={`font-semibold ${result.status === "succeeded" ? "text-emerald-800" : "text-red-800"}`}>
                Ping {result.status}
              </span>
              <span className="flex items-center gap-1.5 text-slate-600">
                Response <HttpStatus status={result.response_status} />
              </span>
              <span className="text-slate-600">{formatDuration(result.duration_ms)}</span>
              <Link
                href={`/developers/deliveries/${result.delivery_id}`}
                className="ml-auto font-medium text-indigo-700 hover:underline"
              >
                View delivery →
              </Link>
            </div>
            {result.error && <p className="mt-2 font-mono text-xs break-words text-red-800">{result.error}</p>}
          </div>
        )}
      </div>
    </div>
  );
}
