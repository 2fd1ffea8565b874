import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/lib/db/sql";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { writeCheckpoint } from "./checkpoints";
import { listAuditLog, type AuditLogFilters, type AuditLogList } from "./list-audit-log";
import { auditSigningKey } from "./signing-key";

// The admins' audit page's read (issue 34 item 4): a workspace's entries only, to its admins only, filtered by
// person, bot, kind and time, in keyset pages that give every entry once in a stable order (ties on `at` broken by
// id), with the chain's status beside them.

let world: SeededWorld;
let other: SeededWorld;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member
const stranger = () => person(other.people[0]!.id, "web"); // the other workspace's admin
/** Noon UTC three days ago: the entries below go back from it, the seed's own are now. */
const BASE = Math.floor(Date.now() / 86_400_000 - 3) * 86_400_000 + 12 * 3_600_000;
/** The day after BASE's, as a date alone (its midnight, UTC). */
const NEXT_DAY = new Date(BASE + 86_400_000).toISOString().slice(0, 10);
const ENTRIES = 137;

type Entry = { id: string; at: Date; kind: string; actor_type: string; actor_id: string | null };
/** The workspace's entries as the page orders them: newest first, ties by id, newest first. */
const stored = (workspaceId: string) =>
  sql().unchecked<Entry>(
    "SELECT id::text AS id, at, kind, actor_type, actor_id FROM audit_log a WHERE workspace_id = $1 ORDER BY a.at DESC, a.id DESC",
    [workspaceId],
  );
const count = async () => (await sql().unchecked<{ n: number }>("SELECT count(*)::int AS n FROM audit_log"))[0]!.n;

/** Walks the pages older and older from the first; every page's entries, in order. */
async function walk(filters: AuditLogFilters = {}, size = 25): Promise<AuditLogList[]> {
  const pages = [await listAuditLog(ana(), { workspaceId: world.workspace.id, filters, page: { size } })];
  while (pages.at(-1)!.older)
    pages.push(
      await listAuditLog(ana(), {
        workspaceId: world.workspace.id,
        filters,
        page: { size, cursor: pages.at(-1)!.older! },
      }),
    );
  return pages;
}
const ids = (pages: AuditLogList[]) => pages.flatMap((page) => page.entries.map((entry) => entry.id));

beforeAll(async () => {
  world = await seedWorld();
  other = await seedWorld();
  // Entries five to a millisecond (ties on `at` the order breaks by id), by Ana, Ben, the first bot and the system,
  // of three kinds, one a minute back from BASE; and the other workspace's, at the same times, of the same kinds.
  // Ids from 9996: the first five share a time across 9999 and 10000, which only a numeric order keeps in place.
  await sql().unchecked("SELECT setval(pg_get_serial_sequence('audit_log', 'id'), 9995)");
  const [ws, annaId, benId, botId] = [world.workspace.id, world.people[0]!.id, world.people[1]!.id, world.bots[0]!.id];
  for (const [workspace, people, bot] of [
    [ws, [annaId, benId], botId],
    [other.workspace.id, [other.people[0]!.id, other.people[1]!.id], other.bots[0]!.id],
  ] as const)
    await sql().unchecked(
      `INSERT INTO audit_log (at, kind, workspace_id, actor_type, actor_id, subject_type, subject_id, facts)
       SELECT to_timestamp($1::float8 / 1000) - make_interval(mins => i / 5),
              (ARRAY['policy.decided', 'policy.rules_saved', 'draft.approved'])[1 + i % 3], $2::uuid,
              (ARRAY['person', 'person', 'bot', 'system'])[1 + i % 4],
              (ARRAY[$3, $4, $5, NULL])[1 + i % 4],
              'draft', gen_random_uuid()::text, jsonb_build_object('n', i, 'contentSha256', md5(i::text) || md5(i::text))
         FROM generate_series(0, $6::int - 1) i`,
      [BASE, workspace, people[0], people[1], bot, ENTRIES],
    );
});

describe("listAuditLog", () => {
  it("is the workspace's admins' alone: a member is refused in words, a stranger finds no workspace", async () => {
    await expect(listAuditLog(ben(), { workspaceId: world.workspace.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(listAuditLog(stranger(), { workspaceId: world.workspace.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(listAuditLog(ana(), { workspaceId: crypto.randomUUID() })).rejects.toMatchObject({
      code: "not_found",
    });
    const operator = await listAuditLog(systemActor, { workspaceId: world.workspace.id });
    expect(operator.entries).toHaveLength(50);
  });

  it("pages through every entry of the workspace exactly once, newest first with ties broken by id, and back", async () => {
    const expected = await stored(world.workspace.id);
    expect(expected.length).toBeGreaterThan(ENTRIES); // the seed's own entries (memberships, bots) too
    for (const size of [25, 200]) {
      const pages = await walk({}, size);
      expect(ids(pages)).toEqual(expected.map((e) => e.id));
      expect(pages.length).toBe(Math.ceil(expected.length / size));
      expect(pages[0]!.newer).toBeNull();
      expect(pages.at(-1)!.older).toBeNull();
    }
    const theirs = new Set((await stored(other.workspace.id)).map((e) => e.id));
    expect(ids(await walk()).filter((id) => theirs.has(id))).toEqual([]);

    // Newer from each page gives the page before it, entry for entry.
    const pages = await walk({}, 25);
    for (let i = pages.length - 1; i > 0; i--) {
      const back = await listAuditLog(ana(), {
        workspaceId: world.workspace.id,
        page: { size: 25, cursor: pages[i]!.newer! },
      });
      expect(back.entries.map((e) => e.id)).toEqual(pages[i - 1]!.entries.map((e) => e.id));
      expect(back.older).not.toBeNull();
      expect(back.newer === null).toBe(i === 1);
    }
  });

  it("names the workspace's people and bots, never anyone's from elsewhere", async () => {
    const { entries } = await listAuditLog(ana(), { workspaceId: world.workspace.id, page: { size: 200 } });
    const byAna = entries.find((e) => e.actor.id === world.people[0]!.id)!;
    expect(byAna.actor).toEqual({
      type: "person",
      id: world.people[0]!.id,
      name: "Ana Lima",
      handle: world.people[0]!.handle,
    });
    const byBot = entries.find((e) => e.actor.type === "bot")!;
    expect(byBot.actor.name).toBe(world.bots[0]!.name);
    expect(entries.find((e) => e.actor.type === "system")!.actor.name).toBeNull();
    const text = JSON.stringify(entries);
    for (const name of [other.people[0]!.handle, other.bots[0]!.handle]) expect(text).not.toContain(name);
  });

  it("filters by person, bot, kind (exact or a prefix) and time, together and across pages", async () => {
    const all = await stored(world.workspace.id);
    const check = async (filters: AuditLogFilters, keep: (e: Entry) => boolean) => {
      const expected = all.filter(keep).map((e) => e.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(await walk(filters, 25)), JSON.stringify(filters)).toEqual(expected);
    };
    const [anaId, botId] = [world.people[0]!.id, world.bots[0]!.id];
    await check({ person: anaId }, (e) => e.actor_type === "person" && e.actor_id === anaId);
    await check({ person: anaId.toUpperCase() }, (e) => e.actor_type === "person" && e.actor_id === anaId);
    await check({ bot: botId }, (e) => e.actor_type === "bot" && e.actor_id === botId);
    await check({ kind: "policy.decided" }, (e) => e.kind === "policy.decided");
    await check({ kind: "policy." }, (e) => e.kind.startsWith("policy."));
    const from = new Date(BASE - 10 * 60_000);
    const to = new Date(BASE - 2 * 60_000);
    const within = (e: Entry) => e.at >= from && e.at < to;
    await check({ from: from.toISOString(), to: to.toISOString() }, within);
    // No offset is UTC; a day alone is its midnight.
    await check({ from: from.toISOString().slice(0, 16), to: to.toISOString().slice(0, 16) }, within);
    await check({ to: NEXT_DAY }, (e) => e.at < new Date(`${NEXT_DAY}T00:00:00Z`));
    await check({ from: NEXT_DAY }, (e) => e.at >= new Date(`${NEXT_DAY}T00:00:00Z`)); // the seed's own
    const day = new Date(BASE).toISOString().slice(0, 10);
    await check({ from: `${day}T12:55:00+01:00` }, (e) => e.at >= new Date(`${day}T11:55:00Z`));
    await check(
      { person: anaId, kind: "policy.", from: new Date(BASE - 60 * 60_000).toISOString() },
      (e) => e.actor_id === anaId && e.kind.startsWith("policy.") && e.at >= new Date(BASE - 60 * 60_000),
    );
    const none = await listAuditLog(ana(), { workspaceId: world.workspace.id, filters: { kind: "nothing.here" } });
    expect(none).toMatchObject({ entries: [], newer: null, older: null });
  });

  it("offers the members, the bots and the kinds present to filter by", async () => {
    const list = await listAuditLog(ana(), { workspaceId: world.workspace.id });
    expect(list.people.map((p) => p.id).sort()).toEqual(world.people.map((p) => p.id).sort());
    expect(list.bots.map((b) => b.id).sort()).toEqual(world.bots.map((b) => b.id).sort());
    expect(list.kinds).toEqual(expect.arrayContaining(["draft.approved", "policy.decided", "policy.rules_saved"]));
    expect(list.kinds).toEqual([...list.kinds].sort());
  });

  it("refuses filters that are not what they say or name nothing here, and changes nothing", async () => {
    const before = await count();
    const refused: [AuditLogFilters | { size: number } | { cursor: string }, string][] = [
      [{ person: "not-a-uuid" }, "person"],
      [{ person: other.people[0]!.id }, "person"], // a member of another workspace
      [{ person: world.bots[0]!.id }, "person"],
      [{ bot: other.bots[0]!.id }, "bot"],
      [{ bot: world.people[0]!.id }, "bot"],
      [{ person: world.people[0]!.id, bot: world.bots[0]!.id }, "bot"],
      [{ kind: "Policy.Decided" }, "kind"],
      [{ kind: "policy.%" }, "kind"],
      [{ kind: "x".repeat(101) }, "kind"],
      [{ from: "yesterday" }, "from"],
      [{ from: "2026-02-30" }, "from"],
      [{ to: "2026-11-27T25:00" }, "to"],
      [{ to: "1969-12-31" }, "to"],
      [{ from: "2026-11-27", to: "2026-11-26" }, "to"],
      [{ from: "2026-11-27", to: "2026-11-27" }, "to"],
      [{ size: 30 }, "size"],
      [{ size: 0 }, "size"],
      [{ cursor: "garbage" }, ""],
      [{ cursor: Buffer.from(JSON.stringify({ at: "x", id: "1", dir: "older" })).toString("base64url") }, ""],
      [
        {
          cursor: Buffer.from(JSON.stringify({ at: "2026-11-27T00:00:00Z", id: "1; --", dir: "older" })).toString(
            "base64url",
          ),
        },
        "",
      ],
    ];
    for (const [input, field] of refused) {
      const page = "size" in input || "cursor" in input ? (input as { size?: number; cursor?: string }) : {};
      const filters = "size" in input || "cursor" in input ? {} : (input as AuditLogFilters);
      const error = await listAuditLog(ana(), { workspaceId: world.workspace.id, filters, page }).catch(
        (e: unknown) => e,
      );
      expect(error, JSON.stringify(input)).toMatchObject({ code: "invalid_body" });
      if (field) expect((error as { extras: { field?: string } }).extras.field, JSON.stringify(input)).toBe(field);
    }
    expect(await count()).toBe(before);
  });

  it("says how far the chain is sealed and signed, with the key a verifier trusts", async () => {
    const before = await listAuditLog(ana(), { workspaceId: world.workspace.id });
    expect(before.chain.unsealed).toBe((await stored(world.workspace.id)).length);
    expect(before.chain.lastCheckpoint).toBeNull();
    expect(before.entries.every((e) => e.seq === null)).toBe(true);
    const key = auditSigningKey();
    expect(before.chain.signingKey.keyId).toBe(key.keyId);
    expect(before.chain.signingKey.pem).toContain("BEGIN PUBLIC KEY");

    const { checkpoint } = await writeCheckpoint();
    const after = await listAuditLog(ana(), { workspaceId: world.workspace.id });
    expect(after.chain.unsealed).toBe(0);
    expect(after.chain.lastCheckpoint).toEqual({ seq: checkpoint!.seq, at: checkpoint!.at, keyId: key.keyId });
    expect(after.entries.every((e) => typeof e.seq === "number" && e.seq <= checkpoint!.seq)).toBe(true);
    // The facts as written: ids, numbers and digests.
    expect(after.entries.find((e) => e.facts.n === 0)!.facts.contentSha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
