"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import { plural } from "@/components/ui/format";
import { initialFormState, type FormAction } from "@/lib/forms/form-state";

type Values = { from: string; to: string };

export function ReplayRangeForm({
  action,
  defaults,
}: {
  action: FormAction<Values, { replayed: number }>;
  defaults: Values;
}) {
  const [state, formAction, pending] = useActionState(action, initialFormState);
  const values = state.values ?? defaults;
  const errors = state.fieldErrors ?? {};
  return (
    <form key={state.n} action={formAction} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {(["from", "to"] as const).map((name) => (
          <Field
            key={name}
            id={`replay-${name}`}
            label={`${name === "from" ? "From" : "To"} (UTC)`}
            error={errors[name]}
          >
            <Input
              id={`replay-${name}`}
              name={name}
              type="datetime-local"
              required
              defaultValue={values[name]}
              invalid={!!errors[name]}
              {...describedBy(`replay-${name}`, { error: errors[name] })}
            />
          </Field>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? "Replaying…" : "Replay failed deliveries in this range"}
        </Button>
      </div>
      <div aria-live="polite">
        {state.error && <Alert tone="danger">{state.error}</Alert>}
        {state.result && (
          <Alert tone={state.result.replayed ? "success" : "info"}>
            {state.result.replayed
              ? `${plural(state.result.replayed, { one: "failed delivery", many: "failed deliveries" })} queued again.`
              : "No failed deliveries in this range."}
          </Alert>
        )}
      </div>
    </form>
  );
}
