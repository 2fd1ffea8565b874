import type { z } from "zod";
import { ApiError } from "@/lib/errors";
import { describeHostileText, findHostileText } from "@/lib/text/hostile-text";

/** Formats zod issues as one readable line: `blocks[0].actions[1].style: Invalid option ...; body: ...`. */
export function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.reduce<string>(
        (text, part) => (typeof part === "number" ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
        "",
      );
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

export interface ValidateOptions {
  input: unknown;
  /** What the input is, in the refusal: "<what> is invalid: ...". */
  what?: string;
}

/**
 * Validates input against a schema; failures are 422. Problems inside `blocks` are `invalid_blocks`
 * (docs/api-contract.md#blocks: unknown fields in a block), everything else `invalid_body`. Before the schema, the text
 * rule (lib/text/hostile-text.ts): a NUL or an unpaired surrogate anywhere in the input, keys included, is refused
 * naming the field, whatever the schema would say about it.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  { input, what = "Request body" }: ValidateOptions,
): z.output<S> {
  const hostile = findHostileText(input);
  if (hostile) {
    throw new ApiError(
      hostile.path[0] === "blocks" ? "invalid_blocks" : "invalid_body",
      `${what} is invalid: ${describeHostileText(hostile)}`,
    );
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const inBlocks = result.error.issues.some((issue) => issue.path[0] === "blocks");
  throw new ApiError(inBlocks ? "invalid_blocks" : "invalid_body", `${what} is invalid: ${describeIssues(result.error.issues)}`);
}
