"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmRevokeButton } from "./confirm-revoke-button";
import { initialFormState, type FormState } from "@/lib/forms/form-state";

type ActionState = FormState<Record<string, never>>;
type Action = (state: ActionState) => Promise<ActionState>;

/** Accept (when this person administers a side that has not yet) and Revoke (asks first) for one connection. */
export function ConnectionActions({ label, accept, revoke }: { label: string; accept?: Action; revoke?: Action }) {
  return (
    <div className="flex flex-wrap items-start justify-end gap-2">
      {accept && <AcceptButton action={accept} label={label} />}
      {revoke && <RevokeButton action={revoke} label={label} />}
    </div>
  );
}

function AcceptButton({ action, label }: { action: Action; label: string }) {
  const [state, formAction, pending] = useActionState(action, initialFormState);
  return (
    <form action={formAction} className="flex flex-col items-end gap-1">
      <Button type="submit" size="sm" disabled={pending} aria-label={`Accept the connection ${label}`}>
        {pending ? "Accepting…" : "Accept"}
      </Button>
      {state.error && <p className="text-xs text-red-600">{state.error}</p>}
    </form>
  );
}

function RevokeButton({ action, label }: { action: Action; label: string }) {
  return (
    <ConfirmRevokeButton
      action={action}
      openLabel={`Revoke the connection ${label}`}
      confirmLabel={`Confirm revoking ${label}`}
      confirmText="Revoke"
      consequence="Open requests over it are withdrawn at once"
      align="start"
    />
  );
}
