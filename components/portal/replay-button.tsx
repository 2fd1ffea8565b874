"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { initialFormState, type FormState } from "@/lib/forms/form-state";

type ReplayState = FormState<Record<string, never>, { status: string }>;

/** Sends the delivery again now: same event id, signed afresh. */
export function ReplayButton({ action }: { action: (state: ReplayState) => Promise<ReplayState> }) {
  const [state, formAction, pending] = useActionState(action, initialFormState);
  return (
    <div className="flex flex-col items-end gap-2">
      <form action={formAction}>
        <Button type="submit" disabled={pending}>
          {pending ? "Replaying…" : "Replay"}
        </Button>
      </form>
      <div aria-live="polite" className="text-right">
        {state.error && <Alert tone="danger">{state.error}</Alert>}
        {state.result && <p className="text-xs text-slate-500">Replay queued; the new attempt appears below.</p>}
      </div>
    </div>
  );
}
