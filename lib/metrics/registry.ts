import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { processSingleton, processSlot } from "@/lib/process-singleton";
// The read replicas keep their own counts (lib/db is a floor below: it cannot register here); read at each scrape.
import { replicaStats, type ReplicaStats } from "@/lib/db/replicas";

// The process's Prometheus metrics (docs/guides/operators.md "Metrics and logs"). Counters and histograms count what
// this process did: several app and worker processes each expose their own, and Prometheus sums them. The gauges read
// from the database at scrape time (lib/metrics/database-gauges.ts) are the same whichever process is asked. Every
// label has a bounded set of values: route templates (never raw paths), the policy's reason codes, fixed outcomes.
//
// The registry imports nothing of what it counts (docs/decisions/033-import-floors.md): the policy counts its decisions
// itself (lib/policy/count-decision.ts), and a count kept elsewhere is read through what its keeper registered here
// (the open event streams: lib/http/sse.ts).

export interface Metrics {
  registry: Registry;
  policyDecisions: Counter<"mode" | "verdict">;
  policyReasons: Counter<"mode" | "verdict" | "reason">;
  botVerdicts: Counter<"bot" | "verdict">;
  approvalDecisionSeconds: Histogram<"workspace" | "group" | "rule" | "decision">;
  approvalsWaiting: Gauge<"workspace" | "group">;
  approvalsOldestWaiting: Gauge<"workspace" | "group">;
  httpDuration: Histogram<"method" | "route" | "status">;
  webhookAttempts: Counter<"trigger" | "outcome">;
  sseStreams: Gauge;
  jobs: Gauge<"task" | "state">;
  jobOldestAge: Gauge<"task">;
  outboxUnsent: Gauge<"task">;
  outboxOldestAge: Gauge<"task">;
  embeddingBacklog: Gauge<"kind">;
  embeddingCoverage: Gauge<"model" | "current">;
  notificationBacklog: Gauge<"channel">;
  databaseReadOk: Gauge;
  databaseReads: Counter<"target">;
  databaseReadFallbacks: Counter<"reason">;
  replicaLag: Gauge<"replica">;
}

// One registry per process (lib/process-singleton.ts), so every bundle of the Next server counts into the same one.
export function metrics(): Metrics {
  return processSingleton("__relayMetrics", createMetrics);
}

const openStreams = processSlot<() => number>("__relayOpenStreams");

/**
 * A counter of the read replicas whose totals lib/db/replicas.ts keeps (a floor below: it cannot count here): each
 * scrape adds what grew since the last, per value of its one label.
 */
function replicaCounter<L extends string>(options: {
  name: string;
  help: string;
  label: L;
  registers: Registry[];
  totals: (stats: ReplicaStats) => Record<string, number>;
}): Counter<L> {
  const added = new Map<string, number>();
  return new Counter({
    name: options.name,
    help: options.help,
    labelNames: [options.label],
    registers: options.registers,
    collect() {
      const stats = replicaStats();
      if (!stats) return;
      for (const [value, total] of Object.entries(options.totals(stats))) {
        const before = added.get(value) ?? 0;
        if (total > before) this.inc({ [options.label]: value } as Record<L, string>, total - before);
        added.set(value, Math.max(before, total));
      }
    },
  });
}

/**
 * What relay_sse_streams_open reads at each scrape: the set of open event streams registers itself (lib/http/sse.ts)
 * when it is made. Before, nothing is open, and the gauge reads 0.
 */
export function countOpenStreamsWith(read: () => number): void {
  openStreams.set(read);
}

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    policyDecisions: new Counter({
      name: "relay_policy_decisions_total",
      help: "Policy decisions on bot messages, by mode (send, approved, draft, edit) and verdict (sent, held, deferred, blocked, refused)",
      labelNames: ["mode", "verdict"],
      registers,
    }),
    policyReasons: new Counter({
      name: "relay_policy_decision_reasons_total",
      help: "Reasons given with policy decisions (a decision may give several), by mode, verdict and reason code",
      labelNames: ["mode", "verdict", "reason"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "relay_http_request_duration_seconds",
      help: "Time to answer an API request (to the response's headers; a stream's life is not counted), by method, route template and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    webhookAttempts: new Counter({
      name: "relay_webhook_attempts_total",
      help: "Webhook delivery attempts, by trigger (delivery, retry, replay, ping) and outcome (succeeded, retrying, failed)",
      labelNames: ["trigger", "outcome"],
      registers,
    }),
    // Reads from the replicas of DATABASE_READ_URLS (lib/db/replicas.ts): where each went, why one went to the primary,
    // and each replica's lag. Labels: `target` replica or primary; `reason` down, lagging, behind (not yet replayed
    // the caller's write within the wait), failed (the read failed on the replica and ran on the primary); `replica`
    // its place in the list.
    databaseReads: replicaCounter({
      name: "relay_db_reads_total",
      help: "Reads that may use a replica, by where they ran (replica, primary)",
      label: "target",
      registers,
      totals: (stats) => stats.reads,
    }),
    databaseReadFallbacks: replicaCounter({
      name: "relay_db_read_fallbacks_total",
      help: "Reads that went to the primary although replicas are configured, by reason (down, lagging, behind, failed)",
      label: "reason",
      registers,
      totals: (stats) => stats.fallbacks,
    }),
    replicaLag: new Gauge({
      name: "relay_db_replica_lag_seconds",
      help: "How far each read replica's replay trails what it received, as last probed; absent while it is down",
      labelNames: ["replica"],
      registers,
      collect() {
        this.reset();
        for (const { replica, lagSeconds } of replicaStats()?.lags ?? []) {
          if (lagSeconds !== null) this.set({ replica }, lagSeconds);
        }
      },
    }),
    sseStreams: new Gauge({
      name: "relay_sse_streams_open",
      help: "Server-sent event streams of the chat open on this process",
      registers,
      // Read from the set the shutdown ends them from (lib/http/sse.ts), not counted a second time.
      collect() {
        this.set(openStreams.get()?.() ?? 0);
      },
    }),
    // The admin overview's figures (lib/policy/overview/policy-overview.ts), by ids as the API names them: a bot's
    // sends per verdict (its verdicts per day: increase over 1d), the time people took to decide what was held (p50
    // and p90 by histogram_quantile) per approver group and rule, and what waits now. Their labels are bounded by
    // what a workspace defines: its bots, its approver groups and its rules' slugs.
    botVerdicts: new Counter({
      name: "relay_policy_bot_verdicts_total",
      help: "A bot's sends by policy verdict (sent, held, deferred, blocked, refused), by bot id",
      labelNames: ["bot", "verdict"],
      registers,
    }),
    approvalDecisionSeconds: new Histogram({
      name: "relay_approval_decision_seconds",
      help: "From a held message's or draft's creation to a person's approval or rejection, by workspace id, approver group (:anyone when any participant may decide), rule (a slug, :built-in or :draft) and decision",
      labelNames: ["workspace", "group", "rule", "decision"],
      buckets: [60, 300, 900, 1_800, 3_600, 4 * 3_600, 12 * 3_600, 86_400, 3 * 86_400, 7 * 86_400],
      registers,
    }),
    approvalsWaiting: new Gauge({
      name: "relay_approvals_waiting",
      help: "Held messages and drafts waiting for a person (read from the database), by workspace id and approver group",
      labelNames: ["workspace", "group"],
      registers,
    }),
    approvalsOldestWaiting: new Gauge({
      name: "relay_approvals_oldest_waiting_seconds",
      help: "How long the oldest item waiting for a person has waited (read from the database), by workspace id and approver group",
      labelNames: ["workspace", "group"],
      registers,
    }),
    jobs: new Gauge({
      name: "relay_jobs",
      help: "Jobs in the queue (read from the database), by task and state (ready: due and waiting for a worker; scheduled: due later; running; failed: out of attempts)",
      labelNames: ["task", "state"],
      registers,
    }),
    jobOldestAge: new Gauge({
      name: "relay_job_oldest_ready_age_seconds",
      help: "How long the oldest ready job has been due (read from the database), by task; absent when none waits",
      labelNames: ["task"],
      registers,
    }),
    outboxUnsent: new Gauge({
      name: "relay_job_outbox_unsent",
      help: "Jobs in the outbox of JOBS_ENGINE=inngest not yet accepted by Inngest (read from the database), by task; absent when none waits",
      labelNames: ["task"],
      registers,
    }),
    outboxOldestAge: new Gauge({
      name: "relay_job_outbox_oldest_unsent_age_seconds",
      help: "How long the oldest unsent outbox job has waited since its commit (read from the database), by task; absent when none waits",
      labelNames: ["task"],
      registers,
    }),
    embeddingBacklog: new Gauge({
      name: "relay_embedding_backlog",
      help: "Contact search's embedding backlog (read from the database): facts without a vector, conversations and messages past their watermark",
      labelNames: ["kind"],
      registers,
    }),
    embeddingCoverage: new Gauge({
      name: "relay_embedding_coverage_ratio",
      help: "Share of contact memory (message positions and facts) each embedding model has vectors for (read from the database), by model and whether it is the current one",
      labelNames: ["model", "current"],
      registers,
    }),
    notificationBacklog: new Gauge({
      name: "relay_notification_backlog",
      help: "Notifications not yet sent, by channel (read from the database)",
      labelNames: ["channel"],
      registers,
    }),
    databaseReadOk: new Gauge({
      name: "relay_metrics_database_read_ok",
      help: "1 when this scrape read the database-derived gauges, 0 when the read failed (they are then absent)",
      registers,
    }),
  };
}

export interface ObservedRequest {
  method: string;
  /** The route's pattern, not the path (one series per route). */
  route: string;
  status: number;
  /** `performance.now()` when the request arrived. */
  startedAt: number;
}

/** Observes an API request's answer (the route wrappers: lib/http/bot-route.ts, lib/http/api-handler.ts). */
export function observeRequest({ method, route, status, startedAt }: ObservedRequest): void {
  const labels = { method: METHODS.has(method) ? method : "other", route, status: String(status) };
  metrics().httpDuration.observe(labels, (performance.now() - startedAt) / 1000);
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
