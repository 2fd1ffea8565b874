"use client";

import { useActionState, useId } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import type { FormAction, FormState, TypedConfirmValues } from "@/lib/forms/form-state";

// What cannot be undone (issue 38: erasing a contact, deleting a workspace), confirmed by typing its name again. A
// refusal (a name that does not match, a fresh check the workspace asks for) shows beside the field with what was
// typed kept.

export interface TypeToConfirmFormProps {
  /** What to type, exactly (compared without case or surrounding spaces). */
  expected: string;
  /** The field's label: "Type the contact's name to confirm". */
  label: string;
  /** The button's words, and while the action runs. */
  button: string;
  busy: string;
  action: FormAction<TypedConfirmValues>;
}

export function TypeToConfirmForm({ expected, label, button, busy, action }: TypeToConfirmFormProps) {
  const [state, formAction, pending] = useActionState<FormState<TypedConfirmValues>, FormData>(action, { n: 0 });
  const id = useId();
  const error = state.fieldErrors?.confirm;
  return (
    <form action={formAction} key={state.n} className="space-y-3">
      {state.error && <Alert tone="danger">{state.error}</Alert>}
      <Field id={`${id}-confirm`} label={label} hint={`Exactly: ${expected}`} error={error}>
        <Input
          id={`${id}-confirm`}
          name="confirm"
          defaultValue={state.values?.confirm ?? ""}
          invalid={!!error}
          autoComplete="off"
          spellCheck={false}
          {...describedBy(`${id}-confirm`, { error, hint: true })}
        />
      </Field>
      <Button type="submit" variant="danger" disabled={pending} aria-busy={pending}>
        {pending ? busy : button}
      </Button>
    </form>
  );
}
