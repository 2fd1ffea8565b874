"use client";

import { ConfirmRevokeButton } from "@/components/portal/confirm-revoke-button";
import type { FormState } from "@/lib/forms/form-state";

type State = FormState<Record<string, never>>;

/**
 * The Security page's removals and sign-outs: "Remove…" (or "Sign out…") opens a confirmation that names the
 * consequence, and only then runs the action (the portal's ConfirmRevokeButton, in these words).
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
  return (
    <ConfirmRevokeButton
      action={action}
      openText={openText}
      openLabel={openLabel}
      confirmLabel={`${openLabel}: ${consequence}`}
      confirmText={confirmText}
      consequence={consequence}
      pendingText="Working…"
    />
  );
}
