import pg from "pg";
import { expect, it } from "vitest";
import { embeddedUrl } from "./embedded";

// The embedded server is reached over its Unix socket when it has one (docs/decisions/013): the test server is an
// embedded one unless TEST_DATABASE_URL names another.

it("connects the app over the embedded server's Unix socket", async ({ skip }) => {
  const url = new URL(process.env.DATABASE_URL!);
  if (process.env.TEST_DATABASE_URL || !url.searchParams.get("host")) skip();
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const { rows } = await client.query<{ address: string | null }>("SELECT inet_client_addr()::text AS address");
  await client.end();
  expect(rows).toEqual([{ address: null }]); // null: not a TCP connection
});

it("builds a TCP URL when there is no socket, and a socket URL with the folder encoded", () => {
  expect(embeddedUrl({ port: 5432, database: "relay", socketDir: null })).toBe(
    "postgresql://relay:relay@127.0.0.1:5432/relay",
  );
  expect(embeddedUrl({ port: 5432, database: "relay", socketDir: "/tmp/a b/postgres" })).toBe(
    "postgresql://relay:relay@127.0.0.1:5432/relay?host=%2Ftmp%2Fa%20b%2Fpostgres",
  );
});
