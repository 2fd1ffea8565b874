"use client";

import { useActionState, useId } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import type { DeclineErasureValues, FormAction, FormState, RemovePersonValues } from "@/lib/forms/form-state";

// An admin's removal of a person from the workspace, and their answer to a person's request to be erased (issue 38).
// What each does is said before it; the person's e-mail is typed again to confirm. A refusal (an e-mail that does not
// match, the last admin, a fresh check the workspace asks for) shows with what was typed kept.

function ConfirmEmail({ id, email, error, value }: { id: string; email: string; error?: string; value: string }) {
  return (
    <Field id={`${id}-confirm`} label="Type their e-mail address to confirm" hint={`Exactly: ${email}`} error={error}>
      <Input
        id={`${id}-confirm`}
        name="confirm"
        defaultValue={value}
        invalid={!!error}
        autoComplete="off"
        spellCheck={false}
        {...describedBy(`${id}-confirm`, { error, hint: true })}
      />
    </Field>
  );
}

/** Remove a person, and (ticked) erase what they wrote in the workspace. `erase` fixed: a request's confirmation. */
export function RemovePersonForm({
  name,
  email,
  action,
  confirmsRequest = false,
}: {
  /** Who: said to screen readers on the button (a page has one such button per person). */
  name: string;
  email: string;
  action: FormAction<RemovePersonValues>;
  /** The form confirms their request to be erased: erasure is not a choice. */
  confirmsRequest?: boolean;
}) {
  const [state, formAction, pending] = useActionState<FormState<RemovePersonValues>, FormData>(action, { n: 0 });
  const id = useId();
  return (
    <form action={formAction} key={state.n} className="space-y-3">
      {state.error && <Alert tone="danger">{state.error}</Alert>}
      <ConfirmEmail id={id} email={email} error={state.fieldErrors?.confirm} value={state.values?.confirm ?? ""} />
      {!confirmsRequest && (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="erase"
            defaultChecked={state.values?.erase === "on"}
            className="mt-1 size-4 accent-red-600"
            aria-describedby={`${id}-erase-hint`}
          />
          <span>
            <span className="font-medium">Also erase what they wrote here</span>
            <span id={`${id}-erase-hint`} className="block text-slate-600">
              Their messages are emptied (others&apos; stay), their files deleted, and bots told to erase their copies.
              This cannot be undone. Unticked, only their access goes.
            </span>
          </span>
        </label>
      )}
      <Button type="submit" variant="danger" size="sm" disabled={pending} aria-busy={pending}>
        {pending ? "Removing…" : confirmsRequest ? "Confirm: remove and erase" : "Remove from the workspace"}
        <span className="sr-only"> {name}</span>
      </Button>
    </form>
  );
}

/** Decline a person's request to be erased, with the reason they will read. */
export function DeclineErasureForm({ name, action }: { name: string; action: FormAction<DeclineErasureValues> }) {
  const [state, formAction, pending] = useActionState<FormState<DeclineErasureValues>, FormData>(action, { n: 0 });
  const id = useId();
  const error = state.fieldErrors?.reason;
  return (
    <form action={formAction} key={state.n} className="space-y-3">
      {state.error && <Alert tone="danger">{state.error}</Alert>}
      <Field
        id={`${id}-reason`}
        label="Why you decline"
        hint="They read it in Settings → Your data. For example, records the law obliges the organisation to keep."
        error={error}
      >
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={2}
          maxLength={1000}
          defaultValue={state.values?.reason ?? ""}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40"
          {...describedBy(`${id}-reason`, { error, hint: true })}
        />
      </Field>
      <Button type="submit" variant="secondary" size="sm" disabled={pending} aria-busy={pending}>
        {pending ? "Declining…" : "Decline the request"}
        <span className="sr-only"> of {name}</span>
      </Button>
    </form>
  );
}
