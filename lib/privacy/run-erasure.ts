import { recordAuditSql } from "@/lib/audit/record-audit";
import { vacuum } from "@/lib/db/maintenance";
import { query, sql, transaction, type RowOf } from "@/lib/db/sql";
import { forgetVectors, removeFiles, uncite } from "./forget";
import { rm } from "node:fs/promises";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { RETRY_DELAYS_SECONDS } from "@/lib/webhooks/attempt-delivery";
import { contactErased, personErased, workspaceErased } from "@/lib/webhooks/events";
import { archivePath } from "./build-export";

// The erasure job (issue 38; docs/decisions/045-erasure.md): what the contact's conversations hold, redacted step by
// step in batches of BATCH rows, each batch its own short transaction, so no lock is held long and other
// conversations' sends go on. Each step only touches what is not redacted yet, and the record says which step runs:
// a crash (the worker killed) resumes at that step, and the same erasure run twice ends the same.
//
// What stays, without content: each message's row (its id, seq, sender, times: sequence numbers and threads hold),
// each draft's and policy decision's row by id, the audit chain (ids and digests only). What goes: every text,
// block and excerpt, stored words (generated from the body), vectors and their caches in every process, attachments
// (a file another row still refers to stays), notifications and e-mails about them, delivery payloads and attempts,
// stored API responses that quote them.

export const ERASE_TASK = "run_erasure";
/** Tries in all: a step that keeps failing (the database down) is tried again for hours before the job gives up. */
export const ERASE_MAX_ATTEMPTS = 25;
export const erasureJobKey = (erasureId: string) => `erasure:${erasureId}`;

/** Rows per batch: each batch is one transaction of a few milliseconds. */
const BATCH = 500;

const STEPS = [
  "messages",
  "attachments",
  "drafts",
  "decisions",
  "deliveries",
  "stored_responses",
  "notifications",
  "audit_details",
  "vectors",
  "tell_bots",
  "vacuum",
  "done",
] as const;
/** A person's erasure (./erase-person.ts): what they wrote in the workspace, not whole conversations. */
const PERSON_STEPS = [
  "person_messages",
  "person_files",
  "person_deliveries",
  "person_notifications",
  "person_audit_details",
  "vectors",
  "tell_bots",
  "vacuum",
  "done",
] as const;
/**
 * A workspace's deletion (./erase-workspace.ts): its messages and deliveries deleted in batches, its vectors, files
 * and export archives, then every other row of it but what telling its bots needs (the bots, their signing secrets,
 * their deliveries); the bots told; then, once their deliveries are over, the rest.
 */
const WORKSPACE_STEPS = [
  "workspace_messages",
  "workspace_deliveries",
  "vectors",
  "workspace_rest",
  "workspace_rows",
  "tell_bots",
  "await_bots",
  "purge",
  "vacuum",
  "done",
] as const;
type Step = (typeof STEPS)[number] | (typeof PERSON_STEPS)[number] | (typeof WORKSPACE_STEPS)[number];
export const FIRST_STEP: Step = "messages";
export const FIRST_PERSON_STEP: Step = "person_messages";
export const FIRST_WORKSPACE_STEP: Step = "workspace_messages";
const stepsOf = (erasure: Erasure): readonly Step[] =>
  erasure.subject_type === "person" ? PERSON_STEPS : erasure.subject_type === "workspace" ? WORKSPACE_STEPS : STEPS;

/** How often the job looks again whether the bots' `workspace.erased` deliveries are over. */
const AWAIT_BOTS_EVERY_MS = 10 * 60_000;
/** How long it waits for them at most: the deliveries' whole retry schedule, and an hour. */
export const AWAIT_BOTS_MAX_MS = (RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0) + 3600) * 1000;

const LOAD = query("privacy.loadErasure", {
  text: `SELECT id, workspace_id, subject_type, subject_id, conversation_ids, fact_ids, bot_ids, step, created_at
     FROM erasures WHERE id = $1`,
  notNull: ["conversation_ids", "fact_ids", "bot_ids"],
});

/** An erasure's record, as the job reads it. */
type Erasure = RowOf<"privacy.loadErasure">;

const ADVANCE = query("privacy.advanceErasure", {
  text: `UPDATE erasures SET step = $2, counts = counts || jsonb_build_object($3::text, $4::int),
          status = CASE WHEN $2 = 'done' THEN 'done' ELSE status END,
          finished_at = CASE WHEN $2 = 'done' THEN now() ELSE finished_at END
    WHERE id = $1 AND step = $3`,
});

// --- messages: their text, blocks and metadata, their vectors; facts that cited them lose the citation ---
// One conversation's next batch past `seq` $2 (the batch before it, in this run): each batch reads only its own rows,
// however many were erased before it. Returns the last seq erased, and whether facts cite the batch.
const MESSAGES = query("privacy.eraseMessages", {
  text: `WITH batch AS (
     SELECT id, seq FROM messages WHERE conversation_id = $1 AND seq > $2 AND erased_at IS NULL
      ORDER BY seq LIMIT $3 FOR UPDATE
   ), erased AS (
     UPDATE messages m SET body = '', blocks = NULL, metadata = '{}'::jsonb, erased_at = now()
       FROM batch WHERE m.id = batch.id RETURNING m.id, m.seq
   ), vectors AS (
     DELETE FROM embeddings e USING erased WHERE e.subject_type = 'message' AND e.subject_id = erased.id
   )
   SELECT count(*)::int AS n, max(seq) AS last_seq, array_agg(id) FILTER (WHERE EXISTS (
            SELECT 1 FROM contact_facts f WHERE f.source_message_id = erased.id)) AS cited
     FROM erased`,
  notNull: ["n"],
});

// --- attachments: the rows, and each file no other row refers to ---
const ATTACHMENTS = query("privacy.attachmentsToErase", {
  text: `SELECT a.id, a.sha256,
          EXISTS (SELECT 1 FROM attachments o WHERE o.sha256 = a.sha256 AND NOT (o.conversation_id = ANY($1::uuid[]))) AS shared
     FROM attachments a WHERE a.conversation_id = ANY($1::uuid[]) ORDER BY a.id LIMIT $2`,
  notNull: ["shared"],
});
const REMOVE_ATTACHMENTS = query("privacy.removeAttachments", {
  text: `DELETE FROM attachments WHERE id = ANY($1::uuid[])`,
});

// --- drafts and held messages: their words; one still waiting can no longer be approved ---
const DRAFTS = query("privacy.eraseDrafts", {
  text: `WITH batch AS (
     SELECT id FROM drafts
      WHERE conversation_id = ANY($1::uuid[])
        AND (body <> '' OR original_body <> '' OR blocks IS NOT NULL OR rationale IS NOT NULL
             OR follow_up_body IS NOT NULL OR decision_note IS NOT NULL OR follow_up_cancel_reason IS NOT NULL
             OR status = 'pending' OR follow_up_status IN ('pending', 'scheduled'))
      LIMIT $2 FOR UPDATE
   )
   UPDATE drafts d SET body = '', original_body = '', blocks = NULL, rationale = NULL, follow_up_body = NULL,
          decision_note = NULL, follow_up_cancel_reason = NULL,
          status = CASE WHEN d.status = 'pending' THEN 'expired'::draft_status ELSE d.status END,
          follow_up_status = CASE WHEN d.follow_up_status IN ('pending', 'scheduled')
                                  THEN 'cancelled'::follow_up_status ELSE d.follow_up_status END
     FROM batch WHERE d.id = batch.id
   RETURNING d.id`,
});

// --- policy decisions: kept by id, without what the bot tried to say ---
const DECISIONS = query("privacy.eraseDecisions", {
  text: `WITH batch AS (
     SELECT id FROM policy_decisions
      WHERE workspace_id = $1 AND conversation_id = ANY($2::uuid[])
        AND (excerpt IS NOT NULL OR body IS NOT NULL OR blocks IS NOT NULL)
      LIMIT $3 FOR UPDATE
   )
   UPDATE policy_decisions p SET excerpt = NULL, body = NULL, blocks = NULL FROM batch WHERE p.id = batch.id
   RETURNING p.id`,
});

// --- webhook deliveries and their attempts: the envelope's ids stay, the data goes; one still due is given up ---
// Found once (one read of the bots' deliveries: there is no index by conversation), then erased by id in batches.
const DELIVERIES_TO_ERASE = query("privacy.deliveriesToErase", {
  text: `SELECT id FROM webhook_deliveries
    WHERE bot_id = ANY($1::uuid[]) AND conversation_id = ANY($2::uuid[]) AND NOT (payload ? 'erased')`,
});
const DELIVERIES = query("privacy.eraseDeliveries", {
  text: `WITH batch AS (
     SELECT id FROM webhook_deliveries WHERE id = ANY($1::uuid[]) AND NOT (payload ? 'erased') FOR UPDATE
   ), erased AS (
     UPDATE webhook_deliveries w
        SET payload = jsonb_build_object('id', w.payload->'id', 'type', w.payload->'type',
                                         'created_at', w.payload->'created_at', 'bot_id', w.payload->'bot_id',
                                         'erased', true),
            last_error = CASE WHEN w.status = 'pending' THEN 'Erased before it was delivered' ELSE NULL END,
            status = CASE WHEN w.status = 'pending' THEN 'failed'::"DeliveryStatus" ELSE w.status END,
            next_attempt_at = NULL
       FROM batch WHERE w.id = batch.id RETURNING w.id
   ), attempts AS (
     UPDATE webhook_attempts t SET request_body = '', request_headers = '{}'::jsonb, response_body = NULL, error = NULL
       FROM erased WHERE t.delivery_id = erased.id
   )
   SELECT count(*)::int AS n FROM erased`,
  notNull: ["n"],
});

// --- stored responses of bots' idempotent requests that name the conversations or the contact ---
const STORED_RESPONSES = query("privacy.eraseStoredResponses", {
  text: `DELETE FROM idempotency_keys
    WHERE bot_id = ANY($1::uuid[]) AND response_body IS NOT NULL
      AND response_body::text LIKE ANY ($2::text[])`,
});

// --- notifications (in-app, push) about them, and e-mails that list them ---
const NOTIFICATIONS = query("privacy.eraseNotifications", {
  text: `WITH subjects AS (
     SELECT id FROM messages WHERE conversation_id = ANY($2::uuid[])
     UNION ALL SELECT id FROM drafts WHERE conversation_id = ANY($2::uuid[])
     UNION ALL SELECT unnest($3::uuid[])
   ), gone AS (
     DELETE FROM notifications n
      WHERE n.workspace_id = $1
        AND (n.subject_id IN (SELECT id FROM subjects) OR n.path LIKE ANY ($4::text[]))
     RETURNING n.path, n.subject_id
   ), mails AS (
     DELETE FROM email_outbox m
      WHERE m.workspace_id = $1
        AND (m.items::text LIKE ANY ($4::text[])
             OR EXISTS (SELECT 1 FROM gone g WHERE strpos(m.items::text, g.path) > 0))
     RETURNING m.id
   )
   SELECT (SELECT count(*) FROM gone)::int AS notifications, (SELECT count(*) FROM mails)::int AS emails`,
  notNull: ["notifications", "emails"],
});

// --- the readable audit history's details about them (the chain keeps ids and digests only) ---
const AUDIT_DETAILS = query("privacy.eraseAuditDetails", {
  text: `UPDATE audit_events a SET data = '{}'::jsonb
    WHERE a.workspace_id = $1 AND a.data <> '{}'::jsonb
      AND (a.subject_id = ANY($2::uuid[])
           OR a.subject_id IN (SELECT id FROM messages WHERE conversation_id = ANY($3::uuid[]))
           OR a.subject_id IN (SELECT id FROM drafts WHERE conversation_id = ANY($3::uuid[])))`,
});

export interface RunErasureOptions {
  /** Called before each batch's transaction; a test throws from it to stand for the worker killed mid-job. */
  beforeBatch?: (step: Step) => void;
  /** The time, for the wait on the bots' deliveries (tests move it on). */
  now?: () => Date;
}

/** A step that cannot finish yet: the job is enqueued again for `at`, and the step runs again then. */
interface Later {
  later: Date;
}

/** Runs an erasure from the step its record names to the end. Safe to run again, or twice at once. */
export async function runErasure(erasureId: string, options: RunErasureOptions = {}): Promise<void> {
  for (;;) {
    const [erasure] = await sql().query(LOAD, [erasureId]);
    if (!erasure || erasure.step === "done") return;
    const step = erasure.step as Step;
    const count = await runStep(erasure, step, options);
    if (typeof count === "object") {
      await transaction((tx) =>
        enqueueJob(tx, {
          task: ERASE_TASK,
          payload: { erasure_id: erasureId },
          jobKey: erasureJobKey(erasureId),
          runAt: count.later,
          maxAttempts: ERASE_MAX_ATTEMPTS,
        }),
      );
      return;
    }
    const steps = stepsOf(erasure);
    const next = steps[steps.indexOf(step) + 1] ?? "done";
    await transaction(async (tx) => {
      await tx.query(ADVANCE, [erasureId, next, step, count]);
      if (next === "done")
        await recordAuditSql(tx, {
          workspaceId: erasure.workspace_id,
          actor: { type: "system", via: "job" },
          action: `${erasure.subject_type}.erased`,
          subjectType: erasure.subject_type,
          subjectId: erasure.subject_id,
          data: { erasure_id: erasure.id },
        });
    });
  }
}

/** Batches of a step until it finds nothing left: the rows it changed. */
async function batches(work: () => Promise<number>, step: Step, options: RunErasureOptions): Promise<number> {
  let total = 0;
  for (;;) {
    options.beforeBatch?.(step);
    const n = await work();
    total += n;
    if (n === 0) return total;
  }
}

/** `%id%` patterns that find the ids in JSON or text. */
const patterns = (ids: string[]) => ids.map((id) => `%${id}%`);

async function runStep(erasure: Erasure, step: Step, options: RunErasureOptions): Promise<number | Later> {
  const conversations = erasure.conversation_ids;
  switch (step) {
    case "person_messages":
      return batches(
        () =>
          transaction(async (tx) => {
            const [row] = await tx.query(PERSON_MESSAGES, [erasure.subject_id, conversations, BATCH]);
            await uncite(tx, row!.cited ?? []);
            return row!.n;
          }),
        step,
        options,
      );
    case "person_files":
      return batches(
        async () => {
          const rows = await sql().query(PERSON_FILES, [erasure.subject_id, conversations, BATCH]);
          await removeFiles(rows);
          if (rows.length) await sql().query(REMOVE_ATTACHMENTS, [rows.map((r) => r.id)]);
          return rows.length;
        },
        step,
        options,
      );
    case "person_deliveries":
      return eraseDeliveries(
        await sql().query(PERSON_DELIVERIES_TO_ERASE, [erasure.bot_ids, conversations, erasure.subject_id]),
        options,
      );
    case "person_notifications": {
      options.beforeBatch?.(step);
      const [row] = await sql().query(PERSON_NOTIFICATIONS, [erasure.workspace_id, erasure.subject_id, conversations]);
      return row!.notifications + row!.emails;
    }
    case "person_audit_details":
      options.beforeBatch?.(step);
      await sql().query(PERSON_AUDIT_DETAILS, [erasure.workspace_id, erasure.subject_id, conversations]);
      return 0;
    case "messages":
      return eraseMessages(conversations, options);
    case "attachments":
      return batches(() => eraseAttachments(conversations), step, options);
    case "drafts":
      return batches(async () => (await sql().query(DRAFTS, [conversations, BATCH])).length, step, options);
    case "decisions":
      return batches(
        async () => (await sql().query(DECISIONS, [erasure.workspace_id, conversations, BATCH])).length,
        step,
        options,
      );
    case "deliveries":
      return eraseDeliveries(await sql().query(DELIVERIES_TO_ERASE, [erasure.bot_ids, conversations]), options);
    case "stored_responses": {
      options.beforeBatch?.(step);
      const workspaceBots = await sql().query(WORKSPACE_BOTS, [erasure.workspace_id]);
      const ids = [...conversations, erasure.subject_id];
      await sql().query(STORED_RESPONSES, [workspaceBots.map((b) => b.id), patterns(ids)]);
      return 0;
    }
    case "notifications": {
      options.beforeBatch?.(step);
      const [row] = await sql().query(NOTIFICATIONS, [
        erasure.workspace_id,
        conversations,
        erasure.fact_ids,
        patterns(conversations),
      ]);
      return row!.notifications + row!.emails;
    }
    case "audit_details": {
      options.beforeBatch?.(step);
      await sql().query(AUDIT_DETAILS, [
        erasure.workspace_id,
        [erasure.subject_id, ...conversations, ...erasure.fact_ids],
        conversations,
      ]);
      return 0;
    }
    case "vectors":
      options.beforeBatch?.(step);
      // A contact's conversations have nothing left to embed; a person's have everyone else's messages.
      await forgetVectors(sql(), { conversationIds: conversations, watermarks: erasure.subject_type !== "person" });
      return conversations.length;
    case "workspace_messages":
      return purgeMessages(conversations, options);
    case "workspace_deliveries":
      return batches(
        async () => (await sql().query(PURGE_DELIVERIES, [erasure.workspace_id, PURGE_BATCH]))[0]!.n,
        step,
        options,
      );
    case "workspace_rest":
      return eraseWorkspaceRest(erasure.workspace_id, options);
    case "workspace_rows":
      // Everything else of it at once, but what telling its bots needs.
      options.beforeBatch?.(step);
      return purgeRows(erasure, KEPT_TO_TELL_BOTS);
    case "tell_bots": {
      options.beforeBatch?.(step);
      const told = { workspaceId: erasure.workspace_id, conversationIds: conversations, botIds: erasure.bot_ids };
      if (erasure.subject_type === "person") await personErased(sql(), { ...told, personId: erasure.subject_id });
      else if (erasure.subject_type === "workspace") await workspaceErased(sql(), told);
      else await contactErased(sql(), { ...told, contactId: erasure.subject_id });
      return erasure.bot_ids.length;
    }
    case "await_bots": {
      // The workspace's bots are deleted with it, and their deliveries with them: the purge waits until each
      // `workspace.erased` was delivered or given up (its retry schedule), or AWAIT_BOTS_MAX_MS passed.
      options.beforeBatch?.(step);
      const now = options.now?.() ?? new Date();
      const [row] = await sql().query(BOTS_STILL_TOLD, [erasure.workspace_id]);
      if (row!.n === 0 || now.getTime() - erasure.created_at.getTime() >= AWAIT_BOTS_MAX_MS) return row!.n;
      return { later: new Date(now.getTime() + AWAIT_BOTS_EVERY_MS) };
    }
    case "purge": {
      options.beforeBatch?.(step);
      const deleted = await purgeRows(erasure, []);
      await sql().query(PURGE_WORKSPACE, [erasure.workspace_id]);
      return deleted;
    }
    case "vacuum":
      options.beforeBatch?.(step);
      // Old row versions keep the erased text on disk until VACUUM reclaims them; this makes it now, not someday.
      await vacuum(ERASED_TABLES);
      return 0;
    case "done":
      return 0;
  }
}

// --- a person's: the messages they wrote in the conversations (and what cites them), their files, the deliveries
// that carried their messages, the notifications about them or from them, the audit details about them ---
const PERSON_MESSAGES = query("privacy.erasePersonMessages", {
  text: `WITH batch AS (
     SELECT id FROM messages WHERE sender_user_id = $1 AND conversation_id = ANY($2::uuid[]) AND erased_at IS NULL
      LIMIT $3 FOR UPDATE
   ), erased AS (
     UPDATE messages m SET body = '', blocks = NULL, metadata = '{}'::jsonb, erased_at = now()
       FROM batch WHERE m.id = batch.id RETURNING m.id, m.conversation_id
   ), vectors AS (
     DELETE FROM embeddings e USING erased WHERE e.subject_type = 'message' AND e.subject_id = erased.id
   ), previews AS (
     UPDATE conversations c SET last_message_preview = ''
      WHERE c.id IN (SELECT conversation_id FROM erased)
        AND (SELECT l.id FROM messages l WHERE l.conversation_id = c.id ORDER BY l.seq DESC LIMIT 1) IN (SELECT id FROM erased)
   )
   SELECT count(*)::int AS n, array_agg(id) FILTER (WHERE EXISTS (
            SELECT 1 FROM contact_facts f WHERE f.source_message_id = erased.id)) AS cited
     FROM erased`,
  notNull: ["n"],
});
const PERSON_FILES = query("privacy.personFilesToErase", {
  text: `SELECT a.id, a.sha256,
          EXISTS (SELECT 1 FROM attachments o WHERE o.sha256 = a.sha256 AND o.id <> a.id
                   AND (o.uploaded_by_user_id IS DISTINCT FROM $1 OR NOT (o.conversation_id = ANY($2::uuid[])))) AS shared
     FROM attachments a WHERE a.uploaded_by_user_id = $1 AND a.conversation_id = ANY($2::uuid[]) ORDER BY a.id LIMIT $3`,
  notNull: ["shared"],
});
const PERSON_DELIVERIES_TO_ERASE = query("privacy.personDeliveriesToErase", {
  text: `SELECT id FROM webhook_deliveries
    WHERE bot_id = ANY($1::uuid[]) AND conversation_id = ANY($2::uuid[]) AND NOT (payload ? 'erased')
      AND (payload #>> '{data,message,id}') IN (
        SELECT id::text FROM messages WHERE sender_user_id = $3 AND conversation_id = ANY($2::uuid[]))`,
});
const PERSON_NOTIFICATIONS = query("privacy.erasePersonNotifications", {
  text: `WITH gone AS (
     DELETE FROM notifications n
      WHERE n.workspace_id = $1
        AND (n.actor_user_id = $2
             OR n.subject_id IN (SELECT id FROM messages WHERE sender_user_id = $2 AND conversation_id = ANY($3::uuid[]))
             OR n.subject_id IN (SELECT id FROM erasure_requests WHERE workspace_id = $1 AND user_id = $2))
     RETURNING n.path
   ), mails AS (
     DELETE FROM email_outbox m
      WHERE m.workspace_id = $1 AND EXISTS (SELECT 1 FROM gone g WHERE strpos(m.items::text, g.path) > 0)
     RETURNING m.id
   )
   SELECT (SELECT count(*) FROM gone)::int AS notifications, (SELECT count(*) FROM mails)::int AS emails`,
  notNull: ["notifications", "emails"],
});
const PERSON_AUDIT_DETAILS = query("privacy.erasePersonAuditDetails", {
  text: `UPDATE audit_events a SET data = '{}'::jsonb
    WHERE a.workspace_id = $1 AND a.data <> '{}'::jsonb
      AND (a.actor_id = $2 OR a.subject_id = $2
           OR a.subject_id IN (SELECT id FROM messages WHERE sender_user_id = $2 AND conversation_id = ANY($3::uuid[])))`,
});

/** The tables an erasure updates or deletes from (a workspace's deletion reaches more, each small once emptied). */
const ERASED_TABLES = [
  "messages",
  "drafts",
  "policy_decisions",
  "webhook_deliveries",
  "webhook_attempts",
  "notifications",
  "email_outbox",
  "audit_events",
  "conversations",
  "conversation_participants",
  "contacts",
  "contact_facts",
  "opt_outs",
  "embeddings",
  "idempotency_keys",
  "attachments",
  // A person's account scrubbed, a workspace's rows deleted (its name, its people's, its bots' descriptions).
  "users",
  "memberships",
  "workspaces",
  "bots",
  "bot_authorizations",
  "bot_signing_secrets",
  "api_keys",
  "agent_requests",
  "exports",
  "erasure_requests",
];

/** Each conversation's messages by seq, a batch a transaction; a run begun again starts over and skips the erased. */
async function eraseMessages(conversations: string[], options: RunErasureOptions): Promise<number> {
  let total = 0;
  for (const conversationId of conversations) {
    let after = 0;
    for (;;) {
      options.beforeBatch?.("messages");
      const batch = await transaction(async (tx) => {
        const [row] = await tx.query(MESSAGES, [conversationId, after, BATCH]);
        await uncite(tx, row!.cited ?? []);
        return row!;
      });
      if (batch.n === 0) break;
      total += batch.n;
      after = batch.last_seq!;
    }
  }
  return total;
}

/** The deliveries found (once: there is no index by conversation), erased by id a batch at a time. */
async function eraseDeliveries(found: { id: string }[], options: RunErasureOptions): Promise<number> {
  const ids = found.map((r) => r.id);
  let total = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    options.beforeBatch?.("deliveries");
    total += (await sql().query(DELIVERIES, [ids.slice(i, i + BATCH)]))[0]!.n;
  }
  return total;
}

const WORKSPACE_BOTS = query("privacy.workspaceBots", { text: `SELECT id FROM bots WHERE workspace_id = $1` });

// --- a deleted workspace's: vectors of its contacts and facts, files out of its conversations, export archives ---
const WORKSPACE_VECTORS = query("privacy.eraseWorkspaceVectors", {
  text: `WITH gone AS (
     DELETE FROM embeddings WHERE ctid = ANY (ARRAY(SELECT ctid FROM embeddings WHERE workspace_id = $1 LIMIT $2))
     RETURNING 1)
   SELECT count(*)::int AS n FROM gone`,
  notNull: ["n"],
});
const WORKSPACE_FILES = query("privacy.workspaceFilesToErase", {
  text: `SELECT a.id, a.sha256,
          EXISTS (SELECT 1 FROM attachments o WHERE o.sha256 = a.sha256 AND o.workspace_id <> $1) AS shared
     FROM attachments a WHERE a.workspace_id = $1 ORDER BY a.id LIMIT $2`,
  notNull: ["shared"],
});
const WORKSPACE_EXPORTS = query("privacy.workspaceExports", {
  text: `DELETE FROM exports WHERE workspace_id = $1 RETURNING id`,
});

async function eraseWorkspaceRest(workspaceId: string, options: RunErasureOptions): Promise<number> {
  const vectors = await batches(
    async () => (await sql().query(WORKSPACE_VECTORS, [workspaceId, BATCH]))[0]!.n,
    "workspace_rest",
    options,
  );
  const files = await batches(
    async () => {
      const rows = await sql().query(WORKSPACE_FILES, [workspaceId, BATCH]);
      await removeFiles(rows);
      if (rows.length) await sql().query(REMOVE_ATTACHMENTS, [rows.map((r) => r.id)]);
      return rows.length;
    },
    "workspace_rest",
    options,
  );
  // The rows are deleted and their files removed before that commits: a crash first leaves the rows for the step run
  // again, and an export still being built waits on its row, finds it gone, and deletes its own archive
  // (./build-export.ts).
  const archives = await transaction(async (tx) => {
    const rows = await tx.query(WORKSPACE_EXPORTS, [workspaceId]);
    for (const { id } of rows) await rm(archivePath(id), { force: true });
    return rows.length;
  });
  return vectors + files + archives;
}

// The workspace.erased deliveries still due.
const BOTS_STILL_TOLD = query("privacy.workspaceErasedPending", {
  text: `SELECT count(*)::int AS n FROM webhook_deliveries
    WHERE workspace_id = $1 AND event_type = 'workspace.erased' AND status = 'pending'`,
  notNull: ["n"],
});

// --- a deleted workspace's rows, for good: its messages and its bots' deliveries a batch at a time, then every other
// row that names it, its conversations or its bots (relay_purge_workspace_rows, read from the catalog: many tables
// have no foreign key to them), then the workspace itself ---
const PURGE_MESSAGES = query("privacy.purgeMessages", {
  text: `WITH gone AS (
     DELETE FROM messages WHERE id = ANY (ARRAY(SELECT id FROM messages WHERE conversation_id = $1 ORDER BY seq LIMIT $2))
     RETURNING 1)
   SELECT count(*)::int AS n FROM gone`,
  notNull: ["n"],
});
// The deliveries of the workspace's events and of its bots (they carry content; the bots are told afterwards).
const PURGE_DELIVERIES = query("privacy.purgeDeliveries", {
  text: `WITH gone AS (
     DELETE FROM webhook_deliveries WHERE id = ANY (ARRAY(
       SELECT d.id FROM webhook_deliveries d WHERE d.workspace_id = $1
       UNION ALL
       SELECT d.id FROM webhook_deliveries d JOIN bots b ON b.id = d.bot_id WHERE b.workspace_id = $1
       LIMIT $2))
     RETURNING 1)
   SELECT count(*)::int AS n FROM gone`,
  notNull: ["n"],
});
const PURGE_ROWS = query("privacy.purgeWorkspaceRows", {
  text: `SELECT table_name, deleted FROM relay_purge_workspace_rows($1, $2::uuid[], $3::uuid[], $4::text[])`,
  notNull: ["table_name", "deleted"],
});
const PURGE_WORKSPACE = query("privacy.purgeWorkspace", { text: `DELETE FROM workspaces WHERE id = $1` });
/** What telling a deleted workspace's bots needs until they are told: the bots, their secrets, their deliveries. */
const KEPT_TO_TELL_BOTS = ["bots", "bot_signing_secrets", "webhook_deliveries", "webhook_attempts"];

async function purgeMessages(conversations: string[], options: RunErasureOptions): Promise<number> {
  let total = 0;
  for (const conversationId of conversations)
    total += await batches(
      async () => (await sql().query(PURGE_MESSAGES, [conversationId, PURGE_BATCH]))[0]!.n,
      "workspace_messages",
      options,
    );
  return total;
}

/** Every row naming the workspace, its conversations or its own bots, but in the tables `keep` names. */
async function purgeRows(erasure: Erasure, keep: string[]): Promise<number> {
  const bots = (await sql().query(WORKSPACE_BOTS, [erasure.workspace_id])).map((b) => b.id);
  const rows = await transaction((tx) =>
    tx.query(PURGE_ROWS, [erasure.workspace_id, erasure.conversation_ids, bots, keep]),
  );
  return rows.reduce((sum, row) => sum + row.deleted, 0);
}
/** Rows a purge deletes per statement: emptied already, they are small. */
const PURGE_BATCH = 2000;

/** One batch of attachments: the files no other row refers to go first, then the rows (a crash between: again). */
async function eraseAttachments(conversations: string[]): Promise<number> {
  const rows = await sql().query(ATTACHMENTS, [conversations, BATCH]);
  await removeFiles(rows);
  if (rows.length) await sql().query(REMOVE_ATTACHMENTS, [rows.map((r) => r.id)]);
  return rows.length;
}
