"use client";

import { useActionState, useId } from "react";
import type { FormAction, FormState } from "@/lib/forms/form-state";
import { Button } from "@/components/ui/button";

type State = FormState<{ reason: string }>;

/** Restores an old version of the rules as the next one, with a reason (prefilled, to change). */
export function RestoreVersionForm({ version, action }: { version: number; action: FormAction<{ reason: string }> }) {
  const [state, formAction, pending] = useActionState<State, FormData>(action, { n: 0 });
  const id = useId();
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-2" key={state.n}>
      <div>
        <label htmlFor={`${id}-reason`} className="block text-xs font-medium text-slate-700">
          Why restore version {version}
        </label>
        <input
          id={`${id}-reason`}
          name="reason"
          defaultValue={state.values?.reason ?? `Back to version ${version}`}
          maxLength={500}
          className="mt-0.5 block w-64 max-w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
        />
      </div>
      <Button type="submit" size="sm" variant="secondary" disabled={pending} data-testid={`rules-restore-${version}`}>
        Restore version {version}
      </Button>
      {(state.error || state.done) && (
        <p role="status" className={state.error ? "text-xs text-red-700" : "text-xs text-slate-600"}>
          {state.error ?? state.done}
        </p>
      )}
    </form>
  );
}
