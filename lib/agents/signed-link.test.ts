import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";

process.env.RELAY_SECRET_KEY = randomBytes(32).toString("base64"); // read at the first env() call, below
process.env.APP_URL = "https://relay.example.com";

const { linkExpiry, signToken, signedLink, verifyToken, LINK_LIFETIME_MS, SIGNED_PATH } = await import("./signed-link");

// Signed attachment links: HMAC-SHA256 over the attachment id and the expiry, with a key derived from the app's
// secret. The clock is the test's: a link works until its 24 hours are up, and not a second after.

const id = randomUUID();
const issued = new Date("2026-11-23T12:00:00.000Z");

describe("signed links", () => {
  it("work for 24 hours from the answer, and not after", () => {
    const expires = linkExpiry(issued);
    expect(expires.getTime() - issued.getTime()).toBe(LINK_LIFETIME_MS);
    const token = signToken(id, expires);
    expect(verifyToken(token, issued)).toEqual({ ok: true, attachmentId: id, expiresAt: expires });
    expect(verifyToken(token, new Date(expires.getTime() - 1000)).ok).toBe(true);
    expect(verifyToken(token, expires)).toEqual({ ok: false, reason: "expired" });
    expect(verifyToken(token, new Date(issued.getTime() + 25 * 3_600_000))).toEqual({ ok: false, reason: "expired" });
  });

  it("are refused when any part is altered: the id, the expiry or the signature", () => {
    const token = signToken(id, linkExpiry(issued));
    const [tid, exp, sig] = token.split(".") as [string, string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
    expect(verifyToken(`${randomUUID()}.${exp}.${sig}`, issued)).toEqual({ ok: false, reason: "bad_signature" });
    expect(verifyToken(`${tid}.${Number(exp) + 86_400}.${sig}`, issued)).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(verifyToken(`${tid}.${exp}.${flip(sig, 5)}`, issued)).toEqual({ ok: false, reason: "bad_signature" });
    for (const bad of [
      "",
      "x",
      `${tid}.${exp}`,
      `${tid}.${exp}.${sig}.x`,
      `${tid}.-1.${sig}`,
      `${tid}.${exp}.${sig.slice(1)}`,
      `not-a-uuid.${exp}.${sig}`,
    ]) {
      expect(verifyToken(bad, issued), bad).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("are deterministic, so an answer shows the same link every time, under APP_URL", () => {
    const expires = linkExpiry(issued);
    const link = signedLink(id.toUpperCase(), expires);
    expect(link).toEqual(signedLink(id, expires));
    expect(link.url.startsWith(`https://relay.example.com${SIGNED_PATH}${id}.`)).toBe(true);
    expect(link.expires_at).toBe("2026-11-24T12:00:00.000Z");
  });
});
