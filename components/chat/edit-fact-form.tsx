"use client";

import { useActionState, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { hasHiddenCharacters, hiddenCharacterNames } from "@/lib/text/hidden-characters";
import { initialActionState, type ActionState } from "@/lib/forms/form-state";

/**
 * Edits a confirmed fact in place on the page; saving writes a new confirmed fact that supersedes the old one. The
 * text is held here, so a refused save keeps what the person wrote.
 */
export function EditFactForm({
  fact,
  action,
}: {
  fact: string;
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(fact);
  const [state, formAction, pending] = useActionState(async (previous: ActionState, formData: FormData) => {
    const next = await action(previous, formData);
    if (!next.error) setOpen(false);
    return next;
  }, initialActionState);
  const id = useId();
  if (!open) {
    return (
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          setText(fact);
          setOpen(true);
        }}
      >
        Edit
      </Button>
    );
  }
  return (
    <form action={formAction} className="w-full space-y-1.5">
      <label htmlFor={id} className="sr-only">
        Fact
      </label>
      <textarea
        id={id}
        name="fact"
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={2}
        maxLength={500}
        autoFocus
        className="block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40"
      />
      {hasHiddenCharacters(fact) && (
        <p className="text-xs text-amber-900">
          This fact holds hidden characters (shown as tokens here): {hiddenCharacterNames(fact).join(", ")}.
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)} disabled={pending}>
          Cancel
        </Button>
      </div>
      {state.error && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {state.error}
        </p>
      )}
    </form>
  );
}
