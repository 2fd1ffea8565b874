import path from "node:path";
import pg from "pg";
import { ensureEmbeddedPostgres, embeddedUrl, type EmbeddedServer } from "@/lib/db/embedded";
import { applyMigrations } from "@/lib/db/migrate";
import { createDatabaseIfMissing } from "@/lib/db/setup";
import { UNTHROTTLED } from "../lib";

// bench/scale (issue 23): a workspace at the size of a year's use, written by the database itself
// (INSERT ... SELECT over generate_series: no rows cross the wire, no library needed). One transaction per
// workspace, so a run either seeds it whole or not at all; a second run finds it by its slug and does nothing.
//
// At scale 1 the workspace `scale-main` holds: 1,000,000 messages over 20,000 conversations (one of them 100,000
// long, with contact #0), 50,000 contacts, 500 bots, 200 people (every 50th an admin), 200,000 webhook deliveries in
// every status with their attempts, 10,000 pending approvals (drafts and held messages) beside 30,000 decided ones,
// 50,000 policy decisions, 20,000 facts (candidate, confirmed, rejected). Embeddings are left pending (no vectors,
// no embedding_progress rows): contact search then ranks by words alone plus the query's embedding; the words are a
// generated column (messages.search_words), so the seeded rows are searchable at once.
//
//   npm run bench:seed-large          # embedded PostgreSQL in bench/out/scale/postgres (kept between runs)
//   DATABASE_URL=postgres://... npm run bench:seed-large

export const MAIN = "scale-main";
export const SIDE = "scale-side";
export const LARGE_DB = "relay_scale_large";
export const EMPTY_DB = "relay_scale_empty";
export const SCALE_DATA_DIR = path.join("bench", "out", "scale", "postgres");

export interface Sizes {
  users: number;
  bots: number;
  contacts: number;
  conversations: number;
  /** Messages of conversation #0 (contact #0, bots #0 and #1). */
  longConversation: number;
  /** All messages, the long conversation's included. */
  messages: number;
  pendingApprovals: number;
  decidedApprovals: number;
  policyDecisions: number;
  deliveries: number;
  facts: number;
}

export const LARGE: Sizes = {
  users: 200,
  bots: 500,
  contacts: 50_000,
  conversations: 20_000,
  longConversation: 100_000,
  messages: 1_000_000,
  pendingApprovals: 10_000,
  decidedApprovals: 30_000,
  policyDecisions: 50_000,
  deliveries: 200_000,
  facts: 20_000,
};

/** The same shapes at a thousandth (at least a few of each; contact #0's facts as in LARGE; the long conversation long enough for a deep 200-message page): the "empty" database, and the small second workspace. */
export const SMALL: Sizes = {
  users: 10,
  bots: 4,
  contacts: 50,
  conversations: 20,
  longConversation: 400,
  messages: 1_300,
  pendingApprovals: 10,
  decidedApprovals: 30,
  policyDecisions: 50,
  deliveries: 200,
  // Contact #0's forty confirmed facts (the context pack's input) are the same in both databases, plus twenty more.
  facts: 60,
};

const WORDS = {
  names: ["Carla", "Ana", "Ben", "Dev", "Marta", "Jonas", "Inês", "Farid", "Grace", "Hiro", "the courier", "accounts", "her assistant", "the warehouse team"],
  products: ["oak chairs", "glass panels", "the standing desks", "floor lamps", "the blue sofa", "kitchen tiles", "office curtains", "spare hinges", "the walnut table", "bookshelves", "LED strips", "the showroom samples"],
  places: ["Lisbon", "Porto", "the depot", "the showroom", "Madrid", "the Leeds office", "the loading bay", "her new flat"],
  days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "next week", "the end of the month", "tomorrow morning", "the 5th", "the 20th"],
};
const arr = (xs: string[]) => `(ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",")}])`;
/** A sentence from a seeded grammar: `r` is an SQL expression of a pseudo-random non-negative integer. */
const sentence = (r: string) => {
  const pick = (xs: string[], div: number) => `${arr(xs)}[1 + ((${r}) / ${div}) % ${xs.length}]`;
  const [n, p, pl, d] = [pick(WORDS.names, 7), pick(WORDS.products, 97), pick(WORDS.places, 1361), pick(WORDS.days, 11003)];
  return `CASE (${r}) % 7
    WHEN 0 THEN ${n} || ' asked whether ' || ${p} || ' can be delivered to ' || ${pl} || ' by ' || ${d} || '.'
    WHEN 1 THEN 'Invoice INV-' || (10000 + (${r}) % 89999) || ' for ' || ${p} || ' is still open; ' || ${n} || ' promised to pay on ' || ${d} || '.'
    WHEN 2 THEN 'The ' || ${p} || ' arrived at ' || ${pl} || ' with ' || (1 + (${r}) % 9) || ' damaged boxes.'
    WHEN 3 THEN 'Can we move the meeting with ' || ${n} || ' to ' || ${d} || '? The room at ' || ${pl} || ' is booked.'
    WHEN 4 THEN ${n} || ' wants a quote for ' || (2 + (${r}) % 200) || ' ' || ${p} || ', delivered to ' || ${pl} || '.'
    WHEN 5 THEN 'Thanks, I will check with ' || ${n} || ' and get back to you before ' || ${d} || '.'
    ELSE 'Order #' || (1000 + (${r}) % 9000) || ' was split: half the ' || ${p} || ' ship ' || ${d} || ', the rest later.'
  END`;
};
/** A pseudo-random non-negative integer from two integer SQL expressions (a multiplicative hash). */
const rnd = (a: string, b: string) => `((((${a})::bigint * 2654435761 + (${b})::bigint * 40503 + 12345) % 2147483647 + 2147483647) % 2147483647)`;

/** The statements that seed one workspace; `$1` is its slug. Run in one transaction. */
function seedStatements(s: Sizes): string[] {
  const others = Math.max(1, s.conversations - 1);
  const avg = Math.max(2, Math.floor((s.messages - s.longConversation) / others));
  const spread = Math.max(0, Math.min(avg - 2, 35));
  return [
    `CREATE TEMP TABLE seed_ws ON COMMIT DROP AS SELECT gen_random_uuid() AS id, $1::text AS slug`,
    `INSERT INTO workspaces (id, slug, name) SELECT id, slug, 'Scale ' || slug FROM seed_ws`,
    `INSERT INTO workspace_settings (workspace_id, daily_limit, rate_per_second, rate_burst) SELECT id, 1000000, ${UNTHROTTLED.ratePerSecond}, ${UNTHROTTLED.rateBurst} FROM seed_ws`,
    `CREATE TEMP TABLE seed_users ON COMMIT DROP AS SELECT g AS n, gen_random_uuid() AS id FROM generate_series(0, ${s.users - 1}) g`,
    `ALTER TABLE seed_users ADD PRIMARY KEY (n)`,
    `INSERT INTO users (id, email, name, handle, created_at)
       SELECT u.id, w.slug || '-user-' || u.n || '@scale.test', 'Person ' || u.n, w.slug || '-u' || u.n, now() - interval '400 days'
       FROM seed_users u, seed_ws w`,
    `INSERT INTO memberships (workspace_id, user_id, role, created_at)
       SELECT w.id, u.id, CASE WHEN u.n % 50 = 0 THEN 'admin' ELSE 'member' END::member_role, now() - interval '400 days'
       FROM seed_users u, seed_ws w`,
    `CREATE TEMP TABLE seed_bots ON COMMIT DROP AS SELECT g AS n, gen_random_uuid() AS id FROM generate_series(0, ${s.bots - 1}) g`,
    `ALTER TABLE seed_bots ADD PRIMARY KEY (n)`,
    `INSERT INTO bots (id, workspace_id, handle, name, webhook_url, trusted_message_count, created_by_user_id, created_at)
       SELECT b.id, w.id, w.slug || '-bot-' || b.n, 'Bot ' || b.n, 'https://hooks.example.test/' || b.n, 100000,
              (SELECT id FROM seed_users WHERE n = 0), now() - interval '400 days'
       FROM seed_bots b, seed_ws w`,
    `CREATE TEMP TABLE seed_contacts ON COMMIT DROP AS SELECT g AS n, gen_random_uuid() AS id FROM generate_series(0, ${s.contacts - 1}) g`,
    `ALTER TABLE seed_contacts ADD PRIMARY KEY (n)`,
    `INSERT INTO contacts (id, workspace_id, name, email, phone, created_at)
       SELECT c.id, w.id, ${arr(WORDS.names.slice(0, 10))}[1 + c.n % 10] || ' ' || c.n, 'contact' || c.n || '@' || w.slug || '.example.test',
              '+351' || (900000000 + c.n), now() - interval '400 days' + c.n * interval '1 second'
       FROM seed_contacts c, seed_ws w`,
    // Conversation n: contact n (mod contacts), people n and 13n+7 (mod users), bot 1 + n mod (bots-1), and bot 0
    // in every fourth. Activity spread over the last year; #0 is the long one and the most recent.
    `CREATE TEMP TABLE seed_convs ON COMMIT DROP AS
       SELECT g AS n, gen_random_uuid() AS id,
              CASE WHEN g = 0 THEN ${s.longConversation} ELSE ${avg} + (g % ${2 * spread + 1}) - ${spread} END AS cnt,
              now() - interval '1 hour' - (g::float8 / ${s.conversations}) * interval '365 days' AS last_at,
              (SELECT id FROM seed_contacts WHERE n = g % ${s.contacts}) AS contact_id,
              (SELECT id FROM seed_users WHERE n = g % ${s.users}) AS user_a,
              (SELECT id FROM seed_users WHERE n = (13 * g + 7) % ${s.users}) AS user_b,
              (SELECT id FROM seed_bots WHERE n = 1 + g % ${s.bots - 1}) AS bot_a,
              (SELECT id FROM seed_bots WHERE n = 0) AS bot_0
       FROM generate_series(0, ${s.conversations - 1}) g`,
    `ALTER TABLE seed_convs ADD PRIMARY KEY (n)`,
    `INSERT INTO conversations (id, workspace_id, title, last_seq, last_message_at, last_message_preview, created_by_user_id, created_at)
       SELECT c.id, w.id, 'Conversation ' || c.n, c.cnt, c.last_at, left(${sentence(rnd("c.n", "c.cnt"))}, 140), c.user_a,
              c.last_at - c.cnt * interval '10 minutes' - interval '1 day'
       FROM seed_convs c, seed_ws w`,
    `INSERT INTO conversation_participants (conversation_id, contact_id, joined_at) SELECT id, contact_id, last_at - interval '2 days' FROM seed_convs`,
    `INSERT INTO conversation_participants (conversation_id, user_id, joined_at)
       SELECT id, user_a, last_at - interval '2 days' FROM seed_convs
       UNION ALL SELECT id, user_b, last_at - interval '2 days' FROM seed_convs WHERE user_b <> user_a`,
    `INSERT INTO conversation_reads (conversation_id, user_id, last_read_seq)
       SELECT id, user_a, greatest(0, cnt - n % 5) FROM seed_convs
       UNION ALL SELECT id, user_b, greatest(0, cnt - n % 3) FROM seed_convs WHERE user_b <> user_a`,
    `INSERT INTO bot_authorizations (conversation_id, bot_id, authorized_by_user_id, created_at)
       SELECT id, bot_a, user_a, last_at - interval '2 days' FROM seed_convs
       UNION ALL SELECT id, bot_0, user_a, last_at - interval '2 days' FROM seed_convs WHERE n % 4 = 0 AND bot_a <> bot_0`,
    // Messages: seq 1..cnt, ten minutes apart (the long one: spread over its year), people and bots in turn.
    `INSERT INTO messages (conversation_id, seq, kind, body, sender_user_id, sender_bot_id, created_at)
       SELECT c.id, g, 'text', ${sentence(rnd("c.n", "g"))},
              CASE WHEN g % 2 = 1 THEN CASE WHEN g % 4 = 1 THEN c.user_a ELSE c.user_b END END,
              CASE WHEN g % 2 = 0 THEN CASE WHEN g % 8 = 0 AND c.n % 4 = 0 THEN c.bot_0 ELSE c.bot_a END END,
              c.last_at - (c.cnt - g) * CASE WHEN c.n = 0 THEN interval '5 minutes' ELSE interval '10 minutes' END
       FROM seed_convs c, generate_series(1, c.cnt) g`,
    // Approvals: pending ones (drafts and held messages) across the conversations, and decided ones before them.
    `INSERT INTO drafts (conversation_id, bot_id, origin, status, body, original_body, reasons, created_at, expires_at, decided_at)
       SELECT c.id, c.bot_a, CASE WHEN k % 3 = 0 THEN 'draft' ELSE 'held_message' END::draft_origin,
              CASE WHEN k < ${s.pendingApprovals} THEN 'pending' ELSE (ARRAY['approved','rejected','expired'])[1 + k % 3] END::draft_status,
              ${sentence(rnd("k", "7"))}, ${sentence(rnd("k", "7"))},
              CASE WHEN k % 3 = 0 THEN '{}'::text[] ELSE ARRAY[(ARRAY['new_bot','sensitive_money','conversation_taken_over'])[1 + k % 3]] END,
              CASE WHEN k < ${s.pendingApprovals} THEN now() - (k % 72) * interval '1 hour' ELSE now() - interval '4 days' - k * interval '10 minutes' END,
              CASE WHEN k < ${s.pendingApprovals} THEN now() + interval '60 days' ELSE now() - interval '1 day' - k * interval '10 minutes' END,
              CASE WHEN k < ${s.pendingApprovals} THEN NULL ELSE now() - interval '2 days' - k * interval '10 minutes' END
       FROM generate_series(0, ${s.pendingApprovals + s.decidedApprovals - 1}) k
       JOIN seed_convs c ON c.n = (k * 7) % ${s.conversations}`,
    `INSERT INTO policy_decisions (workspace_id, bot_id, conversation_id, mode, outcome, reasons, excerpt, created_at)
       SELECT w.id, c.bot_a, c.id, 'send', (ARRAY['deferred','blocked','refused'])[1 + k % 3],
              ARRAY[(ARRAY['rate_limit_day','blocked_by_participant','opted_out'])[1 + k % 3]], left(${sentence(rnd("k", "11"))}, 80),
              now() - k * (interval '365 days' / ${s.policyDecisions})
       FROM generate_series(0, ${s.policyDecisions - 1}) k
       JOIN seed_convs c ON c.n = (k * 11) % ${s.conversations}, seed_ws w`,
    // Deliveries: a fifth for bot #0, the rest spread; 90 % succeeded, 7 % failed, 3 % pending; over the year.
    `CREATE TEMP TABLE seed_deliveries ON COMMIT DROP AS
       SELECT k, gen_random_uuid() AS id, c.id AS conversation_id,
              CASE WHEN k % 5 = 0 THEN c.bot_0 ELSE c.bot_a END AS bot_id,
              CASE WHEN k % 100 < 90 THEN 'succeeded' WHEN k % 100 < 97 THEN 'failed' ELSE 'pending' END AS status,
              (ARRAY['message.created','message.received','conversation.bot_added','draft.approved','draft.expired'])[1 + k % 5] AS event_type,
              now() - k * (interval '365 days' / ${s.deliveries}) AS created_at
       FROM generate_series(0, ${s.deliveries - 1}) k
       JOIN seed_convs c ON c.n = (k * 3) % ${s.conversations}`,
    `INSERT INTO webhook_deliveries (id, event_id, event_type, bot_id, workspace_id, conversation_id, payload, status, attempt_count,
                                     round_attempt_count, next_attempt_at, last_response_status, last_error, created_at, completed_at)
       SELECT d.id, gen_random_uuid(), d.event_type, d.bot_id, w.id, d.conversation_id,
              jsonb_build_object('type', d.event_type, 'conversation_id', d.conversation_id, 'created_at', d.created_at),
              d.status::"DeliveryStatus",
              CASE d.status WHEN 'succeeded' THEN 1 + (k % 10 = 0)::int WHEN 'failed' THEN 3 ELSE 1 END,
              CASE d.status WHEN 'succeeded' THEN 1 + (k % 10 = 0)::int WHEN 'failed' THEN 3 ELSE 1 END,
              CASE WHEN d.status = 'pending' THEN now() + interval '5 minutes' END,
              CASE d.status WHEN 'succeeded' THEN 200 WHEN 'failed' THEN 503 ELSE 500 END,
              CASE WHEN d.status <> 'succeeded' THEN 'HTTP 5xx' END,
              d.created_at, CASE WHEN d.status <> 'pending' THEN d.created_at + interval '2 seconds' END
       FROM seed_deliveries d, seed_ws w`,
    `INSERT INTO webhook_attempts (delivery_id, number, trigger, url, request_headers, request_body, response_status, response_body, duration_ms, error, started_at)
       SELECT d.id, a, CASE WHEN a = 1 THEN 'delivery' ELSE 'retry' END, 'https://hooks.example.test/x',
              '{"content-type":"application/json"}'::jsonb, '{"type":"' || d.event_type || '"}',
              CASE WHEN d.status = 'succeeded' AND a = n THEN 200 ELSE 503 END, CASE WHEN d.status = 'succeeded' AND a = n THEN 'ok' END,
              20 + (d.k % 200), CASE WHEN NOT (d.status = 'succeeded' AND a = n) THEN 'HTTP 503' END, d.created_at + a * interval '1 second'
       FROM seed_deliveries d,
            LATERAL (SELECT CASE d.status WHEN 'succeeded' THEN 1 + (d.k % 10 = 0)::int WHEN 'failed' THEN 3 ELSE 1 END AS n) t,
            generate_series(1, t.n) a`,
    // Facts: forty confirmed ones about contact #0 (cited from the long conversation), the rest one per contact.
    `INSERT INTO contact_facts (workspace_id, contact_id, key, fact, status, source_message_id, proposed_by_bot_id, confirmed_at, decided_at, created_at)
       SELECT w.id, ct.id, 'note.n' || k, 'Fact ' || k || ': ' || ${sentence(rnd("k", "13"))},
              CASE WHEN k < 40 OR k % 10 < 6 THEN 'confirmed' WHEN k % 10 < 9 THEN 'candidate' ELSE 'rejected' END::fact_status,
              CASE WHEN k < 40 THEN (SELECT m.id FROM messages m WHERE m.conversation_id = (SELECT id FROM seed_convs WHERE n = 0) AND m.seq = 1 + k * 7) END,
              (SELECT id FROM seed_bots WHERE n = 0),
              CASE WHEN k < 40 OR k % 10 < 6 THEN now() - interval '3 days' END,
              CASE WHEN k < 40 OR k % 10 < 6 OR k % 10 = 9 THEN now() - interval '3 days' END,
              now() - interval '4 days'
       FROM generate_series(0, ${s.facts - 1}) k
       JOIN seed_contacts ct ON ct.n = CASE WHEN k < 40 THEN 0 ELSE k % ${s.contacts} END, seed_ws w`,
  ];
}

export interface SeedTarget {
  url: string;
  slug: string;
  sizes: Sizes;
}

/** Seeds the workspace unless a workspace with its slug exists; true when it seeded. */
export async function seedWorkspace(target: SeedTarget, log: (line: string) => void = () => {}): Promise<boolean> {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM workspaces WHERE slug = $1", [target.slug]);
    if (rowCount) return false;
    const t0 = performance.now();
    await client.query("BEGIN");
    await client.query("SET LOCAL synchronous_commit = off");
    await client.query("SET LOCAL maintenance_work_mem = '256MB'");
    for (const statement of seedStatements(target.sizes)) {
      const t = performance.now();
      const uses = statement.includes("$1");
      const result = await client.query(statement, uses ? [target.slug] : []);
      const head = /^\s*(INSERT INTO \w+|CREATE TEMP TABLE \w+|ALTER TABLE \w+)/.exec(statement)?.[1] ?? statement.slice(0, 40);
      log(`  ${target.slug}: ${head}: ${result.rowCount ?? 0} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    await client.query("COMMIT");
    await client.query("ANALYZE");
    log(`${target.slug} seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    return true;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** Keeps the seeded pending approvals pending (they expire 60 days after seeding; runs long after would see none). */
export async function refreshPending(url: string, slug: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `UPDATE drafts d SET expires_at = now() + interval '60 days'
         FROM conversations c JOIN workspaces w ON w.id = c.workspace_id AND w.slug = $1
        WHERE d.conversation_id = c.id AND d.status = 'pending' AND d.expires_at < now() + interval '30 days'`,
      [slug],
    );
  } finally {
    await client.end();
  }
}

/**
 * Removes what earlier bench:scale runs wrote (their send bots, `scale-send-*`, with their conversations and
 * messages), so every run measures the seeded sizes, not the seed plus every earlier run's sends.
 */
export async function removeBenchLeftovers(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query(
      `CREATE TEMP TABLE leftover_bots ON COMMIT DROP AS SELECT id FROM bots WHERE handle LIKE 'scale-send-%'`,
    );
    await client.query(
      `CREATE TEMP TABLE leftover_convs ON COMMIT DROP AS
         SELECT DISTINCT conversation_id AS id FROM bot_authorizations WHERE bot_id IN (SELECT id FROM leftover_bots)`,
    );
    const { rowCount } = await client.query(`DELETE FROM messages WHERE conversation_id IN (SELECT id FROM leftover_convs)`);
    await client.query(`DELETE FROM conversations WHERE id IN (SELECT id FROM leftover_convs)`);
    await client.query(`DELETE FROM idempotency_keys WHERE bot_id IN (SELECT id FROM leftover_bots)`);
    await client.query(`DELETE FROM api_keys WHERE bot_id IN (SELECT id FROM leftover_bots)`);
    await client.query(`DELETE FROM bot_authorizations WHERE bot_id IN (SELECT id FROM leftover_bots)`);
    await client.query(`DELETE FROM bots WHERE id IN (SELECT id FROM leftover_bots)`);
    // Authorizations an earlier version of this cleanup left behind, their bot gone.
    await client.query(`DELETE FROM bot_authorizations a WHERE NOT EXISTS (SELECT 1 FROM bots b WHERE b.id = a.bot_id)`);
    await client.query("COMMIT");
    if (rowCount) await client.query("VACUUM ANALYZE messages");
    return rowCount ?? 0;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

export interface ScaleDatabases {
  large: string;
  empty: string;
  server: EmbeddedServer | null;
}

/**
 * The two databases of bench:scale, migrated: DATABASE_URL (large) and, beside it on the same server,
 * `<its name>_empty`; or, without DATABASE_URL, relay_scale_large and relay_scale_empty on the embedded server of
 * bench/out/scale/postgres (started here if not running; kept between runs).
 */
export async function scaleDatabases(log: (line: string) => void = () => {}): Promise<ScaleDatabases> {
  let large: string;
  let empty: string;
  let server: EmbeddedServer | null = null;
  if (process.env.DATABASE_URL) {
    large = process.env.DATABASE_URL;
    const url = new URL(large);
    const emptyName = `${url.pathname.slice(1)}_empty`;
    const admin = new URL(large);
    admin.pathname = "/postgres";
    await createDatabaseIfMissing(admin.toString(), { name: emptyName });
    url.pathname = `/${emptyName}`;
    empty = url.toString();
  } else {
    server = await ensureEmbeddedPostgres(SCALE_DATA_DIR, log);
    for (const name of [LARGE_DB, EMPTY_DB]) await createDatabaseIfMissing(server.adminUrl, { name });
    large = embeddedUrl({ port: server.port, database: LARGE_DB, socketDir: server.socketDir });
    empty = embeddedUrl({ port: server.port, database: EMPTY_DB, socketDir: server.socketDir });
  }
  for (const url of [large, empty]) await applyMigrations(url);
  return { large, empty, server };
}

/** Seeds both databases (what is missing only): the large one with `scale-main` and `scale-side`, the empty one with a small `scale-main`. */
export async function ensureScaleSeed(dbs: ScaleDatabases, log: (line: string) => void = () => {}) {
  // The small ones first: a mistake shows in seconds, not after the large one's minutes.
  await seedWorkspace({ url: dbs.empty, slug: MAIN, sizes: SMALL }, log);
  await seedWorkspace({ url: dbs.large, slug: SIDE, sizes: SMALL }, log);
  await seedWorkspace({ url: dbs.large, slug: MAIN, sizes: LARGE }, log);
  for (const url of [dbs.large, dbs.empty]) {
    await refreshPending(url, MAIN);
    const removed = await removeBenchLeftovers(url);
    if (removed) log(`removed ${removed} messages earlier bench:scale runs sent`);
  }
}

/** Rows per table of the workspace's database and its size. */
export async function describeDatabase(url: string): Promise<{ size: string; rows: Record<string, number> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = [
      "workspaces", "users", "memberships", "contacts", "bots", "conversations", "conversation_participants", "bot_authorizations",
      "messages", "drafts", "policy_decisions", "webhook_deliveries", "webhook_attempts", "contact_facts", "embeddings",
    ];
    const rows: Record<string, number> = {};
    for (const table of tables) rows[table] = Number((await client.query(`SELECT count(*) FROM ${table}`)).rows[0].count);
    const size = (await client.query("SELECT pg_size_pretty(pg_database_size(current_database())) AS s")).rows[0].s as string;
    return { size, rows };
  } finally {
    await client.end();
  }
}
