import { scaleDatabases } from "../scale/seed";
import { AUDIT_ENTRIES, ensureAuditEntries } from "./seed";

// npm run bench:audit (issue 34): on bench:scale's large database (bench:seed-large), a million audit entries: how
// fast the sealer seals them (once, when they are new), then `cli audit verify`'s walk over all of them and their
// checkpoints, BENCH_ROUNDS times (median). Target: the verify of a million entries under 60 s on this machine.

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function main() {
  const dbs = await scaleDatabases((line) => console.log(line));
  try {
    const { selectDatabase } = await import("@/lib/db/url");
    selectDatabase(dbs.large);
    const { sealAuditLog } = await import("@/lib/audit/seal-audit-log");
    const { verifyAuditLog, writeCheckpoint } = await import("@/lib/audit/checkpoints");
    const { disconnectDb } = await import("@/lib/db/client");
    const added = await ensureAuditEntries(dbs.large, { count: AUDIT_ENTRIES });
    if (added) console.log(`added ${added} unsealed entries`);
    const t0 = performance.now();
    const { sealed, head } = await sealAuditLog();
    const sealMs = performance.now() - t0;
    if (sealed)
      console.log(`sealed ${sealed} entries in ${(sealMs / 1000).toFixed(1)} s (${Math.round(sealed / (sealMs / 1000))} entries/s)`);
    await writeCheckpoint();
    console.log(`chain head: seq ${head.seq}`);
    const times: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const verdict = await verifyAuditLog();
      if (verdict.broken) throw new Error(`the chain is broken: ${JSON.stringify(verdict.broken)}`);
      times.push(verdict.ms);
      console.log(`round ${round}: verified ${verdict.entries} entries and ${verdict.checkpoints} checkpoints in ${(verdict.ms / 1000).toFixed(1)} s`);
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    console.log(`verify median: ${(median / 1000).toFixed(1)} s for ${head.seq} entries (target < 60 s)`);
    await disconnectDb();
  } finally {
    if (dbs.server?.owned) await dbs.server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
