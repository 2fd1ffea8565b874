import { z } from "zod";
import { textProblem } from "@/lib/text/hostile-text";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_RETENTION_HOURS, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "@/lib/limits";

// Pieces shared by every resource schema. `.meta({ id })` names an OpenAPI component (zod-to-openapi v9 reads
// zod 4's own metadata, so these are plain zod schemas usable anywhere).

export const Uuid = z.uuid();

/**
 * A string under the text rule (lib/text/hostile-text.ts): a NUL or an unpaired surrogate is an issue naming what is
 * wrong. Its check comes first, so a form that shows its first issue shows this one. Every schema of text that comes
 * in is built on it, so the rule holds wherever a schema is parsed (forms, the domain, MCP tools), not only at the
 * API's door (lib/schemas/validate.ts, which checks the whole input first).
 */
export const plainText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => textProblem(value) === null, {
    error: (issue) => textProblem(issue.input as string) ?? "is not valid text",
    abort: true,
  });

/** Every code of lib/errors.ts's code->status table: the one list, so the enum cannot drift from what is thrown. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

const ErrorCodeSchema = z.enum(ERROR_CODES).meta({
  id: "ErrorCode",
  description:
    'Stable machine-readable code; its HTTP status is fixed (README "Errors"). Branch on it, never on `message`. ' +
    "New codes may be added: treat an unknown one by its status",
});

export const ErrorBody = z
  .object({
    error: z.object({
      code: ErrorCodeSchema,
      message: z.string().meta({ description: "What went wrong, in plain words" }),
      reasons: z.array(z.string()).optional().meta({ description: "Policy reason codes (403, 409, 429)" }),
      retry_after: z
        .number()
        .int()
        .optional()
        .meta({ description: "Seconds to wait (429); also the Retry-After header" }),
      request_id: z.string(),
    }),
  })
  .meta({ id: "Error" });

/** Page size: 1 to PAGE_LIMIT_MAX, default PAGE_LIMIT_DEFAULT (lib/limits.ts). Over the maximum is refused, never
 * silently clamped. */
export const Limit = z.coerce
  .number({ error: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
  .int(`limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`)
  .min(1, "limit must be at least 1")
  .max(PAGE_LIMIT_MAX, `limit must be at most ${PAGE_LIMIT_MAX}`)
  .default(PAGE_LIMIT_DEFAULT)
  .meta({
    description:
      `The page size: how many items to return, 1 to ${PAGE_LIMIT_MAX} (default ${PAGE_LIMIT_DEFAULT}). ` +
      `Over ${PAGE_LIMIT_MAX} is 422 \`invalid_body\`, never silently clamped`,
  });

/** A list's page token (lib/pagination.ts): opaque, issued by the list itself as `next_cursor`. */
export const Cursor = plainText()
  .min(1)
  .max(500)
  .optional()
  .meta({
    description:
      "Opaque: pass back a previous page's `next_cursor` for the page after it; absent: the first page. " +
      "Do not build or change one: a cursor the list did not issue is 422 `invalid_body`",
  });

export const IdempotencyKey = plainText()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX)
  .meta({
    description:
      `Unique per request, at most ${IDEMPOTENCY_KEY_MAX} characters; scope: the bot; ` +
      `a replay within ${IDEMPOTENCY_RETENTION_HOURS} hours returns the first result`,
  });

export const Timestamp = z.iso.datetime({ offset: true }).meta({ description: "ISO 8601 timestamp" });
