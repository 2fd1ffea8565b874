"use client";

import { visibleText } from "@/lib/text/hidden-characters";
import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { describedBy, Input } from "@/components/ui/field";
import { initialFormState, type FormAction, type IssuedKey, type KeyFormValues } from "@/lib/forms/form-state";

/** Issues a key; the new key is shown once, here, until dismissed. */
export function IssueKeyForm({ action }: { action: FormAction<KeyFormValues, IssuedKey> }) {
  const [state, formAction, pending] = useActionState(action, initialFormState);
  const [dismissed, setDismissed] = useState(0);
  const issued = state.result && dismissed !== state.n ? state.result : null;
  const error = state.fieldErrors?.name ?? state.error;
  return (
    <div className="border-b border-slate-200 px-5 py-4">
      <form key={state.n} action={formAction} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <label htmlFor="key-name" className="text-sm font-medium text-slate-800">
            New key name
          </label>
          <Input
            id="key-name"
            name="name"
            className="mt-1.5"
            placeholder="production"
            maxLength={60}
            defaultValue={state.values?.name}
            invalid={!!error}
            {...describedBy("key-name", { error })}
          />
        </div>
        <label
          className="flex items-center gap-2 py-2 text-sm text-slate-700"
          title="Lets the bot read the memory of contacts marked high-sensitivity"
        >
          <input
            type="checkbox"
            name="scopes"
            value="memory:sensitive"
            defaultChecked={state.values?.scopes.includes("memory:sensitive") ?? false}
            className="size-4 rounded border-slate-300"
          />
          <span>
            <span className="font-mono text-xs">memory:sensitive</span> scope
          </span>
        </label>
        <Button type="submit" disabled={pending}>
          {pending ? "Issuing…" : "Issue key"}
        </Button>
      </form>
      {error && (
        <p id="key-name-error" className="mt-1.5 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
      {issued && (
        <div className="mt-4 space-y-3" data-testid="issued-key">
          <Alert tone="warning" title={`Key “${visibleText(issued.name)}” issued. Copy it now: it will not be shown again.`} />
          <CopyField id="issued-api-key" label="API key" value={issued.key} />
          <Button variant="ghost" size="sm" onClick={() => setDismissed(state.n)}>
            I have copied it
          </Button>
        </div>
      )}
    </div>
  );
}
