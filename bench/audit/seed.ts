import pg from "pg";

// Audit entries for bench:audit and bench:seed-large (issue 34): a million entries shaped like the chain's commonest,
// a bot's policy decision (ids, codes, a digest), written unsealed by one INSERT ... SELECT so the sealer seals them
// as it seals a deployment's. What the bench measures is the sealer and the verify, not this seed.

export const AUDIT_ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);

/** Adds unsealed entries until the log holds `count`; returns how many it added. */
export async function ensureAuditEntries(url: string, { count }: { count: number }): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM audit_log");
    const missing = count - Number(rows[0]!.n);
    if (missing <= 0) return 0;
    await client.query("SET synchronous_commit = off");
    await client.query(
      `INSERT INTO audit_log (at, kind, workspace_id, actor_type, actor_id, subject_type, subject_id, facts)
       SELECT now() - make_interval(secs => ($1::int - i) * 0.5), 'policy.decided', w.id, 'bot', gen_random_uuid()::text,
              'message', gen_random_uuid()::text,
              jsonb_build_object('mode', 'send', 'outcome', CASE WHEN i % 10 = 0 THEN 'held' ELSE 'sent' END,
                'reasons', CASE WHEN i % 10 = 0 THEN '["first_contact"]'::jsonb ELSE '[]'::jsonb END,
                'ruleSetVersion', 3, 'conversationId', gen_random_uuid(),
                'contentSha256', encode(sha256(i::text::bytea), 'hex'))
         FROM generate_series(1, $1::int) AS i
         CROSS JOIN LATERAL (SELECT id FROM workspaces ORDER BY created_at LIMIT 1) AS w`,
      [missing],
    );
    await client.query("VACUUM ANALYZE audit_log");
    return missing;
  } finally {
    await client.end();
  }
}
