import pg from "pg";
import { expect, it, vi } from "vitest";
import { pool } from "./client";

// A pooled connection the server closes while idle must not take the process down: the pool logs it and the next
// query gets a fresh connection.

it("survives the server terminating an idle pooled connection", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const idle = await pool().connect();
  const { rows } = await idle.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  idle.release();

  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
  await admin.end();
  await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining("[relay] database pool:")));

  expect((await pool().query<{ one: number }>("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
  logged.mockRestore();
});
