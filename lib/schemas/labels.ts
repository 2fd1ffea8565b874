import { z } from "zod";
import { isTimeZone } from "@/lib/policy/custom/zoned-time";
import { plainText } from "./common";

// What policy rules match on beside the message (issue 33; docs/decisions/034-policy-rules.md): the labels people put
// on contacts and conversations, and a contact's time zone. One schema for the chat's forms, the CLI and the services.

export const LABELS_MAX = 20;

/** Labels as people write them ("VIP", "Legal hold"): trimmed, lowercased (rules compare without case), no repeats. */
export const Labels = z
  .array(
    plainText()
      .transform((label) => label.trim().toLowerCase())
      .pipe(z.string().min(1, "a label must not be empty").max(40, "a label has at most 40 characters")),
  )
  .max(LABELS_MAX, `at most ${LABELS_MAX} labels`)
  .transform((labels) => [...new Set(labels)].sort());

/** An IANA time zone the runtime knows ("Europe/Berlin", "America/New_York", "UTC"). */
export const TimeZone = z
  .string()
  .trim()
  .refine(isTimeZone, "must be an IANA time zone such as Europe/Berlin");
