import { Button } from "@/components/ui/button";
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
