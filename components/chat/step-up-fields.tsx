"use client";

import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";

export type StepUpOptionsAction = () => Promise<
  { options: Parameters<typeof startAuthentication>[0]["optionsJSON"] } | { error: string }
>;

/** What the check is for: an approval, an admin change to who may decide, or an assistant's access. */
export type StepUpPurpose = "approve" | "change" | "grant";

const HINTS: Record<StepUpPurpose, string> = {
  approve:
    "Approving this needs a fresh check that it is you: your passkey, or a code from your authenticator app (once every 5 minutes).",
  change:
    "This workspace asks for a fresh check that it is you before changes to who may decide: your passkey, or a code from your authenticator app. It counts for 5 minutes.",
  grant:
    "Access granted within 5 minutes of a check that it is you (your passkey, or a code from your authenticator app) may approve items that need one; workspaces that ask for step-up require it.",
};

/**
 * Inside an approve form, for an item that needs step-up (lib/factors/step-up-gate.ts): a code from the person's
 * authenticator app, or their passkey (the button runs the ceremony, then submits the form with its answer). Once
 * checked, the browser session needs none for 5 minutes, so the fields may be left empty then.
 */
export function StepUpFields({
  options,
  error,
  disabled,
  purpose = "approve",
}: {
  options: StepUpOptionsAction;
  /** The refusal of the last check, beside the code field. */
  error?: string;
  disabled: boolean;
  /** An approval's card, or a page's "Confirm it's you" (the words differ). */
  purpose?: StepUpPurpose;
}) {
  const id = useId();
  const passkey = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function usePasskey(event: React.MouseEvent<HTMLButtonElement>) {
    const form = event.currentTarget.form;
    setProblem(undefined);
    setBusy(true);
    try {
      const answer = await options();
      if ("error" in answer) throw new Error(answer.error);
      passkey.current!.value = JSON.stringify(await startAuthentication({ optionsJSON: answer.options }));
      form?.requestSubmit();
    } catch (cause) {
      const name = (cause as Error).name;
      setProblem(name === "NotAllowedError" || name === "AbortError" ? "No passkey was used." : (cause as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const shown = problem ?? error;
  return (
    <div className="mt-3 rounded-lg border border-indigo-200 bg-indigo-50/60 p-3" data-testid="step-up">
      <p id={`${id}-hint`} className="text-sm text-slate-800">
        {HINTS[purpose]}
      </p>
      <input ref={passkey} type="hidden" name="stepUpPasskey" defaultValue="" />
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={usePasskey}
          disabled={disabled || busy || !browserSupportsWebAuthn()}
          aria-busy={busy}
        >
          {purpose === "approve" ? "Approve with passkey" : "Confirm with passkey"}
        </Button>
        <span className="text-sm text-slate-700">or</span>
        <label className="text-sm text-slate-800">
          <span className="block">Authenticator code</span>
          <Input
            name="stepUpCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={8}
            className="w-32"
            aria-describedby={shown ? `${id}-error` : `${id}-hint`}
            aria-invalid={shown ? true : undefined}
          />
        </label>
      </div>
      {shown && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {shown}
        </p>
      )}
    </div>
  );
}
