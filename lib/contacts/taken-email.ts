import type { Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";

/**
 * One email, one contact in a workspace (compared without case): a second contact with it would split what we know
 * about one person and the conversations with them. The refusal names the contact that has it.
 */
export async function refuseTakenEmail(tx: Tx, workspaceId: string, email: string | null, exceptId?: string) {
  if (!email) return;
  const holder = await tx.contact.findFirst({
    where: { workspaceId, email: { equals: email, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { name: true },
  });
  if (holder) throw new ApiError("conflict", `${holder.name} already has the email ${email}`);
}
