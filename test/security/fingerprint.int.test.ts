import { describe, expect, it } from "vitest";
import { sql } from "@/lib/db/sql";
import { changedTables, fingerprint } from "./fingerprint";

describe("fingerprint", () => {
  it("is unchanged by reads and changed by an insert, an update and a delete, naming the table", async () => {
    const before = await fingerprint();
    expect(Object.keys(before)).toContain("public.messages");
    expect(Object.keys(before)).toContain("graphile_worker._private_jobs");
    await sql().unchecked("SELECT * FROM workspaces");
    expect(changedTables(before, await fingerprint())).toEqual([]);

    const [row] = await sql().unchecked<{ id: string }>(
      "INSERT INTO workspaces (slug, name) VALUES ('fp-test', 'Fingerprint') RETURNING id",
    );
    const inserted = await fingerprint();
    expect(changedTables(before, inserted)).toEqual(["public.workspaces"]);

    await sql().unchecked("UPDATE workspaces SET name = 'Renamed' WHERE id = $1", [row!.id]);
    const updated = await fingerprint();
    expect(changedTables(inserted, updated)).toEqual(["public.workspaces"]);

    await sql().unchecked("DELETE FROM workspaces WHERE id = $1", [row!.id]);
    expect(changedTables(updated, await fingerprint())).toEqual(["public.workspaces"]);
    expect(Object.keys(await fingerprint(["public.workspaces"]))).not.toContain("public.workspaces");
  });

  it("leaves out bookkeeping columns: a key's last_used_at and a bot's rate bucket change nothing, a revocation does", async () => {
    const [workspace] = await sql().unchecked<{ id: string }>(
      "INSERT INTO workspaces (slug, name) VALUES ('fp-keys', 'Keys') RETURNING id",
    );
    const [bot] = await sql().unchecked<{ id: string }>(
      "INSERT INTO bots (workspace_id, handle, name) VALUES ($1, 'fp-bot', 'Bot') RETURNING id",
      [workspace!.id],
    );
    const [key] = await sql().unchecked<{ id: string }>(
      "INSERT INTO api_keys (bot_id, prefix, key_hash) VALUES ($1, 'amk_fp', 'fp-hash') RETURNING id",
      [bot!.id],
    );
    await sql().unchecked("SELECT relay_take_token($1, 10, 30)", [bot!.id]); // the bot's bucket exists
    const before = await fingerprint();
    const everything = await fingerprint([], undefined, {});
    await sql().unchecked("UPDATE api_keys SET last_used_at = now() WHERE id = $1", [key!.id]);
    // Issue 31: every request of a bot moves its request-rate bucket, whatever the answer.
    await sql().unchecked("SELECT relay_take_token($1, 10, 30)", [bot!.id]);
    expect(changedTables(before, await fingerprint())).toEqual([]);
    expect(changedTables(everything, await fingerprint([], undefined, {}))).toEqual([
      "public.api_keys",
      "public.bot_rate_buckets",
    ]);

    await sql().unchecked("UPDATE api_keys SET revoked_at = now() WHERE id = $1", [key!.id]);
    expect(changedTables(before, await fingerprint())).toEqual(["public.api_keys"]);
  });
});
