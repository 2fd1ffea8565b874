import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sessionPerson } from "@/lib/auth/session-person";
import { createPerson } from "@/lib/people/create-person";
import { person } from "@/lib/people/actor";
import { ApiError } from "@/lib/errors";
import { queued } from "@/test/notifications";
import { describeDevice, newDeviceToken } from "./device";
import { listSessions } from "./list-sessions";
import { revokeOtherSessions, revokeSession } from "./revoke-session";
import { sendSignInAlert } from "./sign-in-alert";
import { SIGN_IN_ALERT_TASK } from "./sign-in-alert-task";
import { startSession } from "./start-session";
import { markStrongAuth, strongAuthIsFresh } from "./strong-auth";

// Sessions revocable on the server (issue 34): each sign-in's row, checked on every request through the same function
// signedInPerson() uses (sessionPerson), on a real database.

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
let ana: { id: string };
let ben: { id: string };

beforeAll(async () => {
  ana = await createPerson({
    email: "ana.sessions@example.com",
    name: "Ana",
    handle: "ana.sessions",
    password: "pw-123456789",
  });
  ben = await createPerson({
    email: "ben.sessions@example.com",
    name: "Ben",
    handle: "ben.sessions",
    password: "pw-123456789",
  });
});

const signIn = (userId: string, deviceToken = newDeviceToken(), now?: Date) =>
  startSession({ userId, method: "password", userAgent: FIREFOX, address: "198.51.100.7", deviceToken, now });

describe("a session's row", () => {
  it("signs its person in until it is revoked; the next check after revocation refuses it", async () => {
    const { sessionId } = await signIn(ana.id);
    const me = await sessionPerson({ userId: ana.id, sessionId });
    expect(me).toMatchObject({ id: ana.id, email: "ana.sessions@example.com", sessionId, strongAuthAt: null });

    await revokeSession(person(ana.id, "web"), sessionId);
    expect(await sessionPerson({ userId: ana.id, sessionId })).toBeNull();
    // Revoking again is harmless and keeps the first date.
    const first = (await db().personSession.findUniqueOrThrow({ where: { id: sessionId } })).revokedAt;
    await revokeSession(person(ana.id, "web"), sessionId);
    expect((await db().personSession.findUniqueOrThrow({ where: { id: sessionId } })).revokedAt).toEqual(first);
  });

  it("refuses a token without a session id, with a session of another person, or with a deleted row", async () => {
    const { sessionId } = await signIn(ana.id);
    expect(await sessionPerson({ userId: ana.id, sessionId: null })).toBeNull();
    expect(await sessionPerson({ userId: ana.id, sessionId: "not-a-uuid" })).toBeNull();
    expect(await sessionPerson({ userId: ben.id, sessionId })).toBeNull();
    await db().personSession.delete({ where: { id: sessionId } });
    expect(await sessionPerson({ userId: ana.id, sessionId })).toBeNull();
  });

  it("is revoked by its own person only: another's is not found and stays live", async () => {
    const { sessionId } = await signIn(ana.id);
    await expect(revokeSession(person(ben.id, "web"), sessionId)).rejects.toThrow(ApiError);
    await expect(revokeSession(person(ben.id, "web"), "nope")).rejects.toMatchObject({ code: "not_found" });
    expect(await sessionPerson({ userId: ana.id, sessionId })).not.toBeNull();
  });

  it("notes when it was last seen, at most once a minute", async () => {
    const t0 = new Date("2026-11-27T10:00:00Z");
    const { sessionId } = await signIn(ana.id, newDeviceToken(), t0);
    const seen = async () => (await db().personSession.findUniqueOrThrow({ where: { id: sessionId } })).lastSeenAt;
    await sessionPerson({ userId: ana.id, sessionId }, new Date(t0.getTime() + 30_000));
    expect(await seen()).toEqual(t0);
    await sessionPerson({ userId: ana.id, sessionId }, new Date(t0.getTime() + 61_000));
    expect(await seen()).toEqual(new Date(t0.getTime() + 61_000));
    await sessionPerson({ userId: ana.id, sessionId }, new Date(t0.getTime() + 90_000));
    expect(await seen()).toEqual(new Date(t0.getTime() + 61_000));
  });

  it("is listed for its person with its device and address, the current one marked; revoked ones are not", async () => {
    const here = await signIn(ben.id);
    const there = await signIn(ben.id);
    const gone = await signIn(ben.id);
    await revokeSession(person(ben.id, "web"), gone.sessionId);
    const listed = await listSessions(person(ben.id, "web"), { currentSessionId: here.sessionId });
    expect(listed.map((s) => s.id).sort()).toEqual([here.sessionId, there.sessionId].sort());
    expect(listed.find((s) => s.id === here.sessionId)).toMatchObject({
      current: true,
      device: "Firefox on Linux",
      address: "198.51.100.7",
      method: "password",
    });
    expect(listed.find((s) => s.id === there.sessionId)?.current).toBe(false);
  });
});

describe("signing out everywhere else", () => {
  it("revokes every live session of the person but the one asking, and nobody else's", async () => {
    const dee = await createPerson({
      email: "dee.sessions@example.com",
      name: "Dee",
      handle: "dee.sessions",
      password: "pw-123456789",
    });
    const here = await signIn(dee.id);
    const a = await signIn(dee.id);
    const b = await signIn(dee.id);
    const anas = await signIn(ana.id);
    expect(await revokeOtherSessions(person(dee.id, "web"), { keep: here.sessionId })).toBe(2);
    expect(await sessionPerson({ userId: dee.id, sessionId: here.sessionId })).not.toBeNull();
    expect(await sessionPerson({ userId: dee.id, sessionId: a.sessionId })).toBeNull();
    expect(await sessionPerson({ userId: dee.id, sessionId: b.sessionId })).toBeNull();
    expect(await sessionPerson({ userId: ana.id, sessionId: anas.sessionId })).not.toBeNull();
    // Another person's session as the one to keep keeps nothing of theirs and signs out none of its person's.
    expect(await revokeOtherSessions(person(dee.id, "web"), { keep: anas.sessionId })).toBe(1);
    expect(await sessionPerson({ userId: ana.id, sessionId: anas.sessionId })).not.toBeNull();
  });
});

describe("step-up", () => {
  it("a strong sign-in starts marked; markStrongAuth marks a live session, never a revoked or another's", async () => {
    const at = new Date("2026-11-27T11:00:00Z");
    const strong = await startSession({
      userId: ana.id,
      method: "password+totp",
      userAgent: FIREFOX,
      address: "198.51.100.7",
      deviceToken: newDeviceToken(),
      now: at,
    });
    expect((await sessionPerson({ userId: ana.id, sessionId: strong.sessionId }))?.strongAuthAt).toEqual(at);

    const { sessionId } = await signIn(ana.id);
    expect(await markStrongAuth({ sessionId, userId: ben.id, at })).toBe(false);
    expect(await markStrongAuth({ sessionId, userId: ana.id, at })).toBe(true);
    const me = await sessionPerson({ userId: ana.id, sessionId });
    expect(strongAuthIsFresh(me!.strongAuthAt!, { maxAgeSeconds: 300, now: new Date(at.getTime() + 299_000) })).toBe(
      true,
    );
    expect(strongAuthIsFresh(me!.strongAuthAt!, { maxAgeSeconds: 300, now: new Date(at.getTime() + 301_000) })).toBe(
      false,
    );
    expect(strongAuthIsFresh(null, { maxAgeSeconds: 300 })).toBe(false);
    await revokeSession(person(ana.id, "web"), sessionId);
    expect(await markStrongAuth({ sessionId, userId: ana.id, at })).toBe(false);
  });
});

describe("a sign-in from a new device", () => {
  it("enqueues one e-mail for a device the person never used, none for a device seen before", async () => {
    const carla = await createPerson({
      email: "carla.sessions@example.com",
      name: "Carla <b>",
      handle: "carla.sessions",
      password: "pw-123456789",
    });
    const jobsFor = async (ids: string[]) =>
      (await queued(SIGN_IN_ALERT_TASK)).filter((job) => ids.includes(String(job.payload.session_id)));
    const laptop = newDeviceToken();
    const first = await signIn(carla.id, laptop);
    const again = await signIn(carla.id, laptop);
    const phone = await signIn(carla.id);
    expect([first.newDevice, again.newDevice, phone.newDevice]).toEqual([true, false, true]);
    const jobs = await jobsFor([first.sessionId, again.sessionId, phone.sessionId]);
    expect(jobs.map((job) => job.payload.session_id).sort()).toEqual([first.sessionId, phone.sessionId].sort());
    // Another person's sign-in from Carla's laptop is a new device for them.
    expect((await signIn(ben.id, laptop)).newDevice).toBe(true);

    // The job writes the e-mail once (no SMTP here: the local outbox, of no workspace), however often it runs.
    expect(await sendSignInAlert(first.sessionId)).toBe("outbox");
    expect(await sendSignInAlert(first.sessionId)).toBeNull();
    const kept = await db().emailOutbox.findMany({ where: { userId: carla.id } });
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ workspaceId: null, toAddress: "carla.sessions@example.com" });
    expect(kept[0]!.subject).toBe("New sign-in to Relay from Firefox on Linux");
    expect(kept[0]!.textBody).toContain("198.51.100.7");
    expect(kept[0]!.htmlBody).toContain("Carla &lt;b&gt;");
    expect(kept[0]!.htmlBody).not.toContain("Carla <b>");
  });
});

describe("the device's description", () => {
  it("names the browser and the system, nothing more", () => {
    expect(describeDevice(FIREFOX)).toBe("Firefox on Linux");
    expect(
      describeDevice(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(
      describeDevice(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge on Windows");
    expect(
      describeDevice(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on macOS");
    expect(
      describeDevice(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on Linux");
    expect(describeDevice(null)).toBe("Unknown browser");
    expect(describeDevice("<script>")).toBe("Unknown browser");
  });
});
