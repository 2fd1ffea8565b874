import { describe, expect, it } from "vitest";
import { beginTotpEnrolment, confirmTotpEnrolment } from "@/lib/factors/authenticator";
import { secondFactorsOf } from "@/lib/factors/list-factors";
import { recoveryCodesLeft } from "@/lib/factors/recovery-codes";
import { totpCodeAt } from "@/lib/factors/totp";
import { person } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { checkSession } from "@/lib/sessions/check-session";
import { newDeviceToken } from "@/lib/sessions/device";
import { startSession } from "@/lib/sessions/start-session";
import { cli } from "@/test/cli";
import { seedWorld } from "@/lib/seed/seed-world";

// `person reset-factors`: the operator's remedy for a person who lost every factor and recovery code.
describe("npm run cli -- person reset-factors", () => {
  it("removes the person's factors and recovery codes and signs every session of theirs out", async () => {
    const { id } = await createPerson({
      email: "nia.reset@example.com",
      name: "Nia",
      handle: "nia.reset",
      password: "pw-123456789",
    });
    const nia = person(id, "web");
    const { secret } = await beginTotpEnrolment(nia);
    await confirmTotpEnrolment(nia, { code: totpCodeAt(secret, new Date()) });
    const { sessionId } = await startSession({
      userId: id,
      method: "password+totp",
      userAgent: null,
      address: "198.51.100.3",
      deviceToken: newDeviceToken(),
    });

    const answer = await cli("person", "reset-factors", "--email", "Nia.Reset@example.com");
    expect(answer.code).toBe(0);
    expect(JSON.parse(answer.stdout)).toEqual({
      user_id: id,
      passkeys: 0,
      authenticator: true,
      recovery_codes: 10,
      sessions: 1,
    });
    expect(await secondFactorsOf(id)).toEqual({ totp: false, passkey: false });
    expect(await recoveryCodesLeft(id)).toBe(0);
    expect(await checkSession({ sessionId, userId: id })).toBeNull();

    const unknown = await cli("person", "reset-factors", "--email", "nobody@example.com");
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("No person has this email");
  });
});

// `workspace two-factor`: what a workspace requires (lib/factors/enforcement.ts), set by the operator or an admin.
describe("npm run cli -- workspace two-factor", () => {
  it("sets the requirement as the operator, refuses a mode it does not know, and an admin without a factor", async () => {
    const world = await seedWorld();
    const slug = world.workspace.slug;
    const set = await cli("workspace", "two-factor", slug, "--require", "approvers");
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ workspace_id: world.workspace.id, two_factor: "approvers", step_up: "off" });
    const unknown = await cli("workspace", "two-factor", slug, "--require", "sometimes");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--require must be one of off, approvers, everyone");
    const admin = await cli("workspace", "two-factor", slug, "--require", "everyone", "--as", world.people[0]!.email);
    expect(admin.code).toBe(1);
    expect(JSON.parse(admin.stderr).error.code).toBe("conflict");
  });
});
