"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Time } from "@/components/chat/time";
import { initialFormState, type FormState } from "@/lib/forms/form-state";
import { StepUpFields, type StepUpOptionsAction, type StepUpPurpose } from "./step-up-fields";

export type StepUpConfirmState = FormState<{ stepUpCode: string }>;

/**
 * "Confirm it's you", at the top of a page whose changes a workspace guards with step-up
 * (lib/factors/step-up-gate.ts, requireStepUpToChange): a passkey or an authenticator code, checked in place so
 * nothing typed in the page's other forms is lost; the page is then rendered again with the check's end. Once
 * checked, it says until when changes are allowed.
 */
export function StepUpConfirm({
  confirm,
  options,
  freshUntil,
  purpose = "change",
}: {
  confirm: (state: StepUpConfirmState, form: FormData) => Promise<StepUpConfirmState>;
  options: StepUpOptionsAction;
  /** ISO time the session's last check stops counting, when it still counts. */
  freshUntil: string | null;
  purpose?: Exclude<StepUpPurpose, "approve">;
}) {
  const [state, action, busy] = useActionState(confirm, initialFormState);
  if (freshUntil)
    return (
      <p
        className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
        data-testid="step-up-fresh"
        role="status"
      >
        You confirmed it is you:{" "}
        {purpose === "change" ? "changes here are allowed" : "access granted now may approve items that need a check"}{" "}
        until <Time iso={freshUntil} />.
      </p>
    );
  return (
    <form action={action} aria-label="Confirm it's you" data-testid="step-up-confirm">
      <StepUpFields
        options={options}
        error={state.fieldErrors?.stepUpCode ?? state.error}
        disabled={busy}
        purpose={purpose}
      />
      <Button type="submit" size="sm" className="mt-2" disabled={busy} aria-busy={busy}>
        Confirm with code
      </Button>
    </form>
  );
}
