import { describe, expect, it } from "vitest";
import { sql } from "@/lib/db/sql";
import { changedTables, fingerprint } from "./fingerprint";

describe("fingerprint", () => {
  it("is unchanged by reads and changed by an insert, an update and a delete, naming the table", async () => {
    const before = await fingerprint();
    expect(Object.keys(before)).toContain("public.messages");
    expect(Object.keys(before)).toContain("graphile_worker._private_jobs");
    await sql().query("SELECT * FROM workspaces");
    expect(changedTables(before, await fingerprint())).toEqual([]);

    const [row] = await sql().query<{ id: string }>(
      "INSERT INTO workspaces (slug, name) VALUES ('fp-test', 'Fingerprint') RETURNING id",
    );
    const inserted = await fingerprint();
    expect(changedTables(before, inserted)).toEqual(["public.workspaces"]);

    await sql().query("UPDATE workspaces SET name = 'Renamed' WHERE id = $1", [row!.id]);
    const updated = await fingerprint();
    expect(changedTables(inserted, updated)).toEqual(["public.workspaces"]);

    await sql().query("DELETE FROM workspaces WHERE id = $1", [row!.id]);
    expect(changedTables(updated, await fingerprint())).toEqual(["public.workspaces"]);
    expect(Object.keys(await fingerprint(["public.workspaces"]))).not.toContain("public.workspaces");
  });
});
