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

/** Labels as a person types them in a form: separated by commas or new lines, blank ones left out. */
export function labelsFromText(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((label) => label.trim())
    .filter((label) => label !== "");
}

/** A contact's labels and time zone as the chat's form sends them: an empty zone is "not known". */
export const ContactRoutingForm = z.strictObject({
  labels: Labels,
  timeZone: TimeZone.nullable(),
});

/** A contact's routing fields as typed (labels as one text, the zone as typed) into what ContactRoutingForm reads. */
export const contactRoutingFromForm = (fields: { labels: string; timeZone: string }) => ({
  labels: labelsFromText(fields.labels),
  timeZone: fields.timeZone.trim() === "" ? null : fields.timeZone,
});

/** A conversation's labels as the chat's form sends them. */
export const ConversationLabelsForm = z.strictObject({ labels: Labels });
