import { createHash } from "node:crypto";
import pg from "pg";
import { refuseHostileValues } from "@/lib/text/hostile-text";
import { processSingleton } from "@/lib/process-singleton";
import { db, pool } from "./client";
import { behindPooler } from "./url";
import type { Statements } from "./statement-types";

// Plain SQL through node-postgres (docs/decisions/005-sql-on-the-hot-path.md): the one way raw SQL is written.
// Prisma's raw queries cost ~0.5 ms each over node-postgres on this stack (measured: SELECT 1 takes 0.68 ms through
// Prisma, 0.17 ms through pg), and a bot's send is seven statements. The shared doors of the message path (the
// policy, insertMessage, events, live notices, locks, jobs) take an `Sql`: the pool for one statement (`sql()`), or
// an SQL transaction (`transaction`, `inTransaction`) that holds no Prisma call.
//
// Every value passes the text rule on its way (lib/text/hostile-text.ts): a NUL or an unpaired surrogate that a
// door missed is 422 `invalid_body` here, before PostgreSQL sees it, rather than a 500 (issue 16).

/**
 * A statement, declared once at module level with a name: its row and parameter types are generated from the
 * database (`npm run db:types` writes lib/db/statement-types.ts; lib/db/statement-types.int.test.ts fails when a
 * statement and its types disagree). `notNull` names columns the statement guarantees are never null where the
 * database cannot tell: an expression, a nullable column its WHERE excludes null from, a table also outer-joined.
 */
export interface Query<N extends StatementName = StatementName> {
  readonly name: N;
  readonly text: string;
  readonly notNull?: readonly string[];
  /**
   * false: sent unnamed, so PostgreSQL plans it for its values each time, never with a generic plan (a named
   * statement gets one after five runs, which some statements pay for dearly: their notes say why).
   */
  readonly prepared?: boolean;
  /**
   * true: when it travels in a message (`pipeline`: a transaction's opening, or what is queued for its COMMIT), planned
   * once per connection for any values (`plan_cache_mode = force_generic_plan` around its EXECUTE), never for each
   * one's. For a large statement whose plan cannot depend on its values (ids, and "now"), where PostgreSQL would
   * otherwise keep planning it afresh because a custom plan's estimate looks cheaper: the send's snapshot spent 1.8 ms
   * planning for 0.6 ms running (docs/decisions/041). Through `query` it is planned as any named statement is.
   */
  readonly genericPlan?: boolean;
}

export type StatementName = keyof Statements;
/** The row a statement returns, as node-postgres parses it. */
export type RowOf<N extends StatementName> = Statements[N]["row"];
/** The values a statement takes, in order; any of them may be null. */
export type ParamsOf<N extends StatementName> = Statements[N]["params"];
type Values<N extends StatementName> = ParamsOf<N> extends [] ? [values?: []] : [values: ParamsOf<N>];

const declared: { name: string; text: string; notNull: readonly string[] }[] = [];
const declaredByName = new Map<string, Query>();

/** A statement's text and what is known of it (see `Query`). */
export type QueryOptions = Omit<Query, "name">;

/**
 * Declares a statement (see `Query`): `query("bots.touchKey", { text: "UPDATE ..." })`. Every declaration is kept so
 * the types check can describe it.
 */
export function query<const N extends StatementName>(name: N, options: QueryOptions): Query<N> {
  declared.push({ name, text: options.text, notNull: options.notNull ?? [] });
  const declaration = { name, ...options };
  declaredByName.set(name, declaration);
  return declaration;
}

/**
 * A statement declared by a module loaded so far, by its name (undefined when none is): for a warm-up that prepares
 * statements private to their modules (lib/http/warm-up.ts).
 */
export const declaredQuery = <N extends StatementName>(name: N): Query<N> | undefined =>
  declaredByName.get(name) as Query<N> | undefined;

/** Every statement declared by the modules loaded so far (for lib/db/statement-types.int.test.ts). */
export const declaredStatements = (): readonly { name: string; text: string; notNull: readonly string[] }[] => declared;

export interface Sql {
  query<N extends StatementName>(statement: Query<N>, ...values: Values<N>): Promise<RowOf<N>[]>;
  /**
   * A statement that is not declared, its rows cast to `T` unchecked: for tests and benchmarks, which read and
   * arrange tables as they please. The product never calls it (test/statement-types.int.test.ts).
   */
  unchecked<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
}

const names = new Map<string, string>();
/** A stable name per statement text: node-postgres then prepares it once per connection (no re-planning). */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `relay_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

export function pgSql(client: pg.Pool | pg.PoolClient): Sql {
  return {
    async query<N extends StatementName>({ text, prepared = true }: Query<N>, ...[values = []]: Values<N>) {
      refuseHostileValues(values);
      const config: pg.QueryConfig = { text, values: values as unknown[] };
      // A named statement is the server session's: behind a transaction-mode pooler, the next use may be on another.
      if (prepared && !behindPooler()) config.name = statementName(text);
      const result = await client.query(config);
      return result.rows as RowOf<N>[];
    },
    async unchecked<T>(text: string, values: unknown[] = []) {
      refuseHostileValues(values);
      return (await client.query(text, values)).rows as T[];
    },
  };
}

/** The pool as an Sql, for single statements outside a transaction. */
export function sql(): Sql {
  db(); // makes sure the pool exists
  return pgSql(pool());
}

/**
 * A statement with its values, to travel in one message with its neighbours: a transaction's BEGIN and the
 * statements opened with it, or the statements queued for its COMMIT. It is sent as `EXECUTE` of a statement the
 * connection prepared once (docs/decisions/014), so it keeps its plan like a `query` does.
 */
export interface Statement<N extends StatementName = StatementName> {
  query: Query<N>;
  values: ParamsOf<N>;
}

export const statement = <N extends StatementName>(query: Query<N>, values: ParamsOf<N>): Statement<N> => ({
  query,
  values,
});

/** Runs a statement built earlier (its values were checked when it was built). */
export const runStatement = <N extends StatementName>(sql: Sql, { query, values }: Statement<N>) =>
  (sql.query as (query: Query<N>, values: unknown[]) => Promise<RowOf<N>[]>)(query, values as unknown[]);

/** The rows a pipelined statement returned, typed as its declaration says. */
export const rowsOf = <N extends StatementName>(_query: Query<N>, rows: unknown[] | undefined): RowOf<N>[] =>
  (rows ?? []) as RowOf<N>[];

/** A transaction: `query` as anywhere, and `atCommit` for writes whose rows the caller does not need back. */
export interface Transaction extends Sql {
  /**
   * Queues a statement to travel with the COMMIT, in order, with nothing between it and the commit: it runs only if
   * everything before it succeeded, and if it fails nothing of the transaction stays. Its rows are not returned.
   */
  atCommit(statement: Statement): void;
}

export interface TransactionOptions {
  /**
   * false: the COMMIT returns once the WAL holds it, without waiting for the disk (`synchronous_commit = off` for
   * this transaction alone). For what the app can make again and a crash may forget, never for what a person or a
   * bot was told is done: the job worker's vectors and their watermark (lib/memory/embed-pending.ts), which a crash
   * would only have embedded again. Any later commit that waits for the disk writes these first: WAL is flushed in
   * order. (docs/decisions/041, "Commits that do not wait for the disk".)
   */
  waitForDisk?: boolean;
}

/** Runs `work` in one transaction on one pooled connection; rolls back if it throws. */
export function transaction<T>(work: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  return transactionBetween(work, { opening: [], ...options });
}

export interface TransactionBetweenOptions extends TransactionOptions {
  /** Statements that travel with the BEGIN: their rows reach `work` as `opened`, in order. */
  opening: Statement[];
  /**
   * Statements that ride in the same message ahead of the transaction and are committed on their own first
   * (`BEGIN; before; COMMIT; BEGIN; opening`), whatever the transaction then does; their rows reach `work` as
   * `beforeRows`. A bot's request-rate token is one (lib/throttle/bot-rate.ts): spent even when the request is
   * refused and rolled back, its row locked only for its own update. Their COMMIT does not wait for the disk
   * (`waitForDisk: false`): a crash may forget a spent token, and waiting would keep the bot's token row locked, and
   * every other request of the bot waiting, through each flush (docs/decisions/041). The transaction after them, if
   * it commits waiting for the disk, makes them durable too.
   */
  before?: Statement[];
}

/** Said after a BEGIN: this transaction's COMMIT does not wait for its WAL to reach the disk. */
const NO_WAIT_FOR_DISK = "SET LOCAL synchronous_commit = off";
/** How a transaction that does not wait for the disk begins. */
const BEGIN_NO_WAIT = ["BEGIN", NO_WAIT_FOR_DISK];

/**
 * Runs `work` on one pooled connection holding a transaction that `work` opens: rolls it back if `work` throws, and
 * lets go of a connection whose failed message carried PREPAREs (it may hold statements it does not know it has).
 */
async function onPooledConnection<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  db();
  const client = await pool().connect();
  try {
    return await work(client);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release(unsure.has(client));
  }
}

/**
 * A transaction whose first statements travel with its BEGIN and whose last ones (queued by `atCommit`) with its
 * COMMIT: a round trip each instead of one per statement (docs/decisions/013, 014). `work` gets the rows of each
 * opening statement, in order. Rolls back if anything throws.
 */
export function transactionBetween<T>(
  work: (tx: Transaction, opened: unknown[][], beforeRows: unknown[][]) => Promise<T>,
  { opening, before = [], waitForDisk = true }: TransactionBetweenOptions,
): Promise<T> {
  return onPooledConnection(async (client) => {
    const closing: Statement[] = [];
    const tx: Transaction = { ...pgSql(client), atCommit: (s) => void closing.push(s) };
    // A transaction of their own, explicit: a COMMIT ending a message's implicit one would log a WARNING each time.
    const ahead: (string | Statement)[] = before.length ? [...BEGIN_NO_WAIT, ...before, "COMMIT"] : [];
    const begin = waitForDisk ? ["BEGIN"] : BEGIN_NO_WAIT;
    const rows = await pipeline(client, [...ahead, ...begin, ...opening]);
    const beforeRows = rows.slice(BEGIN_NO_WAIT.length, BEGIN_NO_WAIT.length + before.length);
    const result = await work(tx, rows.slice(ahead.length + begin.length), beforeRows);
    await pipeline(client, [...closing, "COMMIT"]);
    return result;
  });
}

/**
 * Runs one statement in a transaction of its own whose COMMIT does not wait for the disk (`waitForDisk: false`), in one
 * message: for a write a crash may forget, such as a bot's spent request token (lib/throttle/bot-rate.ts), whose row
 * every other request of the bot must otherwise wait for through each flush.
 */
export function runWithoutWaitingForDisk<N extends StatementName>(statement: Statement<N>): Promise<RowOf<N>[]> {
  return onPooledConnection(async (client) => {
    const rows = await pipeline(client, [...BEGIN_NO_WAIT, statement, "COMMIT"]);
    return rows[BEGIN_NO_WAIT.length] as RowOf<N>[];
  });
}

/**
 * Statements prepared by `pipeline` on each connection (by name), so each is prepared once per connection. One record
 * per process, like the pool whose connections it describes (lib/process-singleton.ts): a copy of this module in
 * another bundle (instrumentation.ts's warm-up, another route's) must not PREPARE a name again ("already exists").
 */
const preparedOn = processSingleton("__relayPreparedOn", () => new WeakMap<pg.PoolClient, Set<string>>());
/** Connections where a message with PREPAREs failed: which of them ran is unknown. */
const unsure = processSingleton("__relayUnsureConnections", () => new WeakSet<pg.PoolClient>());

/** The name a statement is prepared under by `pipeline` (SQL's PREPARE; node-postgres's own are `relay_…`). */
const pipelineName = (query: Query) => `x${statementName(query.text)}`;

/** Statements `pipeline` has prepared on this connection. */
function preparedSet(client: pg.PoolClient): Set<string> {
  let prepared = preparedOn.get(client);
  if (!prepared) preparedOn.set(client, (prepared = new Set()));
  return prepared;
}

/**
 * Sends statements in ONE simple-protocol message and returns each one's rows. A `Statement` goes as
 * `EXECUTE name(literals)`, preceded the first time on this connection by its `PREPARE` (prepared statements outlive
 * a rolled-back transaction, so once done it stays done).
 */
async function pipeline(client: pg.PoolClient, parts: (string | Statement)[]): Promise<unknown[][]> {
  if (behindPooler()) return pipelineInline(client, parts);
  const prepared = preparedSet(client);
  const preparing: string[] = [];
  const texts: string[] = [];
  const kept: boolean[] = [];
  for (const part of parts) if (typeof part !== "string") refuseHostileValues(part.values);
  // `genericPlan` statements run with plan_cache_mode forced for the transaction, and reset before anything else.
  let generic = false;
  const planGenerically = (on: boolean) => {
    if (on === generic) return;
    texts.push(on ? "SET LOCAL plan_cache_mode = force_generic_plan" : "RESET plan_cache_mode");
    kept.push(false);
    generic = on;
  };
  for (const part of parts) {
    if (typeof part === "string") {
      planGenerically(false);
      texts.push(part);
      kept.push(true);
      continue;
    }
    planGenerically(part.query.genericPlan === true);
    const name = pipelineName(part.query);
    if (!prepared.has(name) && !preparing.includes(name)) {
      texts.push(`PREPARE ${name} AS ${part.query.text}`);
      kept.push(false);
      preparing.push(name);
    }
    texts.push(part.values.length ? `EXECUTE ${name}(${part.values.map(literal).join(", ")})` : `EXECUTE ${name}`);
    kept.push(true);
  }
  planGenerically(false);
  let results: pg.QueryResult | pg.QueryResult[];
  try {
    results = (await client.query(texts.join(";\n"))) as unknown as pg.QueryResult | pg.QueryResult[];
  } catch (error) {
    if (preparing.length) unsure.add(client);
    throw error;
  }
  for (const name of preparing) prepared.add(name);
  const all = Array.isArray(results) ? results : [results];
  return all.filter((_, i) => kept[i]).map((r) => r.rows);
}

/**
 * `pipeline` behind a transaction-mode pooler (lib/db/url.ts): the next transaction may run on another server session,
 * which would not have this one's prepared statements, so each statement goes whole, its values inlined as the
 * literals `EXECUTE` would carry. PostgreSQL plans it afresh each time (`genericPlan` does not apply).
 */
async function pipelineInline(client: pg.PoolClient, parts: (string | Statement)[]): Promise<unknown[][]> {
  const texts = parts.map((part) => {
    if (typeof part === "string") return part;
    refuseHostileValues(part.values);
    return inlineValues(part.query.text, part.values.map(literal));
  });
  const results = (await client.query(texts.join(";\n"))) as unknown as pg.QueryResult | pg.QueryResult[];
  return (Array.isArray(results) ? results : [results]).map((r) => r.rows);
}

/**
 * A statement's text with each parameter (`$1`, `$2`...) replaced by its literal. String literals, quoted names and
 * comments are copied as they are: a `$1` inside them is not a parameter.
 */
export function inlineValues(text: string, literals: readonly string[]): string {
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|\$(\d+)(?!\d)/g, (token, n?: string) => {
    if (n === undefined) return token;
    const value = literals[Number(n) - 1];
    if (value === undefined) throw new Error(`statement parameter $${n} has no value`);
    return value;
  });
}

/** What a warm-up readies on each connection (`warmConnections`). */
export interface Rehearsal {
  /**
   * Run as a transaction's opening and closing statements are (`pipeline`: PREPARE once, then EXECUTE), in one message,
   * with values that match nothing and raise nothing: a random bot's id, a random conversation's.
   */
  pipelined: Statement[];
  /** Run as `query` runs them (node-postgres prepares each on a connection's first use), values that match nothing. */
  queried: Statement[];
  /** Prepared for `pipeline` but not run: statements that would write whatever their values (an INSERT ... VALUES). */
  preparedOnly: Query[];
}

/**
 * Opens `count` connections of the pool, held together so they are `count` different ones, and readies each for
 * `rehearsal` in a transaction that is rolled back: what PostgreSQL does the first time a new backend meets a statement
 * (parse it against cold catalog caches, plan it, open its tables and indexes) is done before a request waits on it,
 * and nothing it ran stays. A connection whose rehearsal failed is closed rather than returned to the pool. Resolves
 * with how many were readied and what failed; never rejects.
 */
export async function warmConnections(
  count: number,
  rehearsal: Rehearsal,
): Promise<{ warmed: number; failures: Error[] }> {
  const failures: Error[] = [];
  const asError = (reason: unknown) => (reason instanceof Error ? reason : new Error(String(reason)));
  const clients: pg.PoolClient[] = [];
  try {
    // pool(), not db(): the Prisma client is the routes' to make (lib/db/client.ts).
    for (const connected of await Promise.allSettled(Array.from({ length: count }, () => pool().connect()))) {
      if (connected.status === "fulfilled") clients.push(connected.value);
      else failures.push(asError(connected.reason));
    }
  } catch (error) {
    return { warmed: 0, failures: [asError(error)] }; // no pool (no database known)
  }
  const rehearsed = await Promise.allSettled(clients.map((client) => rehearse(client, rehearsal)));
  let warmed = 0;
  rehearsed.forEach((outcome, i) => {
    if (outcome.status === "fulfilled") warmed++;
    else failures.push(asError(outcome.reason));
    clients[i]!.release(outcome.status === "rejected" || unsure.has(clients[i]!));
  });
  return { warmed, failures };
}

async function rehearse(client: pg.PoolClient, { pipelined, queried, preparedOnly }: Rehearsal): Promise<void> {
  try {
    await pipeline(client, ["BEGIN", ...pipelined]);
    const tx = pgSql(client);
    for (const one of queried) await runStatement(tx, one);
    const prepared = preparedSet(client);
    // Behind a pooler nothing is prepared (pipelineInline): the statements' first plans were made by the run above.
    const names = behindPooler()
      ? []
      : [...new Set(preparedOnly.map(pipelineName))].filter((name) => !prepared.has(name));
    const texts = new Map(preparedOnly.map((query) => [pipelineName(query), query.text]));
    if (names.length) {
      try {
        await client.query(names.map((name) => `PREPARE ${name} AS ${texts.get(name)}`).join(";\n"));
      } catch (error) {
        unsure.add(client);
        throw error;
      }
      for (const name of names) prepared.add(name);
    }
  } finally {
    // Prepared statements outlive the rollback; everything the statements did (locks, rows) does not.
    await client.query("ROLLBACK");
  }
}

/**
 * A value as an SQL literal of unknown type, for `EXECUTE`: the statement's parameter type reads it, as it reads a
 * parameter node-postgres sends as text. Dates go as ISO instants; objects as JSON.
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === "number" && !Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  if (typeof value === "string") return pg.escapeLiteral(value);
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return pg.escapeLiteral(String(value));
  }
  if (Array.isArray(value) || Buffer.isBuffer(value)) throw new Error("arrays and buffers cannot be inlined");
  return pg.escapeLiteral(JSON.stringify(value));
}

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(tx: Transaction | undefined, work: (tx: Transaction) => Promise<T>): Promise<T>;
export function inTransaction<T>(tx: Sql | undefined, work: (sql: Sql) => Promise<T>): Promise<T>;
export function inTransaction<T>(tx: Sql | undefined, work: (sql: Transaction) => Promise<T>): Promise<T> {
  return tx ? work(tx as Transaction) : transaction(work);
}
