"use client";

import { useActionState, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { initialActionState, type ActionState } from "@/lib/forms/form-state";

type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

/**
 * An admin pauses a bot (its messages wait for approval), stops it (everything it sends is blocked) or lets it
 * run again, with a reason that people asking "why is this held?" will read. The reason is held here: a refusal
 * keeps it, a success clears it.
 */
export function BotStatusForm({
  status,
  actions,
}: {
  status: "active" | "paused" | "stopped";
  actions: { active: Action; paused: Action; stopped: Action };
}) {
  const [reason, setReason] = useState("");
  const clearingReason =
    (action: Action): Action =>
    async (state, formData) => {
      const next = await action(state, formData);
      if (!next.error) setReason("");
      return next;
    };
  const [activated, activate, activating] = useActionState(clearingReason(actions.active), initialActionState);
  const [paused, pause, pausing] = useActionState(clearingReason(actions.paused), initialActionState);
  const [stopped, stop, stopping] = useActionState(clearingReason(actions.stopped), initialActionState);
  const id = useId();
  const busy = activating || pausing || stopping;
  const error = [activated, paused, stopped].sort((a, b) => b.n - a.n).find((s) => s.error)?.error;
  return (
    <form className="flex flex-wrap items-end gap-2">
      {status === "active" && (
        <div className="min-w-[12rem] flex-1">
          <label htmlFor={id} className="text-xs font-medium text-slate-600">
            Reason <span className="font-normal text-slate-500">optional</span>
          </label>
          <Input
            id={id}
            name="reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={200}
            placeholder="e.g. Checking its replies"
            className="mt-1 py-1.5"
          />
        </div>
      )}
      {status !== "active" && (
        <Button type="submit" size="sm" formAction={activate} disabled={busy}>
          Resume
        </Button>
      )}
      {status !== "paused" && (
        <Button type="submit" size="sm" variant="secondary" formAction={pause} disabled={busy}>
          Pause
        </Button>
      )}
      {status !== "stopped" && (
        <Button
          type="submit"
          size="sm"
          variant="danger"
          formAction={stop}
          disabled={busy}
          onClick={(event) => {
            if (!window.confirm("Stop this bot? Everything it sends will be blocked until an admin resumes it."))
              event.preventDefault();
          }}
        >
          Stop
        </Button>
      )}
      {error && (
        <p role="alert" className="w-full text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
