"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { initialFormState, type FormState } from "@/lib/forms/form-state";

type CodesState = FormState<Record<string, never>, { recoveryCodes: string[] }>;

/** Recovery codes as they are shown, once: a list to copy or write down. */
export function RecoveryCodesShown({ codes }: { codes: string[] }) {
  return (
    <Alert tone="warning" title="Your recovery codes. Save them now: they will not be shown again.">
      <p>
        Each works once, in place of your authenticator or passkey. Keep them somewhere safe, apart from this device.
      </p>
      <ol aria-label="Recovery codes" className="mt-3 grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="text-slate-900">
            {code}
          </li>
        ))}
      </ol>
      <CopyButton value={codes.join("\n")} label="Copy all" ariaLabel="Copy all recovery codes" className="mt-3" />
    </Alert>
  );
}

/** How many codes are left, and making ten new ones (the old ones stop working). */
export function RecoveryCodesPanel({
  left,
  regenerate,
}: {
  left: number;
  regenerate: (state: CodesState) => Promise<CodesState>;
}) {
  const [state, formAction, pending] = useActionState(regenerate, initialFormState);
  const codes = state.result?.recoveryCodes;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700" data-testid="recovery-codes-left">
        {codes ? codes.length : left} of 10 recovery codes left.
      </p>
      <div aria-live="polite">
        {codes && <RecoveryCodesShown codes={codes} />}
        {state.error && <Alert tone="danger">{state.error}</Alert>}
      </div>
      <form action={formAction}>
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? "Making new codes…" : left > 0 || codes ? "Make new codes" : "Make recovery codes"}
        </Button>
        <p className="mt-1.5 text-xs text-slate-500">Making new codes stops the old ones from working.</p>
      </form>
    </div>
  );
}
