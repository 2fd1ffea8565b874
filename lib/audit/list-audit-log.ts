import { db } from "@/lib/db/client";
import { readSql } from "@/lib/db/replicas";
import { query } from "@/lib/db/sql";
import { ApiError, notFound } from "@/lib/errors";
import { isUuid, requireUuid } from "@/lib/ids";
import { decodeCursor, encodeCursor } from "@/lib/pagination";
import { requireAdminOrSystem, type Actor } from "@/lib/people/actor";
import { lastCheckpoint } from "./checkpoints";
import { auditSigningKey, publicKeyText } from "./signing-key";

// The admins' audit page (issue 34 item 4; docs/decisions/035-audit-chain.md): a workspace's entries of the audit
// chain, newest first, filtered by person, bot, kind and time, a page of any of the offered sizes at a time. Keyset
// pages on (at DESC, id DESC) through audit_log_workspace_at_idx (and audit_log_workspace_actor_idx for one actor):
// page 1,000 reads as many rows as page 1. Admins of the workspace only (and the operator); writes nothing.
//
// Filters, all optional, refused with 422 `invalid_body` naming the field (as every read's query parameters are):
// - `person`: a current member's user id, entries they acted in (actor_type person);
// - `bot`: one of the workspace's bots' ids, entries it acted in (actor_type bot);
//   an entry has one actor, so not both at once;
// - `kind`: an exact kind (`policy.decided`), or a prefix ending in a dot (`policy.`: every `policy.*` kind);
// - `from` (inclusive) and `to` (exclusive): ISO 8601 times; a time without an offset is UTC.

export const AUDIT_PAGE_SIZES = [25, 50, 100, 200] as const;
export const AUDIT_PAGE_SIZE_DEFAULT = 50;
/** The kinds offered to filter by are those of the workspace's latest this many entries (bounded: no full scan). */
export const AUDIT_KINDS_SAMPLE = 10_000;

export interface AuditLogFilters {
  person?: string;
  bot?: string;
  kind?: string;
  from?: string;
  to?: string;
}

export interface AuditLogPageRequest {
  /** One of AUDIT_PAGE_SIZES (default AUDIT_PAGE_SIZE_DEFAULT). */
  size?: number;
  /** A page's `newer` or `older` cursor; none: the newest entries. */
  cursor?: string;
}

export interface ListAuditLogOptions {
  workspaceId: string;
  filters?: AuditLogFilters;
  page?: AuditLogPageRequest;
}

export interface AuditActor {
  type: "person" | "bot" | "system";
  id: string | null;
  /**
   * Its name and handle when it is a member or a bot of the workspace; null for the system, and for someone no longer
   * (or never) in it: a name from elsewhere is not the workspace's to read.
   */
  name: string | null;
  handle: string | null;
}

export interface AuditLogItem {
  /** The entry's id (bigserial, as text). */
  id: string;
  at: string;
  kind: string;
  actor: AuditActor;
  subject: { type: string; id: string | null };
  /** Ids, codes, numbers and SHA-256 digests only. */
  facts: Record<string, unknown>;
  /** Its place in the chain; null until the sealer reaches it (seconds). */
  seq: number | null;
}

export interface AuditChainStatus {
  /** The latest signed checkpoint of the whole chain (every workspace's entries are in one chain). */
  lastCheckpoint: { seq: number; at: string; keyId: string } | null;
  /** The workspace's entries the sealer has not reached yet, counted up to UNSEALED_COUNT_MAX. */
  unsealed: number;
  /** The key checkpoints are signed with: what a verifier trusts. */
  signingKey: { keyId: string; publicKey: string; pem: string };
}

export interface AuditLogList {
  entries: AuditLogItem[];
  /** Cursors of the pages before (newer) and after (older) this one; null at either end. */
  newer: string | null;
  older: string | null;
  size: number;
  /** The filters as applied (ids lowercased, times as ISO 8601 in UTC). */
  filters: AuditLogFilters;
  /** What the filters offer: the members, the bots and the kinds present (of the latest AUDIT_KINDS_SAMPLE). */
  people: { id: string; name: string; handle: string }[];
  bots: { id: string; name: string; handle: string }[];
  kinds: string[];
  chain: AuditChainStatus;
}

const WORKSPACE_MEMBERS = query("auditLog.members", {
  text: `SELECT u.id, u.name, u.handle FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.workspace_id = $1 ORDER BY u.name, u.handle`,
});
const WORKSPACE_BOTS = query("auditLog.bots", {
  text: "SELECT id, name, handle FROM bots WHERE workspace_id = $1 ORDER BY name, handle",
});
const KINDS = query("auditLog.kinds", {
  text: `SELECT DISTINCT kind FROM (
      SELECT kind FROM audit_log WHERE workspace_id = $1 ORDER BY at DESC, id DESC LIMIT ${AUDIT_KINDS_SAMPLE}
    ) recent ORDER BY kind`,
  notNull: ["kind"],
});
/** Counted up to this many: the sealer keeps the number near zero, and a stopped one must not slow the page. */
export const UNSEALED_COUNT_MAX = 10_000;
const UNSEALED = query("auditLog.unsealedInWorkspace", {
  text: `SELECT count(*)::int AS n FROM (
      SELECT 1 FROM audit_log WHERE seq IS NULL AND workspace_id = $1 LIMIT ${UNSEALED_COUNT_MAX}
    ) waiting`,
  notNull: ["n"],
});

// One statement per direction. `prepared: false`: each is planned for its values, so an absent filter's
// `$n IS NULL OR ...` folds away and the planner picks the time index or the actor index for what is asked.
// $1 workspace, $2 actor id, $3 actor type, $4 exact kind, $5 kind prefix, $6 from, $7 to, $8..$9 the cursor's
// (at, id), $10 how many.
const FILTERS = `workspace_id = $1
     AND ($2::text IS NULL OR (actor_id = $2 AND actor_type = $3::text))
     AND ($4::text IS NULL OR kind = $4)
     AND ($5::text IS NULL OR starts_with(kind, $5))
     AND ($6::timestamptz IS NULL OR at >= $6)
     AND ($7::timestamptz IS NULL OR at < $7)`;
// `a.id` in ORDER BY and the cursor's comparison: the bigint, never the text column of the same name.
const COLUMNS = "a.id::text AS id, at, kind, actor_type, actor_id, subject_type, subject_id, facts, seq::text AS seq";
const OLDER = query("auditLog.pageOlder", {
  text: `SELECT ${COLUMNS} FROM audit_log a
   WHERE ${FILTERS}
     AND ($8::timestamptz IS NULL OR (a.at, a.id) < ($8::timestamptz, $9::bigint))
   ORDER BY a.at DESC, a.id DESC LIMIT $10`,
  notNull: ["id"],
  prepared: false,
});
const NEWER = query("auditLog.pageNewer", {
  text: `SELECT ${COLUMNS} FROM audit_log a
   WHERE ${FILTERS}
     AND (a.at, a.id) > ($8::timestamptz, $9::bigint)
   ORDER BY a.at ASC, a.id ASC LIMIT $10`,
  notNull: ["id"],
  prepared: false,
});

type Row = Awaited<ReturnType<typeof runPage>>[number];
type Cursor = { at: string; id: string; dir: "older" | "newer" };

const KIND = /^[a-z][a-z0-9_.]{0,99}$/;
// A date, or a date and time (minutes, seconds, fractions), with an optional offset: what <input type=date> and
// <input type=datetime-local> send, and what toISOString writes.
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?))?(Z|[+-]\d{2}:?\d{2})?$/i;

const refuse = (field: string, message: string) => new ApiError("invalid_body", message, { field });

const isCursor = (value: unknown): value is Cursor => {
  const c = value as Cursor;
  return (
    typeof c === "object" &&
    c !== null &&
    typeof c.at === "string" &&
    !Number.isNaN(Date.parse(c.at)) &&
    typeof c.id === "string" &&
    /^[1-9]\d{0,18}$/.test(c.id) &&
    (c.dir === "older" || c.dir === "newer")
  );
};

/** The workspace's audit entries, a page at a time, with what the page's filters and integrity card need. */
export async function listAuditLog(actor: Actor, options: ListAuditLogOptions): Promise<AuditLogList> {
  const workspaceId = requireUuid(options.workspaceId, "Workspace");
  const workspace = await db().workspace.findUnique({ where: { id: workspaceId }, select: { id: true } });
  if (!workspace) throw notFound("Workspace");
  await requireAdminOrSystem(actor, { client: db(), workspaceId });

  const sql = readSql();
  const [people, bots] = await Promise.all([
    sql.query(WORKSPACE_MEMBERS, [workspaceId]),
    sql.query(WORKSPACE_BOTS, [workspaceId]),
  ]);
  const filters = checkFilters(options.filters ?? {}, { people, bots });
  const size = options.page?.size ?? AUDIT_PAGE_SIZE_DEFAULT;
  if (!(AUDIT_PAGE_SIZES as readonly number[]).includes(size))
    throw refuse("size", `A page holds ${AUDIT_PAGE_SIZES.join(", ")} entries`);
  const cursor = options.page?.cursor ? decodeCursor(options.page.cursor, isCursor) : null;

  const [page, kinds, unsealed, checkpoint] = await Promise.all([
    readPage({ workspaceId, filters, size, cursor }),
    sql.query(KINDS, [workspaceId]),
    sql.query(UNSEALED, [workspaceId]),
    lastCheckpoint(),
  ]);
  const names = { person: new Map(people.map((p) => [p.id, p])), bot: new Map(bots.map((b) => [b.id, b])) };
  const key = publicKeyText(auditSigningKey().publicKey);

  return {
    entries: page.rows.map((row) => itemOf(row, names)),
    newer: page.newer,
    older: page.older,
    size,
    filters,
    people,
    bots,
    kinds: kinds.map((row) => row.kind),
    chain: {
      lastCheckpoint: checkpoint ? { seq: checkpoint.seq, at: checkpoint.at, keyId: checkpoint.keyId } : null,
      unsealed: unsealed[0]?.n ?? 0,
      signingKey: key,
    },
  };
}

/** The filters checked and normalized; anything that names nothing here, or is not what it says, is refused. */
function checkFilters(
  input: AuditLogFilters,
  { people, bots }: { people: { id: string }[]; bots: { id: string }[] },
): AuditLogFilters {
  const filters: AuditLogFilters = {};
  if (input.person) {
    const id = input.person.toLowerCase();
    if (!isUuid(id) || !people.some((p) => p.id === id))
      throw refuse("person", `No member ${input.person} in this workspace`);
    filters.person = id;
  }
  if (input.bot) {
    const id = input.bot.toLowerCase();
    if (!isUuid(id) || !bots.some((b) => b.id === id)) throw refuse("bot", `No bot ${input.bot} in this workspace`);
    filters.bot = id;
  }
  if (filters.person && filters.bot)
    throw refuse("bot", "An entry has one actor: filter by a person or by a bot, not both");
  if (input.kind) {
    if (!KIND.test(input.kind))
      throw refuse(
        "kind",
        "A kind is lower-case letters, digits, _ and dots (policy.decided), or a prefix ending in a dot (policy.)",
      );
    filters.kind = input.kind;
  }
  for (const field of ["from", "to"] as const) {
    const value = input[field];
    if (!value) continue;
    filters[field] = isoTime(value, field);
  }
  if (filters.from && filters.to && filters.from >= filters.to)
    throw refuse("to", "The end of the period must come after its start");
  return filters;
}

/** An ISO 8601 time as the database compares it, in UTC; a day alone is its midnight, no offset is UTC. */
function isoTime(value: string, field: "from" | "to"): string {
  const match = ISO_TIME.exec(value.trim());
  const [year, month, day] = [match?.[1], match?.[2], match?.[3]].map(Number) as [number, number, number];
  // Date.UTC rolls 30 February over to March: a day the month does not have is refused, not moved.
  const real =
    match && year >= 1970 && month >= 1 && month <= 12 && new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
  const offset = match?.[5]?.toUpperCase().replace(/^([+-]\d{2})(\d{2})$/, "$1:$2") ?? "Z";
  const at = real ? new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4] ?? "00:00"}${offset}`) : null;
  if (!at || Number.isNaN(at.getTime()))
    throw refuse(
      field,
      `${field} must be a time in ISO 8601 (2026-11-27 or 2026-11-27T14:05, UTC unless an offset is given)`,
    );
  return at.toISOString();
}

function runPage(
  { workspaceId, filters, size }: { workspaceId: string; filters: AuditLogFilters; size: number },
  { statement, after }: { statement: typeof OLDER | typeof NEWER; after: Cursor | null },
) {
  const kindPrefix = filters.kind?.endsWith(".") ? filters.kind : null;
  const sql = readSql();
  return sql.query(statement, [
    workspaceId,
    filters.person ?? filters.bot ?? null,
    filters.person ? "person" : filters.bot ? "bot" : null,
    filters.kind && !kindPrefix ? filters.kind : null,
    kindPrefix,
    filters.from ?? null,
    filters.to ?? null,
    after?.at ?? null,
    after?.id ?? null,
    size + 1,
  ]);
}

/**
 * One page and the cursors around it. Older pages read past the cursor's entry, newer ones up to it and are turned
 * newest first; a newer page that reaches the top is the first page, full. Entries are never deleted, so the
 * entry a cursor was made from still stands between the pages: going older there is a newer page, and back.
 */
async function readPage(request: {
  workspaceId: string;
  filters: AuditLogFilters;
  size: number;
  cursor: Cursor | null;
}): Promise<{ rows: Row[]; newer: string | null; older: string | null }> {
  const { size, cursor } = request;
  if (cursor?.dir === "newer") {
    const rows = await runPage(request, { statement: NEWER, after: cursor });
    if (rows.length > size) {
      const page = rows.slice(0, size).reverse();
      return { rows: page, newer: cursorOf(page[0]!, "newer"), older: cursorOf(page.at(-1)!, "older") };
    }
    return readPage({ ...request, cursor: null });
  }
  const rows = await runPage(request, { statement: OLDER, after: cursor });
  const page = rows.slice(0, size);
  const first = page[0];
  const last = page.at(-1);
  return {
    rows: page,
    newer: cursor && first ? cursorOf(first, "newer") : null,
    older: rows.length > size && last ? cursorOf(last, "older") : null,
  };
}

const cursorOf = (row: Row, dir: Cursor["dir"]) => encodeCursor({ at: row.at.toISOString(), id: row.id, dir });

type Named = Map<string, { name: string; handle: string }>;

function itemOf(row: Row, names: { person: Named; bot: Named }): AuditLogItem {
  const type = row.actor_type as AuditActor["type"];
  const known = type !== "system" && row.actor_id ? names[type].get(row.actor_id) : undefined;
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    actor: { type, id: row.actor_id, name: known?.name ?? null, handle: known?.handle ?? null },
    subject: { type: row.subject_type, id: row.subject_id },
    facts: (row.facts ?? {}) as Record<string, unknown>,
    seq: row.seq === null ? null : Number(row.seq),
  };
}
