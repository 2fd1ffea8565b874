"use client";

import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import { useRouter } from "next/navigation";
import { useActionState, useState, useSyncExternalStore, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import { initialFormState, type FormState } from "@/lib/forms/form-state";
import { RecoveryCodesShown } from "./recovery-codes";

type RegistrationOptions = Parameters<typeof startRegistration>[0]["optionsJSON"];

/** Adds a passkey: the browser's ceremony between two actions (its options, then keeping what it made). */
export function AddPasskeyForm({
  registration,
  add,
}: {
  registration: () => Promise<{ options: RegistrationOptions } | { error: string }>;
  add: (name: string, response: string) => Promise<{ recoveryCodes: string[] | null } | { error: string }>;
}) {
  const router = useRouter();
  const supported = useSyncExternalStore(noSubscription, browserSupportsWebAuthn, () => false);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string }>();
  const [codes, setCodes] = useState<string[]>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    setPending(true);
    setMessage(undefined);
    try {
      const options = await registration();
      if ("error" in options) throw new Error(options.error);
      const response = await startRegistration({ optionsJSON: options.options });
      const added = await add(name, JSON.stringify(response));
      if ("error" in added) throw new Error(added.error);
      form.reset();
      setCodes(added.recoveryCodes ?? undefined);
      setMessage({ tone: "success", text: "Passkey added." });
      router.refresh();
    } catch (cause) {
      const error = cause as Error;
      const cancelled = error.name === "NotAllowedError" || error.name === "AbortError";
      setMessage({ tone: "danger", text: cancelled ? "No passkey was made." : error.message });
    } finally {
      setPending(false);
    }
  }

  if (!supported)
    return <p className="text-sm text-slate-600">This browser cannot make passkeys. Try another browser or device.</p>;
  return (
    <form onSubmit={submit} className="space-y-3">
      <div aria-live="polite" className="space-y-3">
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        {codes && <RecoveryCodesShown codes={codes} />}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id="passkey-name" label="Name" hint="Which device or password manager it is on." className="flex-1">
          <Input
            id="passkey-name"
            name="name"
            required
            maxLength={60}
            placeholder="Laptop"
            {...describedBy("passkey-name", { hint: true })}
          />
        </Field>
        <Button type="submit" disabled={pending} className="sm:mb-6">
          {pending ? "Waiting for your device…" : "Add a passkey"}
        </Button>
      </div>
    </form>
  );
}

type RenameState = FormState<{ name: string }>;

/** Renames a passkey in place. */
export function RenamePasskeyForm({
  action,
  id,
  name,
}: {
  action: (state: RenameState, form: FormData) => Promise<RenameState>;
  id: string;
  name: string;
}) {
  const [state, formAction, pending] = useActionState(action, initialFormState);
  // Editing since the answer numbered `openedAt`; a later success closes it.
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const error = state.fieldErrors?.name ?? state.error;
  const editing = openedAt !== null && !(state.done && state.n > openedAt);
  if (!editing) {
    return (
      <div className="flex items-center gap-2">
        <span className="font-medium text-slate-900">{name}</span>
        <Button variant="ghost" size="sm" onClick={() => setOpenedAt(state.n)} aria-label={`Rename passkey ${name}`}>
          Rename
        </Button>
        <span role="status" aria-live="polite" className="sr-only">
          {state.done}
        </span>
      </div>
    );
  }
  const field = `rename-${id}`;
  return (
    <form
      key={state.n}
      action={formAction}
      className="flex flex-wrap items-start gap-2"
      aria-label={`Rename passkey ${name}`}
    >
      <label htmlFor={field} className="sr-only">
        New name for {name}
      </label>
      <Input
        id={field}
        name="name"
        defaultValue={state.values?.name ?? name}
        maxLength={60}
        required
        className="max-w-56"
        invalid={!!error}
        {...describedBy(field, { error })}
      />
      <Button type="submit" size="sm" disabled={pending}>
        Save
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setOpenedAt(null)} disabled={pending}>
        Cancel
      </Button>
      {error && (
        <p id={`${field}-error`} role="alert" className="w-full text-xs text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

const noSubscription = () => () => {};
