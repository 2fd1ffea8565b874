import { appendAuditLogPrisma } from "@/lib/audit/audit-log";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { hashPassword } from "./password";

const HANDLE = /^[a-z0-9][a-z0-9_.-]{1,31}$/;

/** Creates a person (a user who signs in) and, when given, their membership of a workspace. */
export async function createPerson(input: {
  email: string;
  name: string;
  handle: string;
  password?: string;
  workspaceId?: string;
  role?: "member" | "admin";
}) {
  const email = input.email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new ApiError("invalid_body", `"${input.email}" is not an email address`);
  if (!HANDLE.test(input.handle)) throw new ApiError("invalid_body", "Handle must be 2-32 lowercase letters, digits, dots, dashes or underscores");
  if (input.password !== undefined && input.password.length < 8) throw new ApiError("invalid_body", "Password must have at least 8 characters");
  const existing = await db().user.findFirst({ where: { OR: [{ email }, { handle: input.handle }] } });
  if (existing) throw new ApiError("conflict", existing.email === email ? `${email} already has an account` : `Handle @${input.handle} is taken`);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const role = input.role ?? "member";
  return db().$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        email,
        name: input.name,
        handle: input.handle,
        passwordHash,
        ...(input.workspaceId ? { memberships: { create: { workspaceId: input.workspaceId, role } } } : {}),
      },
    });
    // Who may decide starts here: a role given is a role change, in the audit chain.
    if (input.workspaceId)
      await appendAuditLogPrisma(tx, {
        kind: "membership.created",
        workspaceId: input.workspaceId,
        actor: { type: "system", id: null },
        subject: { type: "person", id: user.id },
        facts: { role },
      });
    return user;
  });
}
