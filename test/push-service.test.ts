import { createECDH, randomBytes } from "node:crypto";
import ece from "http_ece";
import webpush from "web-push";
import { describe, expect, it } from "vitest";
import { checkVapid } from "./push-service";

// The test push service's checks must be able to fail, or the integration tests that lean on them prove nothing.

const keys = webpush.generateVAPIDKeys();
const AUDIENCE = "http://127.0.0.1:4000";

function authorization(audience = AUDIENCE, vapid = keys) {
  const headers = webpush.getVapidHeaders(audience, "mailto:ops@relay.test", vapid.publicKey, vapid.privateKey, "aes128gcm");
  return headers.Authorization;
}

describe("checkVapid", () => {
  it("accepts a header web-push signs for this audience", () => {
    expect(checkVapid(authorization(), AUDIENCE)).toMatchObject({ aud: AUDIENCE, k: keys.publicKey, sub: "mailto:ops@relay.test" });
  });

  it("refuses another audience, an expired token, a signature by another key and a tampered token", () => {
    expect(() => checkVapid(authorization("https://other.example"), AUDIENCE)).toThrow(/aud/);
    expect(() => checkVapid(authorization(), AUDIENCE, Date.now() + 13 * 60 * 60 * 1000)).toThrow(/exp/);
    const other = webpush.generateVAPIDKeys();
    const forged = authorization(AUDIENCE, other).replace(/k=.*$/, `k=${keys.publicKey}`);
    expect(() => checkVapid(forged, AUDIENCE)).toThrow(/signature/);
    const [scheme, rest] = authorization().split(" t=") as [string, string];
    const [head, body, signature] = rest.split(",")[0]!.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as Record<string, unknown>;
    const swapped = Buffer.from(JSON.stringify({ ...claims, sub: "mailto:evil@x.test" })).toString("base64url");
    expect(() => checkVapid(`${scheme} t=${head}.${swapped}.${signature}, k=${keys.publicKey}`, AUDIENCE)).toThrow(/signature/);
    expect(() => checkVapid("WebPush abc", AUDIENCE)).toThrow(/vapid/);
  });
});

describe("http_ece as the browser decrypts", () => {
  it("opens what web-push encrypts for this browser's keys, and nothing else", () => {
    const browser = createECDH("prime256v1");
    browser.generateKeys();
    const auth = randomBytes(16);
    const sealed = webpush.generateRequestDetails(
      { endpoint: `${AUDIENCE}/push/x`, keys: { p256dh: browser.getPublicKey("base64url"), auth: auth.toString("base64url") } },
      '{"title":"hi"}',
      { vapidDetails: { subject: "mailto:ops@relay.test", ...keys } },
    ).body as Buffer;
    const open = (privateKey: typeof browser, secret: Buffer) =>
      ece.decrypt(sealed, { version: "aes128gcm", privateKey, authSecret: secret.toString("base64url") }).toString();
    expect(open(browser, auth)).toBe('{"title":"hi"}');
    expect(() => open(browser, randomBytes(16))).toThrow();
    const stranger = createECDH("prime256v1");
    stranger.generateKeys();
    expect(() => open(stranger, auth)).toThrow();
  });
});
