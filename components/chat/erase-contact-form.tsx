"use client";

import { useActionState, useId } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import type { EraseContactValues, FormAction, FormState } from "@/lib/forms/form-state";

// An admin's erasure of a contact (issue 38): what it removes, said before, and the contact's name typed again to
// confirm. A refusal (a name that does not match, a fresh check the workspace asks for) shows beside the field with
// what was typed kept.

export function EraseContactForm({ name, action }: { name: string; action: FormAction<EraseContactValues> }) {
  const [state, formAction, pending] = useActionState<FormState<EraseContactValues>, FormData>(action, { n: 0 });
  const id = useId();
  const error = state.fieldErrors?.confirm;
  return (
    <form action={formAction} key={state.n} className="space-y-3">
      {state.error && <Alert tone="danger">{state.error}</Alert>}
      <Field id={`${id}-confirm`} label="Type the contact's name to confirm" hint={`Exactly: ${name}`} error={error}>
        <Input
          id={`${id}-confirm`}
          name="confirm"
          defaultValue={state.values?.confirm ?? ""}
          invalid={!!error}
          autoComplete="off"
          {...describedBy(`${id}-confirm`, { error, hint: true })}
        />
      </Field>
      <Button type="submit" variant="danger" disabled={pending}>
        {pending ? "Erasing…" : "Erase this contact"}
      </Button>
    </form>
  );
}
