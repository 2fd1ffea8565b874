import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { cli } from "@/test/cli";

// `policy rules export|import|history|restore` and `policy simulate` (issue 33): YAML or JSON, the same schema; an
// import that fails validation changes nothing and names the rule and field; admins only.

let world: SeededWorld;
let dir: string;
const ana = () => world.people[0]!.email; // admin
const ben = () => world.people[1]!.email; // member
const file = (name: string, text: string) => {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
};
const versions = () => db().policyRuleSetVersion.count({ where: { workspaceId: world.workspace.id } });

const YAML_RULES = `# Links only to our domains; VIPs always held
rules:
  - slug: own-domains
    description: No links outside our own domains
    match:
      content:
        - kind: links
          allowDomains: [example.com]
    outcome:
      block: { reason: Links outside our own domains }
  - slug: vip
    match: { contactLabels: [VIP] }
    outcome:
      hold: { group: "role:admin", approvals: 1 }
`;

beforeAll(async () => {
  world = await seedWorld();
  dir = mkdtempSync(path.join(os.tmpdir(), "relay-policy-cli-"));
});

describe("policy rules import and export", () => {
  it("imports YAML as a new version, exports it as JSON that imports again, and as YAML", async () => {
    const imported = await cli(
      "policy", "rules", "import", world.workspace.slug, file("rules.yaml", YAML_RULES), "--reason", "First rules", "--as", ana(),
    );
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ workspace: world.workspace.slug, version: 1, rules: 2 });

    const exported = await cli("policy", "rules", "export", world.workspace.slug, "--as", ana());
    const asJson = JSON.parse(exported.stdout);
    expect(asJson.rules.map((r: { slug: string }) => r.slug)).toEqual(["own-domains", "vip"]);
    const again = await cli(
      "policy", "rules", "import", world.workspace.slug, file("rules.json", exported.stdout), "--reason", "Round trip", "--as", ana(),
    );
    expect(JSON.parse(again.stdout)).toMatchObject({ version: 2 });

    const out = path.join(dir, "out.yaml");
    const written = await cli("policy", "rules", "export", world.workspace.slug, "--out", out, "--version", "1");
    expect(JSON.parse(written.stdout)).toEqual({ file: out, format: "yaml", version: 1, rules: 2 });
    const text = readFileSync(out, "utf8");
    expect(text).toMatch(/^# Relay policy rules of .*, version 1, saved .*: First rules\n/);
    expect(text).toContain("slug: own-domains");

    const history = JSON.parse((await cli("policy", "rules", "history", world.workspace.slug)).stdout);
    expect(history.versions.map((v: { version: number; reason: string }) => [v.version, v.reason])).toEqual([
      [2, "Round trip"],
      [1, "First rules"],
    ]);
    const restored = await cli("policy", "rules", "restore", world.workspace.slug, "1", "--reason", "Back", "--as", ana());
    expect(JSON.parse(restored.stdout)).toMatchObject({ version: 3 });
  });

  it("refuses a file that fails validation naming rule and field, bad YAML naming the line, a member, and changes nothing", async () => {
    const before = await versions();
    const importing = (text: string) =>
      cli("policy", "rules", "import", world.workspace.slug, file("bad.yaml", text), "--reason", "x", "--as", ana());
    const unknown = await importing(YAML_RULES.replace("kind: links", "kind: linkz"));
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr).error).toMatchObject({
      code: "invalid_body",
      message: expect.stringContaining("rules[0] (own-domains).match.content[0].kind: Invalid discriminator value"),
    });
    // One admin: an approval count larger than the group.
    const tooMany = JSON.parse((await importing(YAML_RULES.replace("approvals: 1", "approvals: 9"))).stderr).error;
    expect(tooMany.message).toContain("rules[1] (vip).outcome.hold.approvals");

    const broken = await cli(
      "policy", "rules", "import", world.workspace.slug, file("broken.yaml", "rules:\n  - slug: a\n    slug: b\n"), "--reason", "x",
    );
    expect(JSON.parse(broken.stderr).error.message).toMatch(/^The file is not valid YAML or JSON \(line 3, column 5\)/);
    const member = await cli(
      "policy", "rules", "import", world.workspace.slug, file("ok.yaml", YAML_RULES), "--reason", "x", "--as", ben(),
    );
    expect(JSON.parse(member.stderr).error.code).toBe("forbidden");
    expect((await cli("policy", "rules", "import", world.workspace.slug, path.join(dir, "missing.yaml"), "--reason", "x")).code).toBe(2);
    expect(await versions()).toBe(before);
  });
});

describe("policy simulate", () => {
  it("prints the dry run of a file against the workspace's recent traffic, saving nothing", async () => {
    const before = await versions();
    const res = await cli("policy", "simulate", world.workspace.slug, file("sim.yaml", YAML_RULES), "--as", ana());
    expect(res.code).toBe(0);
    const result = JSON.parse(res.stdout);
    expect(result).toMatchObject({ days: 30, timeZone: "UTC", before: expect.any(Object), after: expect.any(Object) });
    expect(await versions()).toBe(before);
    const late = await cli("policy", "simulate", world.workspace.slug, file("sim2.yaml", YAML_RULES), "--from", "yesterday");
    expect(late.code).toBe(2);
  });
});

describe("policy groups", () => {
  it("makes a named group from people's emails, lists it, refuses a member's change and a stranger, and deletes it", async () => {
    const saved = await cli(
      "policy", "groups", "save", world.workspace.slug, "finance", "--name", "Finance", "--member", ben(), "--member", ana(), "--as", ana(),
    );
    expect(saved.code).toBe(0);
    expect(JSON.parse(saved.stdout)).toMatchObject({ slug: "finance", name: "Finance" });
    const listed = JSON.parse((await cli("policy", "groups", "list", world.workspace.slug, "--as", ana())).stdout);
    const finance = listed.find((group: { slug: string }) => group.slug === "finance");
    expect(finance.members.map((m: { handle: string }) => m.handle).sort()).toEqual(
      [world.people[0]!.handle, world.people[1]!.handle].sort(),
    );

    const byMember = await cli("policy", "groups", "save", world.workspace.slug, "finance", "--name", "Mine", "--as", ben());
    expect(byMember.code).not.toBe(0);
    const stranger = await cli(
      "policy", "groups", "save", world.workspace.slug, "finance", "--name", "Finance", "--member", "nobody@example.com", "--as", ana(),
    );
    expect(stranger.code).not.toBe(0);
    expect(stranger.stderr).toContain("No person with email nobody@example.com");
    const group = await db().approverGroup.findFirstOrThrow({ where: { workspaceId: world.workspace.id, slug: "finance" } });
    expect(group.name).toBe("Finance");

    const deleted = await cli("policy", "groups", "delete", world.workspace.slug, "finance", "--as", ana());
    expect(JSON.parse(deleted.stdout)).toEqual({ id: group.id, slug: "finance" });
    expect(await db().approverGroup.count({ where: { workspaceId: world.workspace.id, slug: "finance" } })).toBe(0);
    const again = await cli("policy", "groups", "delete", world.workspace.slug, "finance", "--as", ana());
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain("Approver group not found");
  });
});
