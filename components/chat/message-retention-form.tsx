"use client";

import { useActionState, useId } from "react";
import { Alert } from "@/components/ui/alert";
import { describedBy, Field, Input } from "@/components/ui/field";
import type { FormAction, FormState, MessageRetentionValues } from "@/lib/forms/form-state";
import { SaveRow } from "./save-footer";

// An admin's retention of messages (issue 38): delete messages older than N days, or keep them all (empty). A refusal
// shows beside the field with what was typed kept.

export function MessageRetentionForm({
  days,
  action,
}: {
  days: number | null;
  action: FormAction<MessageRetentionValues>;
}) {
  const [state, formAction, pending] = useActionState<FormState<MessageRetentionValues>, FormData>(action, { n: 0 });
  const id = useId();
  const error = state.fieldErrors?.days;
  return (
    <form action={formAction} key={state.n} className="space-y-3">
      {state.error && <Alert tone="danger">{state.error}</Alert>}
      <Field
        id={`${id}-days`}
        label="Delete messages older than (days)"
        optional
        hint="Empty: every message is kept. Deleted messages' files, search words and vectors go with them; bots see the gap. The policy log and webhook deliveries keep their own windows."
        error={error}
      >
        <Input
          id={`${id}-days`}
          name="days"
          inputMode="numeric"
          defaultValue={state.values?.days ?? (days === null ? "" : String(days))}
          invalid={!!error}
          autoComplete="off"
          className="max-w-40"
          {...describedBy(`${id}-days`, { error, hint: true })}
        />
      </Field>
      <SaveRow pending={pending} done={state.error ? undefined : state.done}>
        Save retention
      </SaveRow>
    </form>
  );
}
