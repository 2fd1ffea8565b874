import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { db, pool } from "./client";
import {
  literal,
  runWithoutWaitingForDisk,
  sql,
  transaction,
  transactionBetween,
  warmConnections,
  type Query,
  type Statement,
} from "./sql";

/** A statement of the tests' own, not declared (the machinery under test does not care what it says). */
const raw = (text: string, values: unknown[] = []) =>
  ({ query: { name: "test", text }, values }) as unknown as Statement;

// The statements that travel with BEGIN and COMMIT (transactionBetween) go as EXECUTE of a statement prepared once
// per connection, their values written as literals: whatever a bot sends as an Idempotency-Key must come back as
// exactly that text, and never change the statement.

describe("literal", () => {
  it.each([
    "plain",
    "it's",
    "back\\slash",
    "'; DROP TABLE messages; --",
    "E'\\x00'",
    "ünïcødé ✓ 🙂",
    "$$ dollar $$",
    "",
  ])("round-trips %j", async (value) => {
    const rows = await sql().unchecked<{ v: string }>(`SELECT ${literal(value)}::text AS v`);
    expect(rows).toEqual([{ v: value }]);
  });

  it("refuses what it cannot write faithfully", () => {
    expect(() => literal(Number.NaN)).toThrow(/finite/);
    expect(() => literal([1, 2])).toThrow(/arrays/);
  });
});

describe("transactionBetween", () => {
  it("hands the opening statements' rows to the work, typed as their parameters say", async () => {
    const at = new Date("2026-11-23T16:05:01.234Z");
    const values = [201, null, at, true, { a: ["b"] }, "it's"];
    const seen = await transactionBetween(async (_tx, opened) => opened, {
      opening: [
        raw(
          "SELECT $1::int AS n, $2::text AS z, $3::timestamptz AS t, $4::boolean AS b, $5::jsonb AS j, $6::text AS s",
          values,
        ),
        raw("SELECT 2 AS two"),
      ],
    });
    expect(seen).toEqual([[{ n: 201, z: null, t: at, b: true, j: { a: ["b"] }, s: "it's" }], [{ two: 2 }]]);
  });

  it("commits the `before` statements on their own, ahead of the transaction, in the same message", async () => {
    await sql().unchecked("CREATE TABLE IF NOT EXISTS between_before (n int PRIMARY KEY, v int)");
    await sql().unchecked("INSERT INTO between_before VALUES (1, 0) ON CONFLICT (n) DO UPDATE SET v = 0");
    const bump = raw("UPDATE between_before SET v = v + 1 WHERE n = 1 RETURNING v");
    const seen = await transactionBetween(
      async (_tx, opened, beforeRows) => {
        // Committed already: another connection changes the row without waiting for this transaction's end.
        await sql().unchecked("UPDATE between_before SET v = v + 10 WHERE n = 1");
        return { opened, beforeRows };
      },
      { opening: [raw("SELECT 2 AS two")], before: [bump] },
    );
    expect(seen).toEqual({ opened: [[{ two: 2 }]], beforeRows: [[{ v: 1 }]] });
    // Kept when the transaction after it rolls back.
    await expect(
      transactionBetween(
        async () => {
          throw new Error("refused");
        },
        { opening: [], before: [bump] },
      ),
    ).rejects.toThrow("refused");
    expect(await sql().unchecked("SELECT v FROM between_before")).toEqual([{ v: 12 }]);
  });

  it("commits `before` and a `waitForDisk: false` transaction without waiting for the disk, and nothing else", async () => {
    const setting = raw("SELECT current_setting('synchronous_commit') AS s");
    const server = (await sql().unchecked<{ s: string }>("SELECT current_setting('synchronous_commit') AS s"))[0]!.s;
    expect(server).toBe("on");
    const seen = await transactionBetween(async (_tx, opened, beforeRows) => ({ opened, beforeRows }), {
      opening: [setting],
      before: [setting],
    });
    expect(seen).toEqual({ beforeRows: [[{ s: "off" }]], opened: [[{ s: "on" }]] });

    await sql().unchecked("CREATE TABLE IF NOT EXISTS between_forgettable (n int PRIMARY KEY, v int)");
    const inside = await transaction(
      async (tx) => {
        await tx.unchecked("INSERT INTO between_forgettable VALUES (1, 1) ON CONFLICT (n) DO UPDATE SET v = 1");
        return (await tx.unchecked<{ s: string }>("SELECT current_setting('synchronous_commit') AS s"))[0]!.s;
      },
      { waitForDisk: false },
    );
    expect(inside).toBe("off");
    expect(await sql().unchecked("SELECT v FROM between_forgettable")).toEqual([{ v: 1 }]);
    // SET LOCAL: the connection goes back to the pool with the server's setting.
    for (let i = 0; i < 5; i++)
      expect(await transaction((tx) => tx.unchecked("SELECT current_setting('synchronous_commit') AS s"))).toEqual([
        { s: "on" },
      ]);
  });

  it("runs one statement in a transaction of its own that does not wait for the disk", async () => {
    await sql().unchecked("CREATE TABLE IF NOT EXISTS between_token (n int PRIMARY KEY, v int)");
    await sql().unchecked("INSERT INTO between_token VALUES (1, 0) ON CONFLICT (n) DO UPDATE SET v = 0");
    const rows = await runWithoutWaitingForDisk(
      raw("UPDATE between_token SET v = v + 1 WHERE n = 1 RETURNING v, current_setting('synchronous_commit') AS s"),
    );
    expect(rows).toEqual([{ v: 1, s: "off" }]);
    expect(await sql().unchecked("SELECT v FROM between_token")).toEqual([{ v: 1 }]);
    // A failing statement changes nothing and leaves the pool's connections usable.
    await expect(runWithoutWaitingForDisk(raw("UPDATE between_token SET v = v / 0 WHERE n = 1"))).rejects.toThrow(
      /division by zero/,
    );
    expect(await sql().unchecked("SELECT v FROM between_token")).toEqual([{ v: 1 }]);
    expect(await sql().unchecked("SELECT current_setting('synchronous_commit') AS s")).toEqual([{ s: "on" }]);
  });

  it("runs the statements queued with atCommit, in order, with the COMMIT", async () => {
    await sql().unchecked("CREATE TABLE IF NOT EXISTS between_test (n serial, v text)");
    await transaction(async (tx) => {
      await tx.unchecked("INSERT INTO between_test (v) VALUES ($1)", ["work"]);
      tx.atCommit(raw("INSERT INTO between_test (v) VALUES ($1)", ["first"]));
      tx.atCommit(raw("INSERT INTO between_test (v) VALUES ($1)", ["second"]));
      // Not there yet: they travel with the COMMIT.
      expect(await tx.unchecked("SELECT v FROM between_test")).toEqual([{ v: "work" }]);
    });
    const rows = await sql().unchecked<{ v: string }>("SELECT v FROM between_test ORDER BY n");
    expect(rows.map((r) => r.v)).toEqual(["work", "first", "second"]);
  });

  it("prepares each statement once per connection, and runs it as that prepared statement", async () => {
    // The statement finds itself among the session's prepared statements; a second PREPARE of it would fail.
    const itself = raw(
      "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%prepared_once_marker%'",
    );
    for (let i = 0; i < 20; i++) {
      expect(await transactionBetween(async (_tx, opened) => opened, { opening: [itself] })).toEqual([[{ n: 1 }]]);
    }
  });

  it("plans a genericPlan statement once for any values, and leaves the others' planning as it was", async () => {
    // Each statement in a message of its own, marked so the session's record of its prepared statements (which keeps
    // the whole message's text) finds it alone: how many generic and custom plans it used.
    const plansOf = async (genericPlan: boolean) => {
      const marker = `plan_marker_${Math.random().toString(36).slice(2)}`;
      const text = `SELECT count(*)::int AS n FROM pg_class WHERE relname <> $1 /* ${marker} */`;
      const counted = { query: { name: "test", text, genericPlan }, values: ["x"] } as unknown as Statement;
      return transactionBetween(
        (tx) =>
          tx.unchecked(
            `SELECT generic_plans::int AS generic, custom_plans::int AS custom,
                    current_setting('plan_cache_mode') AS mode
             FROM pg_prepared_statements WHERE statement LIKE '%' || $1 || '%'`,
            [marker],
          ),
        { opening: [counted] },
      );
    };
    // Forced, it is generic from its first run; an ordinary statement's first run is planned for its values. Either
    // way the setting is the server's again for whatever the transaction runs next.
    expect(await plansOf(true)).toEqual([{ generic: 1, custom: 0, mode: "auto" }]);
    expect(await plansOf(false)).toEqual([{ generic: 0, custom: 1, mode: "auto" }]);
  });

  it("rolls everything back when the work or a statement queued for the commit fails", async () => {
    await sql().unchecked("CREATE TABLE IF NOT EXISTS between_rollback (v text UNIQUE)");
    await expect(
      transaction(async (tx) => {
        await tx.unchecked("INSERT INTO between_rollback (v) VALUES ('a')");
        tx.atCommit(raw("INSERT INTO between_rollback (v) VALUES ($1)", ["never"]));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await expect(
      transaction(async (tx) => {
        await tx.unchecked("INSERT INTO between_rollback (v) VALUES ('b')");
        tx.atCommit(raw("INSERT INTO between_rollback (v) VALUES ($1)", ["c"]));
        tx.atCommit(raw("INSERT INTO between_rollback (v) VALUES ($1)", ["b"])); // violates UNIQUE
        tx.atCommit(raw("INSERT INTO between_rollback (v) VALUES ($1)", ["d"]));
      }),
    ).rejects.toThrow(/duplicate key/);
    await expect(
      transaction(async (tx) => {
        tx.atCommit(raw("SELECT relay_expect($1::int = 2, 'two')", [3]));
      }),
    ).rejects.toThrow(/expectation failed: two/);
    expect(await sql().unchecked("SELECT v FROM between_rollback")).toEqual([]);
    // The connection went back to the pool clean: not left inside an aborted transaction.
    const client = await pool().connect();
    expect((await client.query("SELECT 1 AS ok")).rows).toEqual([{ ok: 1 }]);
    client.release();
  });

  it("keeps working after a message that carried a PREPARE failed", async () => {
    const broken = raw("SELECT $1::int AS n", ["not a number"]);
    await expect(transactionBetween(async () => null, { opening: [broken] })).rejects.toThrow(/invalid input syntax/);
    const fine = raw("SELECT $1::int AS n", [7]);
    for (let i = 0; i < 10; i++) {
      expect(await transactionBetween(async (_tx, opened) => opened, { opening: [fine] })).toEqual([[{ n: 7 }]]);
    }
  });
});

// The text rule's last net (issue 16): whatever door missed it, a NUL or an unpaired surrogate never reaches
// PostgreSQL (which answers an error for NUL, and for a lone surrogate an error in jsonb or a silent U+FFFD in text):
// the statement is refused with 422 invalid_body and nothing of it is stored.
describe("the text net", () => {
  const refusal = async (work: () => Promise<unknown>) => {
    const error = await work().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "invalid_body", status: 422 });
    return error as ApiError;
  };

  it("refuses a plain query's parameter, a statement's value and a value inside JSON, and stores nothing", async () => {
    await sql().unchecked("CREATE TABLE IF NOT EXISTS net_test (v text, j jsonb)");
    const text = await refusal(() => sql().unchecked("INSERT INTO net_test (v) VALUES ($1)", ["a\u0000b"]));
    expect(text.message).toBe("A text contains a NUL character (U+0000), which Relay does not accept");
    await refusal(() => sql().unchecked("INSERT INTO net_test (v) VALUES ($1)", ["a\ud800"]));
    await refusal(() => sql().unchecked("INSERT INTO net_test (j) VALUES ($1)", [{ blocks: [{ title: "\udfff" }] }]));
    await refusal(() =>
      transaction(async (tx) => {
        await tx.unchecked("INSERT INTO net_test (v) VALUES ($1)", ["first, rolled back"]);
        tx.atCommit(raw("INSERT INTO net_test (v) VALUES ($1)", ["x\u0000"]));
      }),
    );
    await refusal(() =>
      transactionBetween(async () => null, { opening: [raw("INSERT INTO net_test (v) VALUES ($1)", ["\ud800"])] }),
    );
    expect(await sql().unchecked("SELECT v FROM net_test")).toEqual([]);
    // Real characters, emoji included, still go through everywhere.
    await sql().unchecked("INSERT INTO net_test (v, j) VALUES ($1, $2)", ["🙂 שלום", { t: "🙂" }]);
    expect(await sql().unchecked("SELECT v, j FROM net_test")).toEqual([{ v: "🙂 שלום", j: { t: "🙂" } }]);
  });

  it("refuses the same in Prisma's operations, raw SQL and transactions included", async () => {
    const workspace = await db().workspace.create({ data: { name: "Net", slug: `net-${Date.now()}` } });
    await refusal(() => db().contact.create({ data: { workspaceId: workspace.id, name: "a\u0000b" } }));
    await refusal(() => db().contact.create({ data: { workspaceId: workspace.id, name: "a\ud800b" } }));
    await refusal(() => db().contact.findMany({ where: { name: { contains: "\u0000" } } }));
    await refusal(() => db().$queryRaw`SELECT ${"\u0000"}::text AS v`);
    await refusal(
      () => db().$executeRaw`UPDATE contacts SET name = ${"\ud800"} WHERE workspace_id = ${workspace.id}::uuid`,
    );
    await refusal(() => db().$queryRawUnsafe("SELECT $1::text AS v", "\u0000"));
    await refusal(() =>
      db().$transaction(async (tx) => {
        await tx.contact.create({ data: { workspaceId: workspace.id, name: "Rolled back" } });
        await tx.contact.create({ data: { workspaceId: workspace.id, name: "\u0000" } });
      }),
    );
    expect(await db().contact.count({ where: { workspaceId: workspace.id } })).toBe(0);
    await db().contact.create({ data: { workspaceId: workspace.id, name: "Zoë 🙂" } });
    expect(await db().contact.findFirst({ where: { workspaceId: workspace.id }, select: { name: true } })).toEqual({
      name: "Zoë 🙂",
    });
  });
});

// A server's warm-up (lib/http/warm-up.ts): connections opened and readied in a transaction that is rolled back.
describe("warmConnections", () => {
  const prepared = async () =>
    (await sql().unchecked<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE from_sql"))[0]!
      .n;

  it("runs and prepares on each connection, and leaves nothing but the prepared statements", async () => {
    await sql().unchecked("CREATE TABLE IF NOT EXISTS warm_rows (n int)");
    const insert = raw("INSERT INTO warm_rows VALUES (1) RETURNING n");
    const { warmed, failures } = await warmConnections(3, {
      pipelined: [insert, raw("SELECT 2 AS two")],
      queried: [raw("SELECT count(*) AS n FROM warm_rows")],
      preparedOnly: [{ name: "test", text: "INSERT INTO warm_rows VALUES (3)" } as unknown as Query],
    });
    expect({ warmed, failures }).toEqual({ warmed: 3, failures: [] });
    expect(await sql().unchecked("SELECT n FROM warm_rows")).toEqual([]); // rolled back
    expect(pool().totalCount).toBeGreaterThanOrEqual(3);
    // The statements stay prepared past the rollback, and `pipeline` knows it: the same statement in a transaction's
    // opening on any of those connections runs (a second PREPARE of the name would fail).
    expect(await prepared()).toBeGreaterThanOrEqual(3);
    await Promise.all(
      Array.from({ length: 3 }, () => transactionBetween(async (_tx, opened) => opened, { opening: [insert] })),
    );
    expect(await sql().unchecked("SELECT n FROM warm_rows")).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
  });

  it("closes a connection whose rehearsal failed, and never rejects", async () => {
    const before = pool().totalCount;
    const { warmed, failures } = await warmConnections(2, {
      pipelined: [raw("SELECT 1 / 0 AS never")],
      queried: [],
      preparedOnly: [],
    });
    expect(warmed).toBe(0);
    expect(failures.map((f) => f.message)).toEqual(["division by zero", "division by zero"]);
    expect(pool().totalCount).toBe(Math.max(before, 2) - 2); // the idle ones it took first, closed
    expect(await sql().unchecked("SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });
});
