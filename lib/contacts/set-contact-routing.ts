import { db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { ApiError } from "@/lib/errors";
import { requireContactAccess } from "@/lib/people/access";
import type { PersonActor } from "@/lib/people/actor";
import { Labels, TimeZone } from "@/lib/schemas/labels";
import { validate } from "@/lib/schemas/validate";

// A contact's labels and time zone (issue 33): what the workspace's policy rules read ("messages to contacts marked
// VIP are always held"; "nothing between 21:00 and 08:00 in their time zone"). They route bots' messages, so only an
// admin changes them, as only an admin changes the rules; anyone in the workspace sees them. Audited.

export interface SetContactRoutingOptions {
  contactId: string;
  /** The contact's labels, replacing the old ones; absent: unchanged. */
  labels?: unknown;
  /** An IANA time zone, or null for "not known" (rules then read the workspace's); absent: unchanged. */
  timeZone?: unknown;
}

/** Sets a contact's labels and/or time zone; admins only. */
export async function setContactRouting(actor: PersonActor, { contactId, labels, timeZone }: SetContactRoutingOptions) {
  const { contact, role } = await requireContactAccess(actor, { client: db(), contactId });
  if (role !== "admin") throw new ApiError("forbidden", "Only a workspace admin can change a contact's labels or time zone");
  const data: { labels?: string[]; timeZone?: string | null } = {};
  if (labels !== undefined) data.labels = validate(Labels, { input: labels, what: "labels" });
  if (timeZone !== undefined)
    data.timeZone = timeZone === null || timeZone === "" ? null : validate(TimeZone, { input: timeZone, what: "time_zone" });
  return db().$transaction(async (tx) => {
    const before = await tx.contact.findUniqueOrThrow({ where: { id: contact.id } });
    const updated = await tx.contact.update({ where: { id: contact.id }, data });
    await recordAudit(tx, {
      workspaceId: contact.workspaceId,
      actor,
      action: "contact.routing_changed",
      subjectType: "contact",
      subjectId: contact.id,
      data: {
        from: { labels: before.labels, time_zone: before.timeZone },
        to: { labels: updated.labels, time_zone: updated.timeZone },
      },
    });
    return { id: updated.id, labels: updated.labels, timeZone: updated.timeZone };
  });
}
