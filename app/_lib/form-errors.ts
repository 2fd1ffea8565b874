import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/errors";
import type { FormState } from "@/lib/forms/form-state";
import { FormTextRefused } from "@/app/_lib/form-text";

// Turns what a schema or a domain function refused into a form's state (app/_lib/action.ts calls these): a refusal
// goes beside the field it is about when the form shows errors beside that field (`fields`), else it is the form's
// one message. Anything that is not a refusal (a bug, a redirect) is thrown on. The forms' text is read with
// app/_lib/form-text.ts, whose refusals name their field.

type FieldErrors<V> = FormState<V, never>["fieldErrors"];

/** A form's name for a field the domain names as the API does: `webhook_url` is `webhookUrl`. */
const formName = (field: string) => field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The form a refusal is turned into: its submission, what was typed, and the fields it shows errors beside. */
export interface RefusedFormOptions<V> {
  /** The submission's number (FormState's `n`). */
  n: number;
  values: V;
  /** The fields the form shows errors beside: a refusal about one of them goes there. */
  fields: readonly string[];
}

/** The schema's refusal: each shown field's first issue beside it; the first issue about anything else for the form. */
export function invalidForm<V>(error: z.ZodError, { n, values, fields }: RefusedFormOptions<V>): FormState<V, never> {
  const fieldErrors: Record<string, string> = {};
  let message: string | undefined;
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (fields.includes(field)) fieldErrors[field] ??= issue.message;
    else message ??= issue.message;
  }
  return {
    n,
    values,
    ...(Object.keys(fieldErrors).length ? { fieldErrors: fieldErrors as FieldErrors<V> } : {}),
    ...(message === undefined ? {} : { error: message }),
  };
}

export function refusedForm<V>(
  error: unknown,
  { n, values, fields }: RefusedFormOptions<V | undefined>,
): FormState<V, never> {
  if (!(error instanceof ApiError)) throw error;
  if (error instanceof FormTextRefused && fields.includes(error.field)) {
    return { n, values, fieldErrors: { [error.field]: `This field ${error.problem}` } as FieldErrors<V> };
  }
  // The domain names the field its refusal is about (ApiError's `field`).
  const field = error.extras.field === undefined ? undefined : formName(error.extras.field);
  if (field && fields.includes(field)) return { n, values, fieldErrors: { [field]: error.message } as FieldErrors<V> };
  return { n, values, error: error.message };
}
