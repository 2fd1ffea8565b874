import pg from "pg";

// What the app's database backends are doing during a round, sampled from pg_stat_activity every `intervalMs` on a
// connection of the benchmark's own: no product change, nothing in the send path. Each sample counts the backends
// that run a statement, wait for the bot's sending lock (Lock:advisory: the only advisory lock a send waits for; the
// idempotency key's is a try-lock), wait for a row lock (a conversation's, or a hot row's at commit), wait on the WAL
// or other I/O, or sit "idle in transaction" (the app is working between the transaction's round trips, its locks
// held). A backend waiting for the advisory lock is matched to its send by the Idempotency-Key in the text of the
// message it runs, with how long it has waited so far (below): the longest seen is the send's wait, short by at most
// one interval. Little's law gives the mean wait per send from the mean number waiting.

export interface WaitSample {
  /** performance.now() of the sample. */
  at: number;
  running: number;
  advisory: number;
  rowLock: number;
  otherLock: number;
  wal: number;
  idleInTransaction: number;
  other: number;
  /** 1 when the checkpointer was writing or syncing data files (an IO wait), else 0: not a backend of the sends. */
  checkpointIo: number;
  /**
   * What each autovacuum worker at work (vacuuming or analyzing a table) was doing, as pg_stat_activity says
   * (`autovacuum: VACUUM public.messages`): not backends of the sends either.
   */
  autovacuumWork: string[];
  /**
   * What each backend of the sends NOT waiting for the bot's lock was doing, by wait event (`IO:WalSync`,
   * `LWLock:WALWrite`, `CPU` when running, `idle in transaction`): when sends queue for the lock, what its holder does.
   */
  holders: string[];
}

export type WaitKind = Exclude<keyof WaitSample, "at" | "checkpointIo" | "holders" | "autovacuumWork">;
export const WAIT_KINDS: WaitKind[] = [
  "running",
  "advisory",
  "rowLock",
  "otherLock",
  "wal",
  "idleInTransaction",
  "other",
];

export interface Waits {
  samples: WaitSample[];
  /** The longest wait for the advisory lock seen per send, by its Idempotency-Key. */
  advisoryMsByKey: Map<string, number>;
  /** Mean time one sample's query took (ms): the sampler's own cost. */
  sampleMs: number;
}

// How long a backend has waited so far: since its statement's message started (query_start). A send's wait for the
// bot's lock begins within a fraction of a millisecond of that (the lock is the message's first statement that can
// wait); pg_locks.waitstart would be exact, at the price of reading the lock table in every sample.
const SAMPLE = `
  SELECT backend_type, state, wait_event_type, wait_event, substring(query FROM $1) AS key,
         CASE WHEN backend_type = 'autovacuum worker' THEN left(query, 100) END AS work,
         (extract(epoch FROM clock_timestamp() - query_start) * 1000)::float8 AS waited_ms
  FROM pg_stat_activity
  WHERE (datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
         AND state <> 'idle')
     OR backend_type = 'checkpointer'
     OR (backend_type = 'autovacuum worker' AND state = 'active')`;

interface Row {
  backend_type: string;
  state: string | null;
  wait_event_type: string | null;
  wait_event: string | null;
  key: string | null;
  work: string | null;
  waited_ms: number | null;
}

function kindOf(row: Row): WaitKind {
  if (row.state?.startsWith("idle in transaction")) return "idleInTransaction";
  if (row.wait_event_type === "Lock") {
    if (row.wait_event === "advisory") return "advisory";
    if (row.wait_event === "transactionid" || row.wait_event === "tuple") return "rowLock";
    return "otherLock";
  }
  if (row.wait_event_type === null || row.wait_event_type === "CPU") return "running";
  if (/wal/i.test(row.wait_event ?? "") || row.wait_event_type === "IO") return "wal";
  return "other";
}

/** A backend's wait event as one label (what `holders` counts). */
function eventOf(row: Row): string {
  if (row.state?.startsWith("idle in transaction")) return "idle in transaction";
  if (row.wait_event_type === null || row.wait_event_type === "CPU") return "CPU";
  return `${row.wait_event_type}:${row.wait_event ?? "?"}`;
}

/**
 * Samples until `stop()`, which resolves what was seen. `keyPattern`: a POSIX regular expression that finds a send's
 * Idempotency-Key in the text of the message its backend runs.
 */
export async function sampleWaits(
  url: string,
  { intervalMs, keyPattern }: { intervalMs: number; keyPattern: string },
): Promise<{ stop: () => Promise<Waits> }> {
  const client = new pg.Client({ connectionString: url, application_name: "bench-steady-waits" });
  await client.connect();
  const samples: WaitSample[] = [];
  const advisoryMsByKey = new Map<string, number>();
  let queryMs = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      const { rows } = await client.query<Row>(SAMPLE, [keyPattern]);
      queryMs += performance.now() - t0;
      const sample: WaitSample = {
        at: t0,
        running: 0,
        advisory: 0,
        rowLock: 0,
        otherLock: 0,
        wal: 0,
        idleInTransaction: 0,
        other: 0,
        checkpointIo: 0,
        holders: [],
        autovacuumWork: [],
      };
      for (const row of rows) {
        if (row.backend_type === "checkpointer") {
          sample.checkpointIo = row.wait_event_type === "IO" ? 1 : 0;
          continue;
        }
        if (row.backend_type === "autovacuum worker") {
          sample.autovacuumWork.push(row.work ?? "?");
          continue;
        }
        const kind = kindOf(row);
        sample[kind]++;
        if (kind !== "advisory") sample.holders.push(eventOf(row));
        if (kind === "advisory" && row.key && row.waited_ms !== null)
          advisoryMsByKey.set(row.key, Math.max(advisoryMsByKey.get(row.key) ?? 0, row.waited_ms));
      }
      samples.push(sample);
      const wait = intervalMs - (performance.now() - t0);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      await client.end();
      return { samples, advisoryMsByKey, sampleMs: queryMs / Math.max(1, samples.length) };
    },
  };
}

export interface WaitSummary {
  samples: number;
  sampleMs: number;
  /** Mean backends per sample in each state. */
  mean: Record<WaitKind, number>;
  /** Share of samples with at least one send waiting for the bot's lock, and the most at once. */
  advisoryShare: number;
  advisoryMax: number;
  /** Little's law: mean backends waiting for the lock ÷ sends per second = mean wait per send (ms). */
  advisoryMeanPerSendMs: number;
  /** Sends seen waiting for the lock, and their longest waits' p50 / p99 / max (ms). */
  seenWaiting: number;
  seenP50: number;
  seenP99: number;
  seenMax: number;
  /** The slowest 1 % of sends (at or above the p99): how many waited, and the share of their time spent waiting. */
  tail: { sends: number; waited: number; share: number; meanWaitMs: number; meanMs: number };
}

const quantile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

/** What the samples say about the sends (`sends`: each one's latency and Idempotency-Key, over `seconds`). */
export function summarizeWaits(
  waits: Waits,
  { sends, seconds }: { sends: { ms: number; key: string }[]; seconds: number },
): WaitSummary {
  const n = Math.max(1, waits.samples.length);
  const mean = Object.fromEntries(
    WAIT_KINDS.map((k) => [k, waits.samples.reduce((sum, s) => sum + s[k], 0) / n]),
  ) as Record<WaitKind, number>;
  const seen = [...waits.advisoryMsByKey.values()].sort((a, b) => a - b);
  const byLatency = [...sends].sort((a, b) => a.ms - b.ms);
  const p99 = quantile(
    byLatency.map((s) => s.ms),
    99,
  );
  const tail = byLatency.filter((s) => s.ms >= p99);
  const tailWait = tail.map((s) => Math.min(s.ms, waits.advisoryMsByKey.get(s.key) ?? 0));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    samples: waits.samples.length,
    sampleMs: waits.sampleMs,
    mean,
    advisoryShare: waits.samples.filter((s) => s.advisory > 0).length / n,
    advisoryMax: Math.max(0, ...waits.samples.map((s) => s.advisory)),
    advisoryMeanPerSendMs: (mean.advisory / Math.max(1e-9, sends.length / seconds)) * 1000,
    seenWaiting: seen.length,
    seenP50: quantile(seen, 50),
    seenP99: quantile(seen, 99),
    seenMax: seen.at(-1) ?? NaN,
    tail: {
      sends: tail.length,
      waited: tailWait.filter((w) => w > 0).length,
      share: sum(tailWait) / Math.max(1e-9, sum(tail.map((s) => s.ms))),
      meanWaitMs: sum(tailWait) / Math.max(1, tail.length),
      meanMs: sum(tail.map((s) => s.ms)) / Math.max(1, tail.length),
    },
  };
}
