import { db } from "@/lib/db/client";

// The operator's view of security_events (`cli security events`), newest first.

export interface SecurityEventView {
  id: string;
  kind: string;
  user_id: string | null;
  email: string | null;
  address: string;
  data: unknown;
  created_at: string;
}

export async function listSecurityEvents(filter: { email?: string; since?: Date; limit?: number } = {}) {
  const rows = await db().securityEvent.findMany({
    where: {
      ...(filter.email ? { email: filter.email.trim().toLowerCase() } : {}),
      ...(filter.since ? { createdAt: { gte: filter.since } } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(filter.limit ?? 100, 1), 1000),
  });
  return rows.map((row): SecurityEventView => ({
    id: row.id,
    kind: row.kind,
    user_id: row.userId,
    email: row.email,
    address: row.address,
    data: row.data,
    created_at: row.createdAt.toISOString(),
  }));
}
