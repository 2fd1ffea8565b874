import { describe, expect, it } from "vitest";
import { pool } from "./client";
import { literal, sql, transactionBetween } from "./sql";

// The statements that travel with BEGIN and COMMIT (transactionBetween) carry their values as literals: whatever a
// bot sends as an Idempotency-Key must come back as exactly that text, and never change the statement.

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
    const rows = await sql().query<{ v: string }>(`SELECT ${literal(value)} AS v`);
    expect(rows).toEqual([{ v: value }]);
  });

  it("writes numbers and null as such, and refuses what is not a finite number", async () => {
    expect(await sql().query(`SELECT ${literal(201)} AS n, ${literal(null)} AS z`)).toEqual([{ n: 201, z: null }]);
    expect(() => literal(Number.NaN)).toThrow(/finite/);
  });
});

describe("transactionBetween", () => {
  it("hands the opening statements' rows to the work and runs the closing statements with COMMIT", async () => {
    await sql().query("CREATE TABLE IF NOT EXISTS between_test (v text)");
    const seen = await transactionBetween("SELECT 1 AS a; SELECT 2 AS b", async (tx, opened) => {
      await tx.query("INSERT INTO between_test (v) VALUES ($1)", ["work"]);
      return { result: opened, closing: `INSERT INTO between_test (v) VALUES (${literal("closing")})` };
    });
    expect(seen).toEqual([[{ a: 1 }], [{ b: 2 }]]);
    expect((await sql().query<{ v: string }>("SELECT v FROM between_test ORDER BY v")).map((r) => r.v)).toEqual(["closing", "work"]);
  });

  it("rolls everything back when the work or the closing statements fail", async () => {
    await sql().query("CREATE TABLE IF NOT EXISTS between_rollback (v text UNIQUE)");
    await expect(
      transactionBetween("SELECT 1", async (tx) => {
        await tx.query("INSERT INTO between_rollback (v) VALUES ('a')");
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await expect(
      transactionBetween("SELECT 1", async (tx) => {
        await tx.query("INSERT INTO between_rollback (v) VALUES ('b')");
        return { result: null, closing: "INSERT INTO between_rollback (v) VALUES ('b')" }; // violates UNIQUE
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await sql().query("SELECT v FROM between_rollback")).toEqual([]);
    // The connection went back to the pool clean: not left inside an aborted transaction.
    const client = await pool().connect();
    expect((await client.query("SELECT 1 AS ok")).rows).toEqual([{ ok: 1 }]);
    client.release();
  });
});
