import type { ReactNode } from "react";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { CardFooter } from "@/components/ui/card";
import type { ActionState } from "@/lib/forms/form-state";

/** The footer of a card that is a form: the confirmation of the last save, and the save button. */
export function SaveFooter({
  state,
  pending,
  label,
}: {
  /** Any form's state: only its refusal and confirmation are shown here. */
  state: Pick<ActionState, "n" | "error" | "done">;
  pending: boolean;
  label: string;
}) {
  return (
    <CardFooter>
      {state.done && !state.error && (
        <p role="status" className="mr-auto text-sm text-emerald-700">
          {state.done}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : label}
      </Button>
    </CardFooter>
  );
}

/** The save row of a small form inside a card: its button, and the confirmation of the last save beside it. */
export function SaveRow({
  pending,
  done,
  variant = "secondary",
  children,
}: {
  pending: boolean;
  /** The confirmation to show (none after a refusal). */
  done?: string;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" size="sm" variant={variant} disabled={pending} aria-busy={pending}>
        {pending ? "Saving…" : children}
      </Button>
      {done && (
        <p role="status" className="text-xs text-emerald-700">
          {done}
        </p>
      )}
    </div>
  );
}
