"use client";

import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";

export type StepUpOptionsAction = () => Promise<
  { options: Parameters<typeof startAuthentication>[0]["optionsJSON"] } | { error: string }
>;

/**
 * Inside an approve form, for an item that needs step-up (lib/factors/step-up-gate.ts): a code from the person's
 * authenticator app, or their passkey (the button runs the ceremony, then submits the form with its answer). Once
 * checked, the browser session needs none for 5 minutes, so the fields may be left empty then.
 */
export function StepUpFields({
  options,
  error,
  disabled,
}: {
  options: StepUpOptionsAction;
  /** The refusal of the last check, beside the code field. */
  error?: string;
  disabled: boolean;
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
        Approving this needs a fresh check that it is you: your passkey, or a code from your authenticator app (once
        every 5 minutes).
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
          Approve with passkey
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
