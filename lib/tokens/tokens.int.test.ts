import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { hashApiKey } from "@/lib/keys/api-key";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { authenticatePersonalToken } from "./authenticate-token";
import { createPersonalToken } from "./create-token";
import { listPersonalTokens } from "./list-tokens";
import { personalTokenFormat } from "./personal-token";
import { revokePersonalToken } from "./revoke-token";

// A person's own tokens: created in one of their workspaces (shown once, stored as a hash), listed and revoked by
// them only, authenticated as that person through MCP until revoked.

let world: SeededWorld;
let outsider: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");
const ben = () => person(world.people[1]!.id, "cli");

beforeAll(async () => {
  world = await seedWorld();
  outsider = await seedWorld();
});

describe("personal access tokens", () => {
  it("are created once, stored as a SHA-256, with read always and write only when asked", async () => {
    const readOnly = await createPersonalToken(ana(), { workspaceId: world.workspace.id, name: "  Claude  " });
    expect(readOnly).toMatchObject({
      name: "Claude",
      scopes: ["read"],
      workspace: { id: world.workspace.id, slug: world.workspace.slug },
      revoked_at: null,
    });
    expect(personalTokenFormat.isWellFormed(readOnly.token)).toBe(true);
    const row = await db().personalAccessToken.findUniqueOrThrow({ where: { id: readOnly.id } });
    expect(row.tokenHash).toBe(hashApiKey(readOnly.token));
    expect(JSON.stringify(row)).not.toContain(readOnly.token);
    expect(
      (await createPersonalToken(ana(), { workspaceId: world.workspace.id, name: "w", scopes: ["write"] })).scopes,
    ).toEqual(["read", "write"]);
    expect(
      await db().auditEvent.findFirstOrThrow({ where: { subjectId: readOnly.id, action: "personal_token.created" } }),
    ).toMatchObject({ actorId: ana().userId, via: "web" });
  });

  it("refuse bad names, unknown scopes and workspaces the person is not in", async () => {
    await expect(createPersonalToken(ana(), { workspaceId: world.workspace.id, name: " " })).rejects.toMatchObject({
      code: "invalid_body",
    });
    await expect(
      createPersonalToken(ana(), { workspaceId: world.workspace.id, name: "x".repeat(61) }),
    ).rejects.toMatchObject({ code: "invalid_body" });
    await expect(
      createPersonalToken(ana(), { workspaceId: world.workspace.id, name: "x", scopes: ["admin"] }),
    ).rejects.toMatchObject({ code: "invalid_body" });
    await expect(createPersonalToken(ana(), { workspaceId: outsider.workspace.id, name: "x" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(createPersonalToken(ana(), { workspaceId: "nope", name: "x" })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("a person lists and revokes their own tokens only; revocation is immediate and kept once", async () => {
    const mine = await createPersonalToken(ben(), { workspaceId: world.workspace.id, name: "ben's" });
    expect(await authenticatePersonalToken(mine.token)).toMatchObject({
      tokenId: mine.id,
      actor: { type: "person", userId: ben().userId, via: "mcp" },
      workspaceId: world.workspace.id,
      workspaceSlug: world.workspace.slug,
      scopes: ["read"],
    });
    expect((await listPersonalTokens(ben())).map((t) => t.id)).toEqual([mine.id]);
    expect((await listPersonalTokens(ana())).map((t) => t.id)).not.toContain(mine.id);
    await expect(revokePersonalToken(ana(), mine.id)).rejects.toMatchObject({ code: "not_found" });
    const revoked = await revokePersonalToken(ben(), mine.id);
    expect(revoked.revoked_at).not.toBeNull();
    expect(await authenticatePersonalToken(mine.token)).toBeNull();
    expect((await revokePersonalToken(ben(), mine.id)).revoked_at).toBe(revoked.revoked_at);
    expect(await db().auditEvent.count({ where: { subjectId: mine.id, action: "personal_token.revoked" } })).toBe(1);
    await expect(revokePersonalToken(ben(), "not-a-uuid")).rejects.toMatchObject({ code: "not_found" });
  });

  it("authenticate refuses missing, malformed, mistyped and unknown tokens without guessing", async () => {
    const { token } = await createPersonalToken(ana(), { workspaceId: world.workspace.id, name: "t" });
    const mistyped = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    for (const bad of [null, "", "rpt_short", mistyped, personalTokenFormat.generate().key, world.bots[0]!.api_key]) {
      expect(await authenticatePersonalToken(bad)).toBeNull();
    }
  });
});
