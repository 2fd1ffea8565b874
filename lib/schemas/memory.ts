import { z } from "zod";
import { plainText, Timestamp, Uuid } from "./common";

// Contact memory (docs/api-contract.md#contact-memory; the resources: docs/api-contract.md#resources).

export const FACT_MAX = 500;
export const FactKey = plainText()
  .max(100, "key must be at most 100 characters")
  .regex(
    /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/,
    "key must be dotted lower-case words, `<group>.<name>` (e.g. billing.pay_day)",
  )
  .meta({ description: "Dotted `<group>.<name>`; the `consent` group is for people only (422)" });
const FactText = plainText()
  .max(FACT_MAX, `fact must be at most ${FACT_MAX} characters`)
  .refine((text) => text.trim().length > 0, "fact must not be empty");

export const ProposeFactRequest = z
  .strictObject({
    fact: FactText,
    key: FactKey,
    source_message_id: Uuid.meta({ description: "A message the bot can see, in a conversation with the contact" }),
  })
  .meta({ id: "ProposeFactRequest" });
export type ProposeFactInput = z.output<typeof ProposeFactRequest>;

export const LegacyMemoryRequest = z
  .strictObject({ fact: FactText, source_message_id: Uuid })
  .meta({ id: "LegacyMemoryRequest" });
export type LegacyMemoryInput = z.output<typeof LegacyMemoryRequest>;

export const FactStatus = z.enum(["candidate", "confirmed", "rejected", "superseded", "retired", "source_removed"]);

export const Fact = z
  .object({
    id: Uuid,
    contact_id: Uuid,
    key: z.string(),
    fact: z.string(),
    status: FactStatus,
    source_message_id: Uuid.nullable(),
    proposed_by_bot_id: Uuid.nullable(),
    confirmed_at: Timestamp.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: "Fact" });
export const FactCreated = z.object({ data: Fact }).meta({ id: "FactCreated" });
export const FactList = z.object({ data: z.array(Fact) }).meta({ id: "FactList" });

export const Citation = z
  .object({ message_id: Uuid, conversation_id: Uuid, seq: z.number().int(), excerpt: z.string() })
  .meta({ id: "Citation" });

export const ContextFormat = z.enum(["full", "compact"]);
export const ContextQuery = z.strictObject({
  format: ContextFormat.default("full").meta({
    description:
      "The pack's token budget: `full` (the default) stays under 1500 cl100k tokens, `compact` under 500 (shorter " +
      "excerpts); facts that do not fit are left out whole, never cut",
  }),
});
export const LegacyMemoryQuery = z.strictObject({
  q: plainText()
    .max(500)
    .optional()
    .meta({
      description:
        "Only the facts whose text or key contains this (case-insensitive, at most 500 characters); absent or blank: " +
        "all of the conversation's candidate and confirmed facts",
    }),
});

export const ContextPack = z
  .object({
    contact_id: Uuid,
    format: ContextFormat,
    status: z.enum(["ready", "insufficient_evidence", "conflicting_facts", "stale_sources"]),
    token_count: z
      .number()
      .int()
      .meta({ description: "cl100k tokens of this JSON object; full < 1500, compact < 500" }),
    items: z.array(
      z.object({
        key: z.string(),
        fact: z.string(),
        confirmed_at: Timestamp,
        citations: z
          .array(Citation)
          .meta({ description: "Empty only when the source message was deleted (status stale_sources)" }),
      }),
    ),
    generated_at: Timestamp,
  })
  .meta({ id: "ContextPack" });
export const ContextPackResponse = z.object({ data: ContextPack }).meta({ id: "ContextPackResponse" });
