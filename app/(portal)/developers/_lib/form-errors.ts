import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/errors";
import type { FormState } from "@/components/portal/form-state";
import { FormTextRefused } from "@/app/_lib/form-text";

// Turns what a domain function or a schema refused into a form's state: per-field messages where the message names
// a field, one message for the form otherwise. Anything that is not a refusal (a bug, a redirect) is thrown on. The
// forms' text is read with app/_lib/form-text.ts, whose refusals name their field.

const FIELD_HINTS: [RegExp, string][] = [
  [/handle/i, "handle"],
  [/webhook url/i, "webhookUrl"],
  [/event type/i, "eventTypes"],
  [/name is required/i, "name"],
  [/overlap/i, "overlapMinutes"],
  [/workspace/i, "workspaceId"],
];

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
    return { n, values, fieldErrors: { [error.field]: `This field ${error.problem}` } as FormState<V, never>["fieldErrors"] };
  }
  const field = FIELD_HINTS.find(([pattern, name]) => fields.includes(name) && pattern.test(error.message))?.[1];
  if (field && error.code === "invalid_body")
    return { n, values, fieldErrors: { [field]: error.message } as FormState<V, never>["fieldErrors"] };
  if (field && error.code === "conflict")
    return { n, values, fieldErrors: { [field]: error.message } as FormState<V, never>["fieldErrors"] };
  return { n, values, error: error.message };
}
