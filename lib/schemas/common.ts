import { z } from "zod";

// Pieces shared by every resource schema. `.meta({ id })` names an OpenAPI component (zod-to-openapi v9 reads
// zod 4's own metadata, so these are plain zod schemas usable anywhere).

export const Uuid = z.uuid();

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string().meta({ description: "Stable machine-readable code, e.g. `policy_blocked`, `opted_out`" }),
      message: z.string().meta({ description: "What went wrong, in plain words" }),
      reasons: z.array(z.string()).optional().meta({ description: "Policy reason codes (403, 409, 429)" }),
      retry_after: z.number().int().optional().meta({ description: "Seconds to wait (429); also the Retry-After header" }),
      request_id: z.string(),
    }),
  })
  .meta({ id: "Error" });

/** Page size: 1..200, default 50. Over 200 is refused, never silently clamped. */
export const Limit = z.coerce
  .number({ error: "limit must be a whole number from 1 to 200" })
  .int("limit must be a whole number from 1 to 200")
  .min(1, "limit must be at least 1")
  .max(200, "limit must be at most 200")
  .default(50);

export const Cursor = z.string().min(1).max(500).optional().meta({ description: "Opaque: pass back a previous page's next_cursor" });

export const IdempotencyKey = z.string().min(1).max(64).meta({ description: "Unique per request, at most 64 characters; scope: the bot" });

export const Timestamp = z.iso.datetime({ offset: true }).meta({ description: "ISO 8601 timestamp" });
