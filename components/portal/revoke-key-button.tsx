"use client";

import type { FormState } from "@/lib/forms/form-state";
import { ConfirmRevokeButton } from "./confirm-revoke-button";

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
  return (
    <ConfirmRevokeButton
      action={action}
      openLabel={`Revoke ${noun} ${label} (${prefix}…)`}
      confirmLabel={`Confirm revoking ${label}: requests with ${prefix}… are refused at once`}
      confirmText={`Revoke ${noun}`}
      consequence={`Requests with ${prefix}… are refused at once`}
    />
  );
}
