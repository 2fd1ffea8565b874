import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createPerson } from "@/lib/people/create-person";
import { linkOAuthAccount } from "./link-oauth-account";

// An OAuth sign-in finds an existing Relay account by a verified email, or nobody; it never creates one.

let anaId: string;

beforeAll(async () => {
  anaId = (await createPerson({ email: "ana.oauth@example.com", name: "Ana", handle: "ana.oauth" })).id;
});

describe("linkOAuthAccount", () => {
  it("links a verified email to the existing account", async () => {
    expect(await linkOAuthAccount({ email: "ana.oauth@example.com", emailVerified: true })).toBe(anaId);
  });

  it("compares emails lower-cased", async () => {
    expect(await linkOAuthAccount({ email: "  Ana.OAuth@Example.COM ", emailVerified: true })).toBe(anaId);
  });

  it("refuses an email the provider did not verify", async () => {
    expect(await linkOAuthAccount({ email: "ana.oauth@example.com", emailVerified: false })).toBeNull();
  });

  it("refuses an email no account uses, and creates no account", async () => {
    const before = await db().user.count();
    expect(await linkOAuthAccount({ email: "stranger@example.com", emailVerified: true })).toBeNull();
    expect(await db().user.count()).toBe(before);
    expect(await db().user.findUnique({ where: { email: "stranger@example.com" } })).toBeNull();
  });

  it("refuses a profile without an email", async () => {
    expect(await linkOAuthAccount({ email: null, emailVerified: true })).toBeNull();
    expect(await linkOAuthAccount({ email: "  ", emailVerified: true })).toBeNull();
  });
});
