import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { ensureEmbeddedPostgres } from "@/lib/db/embedded";
import { EMBEDDED_DATABASE, prepareDatabase } from "@/lib/db/setup";
import { disconnectDb } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { createBot } from "@/lib/bots/create-bot";
import { createConversation } from "@/lib/conversations/create-conversation";
import { person, systemActor } from "@/lib/people/actor";
import { archivePath, buildExport } from "@/lib/privacy/build-export";
import { eraseContact } from "@/lib/privacy/erase-contact";
import { listExports, requestExport } from "@/lib/privacy/request-export";
import { runErasure } from "@/lib/privacy/run-erasure";
import { api } from "@/test/api/client";
import { factSentence, fmt, percentile, steady } from "../lib";
import { SMALL, seedWorkspace, type Sizes } from "../scale/seed";

// bench/erasure (issue 38, item 7): erasing a contact whose conversation holds 100,000 messages finishes in under
// 60 s, without holding locks that stop other conversations' sends. A fresh database (bench/out/erasure) is seeded
// by SQL with bench/scale's grammar (seedWorkspace): a workspace whose conversation #0 (contact #0, with its 40 facts
// citing that conversation's messages) holds BENCH_MESSAGES messages, 3,000 webhook deliveries with their attempts,
// 200 drafts and 200 policy decisions, beside 19 ordinary conversations. A bot authorized in CONVERSATIONS other
// conversations (each with its own contact) sends to them at RATE a second, in-process through the send route's
// handler (auth, rate, idempotency, policy: the bot API's whole path but HTTP), for a baseline window, then on while
// the contact is erased (eraseContact, then the job's runErasure called here, as the worker would). It prints the
// erasure's time by step, the sends' latency before and during it, how often a backend waited on a lock, and checks
// that every message of the conversation was emptied.
//
// Before any of that (and before any send), the same contact is exported in this process (requestExport, then
// buildExport as the job would): the export's wall time, its archive's size, its rows per file, and this process's
// memory while it runs, sampled every MEMORY_SAMPLE_MS (RSS, heap used, external) against the baseline just before
// it, with the kernel's own high-water mark (VmHWM, reset through /proc/self/clear_refs) beside the samples. Issue
// 38's "exporting that contact streams, with memory held under 200 MB" is judged on the sampled peak RSS's increase
// over that baseline (MB here: 10^6 bytes).
//
//   npm run bench:erasure
//   BENCH_MESSAGES=20000 BENCH_RATE=50 BENCH_BASELINE_SECONDS=10 npm run bench:erasure

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 10);
const CONVERSATIONS = 8;
const TARGET_SECONDS = 60;
/** A send slower than this during the erasure counts as stopped (a lock held by a batch lasts milliseconds). */
const STOPPED_MS = 1_000;
const DATA_DIR = path.join("bench", "out", "erasure");
const SLUG = "erasure-main";
const MEMORY_SAMPLE_MS = 25;
const EXPORT_TARGET_MB = 200;
const MB = 1_000_000;

// bench/scale's small workspace, with a long conversation #0 and enough of the rest that it gets its share: the
// seed puts delivery k in conversation 3k mod 20, draft k in 7k mod 20, decision k in 11k mod 20 (every 20th: #0).
const SIZES: Sizes = {
  ...SMALL,
  conversations: 20,
  longConversation: MESSAGES,
  messages: MESSAGES + 19 * 200,
  pendingApprovals: 2_000,
  decidedApprovals: 2_000,
  policyDecisions: 4_000,
  deliveries: 60_000,
};

interface Sample {
  start: number;
  ms: number;
  /** The HTTP status, 0 when the send threw. */
  status: number;
}

function describeSends(samples: Sample[], seconds: number): string {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const errors = samples.filter((s) => s.status < 200 || s.status >= 300).length;
  const statuses: Record<number, number> = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  return (
    `${samples.length} sends in ${fmt(seconds)} s (${fmt(samples.length / seconds)}/s), p50 ${fmt(percentile(ms, 50))} ms, ` +
    `p95 ${fmt(percentile(ms, 95))} ms, p99 ${fmt(percentile(ms, 99))} ms, max ${fmt(ms.at(-1) ?? NaN)} ms, ` +
    `errors ${errors} ${JSON.stringify(statuses)}`
  );
}

/** Samples pg_stat_activity every 100 ms: how many backends wait on a lock (heavyweight: row, tuple, relation). */
function lockSampler(url: string) {
  const client = new pg.Client({ connectionString: url });
  const windows: Record<string, { samples: number; withWaits: number; most: number; waiting: Set<string> }> = {};
  let current: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    const label = current;
    if (label) {
      const { rows } = await client.query<{ query: string; lock: string; blocker: string | null }>(
        `SELECT left(regexp_replace(a.query, '\\s+', ' ', 'g'), 60) AS query, a.wait_event AS lock,
                (SELECT left(regexp_replace(b.query, '\\s+', ' ', 'g'), 60) FROM pg_stat_activity b
                  WHERE b.pid = (pg_blocking_pids(a.pid))[1]) AS blocker
           FROM pg_stat_activity a
          WHERE a.datname = current_database() AND a.wait_event_type = 'Lock' AND a.pid <> pg_backend_pid()`,
      );
      const w = (windows[label] ??= { samples: 0, withWaits: 0, most: 0, waiting: new Set() });
      w.samples++;
      if (rows.length) w.withWaits++;
      w.most = Math.max(w.most, rows.length);
      for (const r of rows)
        if (w.waiting.size < 5) w.waiting.add(`${r.lock}: ${r.query}  (behind: ${r.blocker ?? "?"})`);
    }
  };
  const loop = () =>
    void tick()
      .catch(() => {})
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, 100);
      });
  return {
    windows,
    async start() {
      await client.connect();
      loop();
    },
    measure(label: string | null) {
      current = label;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await client.end();
    },
  };
}

/** The kernel's peak RSS of this process (VmHWM, bytes), or NaN where /proc does not say. */
function peakRssFromKernel(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"));
    return match ? Number(match[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Runs `work` while sampling this process's memory every MEMORY_SAMPLE_MS: the baseline just before it, the peaks
 * (the last sample is taken once it ends), and how steady the sampling was (a busy event loop delays a sample). The
 * kernel's high-water mark is reset first (writing 5 to clear_refs), so its VmHWM afterwards is this work's peak.
 */
async function sampleMemory<T>(work: () => Promise<T>) {
  const baseline = process.memoryUsage();
  let kernelReset = true;
  try {
    writeFileSync("/proc/self/clear_refs", "5");
  } catch {
    kernelReset = false;
  }
  const peak = { rss: baseline.rss, heapUsed: baseline.heapUsed, external: baseline.external };
  let samples = 0;
  let last = performance.now();
  let longestGap = 0;
  const sample = () => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    const m = process.memoryUsage();
    samples++;
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.external = Math.max(peak.external, m.external);
  };
  const timer = setInterval(sample, MEMORY_SAMPLE_MS);
  try {
    const result = await work();
    sample();
    return { result, baseline, peak, samples, longestGap, kernelPeak: kernelReset ? peakRssFromKernel() : NaN };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const began = performance.now();
  process.env.DATA_DIR = DATA_DIR;
  process.env.DATABASE_URL = "";
  // A fresh database each run (the erasure is the measurement; what an earlier run erased is gone anyway).
  const server = await ensureEmbeddedPostgres(path.join(DATA_DIR, "postgres"));
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${EMBEDDED_DATABASE} WITH (FORCE)`);
  await admin.end();
  const ready = await prepareDatabase();
  const locks = lockSampler(ready.url);
  try {
    let t0 = performance.now();
    await seedWorkspace({ url: ready.url, slug: SLUG, sizes: SIZES });
    // The planner's statistics and the visibility map as a deployment that has run for a while has them.
    await sql().unchecked("VACUUM ANALYZE");
    const [seeded] = await sql().unchecked<{
      workspace_id: string;
      conversation_id: string;
      contact_id: string;
      name: string;
      admin_id: string;
      messages: number;
      deliveries: number;
      attempts: number;
      drafts: number;
      decisions: number;
      facts: number;
    }>(
      `SELECT w.id AS workspace_id, c.id AS conversation_id, ct.id AS contact_id, ct.name,
              (SELECT m.user_id FROM memberships m WHERE m.workspace_id = w.id AND m.role = 'admin' LIMIT 1) AS admin_id,
              (SELECT count(*)::int FROM messages WHERE conversation_id = c.id) AS messages,
              (SELECT count(*)::int FROM webhook_deliveries WHERE conversation_id = c.id) AS deliveries,
              (SELECT count(*)::int FROM webhook_attempts t JOIN webhook_deliveries d ON d.id = t.delivery_id
                WHERE d.conversation_id = c.id) AS attempts,
              (SELECT count(*)::int FROM drafts WHERE conversation_id = c.id) AS drafts,
              (SELECT count(*)::int FROM policy_decisions WHERE conversation_id = c.id) AS decisions,
              (SELECT count(*)::int FROM contact_facts WHERE contact_id = ct.id) AS facts
         FROM workspaces w
         JOIN conversations c ON c.workspace_id = w.id AND c.title = 'Conversation 0'
         JOIN conversation_participants p ON p.conversation_id = c.id AND p.contact_id IS NOT NULL
         JOIN contacts ct ON ct.id = p.contact_id
        WHERE w.slug = $1`,
      [SLUG],
    );
    const s = seeded!;
    const [total] = await sql().unchecked<{ messages: number; size: string }>(
      `SELECT (SELECT count(*)::int FROM messages) AS messages, pg_size_pretty(pg_database_size(current_database())) AS size`,
    );
    console.log(
      `seeded in ${fmt((performance.now() - t0) / 1000)} s: contact "${s.name}" in a conversation of ${s.messages} messages, ` +
        `${s.deliveries} deliveries (${s.attempts} attempts), ${s.drafts} drafts, ${s.decisions} policy decisions, ` +
        `${s.facts} facts; ${total!.messages} messages in all, database ${total!.size}`,
    );


    // The export of the same contact, before the erasure and before any send: nothing else runs in this process.
    const exported = await sampleMemory(async () => {
      const t = performance.now();
      const asked = await requestExport(systemActor, {
        workspaceId: s.workspace_id,
        subjectType: "contact",
        subjectId: s.contact_id,
      });
      await buildExport(asked.id);
      return { id: asked.id, ms: performance.now() - t };
    });
    const [view] = await listExports(systemActor, { workspaceId: s.workspace_id, exportId: exported.result.id });
    const onDisk = statSync(archivePath(exported.result.id)).size;
    const { baseline: before, peak } = exported;
    const increase = peak.rss - before.rss;
    console.log(
      `\nexport of the contact (requestExport + buildExport in this process, no sends running): ` +
        `${fmt(exported.result.ms / 1000, 2)} s, status ${view!.status}, archive ${fmt(onDisk / MB)} MB ` +
        `(${onDisk} bytes; recorded ${view!.size_bytes})`,
    );
    console.log(
      `  rows per file: ${Object.entries(view!.progress)
        .map(([file, rows]) => `${file} ${rows}`)
        .join(", ")}`,
    );
    console.log(
      `  memory, sampled every ${MEMORY_SAMPLE_MS} ms (${exported.samples} samples, longest gap ${fmt(exported.longestGap)} ms): ` +
        `RSS baseline ${fmt(before.rss / MB)} MB, peak ${fmt(peak.rss / MB)} MB (+${fmt(increase / MB)} MB); ` +
        `heap used baseline ${fmt(before.heapUsed / MB)} MB, peak ${fmt(peak.heapUsed / MB)} MB; ` +
        `external baseline ${fmt(before.external / MB)} MB, peak ${fmt(peak.external / MB)} MB`,
    );
    console.log(
      `  the kernel's peak RSS over the export (VmHWM after clear_refs): ${fmt(exported.kernelPeak / MB)} MB ` +
        `(+${fmt((exported.kernelPeak - before.rss) / MB)} MB over the baseline)`,
    );
    const exportComplete = view!.status === "ready" && view!.progress["messages.jsonl"] === s.messages;
    console.log(
      `  messages.jsonl holds ${view!.progress["messages.jsonl"]} of the conversation's ${s.messages} messages: ` +
        `${exportComplete ? "ok" : "FAILED"}`,
    );

    // The sender: an established bot in CONVERSATIONS other conversations, each with a contact of its own.
    const created = await createBot(systemActor, {
      workspaceId: s.workspace_id,
      handle: "erasure-sender",
      name: "Erasure sender",
      established: true,
    });
    const targets: string[] = [];
    for (let i = 0; i < CONVERSATIONS; i++) {
      const conversation = await createConversation(person(s.admin_id, "cli"), {
        workspaceId: s.workspace_id,
        title: `Other ${i}`,
        newContact: { name: `Other contact ${i}` },
        botIds: [created.bot.id],
      });
      targets.push(conversation.id);
    }

    const run = Date.now().toString(36);
    let sent = 0;
    let stopSends = false;
    const send = (samples: Sample[]) => async (i: number) => {
      if (stopSends) return;
      const start = performance.now();
      let status = 0;
      try {
        const conversation = targets[i % targets.length]!;
        status = (
          await api("POST", `/conversations/${conversation}/messages`, {
            key: created.apiKey,
            body: { body: factSentence(i, i, i * 7, i) },
            idempotencyKey: `erasure-${run}-${sent++}`,
          })
        ).status;
      } catch {
        status = 0;
      }
      samples.push({ start, ms: performance.now() - start, status });
    };

    await steady(2 * RATE, RATE, send([])); // warm-up: the route's modules, the pool, prepared statements
    await locks.start();

    locks.measure("baseline");
    const baseline: Sample[] = [];
    t0 = performance.now();
    const baselineBehind = await steady(BASELINE_SECONDS * RATE, RATE, send(baseline));
    const baselineSeconds = (performance.now() - t0) / 1000;

    // The erasure, with the same sends beside it for as long as it lasts.
    locks.measure("erasure");
    const steps: { step: string; at: number; batches: number }[] = [];
    const started = performance.now();
    let requestMs = NaN;
    let erasureId = "";
    // When runErasure returns (not when the sends' current one-second round ends, up to a second later).
    let finished = NaN;
    const erasing = (async () => {
      try {
        ({ erasure_id: erasureId } = await eraseContact(systemActor, { contactId: s.contact_id, confirm: s.name }));
        requestMs = performance.now() - started;
        await runErasure(erasureId, {
          beforeBatch: (step) => {
            const last = steps.at(-1);
            if (last?.step === step) last.batches++;
            else {
              steps.push({ step, at: performance.now(), batches: 1 });
              console.log(`  +${fmt((performance.now() - started) / 1000)} s: ${step}`);
            }
          },
        });
      } finally {
        finished = performance.now();
        stopSends = true;
      }
    })();
    const during: Sample[] = [];
    let duringBehind = 0;
    while (!stopSends) duringBehind += await steady(RATE, RATE, send(during));
    await erasing;
    const seconds = (finished - started) / 1000;
    locks.measure(null);

    // Per step: its time, its batches, its rows (the record's counts), and the sends that started meanwhile.
    const [record] = await sql().unchecked<{ step: string; status: string; counts: Record<string, number> }>(
      "SELECT step, status, counts FROM erasures WHERE id = $1",
      [erasureId],
    );
    console.log(`\nerasure of ${s.messages} messages: ${fmt(seconds)} s (status ${record!.status})`);
    const phases = [{ step: "request (eraseContact)", at: started, batches: 1 }, ...steps];
    for (const [i, phase] of phases.entries()) {
      const end = phases[i + 1]?.at ?? finished;
      const sends = during
        .filter((x) => x.start >= phase.at && x.start < end)
        .map((x) => x.ms)
        .sort((a, b) => a - b);
      const rows = record!.counts[phase.step];
      console.log(
        `  ${phase.step.padEnd(24)} ${fmt((end - phase.at) / 1000, 2).padStart(7)} s  ${String(phase.batches).padStart(4)} batches` +
          `${rows === undefined ? "" : `  ${rows} rows`.padEnd(12)}  sends meanwhile: ${sends.length}, p99 ${fmt(percentile(sends, 99))} ms, max ${fmt(sends.at(-1) ?? NaN)} ms`,
      );
    }
    console.log(`  (the request's transaction alone: ${fmt(requestMs)} ms)`);

    console.log(
      `\nsends to other conversations (${RATE}/s, ${CONVERSATIONS} conversations, one bot, in-process route handler):`,
    );
    console.log(`  before the erasure: ${describeSends(baseline, baselineSeconds)}; fell behind ${baselineBehind}`);
    console.log(`  during the erasure: ${describeSends(during, seconds)}; fell behind ${duringBehind}`);
    for (const [label, w] of Object.entries(locks.windows)) {
      console.log(
        `  lock waits ${label}: ${w.withWaits} of ${w.samples} samples (every 100 ms) saw a backend waiting on a lock, at most ${w.most} at once`,
      );
      for (const waiting of w.waiting) console.log(`    ${waiting}`);
    }

    // The check: the conversation's messages all emptied (and what else it held).
    const [check] = await sql().unchecked<{
      total: number;
      erased: number;
      drafts: number;
      decisions: number;
      deliveries: number;
    }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE erased_at IS NOT NULL AND body = '')::int AS erased,
              (SELECT count(*)::int FROM drafts WHERE conversation_id = $1 AND (body <> '' OR original_body <> '')) AS drafts,
              (SELECT count(*)::int FROM policy_decisions WHERE conversation_id = $1 AND (excerpt IS NOT NULL OR body IS NOT NULL)) AS decisions,
              (SELECT count(*)::int FROM webhook_deliveries WHERE conversation_id = $1 AND NOT (payload ? 'erased')) AS deliveries
         FROM messages WHERE conversation_id = $1`,
      [s.conversation_id],
    );
    const c = check!;
    const complete = c.total === s.messages && c.erased === c.total && !c.drafts && !c.decisions && !c.deliveries;
    console.log(
      `\ncheck: ${c.erased} of ${c.total} messages have erased_at set and an empty body; left with content: ` +
        `${c.drafts} drafts, ${c.decisions} policy decisions, ${c.deliveries} deliveries: ${complete ? "ok" : "FAILED"}`,
    );

    const stopped = during.filter((x) => x.ms >= STOPPED_MS || x.status < 200 || x.status >= 300).length;
    console.log(
      `\nerasure under ${TARGET_SECONDS} s: ${fmt(seconds)} s: target ${seconds < TARGET_SECONDS ? "met" : "missed"}`,
    );
    console.log(
      `other conversations' sends not stopped (none failed or took ${STOPPED_MS} ms or more during it): ${stopped} did: ` +
        `target ${stopped === 0 ? "met" : "missed"}`,
    );
    console.log(
      `export streams with memory under ${EXPORT_TARGET_MB} MB (judged: the sampled peak RSS's increase over the RSS just ` +
        `before the export; absolute peak RSS ${fmt(peak.rss / MB)} MB): +${fmt(increase / MB)} MB: ` +
        `target ${increase < EXPORT_TARGET_MB * MB ? "met" : "missed"}`,
    );
    console.log(`whole run: ${fmt((performance.now() - began) / 1000)} s`);
    if (!complete || !exportComplete) process.exitCode = 1;
  } finally {
    await locks.stop().catch(() => {});
    await disconnectDb();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
