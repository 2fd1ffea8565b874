"use client";

import { useActionState, type ReactNode } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { initialActionState, type ButtonAction } from "@/lib/forms/form-state";

/**
 * One button that runs one server action (already bound to what it acts on). While it runs the button is disabled,
 * so a double click submits once; a refusal is shown beside it and announced.
 */
export function ActionButton({
  action,
  children,
  variant = "secondary",
  size = "sm",
  confirm,
  className,
  testId,
}: {
  action: ButtonAction;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Asked before a consequential action (stopping a bot). */
  confirm?: string;
  className?: string;
  testId?: string;
}) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  return (
    <form
      action={formAction}
      className={cn("inline-flex flex-col items-start gap-1", className)}
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      <Button type="submit" variant={variant} size={size} disabled={pending} aria-busy={pending} data-testid={testId}>
        {children}
      </Button>
      {state.error && (
        <p role="alert" className="max-w-xs text-xs font-medium text-red-600">
          {state.error}
        </p>
      )}
    </form>
  );
}
