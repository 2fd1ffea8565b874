"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { Select } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { initialFormState, type FormAction, type RotatedSecret } from "@/lib/forms/form-state";

export function RotateSecretForm({
  action,
  overlaps,
}: {
  action: FormAction<{ overlapMinutes: string }, RotatedSecret>;
  overlaps: readonly { minutes: number; label: string }[];
}) {
  const [state, formAction, pending] = useActionState(action, initialFormState);
  const [dismissed, setDismissed] = useState(0);
  const rotated = state.result && dismissed !== state.n ? state.result : null;
  const error = state.fieldErrors?.overlapMinutes ?? state.error;
  return (
    <div className="border-b border-slate-200 px-5 py-4">
      <form key={state.n} action={formAction} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <label htmlFor="overlap" className="text-sm font-medium text-slate-800">
            Keep the current secret signing for
          </label>
          <Select
            id="overlap"
            name="overlapMinutes"
            className="mt-1.5"
            defaultValue={state.values?.overlapMinutes ?? "1440"}
          >
            {overlaps.map((choice) => (
              <option key={choice.minutes} value={choice.minutes}>
                {choice.label}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? "Rotating…" : "Rotate secret"}
        </Button>
      </form>
      {error && <p className="mt-1.5 text-xs font-medium text-red-600">{error}</p>}
      {rotated && (
        <div className="mt-4 space-y-3" data-testid="rotated-secret">
          <Alert tone="warning" title="New signing secret. Copy it now: it will not be shown again.">
            {!rotated.previousExpiresAt
              ? "No previous secret was active."
              : state.values?.overlapMinutes === "0"
                ? "The previous secret stopped signing now."
                : `The previous secret keeps signing until ${formatDateTime(rotated.previousExpiresAt)}; deploy the new one before then.`}
          </Alert>
          <CopyField id="new-secret" label="Signing secret" value={rotated.signingSecret} />
          <Button variant="ghost" size="sm" onClick={() => setDismissed(state.n)}>
            I have copied it
          </Button>
        </div>
      )}
    </div>
  );
}
