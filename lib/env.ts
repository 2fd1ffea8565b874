import { z } from "zod";

// Environment variables, validated once (next-forge keys.ts). Every variable the app, the worker and the CLI read is
// listed here and read through env(), nowhere else (test/configuration.test.ts checks both, and that the
// configuration table of docs/guides/operators.md lists exactly these, with their defaults). Each process checks them
// as it starts (scripts/serve.ts, instrumentation.ts, jobs/main.ts, cli/main.ts): a bad value stops it, naming the
// variable.
const variables = z.object({
  /** Set by Next for the server it runs: `production` under `next start`, `development` under `next dev`. */
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** A PostgreSQL URL. Unset: the embedded server in DATA_DIR/postgres is used (and started when needed). */
  DATABASE_URL: z.url().optional(),
  /** The database's direct URL when DATABASE_URL is a transaction-mode pooler (PgBouncer, a provider's pooler): what
   * needs a session uses it, the rest goes through the pooler without named prepared statements
   * (docs/decisions/043-behind-a-pooler.md). Unset: DATABASE_URL is direct. */
  DATABASE_DIRECT_URL: z.url().optional(),
  /** Read replicas of the database (streaming replicas), their URLs separated by commas: reads that tolerate one
   * go there once it has replayed the reader's own last write (lib/db/replicas.ts). Unset: every read on the primary. */
  DATABASE_READ_URLS: z
    .string()
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^postgres(ql)?$/, error: "must be postgresql:// URLs separated by commas" })))
    .optional(),
  /** How long a read waits for a replica to replay the reader's last write before it reads on the primary. */
  DATABASE_READ_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(50),
  /** A replica whose replay trails what it received by more than this is skipped until it catches up. */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** Connections of each process's database pool. Unset: two per CPU core and four more (lib/db/client.ts). */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  /** The app server's warm-up at start (lib/http/warm-up.ts): its pool's connections opened and the bot send's
   * statements prepared on each, its bot API called without a key over loopback; GET /api/ready answers 503 `warming`
   * until it ends (at most 10 s). Unset: on in production (`npm start`, the image), off under `npm run dev`. */
  WARM_UP: z.enum(["true", "false"]).optional(),
  /** Where the embedded database and other local state live. */
  DATA_DIR: z.string().min(1).default(".data"),
  /** 32 bytes, base64: encrypts webhook signing secrets at rest. Unset: a key file in DATA_DIR is made once. */
  RELAY_SECRET_KEY: z.string().optional(),
  /** Signs the audit chain's checkpoints: an Ed25519 private key, PKCS#8 PEM or its 32-byte seed in base64. Unset: a
   * key file in DATA_DIR is made once (lib/audit/signing-key.ts). */
  RELAY_AUDIT_SIGNING_KEY: z.string().optional(),
  /** Public origin of the app, used in links (signed file links, MCP client set-ups, the API docs' server). */
  APP_URL: z.url().optional(),
  PORT: z.coerce.number().int().positive().default(3000),
  /** The CLI's `listen` and `trigger`: the running server they talk to over HTTP. Unset: APP_URL. */
  RELAY_URL: z.url().optional(),
  /** The CLI's `listen` and `trigger`: the bot's API key when `--key` is not given (the demo's bots need neither). */
  RELAY_API_KEY: z.string().optional(),
  /** The address `npm start` / `npm run dev` listen on (`127.0.0.1`: this machine only). Unset: all interfaces. */
  HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:_-]+$/, "must be an IP address or a host name")
    .max(253)
    .optional(),
  /** On SIGTERM / SIGINT, how long in-flight requests and running jobs get to finish before the process stops. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Proxies of the operator's in front of the app, each appending to X-Forwarded-For: 0 (direct), the client is
   * the connection's peer; N, the Nth address from the right of the chain (instrumentation.ts). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(16).default(0),
  /** Signs people's session cookies (next-auth). Unset: derived from the secret key (lib/auth/secret.ts). */
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  /** Public origin for sign-in redirects (next-auth). Unset: taken from each request's Host header. */
  NEXTAUTH_URL: z.url().optional(),
  /** Seeds the demo workspace on first start of an empty database. */
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  /** `npm start` / `npm run dev` run the demo's bots (examples/demo-bots) beside the server when the demo is seeded. */
  DEMO_BOTS: z.enum(["true", "false"]).default("true"),
  /** Webhooks over http to loopback, for bots on this machine: read by the app server (`npm start`, `npm run dev`) only,
   * which records it for every process of the deployment (lib/deployment/settings.ts). */
  ALLOW_LOOPBACK_WEBHOOKS: z.enum(["true", "false"]).optional(),
  /** `npm start` runs a job worker (webhook delivery) beside the server; false when workers run apart. */
  RUN_WORKER: z.enum(["true", "false"]).default("true"),
  /** Deliveries one worker process runs at once. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(32),
  /** The job engine (docs/decisions/027-jobs-engine-inngest.md): `graphile` (graphile-worker in the database) or
   * `inngest` (Inngest functions served at /api/inngest, fed through a transactional outbox). Read by the app server,
   * which records it for every process of the deployment, and by workers (what they run). */
  JOBS_ENGINE: z.enum(["graphile", "inngest"]).default("graphile"),
  /** Inngest's signing key (`signkey-prod-…`): Inngest's calls to /api/inngest are refused unless signed with it.
   * Required with JOBS_ENGINE=inngest unless INNGEST_DEV=true. */
  INNGEST_SIGNING_KEY: z
    .string()
    .regex(/^(signkey-\w+-)?(?:[0-9a-f]{2}){16,}$/i, "must be an Inngest signing key (signkey-<env>-<hex>)")
    .optional(),
  /** The previous signing key while Inngest rotates it: calls signed with either are accepted. */
  INNGEST_SIGNING_KEY_FALLBACK: z
    .string()
    .regex(/^(signkey-\w+-)?(?:[0-9a-f]{2}){16,}$/i, "must be an Inngest signing key (signkey-<env>-<hex>)")
    .optional(),
  /** Inngest's event key: the outbox relay sends jobs with it. Required with JOBS_ENGINE=inngest unless INNGEST_DEV=true. */
  INNGEST_EVENT_KEY: z.string().min(1).max(500).optional(),
  /** A self-hosted Inngest server (`inngest start`) or a dev server, e.g. http://inngest:8288. Unset: Inngest Cloud. */
  INNGEST_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /** `true`: talk to an Inngest dev server, which signs nothing (never in production). */
  INNGEST_DEV: z.enum(["true", "false"]).default("false"),
  /** Largest file a person or bot may attach, in bytes (default 10 MiB). */
  ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Where attachments are stored on local disk. Unset: DATA_DIR/attachments. */
  ATTACHMENTS_DIR: z.string().min(1).optional(),
  /** Fewer confirmed facts than this: a contact's context pack is `insufficient_evidence`. */
  MEMORY_MIN_FACTS: z.coerce.number().int().min(0).default(2),
  /** A cited message older than this many days makes a context pack `stale_sources`. */
  MEMORY_STALE_DAYS: z.coerce.number().positive().default(365),
  /** Hours an agent request may wait, for a person's approval and then for its answer, before it expires (lib/agents). */
  AGENT_REQUEST_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(72),
  /** Days a webhook delivery (with its attempts) is kept after it succeeded, or after its last replay (lib/retention). */
  DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days a failed webhook delivery is kept, for replay; at least DELIVERY_RETENTION_DAYS (lib/retention). */
  FAILED_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Sign-in with GitHub, offered when both are set (an OAuth app's client id and secret). */
  GITHUB_ID: z.string().min(1).optional(),
  GITHUB_SECRET: z.string().min(1).optional(),
  /** Sign-in with Google, offered when both are set (an OAuth client's id and secret). */
  GOOGLE_ID: z.string().min(1).optional(),
  GOOGLE_SECRET: z.string().min(1).optional(),
  /** An OpenAI-compatible API (`POST {base}/embeddings`) that computes embeddings instead of the local sentence
   * encoder, e.g. https://api.openai.com/v1. Unset: Universal Sentence Encoder Lite runs in-process (lib/embeddings). */
  EMBEDDINGS_BASE_URL: z.url().optional(),
  /** The model asked of EMBEDDINGS_BASE_URL, e.g. text-embedding-3-small; required with it. */
  EMBEDDINGS_MODEL: z.string().min(1).optional(),
  /** Bearer token for EMBEDDINGS_BASE_URL, when the API needs one. */
  EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  /** The local sentence encoder when EMBEDDINGS_BASE_URL is unset: Universal Sentence Encoder Lite with int8 dense
   * layers (the default, ~8× cheaper) or all float (the vectors TensorFlow.js gave before issue 36). Changing it
   * re-embeds in the background (lib/embeddings/use-lite.ts, docs/decisions/042-local-encoder.md). */
  EMBEDDINGS_LOCAL_MODEL: z.enum(["use-lite-512-int8", "use-lite-512"]).default("use-lite-512-int8"),
  /** What runs the local model: onnxruntime (its binaries inside npm), or TensorFlow.js on WebAssembly as before
   * issue 36 (3.5-12× slower; float only) where onnxruntime's binaries cannot load, and for comparison benchmarks. */
  EMBEDDINGS_LOCAL_RUNTIME: z.enum(["onnxruntime", "tensorflow-js"]).default("onnxruntime"),
  /** The nice value (0-19) of the local sentence encoder's thread: it runs after the app's requests (use-lite.ts). */
  EMBEDDINGS_ENCODER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Memory for contact search's per-process vector cache (int8, ~0.5 KB per message), in MB (lib/memory/vector-cache.ts). */
  SEARCH_VECTOR_CACHE_MB: z.coerce.number().int().min(1).default(128),
  /** Web Push (RFC 8292 VAPID): the app server's P-256 key pair, base64url (`npx web-push generate-vapid-keys`), set
   * both or neither. Unset: a key pair made once in DATA_DIR/vapid-keys.json (lib/notifications/push/vapid-keys.ts). */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, "must be an uncompressed P-256 public key (65 bytes), base64url without padding")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key (32 bytes), base64url without padding")
    .optional(),
  /** Who push services may contact about this server's pushes: an https: URL or a mailto: address. Unset: APP_URL
   * when it is https, else mailto:relay@ and APP_URL's host name. */
  VAPID_SUBJECT: z
    .url()
    .refine((value) => /^(https|mailto):/i.test(value), "must be an https: URL or a mailto: address")
    .optional(),
  /** Turns on `GET /api/metrics` (Prometheus), for requests that send `Authorization: Bearer <this>`. Unset: the
   * endpoint does not exist (404). At least 16 characters (lib/metrics). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** A job worker (`npm run worker`, or the one `npm start` runs) serves its metrics on this port at `/metrics`,
   * behind METRICS_TOKEN too (jobs/metrics-server.ts). Unset: a worker serves none. */
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The least severe log line written (lib/log.ts): fatal, error, warn, info, debug, trace, or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * How log lines are written (lib/log.ts): `json`, one object a line (for machines), or `pretty`, a readable line
   * each (time, level, message, fields). Unset: `pretty` when stdout is a terminal, else `json`.
   */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  /** An SMTP server for notification emails (nodemailer), e.g. smtp://user:pass@mail.example.com:587 or smtps://...
   * Unset: emails go to a local outbox each person reads in their settings (lib/notifications/email/). */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  /** The From of notification emails, e.g. `Relay <relay@example.com>`. Unset: `Relay <relay@<APP_URL's host>>`. */
  EMAIL_FROM: z.string().min(3).optional(),
  /** Benchmarks: `1` serves the send benchmark's constant route, /api/bench/bare (app/api/bench/bare/route.ts). */
  BENCH_ROUTES: z.enum(["0", "1"]).default("0"),
  /** Benchmarks: `1` loads pg_stat_statements into the embedded PostgreSQL this process starts (lib/db/embedded.ts). */
  EMBEDDED_PG_STAT_STATEMENTS: z.enum(["0", "1"]).default("0"),
  /** Extra flags for the Node process of the Next server `npm start` runs, space-separated (e.g. `--cpu-prof`). */
  SERVER_NODE_ARGS: z.string().optional(),
});

/** The variable names, in the schema's order. */
export const VARIABLE_NAMES = Object.keys(variables.shape) as (keyof typeof variables.shape)[];

/** The variables that have a default when unset (docs/guides/operators.md's table states each). */
export const VARIABLE_DEFAULTS = Object.fromEntries(
  Object.entries(variables.shape).flatMap(([name, type]) =>
    type instanceof z.ZodDefault ? [[name, String(type.parse(undefined))]] : [],
  ),
) as Record<string, string>;

const schema = variables
  .superRefine((value, ctx) => {
    if (value.EMBEDDINGS_BASE_URL && !value.EMBEDDINGS_MODEL) {
      ctx.addIssue({ code: "custom", path: ["EMBEDDINGS_MODEL"], message: "required when EMBEDDINGS_BASE_URL is set" });
    }
    if (value.EMBEDDINGS_LOCAL_RUNTIME === "tensorflow-js" && value.EMBEDDINGS_LOCAL_MODEL !== "use-lite-512") {
      const message = "tensorflow-js runs only EMBEDDINGS_LOCAL_MODEL=use-lite-512 (float)";
      ctx.addIssue({ code: "custom", path: ["EMBEDDINGS_LOCAL_RUNTIME"], message });
    }
    if (value.JOBS_ENGINE === "inngest" && value.INNGEST_DEV !== "true") {
      for (const key of ["INNGEST_SIGNING_KEY", "INNGEST_EVENT_KEY"] as const) {
        if (!value[key]) ctx.addIssue({ code: "custom", path: [key], message: "required when JOBS_ENGINE=inngest (unless INNGEST_DEV=true)" });
      }
    }
    if (value.INNGEST_DEV === "true" && value.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["INNGEST_DEV"], message: "must not be true in production: Inngest's calls would not be verified" });
    }
    if (value.FAILED_DELIVERY_RETENTION_DAYS < value.DELIVERY_RETENTION_DAYS) {
      const message = "must be at least DELIVERY_RETENTION_DAYS: failed deliveries are kept for replay";
      ctx.addIssue({ code: "custom", path: ["FAILED_DELIVERY_RETENTION_DAYS"], message });
    }
    if (!value.VAPID_PUBLIC_KEY !== !value.VAPID_PRIVATE_KEY) {
      const missing = value.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY";
      const other = value.VAPID_PUBLIC_KEY ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY";
      ctx.addIssue({ code: "custom", path: [missing], message: `required when ${other} is set` });
    }
  })
  // Unset, the app's origin is this machine on the port it serves: links work out of the box on any PORT.
  // `appUrlSet` says which: an origin the operator named is the one every link and redirect uses, whatever a
  // request's Host header says (lib/auth/next-auth-environment.ts).
  .transform((value) => ({
    ...value,
    APP_URL: value.APP_URL ?? `http://localhost:${value.PORT}`,
    appUrlSet: value.APP_URL !== undefined,
  }));

export type Env = z.output<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Reads process.env again on the next env(): for a benchmark or test that changes a setting within one process. */
export function reloadEnv(): void {
  cached = undefined;
}

/** A variable of the environment has a value its schema refuses: the process must not start. */
export class InvalidEnvironment extends Error {
  override name = "InvalidEnvironment";
}

/** Validates a set of environment variables; throws a message listing every invalid one. */
export function parseEnv(environment: Record<string, string | undefined>): Env {
  // An empty variable means unset (`DATABASE_URL= npm start` uses the embedded default).
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new InvalidEnvironment(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
