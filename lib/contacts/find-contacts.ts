import { db } from "@/lib/db/client";
import { query, sql } from "@/lib/db/sql";
import { requireUuid } from "@/lib/ids";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { cutText } from "@/lib/text/hostile-text";

// Contacts as a person looks for them (the Contacts page, the new-conversation form), found by what they type: a part of the name,
// email or phone. Names that start with it come first, then the contacts most recently talked with. With nothing
// typed, the contacts most recently talked with (then by name): the ones a person most likely means.

export interface ContactOption {
  id: string;
  name: string;
  /** The email, else the phone: what tells two contacts of one name apart. */
  detail: string | null;
  do_not_contact: boolean;
  sensitivity: "normal" | "high";
}

export const FIND_CONTACTS_LIMIT = 8;
const MAX_QUERY = 100;

/** `%`, `_` and `\` typed by a person are matched as themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const FIND = query("contacts.find", {
  text: `WITH recent AS (
     SELECT p.contact_id, max(c.last_message_at) AS at
       FROM conversations c JOIN conversation_participants p ON p.conversation_id = c.id
      WHERE c.workspace_id = $1 AND p.contact_id IS NOT NULL
      GROUP BY p.contact_id
   )
   SELECT ct.id, ct.name, ct.email, ct.phone, ct.do_not_contact, ct.sensitivity
     FROM contacts ct LEFT JOIN recent r ON r.contact_id = ct.id
    WHERE ct.workspace_id = $1
      AND ($2 = '' OR ct.name ILIKE '%' || $2 || '%' OR ct.email ILIKE '%' || $2 || '%' OR ct.phone ILIKE '%' || $2 || '%')
    ORDER BY ($2 <> '' AND ct.name ILIKE $2 || '%') DESC, r.at DESC NULLS LAST, lower(ct.name), ct.id
    LIMIT $3`,
});

interface FindContactsOptions {
  workspaceId: string;
  /** What the person typed: a part of a name, email or phone; empty for the contacts most recently talked with. */
  query: string;
  /** At most this many; default FIND_CONTACTS_LIMIT. */
  limit?: number;
}

export async function findContacts(
  actor: PersonActor,
  { workspaceId, query, limit = FIND_CONTACTS_LIMIT }: FindContactsOptions,
): Promise<ContactOption[]> {
  const id = requireUuid(workspaceId, "Workspace");
  await requireMember(actor, { client: db(), workspaceId: id });
  const typed = cutText(query.trim(), MAX_QUERY);
  const rows = await sql().query(FIND, [id, escapeLike(typed), Math.max(1, Math.min(limit, 50))],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    detail: row.email ?? row.phone,
    do_not_contact: row.do_not_contact,
    sensitivity: row.sensitivity,
  }));
}
