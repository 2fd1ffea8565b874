import type { z } from "zod";
import { ApiError } from "@/lib/errors";

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

/**
 * Validates input against a schema; failures are 422. Problems inside `blocks` are `invalid_blocks` (SPEC.md:
 * unknown fields in a block), everything else `invalid_body`.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, what = "Request body"): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const inBlocks = result.error.issues.some((issue) => issue.path[0] === "blocks");
  throw new ApiError(inBlocks ? "invalid_blocks" : "invalid_body", `${what} is invalid: ${describeIssues(result.error.issues)}`);
}
