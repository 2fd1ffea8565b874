"use client";

import { useRouter } from "next/navigation";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { describedBy, Field, Input } from "@/components/ui/field";
import { initialFormState, type FormState } from "@/lib/forms/form-state";
import { RecoveryCodesShown } from "./recovery-codes";

type StartState = FormState<Record<string, never>, { secret: string; uri: string }>;
type ConfirmState = FormState<{ code: string }, { recoveryCodes: string[] | null }>;

/**
 * Adding an authenticator app: its secret and otpauth:// URI as text to copy (no QR code library in this project),
 * then one code from the app to confirm it.
 */
export function AuthenticatorSetup({
  start,
  confirm,
}: {
  start: (state: StartState) => Promise<StartState>;
  confirm: (state: ConfirmState, form: FormData) => Promise<ConfirmState>;
}) {
  const router = useRouter();
  const [started, startAction, starting] = useActionState(start, initialFormState);
  const [confirmed, confirmAction, confirming] = useActionState(confirm, initialFormState);
  const enrolment = started.result;
  if (confirmed.done) {
    return (
      <div aria-live="polite" className="space-y-4">
        <Alert tone="success">Authenticator added. Sign-ins now ask for a code from it after your password.</Alert>
        {confirmed.result?.recoveryCodes && <RecoveryCodesShown codes={confirmed.result.recoveryCodes} />}
        <Button variant="secondary" onClick={() => router.refresh()}>
          {confirmed.result?.recoveryCodes ? "I have saved them" : "Done"}
        </Button>
      </div>
    );
  }
  if (!enrolment) {
    return (
      <form action={startAction} className="space-y-2">
        {started.error && <Alert tone="danger">{started.error}</Alert>}
        <Button type="submit" disabled={starting}>
          {starting ? "Preparing…" : "Add an authenticator app"}
        </Button>
      </form>
    );
  }
  const error = confirmed.fieldErrors?.code;
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>In your authenticator app, add an account and paste the link below (or type the key).</li>
        <li>Type the six-digit code the app then shows.</li>
      </ol>
      <CopyField id="totp-uri" label="Link for the app (otpauth://)" value={enrolment.uri} />
      <CopyField id="totp-secret" label="Key, to type by hand" value={enrolment.secret} />
      <form key={confirmed.n} action={confirmAction} noValidate className="space-y-3">
        <div aria-live="polite">{confirmed.error && <Alert tone="danger">{confirmed.error}</Alert>}</div>
        <Field id="totp-code" label="Code from the app" error={error} hint="Six digits; a new one every 30 seconds.">
          <Input
            id="totp-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={9}
            required
            mono
            className="max-w-40"
            invalid={!!error}
            defaultValue={confirmed.values?.code}
            {...describedBy("totp-code", { error, hint: true })}
          />
        </Field>
        <Button type="submit" disabled={confirming}>
          {confirming ? "Checking…" : "Confirm"}
        </Button>
      </form>
    </div>
  );
}
