import { z } from "zod";
import { plainText, Timestamp, Uuid } from "./common";
import { MESSAGE_BODY_MAX } from "@/lib/limits";

const Text = plainText()
  .max(MESSAGE_BODY_MAX, `must be at most ${MESSAGE_BODY_MAX} characters`)
  .refine((text) => text.trim().length > 0, "must not be empty");

export const CreateDraftRequest = z
  .strictObject({
    body: Text,
    rationale: plainText().max(2000).optional(),
    follow_up: z
      .strictObject({
        body: Text,
        delay_minutes: z.number().int().min(1, "delay_minutes must be at least 1").max(43_200, "delay_minutes must be at most 43200 (30 days)"),
      })
      .optional(),
  })
  .meta({ id: "CreateDraftRequest" });

export type CreateDraftInput = z.output<typeof CreateDraftRequest>;

export const Draft = z
  .object({
    id: Uuid,
    conversation_id: Uuid,
    status: z.enum(["pending", "approved", "rejected", "expired"]),
    body: z.string(),
    rationale: z.string().nullable(),
    follow_up: z
      .object({
        body: z.string(),
        delay_minutes: z.number().int(),
        status: z.enum(["pending", "scheduled", "sent", "cancelled"]).meta({ description: "`pending` until the draft is approved" }),
        due_at: Timestamp.nullable(),
        cancel_reason: z.string().nullable(),
      })
      .nullable(),
    message_id: Uuid.nullable(),
    edited: z.boolean(),
    created_at: Timestamp,
    decided_at: Timestamp.nullable(),
  })
  .meta({ id: "Draft" });

export const DraftCreated = z.object({ data: Draft }).meta({ id: "DraftCreated" });
