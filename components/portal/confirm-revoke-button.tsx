"use client";

import { useActionState, useState } from "react";
import { Button } from "@/components/ui/button";
import { initialFormState, type FormState } from "@/lib/forms/form-state";

type RevokeState = FormState<Record<string, never>>;

/**
 * Revoking asks first: "Revoke…" opens a confirmation (the consequence as its tooltip and label), and only then
 * runs the action; a refusal is announced beneath. Keys, access tokens and connections share it, and so do the
 * Security page's removals and sign-outs (with their own words: `openText`, `pendingText`).
 */
export function ConfirmRevokeButton({
  action,
  openLabel,
  confirmLabel,
  confirmText,
  consequence,
  align = "end",
  openText = "Revoke…",
  pendingText = "Revoking…",
}: {
  action: (state: RevokeState) => Promise<RevokeState>;
  /** The accessible name of "Revoke…", naming what it revokes. */
  openLabel: string;
  /** The accessible name of the confirmation group. */
  confirmLabel: string;
  /** The confirming button's text. */
  confirmText: string;
  consequence: string;
  align?: "end" | "start";
  /** The opening button's text ("Revoke…" by default). */
  openText?: string;
  /** The confirming button's text while the action runs ("Revoking…" by default). */
  pendingText?: string;
}) {
  const [state, formAction, pending] = useActionState(action, initialFormState);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col items-end gap-1">
      {confirming ? (
        <form
          action={formAction}
          role="group"
          aria-label={confirmLabel}
          className={`flex items-center ${align === "end" ? "justify-end " : ""}gap-2 whitespace-nowrap`}
        >
          <Button type="submit" variant="danger" size="sm" disabled={pending} title={consequence}>
            {pending ? pendingText : confirmText}
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
