import "server-only";
import { ApiError } from "@/lib/errors";
import { textProblem } from "@/lib/text/hostile-text";

// How every server action reads what a person sent (the chat, settings, the developer portal): a field's text passes
// the text rule (lib/text/hostile-text.ts) as it is read, and one that breaks it is refused, naming the field, as an
// ApiError the action answers in words like any other refusal. Actions read their form through `readForm`, which
// app/_lib/action.ts hands them, never through FormData itself. Arguments an action is called with (a slug the page
// bound, a typed search) come from the browser too: `actionText` holds them to the same rule.

/** The refusal of one field: `field` lets a form show it beside that field. */
export class FormTextRefused extends ApiError {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super("invalid_body", `${field}: ${problem}`, { field });
  }
}

function checked(value: string, field: string): string {
  const problem = textProblem(value);
  if (problem) throw new FormTextRefused(field, problem);
  return value;
}

/** A form's fields, read under the rule. */
export interface FormReader {
  /** A field's text; "" when it is missing or a file. */
  text(name: string): string;
  /** Every text of a repeated field (checkboxes, multiple choices), files left out. */
  texts(name: string): string[];
  /** The non-empty text fields whose names start with `prefix`, keyed by the rest of the name (a card's inputs). */
  fields(prefix: string): Record<string, string>;
  /** Whether a checkbox was ticked (sent as "on"). */
  checked(name: string): boolean;
  /** Whether the form has the field at all (a field shown only while editing). */
  has(name: string): boolean;
}

export function readForm(formData: FormData): FormReader {
  return {
    text(name) {
      const value = formData.get(name);
      return typeof value === "string" ? checked(value, name) : "";
    },
    texts(name) {
      return formData
        .getAll(name)
        .filter((value): value is string => typeof value === "string")
        .map((value) => checked(value, name));
    },
    fields(prefix) {
      const fields: Record<string, string> = {};
      for (const [name, value] of formData.entries()) {
        if (!name.startsWith(prefix) || typeof value !== "string" || value === "") continue;
        const key = checked(name.slice(prefix.length), "a field's name");
        fields[key] = checked(value, name);
      }
      return fields;
    },
    checked: (name) => formData.get(name) === "on",
    has: (name) => formData.has(name),
  };
}

/** An argument an action was called with, under the same rule. */
export function actionText(value: string, name: string): string {
  return checked(value, name);
}
