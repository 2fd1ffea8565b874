import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { recordSecurityEvent } from "@/lib/security/record-security-event";
import { cli } from "@/test/cli";

// `security events`: the operator reads the account-level security records (lockouts) from the CLI.
describe("npm run cli -- security events", () => {
  it("lists lockouts newest first, filtered by email and time", async () => {
    await recordSecurityEvent({ kind: "credentials_locked", address: "198.51.100.1", data: { failures: 50 } });
    await db().securityEvent.updateMany({ data: { createdAt: new Date("2026-01-01T00:00:00Z") } });
    await recordSecurityEvent({
      kind: "sign_in_locked",
      email: "Someone@Example.com".toLowerCase(),
      address: "198.51.100.2",
      data: { failures: 10, locked_seconds: 900 },
    });

    const all = await cli("security", "events");
    expect(all.code).toBe(0);
    expect(JSON.parse(all.stdout).data.map((e: { kind: string }) => e.kind)).toEqual([
      "sign_in_locked",
      "credentials_locked",
    ]);

    const byEmail = JSON.parse((await cli("security", "events", "--email", "SOMEONE@example.com")).stdout).data;
    expect(byEmail).toEqual([
      {
        id: expect.any(String),
        kind: "sign_in_locked",
        user_id: null,
        email: "someone@example.com",
        address: "198.51.100.2",
        data: { failures: 10, locked_seconds: 900 },
        created_at: expect.any(String),
      },
    ]);
    const recent = JSON.parse((await cli("security", "events", "--since", "2026-06-01T00:00:00Z")).stdout).data;
    expect(recent.map((e: { kind: string }) => e.kind)).toEqual(["sign_in_locked"]);
  });

  it("exits 2 for a time that is not one", async () => {
    const res = await cli("security", "events", "--since", "yesterday-ish");
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("--since must be a time");
  });
});
