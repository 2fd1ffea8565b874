// What a server action answers to its form (useActionState), in the chat, settings and the portal alike. `n` counts
// submissions: a component tells a fresh answer from the last one, and forms key on it so the values a person typed
// come back after a refusal (React resets a form once its action finishes).

export interface FormState<Values = Record<string, never>, Result = undefined> {
  n: number;
  /** The refusal in words, for the whole form (or the control that caused it). */
  error?: string;
  /** Refusals beside the fields they are about (ApiError's `field`, app/(portal)/developers/_lib/form-errors.ts). */
  fieldErrors?: Partial<Record<keyof Values & string, string>>;
  /** What was typed, given back after a refusal. */
  values?: Values;
  result?: Result;
  /** A short confirmation to announce ("Sent", "Approved"). */
  done?: string;
}

export const initialFormState: FormState<never, never> = { n: 0 };
