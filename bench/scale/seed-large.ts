import { AUDIT_ENTRIES, ensureAuditEntries } from "../audit/seed";
import { describeDatabase, ensureScaleSeed, scaleDatabases } from "./seed";

// npm run bench:seed-large (issue 23): seeds the databases bench:scale measures, only what is missing (bench/scale/seed.ts).

async function main() {
  const log = (line: string) => console.log(line);
  const t0 = performance.now();
  const dbs = await scaleDatabases();
  try {
    await ensureScaleSeed(dbs, log);
    // Issue 34: the audit chain's million entries (unsealed; bench:audit seals and verifies them).
    const added = await ensureAuditEntries(dbs.large, { count: AUDIT_ENTRIES });
    if (added) log(`audit_log: ${added} entries`);
    console.log(`done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    for (const [label, url] of [["large", dbs.large], ["empty", dbs.empty]] as const) {
      const { size, rows } = await describeDatabase(url);
      console.log(`${label}: ${size}; ${Object.entries(rows).map(([t, n]) => `${t} ${n}`).join(", ")}`);
    }
  } finally {
    if (dbs.server?.owned) await dbs.server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
