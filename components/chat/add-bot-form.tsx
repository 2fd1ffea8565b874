"use client";

import { useActionState, useId } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { visibleText } from "@/lib/text/hidden-characters";
import { initialActionState, type ActionState } from "@/lib/forms/form-state";

/** A participant authorizes one of the workspace's bots here; the bot hears `conversation.bot_added`. */
export function AddBotForm({
  bots,
  action,
}: {
  bots: { id: string; handle: string; name: string }[];
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
}) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  const id = useId();
  if (bots.length === 0) return null;
  return (
    <form action={formAction} className="mt-3">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        Add a bot to this conversation
      </label>
      <div className="mt-1 flex gap-2">
        <Select id={id} name="botId" defaultValue="" className="py-1.5" required>
          <option value="" disabled>
            Choose a bot…
          </option>
          {bots.map((bot) => (
            <option key={bot.id} value={bot.id}>
              {visibleText(`${bot.name} (@${bot.handle})`)}
            </option>
          ))}
        </Select>
        <Button type="submit" size="sm" variant="secondary" disabled={pending} className="h-auto">
          Add
        </Button>
      </div>
      {state.error && (
        <p role="alert" className="mt-1 text-xs font-medium text-red-600">
          {state.error}
        </p>
      )}
    </form>
  );
}
