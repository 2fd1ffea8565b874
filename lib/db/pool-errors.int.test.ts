import pg from "pg";
import { expect, it, vi } from "vitest";
import { pool } from "./client";
import { captureLog } from "@/test/log-lines";

// A pooled connection the server closes while idle must not take the process down: the pool logs it and the next
// query gets a fresh connection.

it("survives the server terminating an idle pooled connection", async () => {
  const logged = captureLog();
  const idle = await pool().connect();
  const { rows } = await idle.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  idle.release();

  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
  await admin.end();
  await vi.waitFor(() =>
    expect(logged.lines()).toContainEqual(expect.objectContaining({ level: "error", msg: "database pool error" })),
  );

  expect((await pool().query<{ one: number }>("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
  logged.stop();
});
