import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgbouncerMissing, startPgbouncer, type Pgbouncer } from "@/test/pgbouncer";
import { disconnectDb } from "./client";
import { subscribe } from "./listener";
import { inlineValues, literal, sql, transactionBetween, type Statement } from "./sql";
import { behindPooler, databaseUrl, directDatabaseUrl, selectDatabase } from "./url";

// Behind a transaction-mode pooler (docs/decisions/043-behind-a-pooler.md): PgBouncer with ONE server connection for
// this file's database, shared by the pool's clients, so consecutive transactions of one client run on whatever
// session is free. A named prepared statement made in one is missing in the next, or already there for another client.

/** A statement of the tests' own, not declared (the machinery under test does not care what it says). */
const raw = (text: string, values: unknown[] = []) =>
  ({ query: { name: "test", text }, values }) as unknown as Statement;

const missing = pgbouncerMissing();
let pgbouncer: Pgbouncer;
let direct: string;

beforeAll(async () => {
  if (missing) return;
  direct = directDatabaseUrl()!;
  pgbouncer = await startPgbouncer({ upstreamUrl: direct, poolSize: 1 });
});

afterAll(async () => {
  await disconnectDb();
  await pgbouncer?.stop();
});

/** Points the pool at the pooler (`direct` given: the app knows it is behind one) or back at the server. */
async function select(through: "pooler, known" | "pooler, unknown" | "server") {
  await disconnectDb();
  if (through === "server") selectDatabase(direct);
  else selectDatabase(pgbouncer.pooled(direct), through === "pooler, known" ? { direct } : {});
}

/** Many transactions at once, each opening and committing with statements as a bot's send does. */
function sends(count: number) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      transactionBetween(
        async (tx, opened) => {
          await tx.query({ name: "test", text: "SELECT $1::int AS i" } as never, [i] as never);
          tx.atCommit(raw("SELECT $1::int + $2::int AS sum, '$1 stays' AS text", [i, 1]));
          return opened;
        },
        { opening: [raw("SELECT $1::text AS echo", [`send ${i}`])], before: [raw("SELECT 1 AS token")] },
      ),
    ),
  );
}

describe.skipIf(missing)(`behind PgBouncer in transaction mode${missing ? ` (${missing})` : ""}`, () => {
  it("runs transactions with their opening and commit statements, and plain queries, on a shared session", async () => {
    await select("pooler, known");
    expect(behindPooler()).toBe(true);
    expect(databaseUrl()).not.toBe(directDatabaseUrl());
    const database = new URL(direct).pathname.slice(1);
    const served = await pgbouncer.transactions(database);
    const results = await sends(40);
    expect(results.map((opened) => opened[0])).toEqual(Array.from({ length: 40 }, (_, i) => [{ echo: `send ${i}` }]));
    // They went through PgBouncer (the token's transaction and the send's share a message: one there).
    expect((await pgbouncer.transactions(database)) - served).toBeGreaterThanOrEqual(40);
    // Nothing was left prepared on the server's session for the next client to trip on.
    const [left] = await sql().unchecked<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements");
    expect(left!.n).toBe(0);
  });

  it("fails the same work when the app does not know it is behind a pooler: the check above can fail", async () => {
    await select("pooler, unknown");
    expect(behindPooler()).toBe(false);
    await expect(sends(40)).rejects.toThrow(/prepared statement/);
  });

  it("listens on the direct connection: a notification made through the pooler is heard", async () => {
    await select("pooler, known");
    const heard = new Promise<string>((resolve) => void subscribe("pooler_test", { handler: resolve }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await sql().unchecked("SELECT pg_notify('pooler_test', 'through the pooler')");
    expect(await heard).toBe("through the pooler");
  });
});

describe("inlineValues", () => {
  it("replaces each parameter by its literal, and leaves quoted text and comments alone", () => {
    const literals = ["it's", "42"].map(literal);
    expect(inlineValues("SELECT $1::text, $2::int + 1, $10", [...literals, ...Array(7).fill("x"), "'ten'"])).toBe(
      "SELECT 'it''s'::text, '42'::int + 1, 'ten'",
    );
    expect(inlineValues(`SELECT '$1', "$1", $1 -- $1\n/* $2 */`, [literal("v")])).toBe(
      `SELECT '$1', "$1", 'v' -- $1\n/* $2 */`,
    );
  });

  it("refuses a parameter that has no value", () => {
    expect(() => inlineValues("SELECT $2", [literal("one")])).toThrow(/\$2 has no value/);
  });
});
