import type { Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";

interface TakenEmailOptions {
  workspaceId: string;
  /** The email to look for; none: nothing to refuse. */
  email: string | null;
  /** The contact being corrected, which may keep its own email. */
  exceptId?: string;
}

/**
 * One email, one contact in a workspace (compared without case): a second contact with it would split what we know
 * about one person and the conversations with them. The refusal names the contact that has it.
 */
export async function refuseTakenEmail(tx: Tx, { workspaceId, email, exceptId }: TakenEmailOptions) {
  if (!email) return;
  const holder = await tx.contact.findFirst({
    where: { workspaceId, email: { equals: email, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { name: true },
  });
  if (holder) throw new ApiError("conflict", `${holder.name} already has the email ${email}`);
}
