import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/errors";
import type { FormState } from "@/lib/forms/form-state";
import { FormTextRefused } from "@/app/_lib/form-text";

// Turns what a domain function or a schema refused into a form's state: per-field messages where the refusal names
// its field (ApiError's `field`), one message for the form otherwise. Anything that is not a refusal (a bug, a redirect) is thrown on. The
// forms' text is read with app/_lib/form-text.ts, whose refusals name their field.

/** A form's name for a field the domain names as the API does: `webhook_url` is `webhookUrl`. */
const formName = (field: string) => field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

export function invalidForm<V>(n: number, values: V, error: z.ZodError): FormState<V, never> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return { n, values, fieldErrors: fieldErrors as FormState<V, never>["fieldErrors"], error: fieldErrors[""] };
}

export function refusedForm<V>(
  n: number,
  values: V | undefined,
  error: unknown,
  fields: readonly string[],
): FormState<V, never> {
  if (!(error instanceof ApiError)) throw error;
  if (error instanceof FormTextRefused && fields.includes(error.field)) {
    return {
      n,
      values,
      fieldErrors: { [error.field]: `This field ${error.problem}` } as FormState<V, never>["fieldErrors"],
    };
  }
  // The domain names the field its refusal is about (ApiError's `field`).
  const field = error.extras.field === undefined ? undefined : formName(error.extras.field);
  if (field && fields.includes(field))
    return { n, values, fieldErrors: { [field]: error.message } as FormState<V, never>["fieldErrors"] };
  return { n, values, error: error.message };
}
