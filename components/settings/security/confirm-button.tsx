"use client";

import { useActionState, useState } from "react";
import { Button } from "@/components/ui/button";
import { initialFormState, type FormState } from "@/lib/forms/form-state";

type State = FormState<Record<string, never>>;

/**
 * A button whose action asks first: "Remove…" (or "Sign out…") opens a confirmation that names the consequence, and
 * only then runs the action; a refusal is announced beneath.
 */
export function ConfirmButton({
  action,
  openText,
  openLabel,
  confirmText,
  consequence,
}: {
  action: (state: State) => Promise<State>;
  openText: string;
  /** The accessible name of the opening button, naming what it acts on. */
  openLabel: string;
  confirmText: string;
  consequence: string;
}) {
  const [state, formAction, pending] = useActionState(action, initialFormState);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col items-end gap-1">
      {confirming ? (
        <form action={formAction} role="group" aria-label={`${openLabel}: ${consequence}`} className="flex gap-2">
          <Button type="submit" variant="danger" size="sm" disabled={pending} title={consequence}>
            {pending ? "Working…" : confirmText}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(false)} disabled={pending}>
            Cancel
          </Button>
        </form>
      ) : (
        <Button variant="danger-ghost" size="sm" onClick={() => setConfirming(true)} aria-label={openLabel}>
          {openText}
        </Button>
      )}
      <p role="status" aria-live="polite" className="text-xs text-red-700">
        {state.error}
      </p>
    </div>
  );
}
