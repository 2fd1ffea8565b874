"use client";

import { useActionState, useState } from "react";
import { Button } from "@/components/ui/button";
import { initialFormState, type FormState } from "./form-state";

type RevokeState = FormState<Record<string, never>>;

/** Revoking asks first: requests with the key (or a person's access token: `noun`) are refused at once, everywhere. */
export function RevokeKeyButton({
  action,
  label,
  prefix,
  noun = "key",
}: {
  action: (state: RevokeState) => Promise<RevokeState>;
  label: string;
  prefix: string;
  noun?: string;
}) {
  const [state, formAction, pending] = useActionState(action, initialFormState);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col items-end gap-1">
      {confirming ? (
        <form
          action={formAction}
          role="group"
          aria-label={`Confirm revoking ${label}: requests with ${prefix}… are refused at once`}
          className="flex items-center justify-end gap-2 whitespace-nowrap"
        >
          <Button
            type="submit"
            variant="danger"
            size="sm"
            disabled={pending}
            title={`Requests with ${prefix}… are refused at once`}
          >
            {pending ? "Revoking…" : `Revoke ${noun}`}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(false)} disabled={pending}>
            Cancel
          </Button>
        </form>
      ) : (
        <Button
          variant="danger-ghost"
          size="sm"
          onClick={() => setConfirming(true)}
          aria-label={`Revoke ${noun} ${label} (${prefix}…)`}
        >
          Revoke…
        </Button>
      )}
      {state.error && <p className="text-xs text-red-600">{state.error}</p>}
    </div>
  );
}
