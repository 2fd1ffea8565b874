import { describe, expect, it } from "vitest";
import { pool } from "./client";
import { literal, sql, statement, transaction, transactionBetween } from "./sql";

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
    const rows = await sql().query<{ v: string }>(`SELECT ${literal(value)}::text AS v`);
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
    const seen = await transactionBetween(
      [
        statement(
          "SELECT $1::int AS n, $2::text AS z, $3::timestamptz AS t, $4::boolean AS b, $5::jsonb AS j, $6::text AS s",
          values,
        ),
        statement("SELECT 2 AS two"),
      ],
      async (_tx, opened) => opened,
    );
    expect(seen).toEqual([[{ n: 201, z: null, t: at, b: true, j: { a: ["b"] }, s: "it's" }], [{ two: 2 }]]);
  });

  it("runs the statements queued with atCommit, in order, with the COMMIT", async () => {
    await sql().query("CREATE TABLE IF NOT EXISTS between_test (n serial, v text)");
    await transaction(async (tx) => {
      await tx.query("INSERT INTO between_test (v) VALUES ($1)", ["work"]);
      tx.atCommit(statement("INSERT INTO between_test (v) VALUES ($1)", ["first"]));
      tx.atCommit(statement("INSERT INTO between_test (v) VALUES ($1)", ["second"]));
      // Not there yet: they travel with the COMMIT.
      expect(await tx.query("SELECT v FROM between_test")).toEqual([{ v: "work" }]);
    });
    const rows = await sql().query<{ v: string }>("SELECT v FROM between_test ORDER BY n");
    expect(rows.map((r) => r.v)).toEqual(["work", "first", "second"]);
  });

  it("prepares each statement once per connection, and runs it as that prepared statement", async () => {
    // The statement finds itself among the session's prepared statements; a second PREPARE of it would fail.
    const itself = statement(
      "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%prepared_once_marker%'",
    );
    for (let i = 0; i < 20; i++) {
      expect(await transactionBetween([itself], async (_tx, opened) => opened)).toEqual([[{ n: 1 }]]);
    }
  });

  it("rolls everything back when the work or a statement queued for the commit fails", async () => {
    await sql().query("CREATE TABLE IF NOT EXISTS between_rollback (v text UNIQUE)");
    await expect(
      transaction(async (tx) => {
        await tx.query("INSERT INTO between_rollback (v) VALUES ('a')");
        tx.atCommit(statement("INSERT INTO between_rollback (v) VALUES ($1)", ["never"]));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await expect(
      transaction(async (tx) => {
        await tx.query("INSERT INTO between_rollback (v) VALUES ('b')");
        tx.atCommit(statement("INSERT INTO between_rollback (v) VALUES ($1)", ["c"]));
        tx.atCommit(statement("INSERT INTO between_rollback (v) VALUES ($1)", ["b"])); // violates UNIQUE
        tx.atCommit(statement("INSERT INTO between_rollback (v) VALUES ($1)", ["d"]));
      }),
    ).rejects.toThrow(/duplicate key/);
    await expect(
      transaction(async (tx) => {
        tx.atCommit(statement("SELECT relay_expect($1::int = 2, 'two')", [3]));
      }),
    ).rejects.toThrow(/expectation failed: two/);
    expect(await sql().query("SELECT v FROM between_rollback")).toEqual([]);
    // The connection went back to the pool clean: not left inside an aborted transaction.
    const client = await pool().connect();
    expect((await client.query("SELECT 1 AS ok")).rows).toEqual([{ ok: 1 }]);
    client.release();
  });

  it("keeps working after a message that carried a PREPARE failed", async () => {
    const broken = statement("SELECT $1::int AS n", ["not a number"]);
    await expect(transactionBetween([broken], async () => null)).rejects.toThrow(/invalid input syntax/);
    const fine = statement("SELECT $1::int AS n", [7]);
    for (let i = 0; i < 10; i++) {
      expect(await transactionBetween([fine], async (_tx, opened) => opened)).toEqual([[{ n: 7 }]]);
    }
  });
});
