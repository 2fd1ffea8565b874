import { createHmac } from "node:crypto";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import {
  signStandardWebhook,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from "./verify-webhook.js";

const SECRET = "whsec_current_0123456789abcdef";
const OLD_SECRET = "whsec_previous_fedcba9876543210";
const NOW_MS = Date.UTC(2025, 0, 15, 12, 0, 0);
const NOW = NOW_MS / 1000;

const event = {
  id: "evt_1",
  type: "message.created",
  created_at: "2025-01-15T12:00:00.000Z",
  data: {
    conversation_id: "c1",
    message: { id: "m1", seq: 3, body: "Olá, ça va? 👋", sender: { type: "human", handle: "ana" } },
  },
};
const body = JSON.stringify(event);

function headersFor(
  rawBody: string | Buffer,
  { timestamp = NOW, signature }: { timestamp?: number; signature?: string } = {},
) {
  return {
    "x-service-event": "message.created",
    "x-service-timestamp": String(timestamp),
    "x-service-signature": signature ?? signWebhook(rawBody, SECRET, timestamp),
    "x-service-delivery": "dlv_1",
  };
}

function failure(run: () => unknown): WebhookVerificationReason {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as WebhookVerificationError).reason;
  }
  throw new Error("expected verifyWebhook to throw");
}

describe("signWebhook", () => {
  it("is sha256=<hex HMAC-SHA256(secret, '<timestamp>.<body>')> as docs/api-contract.md#signatures describes", () => {
    const hex = createHmac("sha256", SECRET).update(`${NOW}.${body}`).digest("hex");
    expect(signWebhook(body, SECRET, NOW)).toBe(`sha256=${hex}`);
    expect(signWebhook(Buffer.from(body), SECRET, NOW)).toBe(`sha256=${hex}`);
  });
});

describe("verifyWebhook", () => {
  it("returns the parsed envelope for a valid signature", () => {
    expect(verifyWebhook(body, headersFor(body), SECRET, { now: NOW_MS })).toEqual(event);
  });

  it("accepts a Buffer body (bytes exactly as received, including non-ASCII)", () => {
    const raw = Buffer.from(body, "utf8");
    const verified = verifyWebhook(raw, headersFor(raw), SECRET, { now: NOW_MS });
    expect(verified.type).toBe("message.created");
    if (verified.type === "message.created") expect(verified.data.message.body).toBe("Olá, ça va? 👋");
  });

  it("finds headers whatever their case, in a Fetch Headers or a plain object", () => {
    const h = headersFor(body);
    const mixed = { "X-Service-Timestamp": h["x-service-timestamp"], "X-SERVICE-SIGNATURE": h["x-service-signature"] };
    expect(verifyWebhook(body, mixed, SECRET, { now: NOW_MS }).id).toBe("evt_1");
    expect(verifyWebhook(body, new Headers(mixed), SECRET, { now: NOW_MS }).id).toBe("evt_1");
  });

  it("rejects a tampered body", () => {
    const tampered = body.replace("Olá", "Olé");
    expect(failure(() => verifyWebhook(tampered, headersFor(body), SECRET, { now: NOW_MS }))).toBe("invalid_signature");
  });

  it("rejects a signature made with another secret", () => {
    expect(failure(() => verifyWebhook(body, headersFor(body), "whsec_wrong", { now: NOW_MS }))).toBe(
      "invalid_signature",
    );
  });

  it("rejects a timestamp that was changed after signing (it is part of the signed string)", () => {
    const signature = signWebhook(body, SECRET, NOW);
    expect(
      failure(() => verifyWebhook(body, headersFor(body, { timestamp: NOW - 1, signature }), SECRET, { now: NOW_MS })),
    ).toBe("invalid_signature");
  });

  it("rejects malformed signature values without throwing anything else", () => {
    for (const signature of ["sha256=", "sha256=zz", "md5=abc", "garbage", `sha256=${"0".repeat(64)}`]) {
      expect(failure(() => verifyWebhook(body, headersFor(body, { signature }), SECRET, { now: NOW_MS }))).toBe(
        "invalid_signature",
      );
    }
  });

  it("rejects a timestamp older than 5 minutes, and accepts one exactly 5 minutes old", () => {
    const old = NOW - 301;
    expect(failure(() => verifyWebhook(body, headersFor(body, { timestamp: old }), SECRET, { now: NOW_MS }))).toBe(
      "timestamp_too_old",
    );
    expect(verifyWebhook(body, headersFor(body, { timestamp: NOW - 300 }), SECRET, { now: NOW_MS }).id).toBe("evt_1");
  });

  it("rejects a timestamp more than 5 minutes in the future", () => {
    const ahead = NOW + 301;
    expect(failure(() => verifyWebhook(body, headersFor(body, { timestamp: ahead }), SECRET, { now: NOW_MS }))).toBe(
      "timestamp_in_future",
    );
    expect(verifyWebhook(body, headersFor(body, { timestamp: NOW + 300 }), SECRET, { now: NOW_MS }).id).toBe("evt_1");
  });

  it("honours toleranceSeconds", () => {
    const headers = headersFor(body, { timestamp: NOW - 60 });
    expect(failure(() => verifyWebhook(body, headers, SECRET, { now: NOW_MS, toleranceSeconds: 30 }))).toBe(
      "timestamp_too_old",
    );
    expect(verifyWebhook(body, headers, SECRET, { now: NOW_MS, toleranceSeconds: 90 }).id).toBe("evt_1");
  });

  it("rejects a timestamp that is not whole seconds", () => {
    for (const timestamp of ["abc", "1.5", "-5", String(NOW_MS) + "000000"]) {
      const headers = { ...headersFor(body), "x-service-timestamp": timestamp };
      expect(failure(() => verifyWebhook(body, headers, SECRET, { now: NOW_MS }))).toBe("invalid_timestamp");
    }
  });

  it("uses the real clock by default", () => {
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(body, headersFor(body, { timestamp: now }), SECRET).id).toBe("evt_1");
    expect(failure(() => verifyWebhook(body, headersFor(body, { timestamp: now - 3600 }), SECRET))).toBe(
      "timestamp_too_old",
    );
  });

  it("reports missing headers", () => {
    const { "x-service-signature": _signature, ...noSignature } = headersFor(body);
    const { "x-service-timestamp": _timestamp, ...noTimestamp } = headersFor(body);
    expect(failure(() => verifyWebhook(body, noSignature, SECRET, { now: NOW_MS }))).toBe("missing_headers");
    expect(failure(() => verifyWebhook(body, noTimestamp, SECRET, { now: NOW_MS }))).toBe("missing_headers");
    expect(failure(() => verifyWebhook(body, {}, SECRET, { now: NOW_MS }))).toBe("missing_headers");
    expect(failure(() => verifyWebhook(body, new Headers(), SECRET, { now: NOW_MS }))).toBe("missing_headers");
  });

  describe("during a signing-secret rotation", () => {
    // Relay sends both signatures, newest first: `sha256=<new>,sha256=<old>`.
    const both = `${signWebhook(body, SECRET, NOW)},${signWebhook(body, OLD_SECRET, NOW)}`;

    it("accepts two signatures in one header whichever of the two secrets the bot holds", () => {
      expect(verifyWebhook(body, headersFor(body, { signature: both }), SECRET, { now: NOW_MS }).id).toBe("evt_1");
      expect(verifyWebhook(body, headersFor(body, { signature: both }), OLD_SECRET, { now: NOW_MS }).id).toBe("evt_1");
      expect(
        failure(() => verifyWebhook(body, headersFor(body, { signature: both }), "whsec_other", { now: NOW_MS })),
      ).toBe("invalid_signature");
    });

    it("tolerates spaces after the comma and Node's array form of a repeated header", () => {
      const spaced = both.replace(",", ", ");
      expect(verifyWebhook(body, headersFor(body, { signature: spaced }), OLD_SECRET, { now: NOW_MS }).id).toBe(
        "evt_1",
      );
      const repeated = { ...headersFor(body), "x-service-signature": both.split(",") };
      expect(verifyWebhook(body, repeated, OLD_SECRET, { now: NOW_MS }).id).toBe("evt_1");
    });

    it("accepts a request signed by any of several secrets the bot holds", () => {
      const signedByOld = headersFor(body, { signature: signWebhook(body, OLD_SECRET, NOW) });
      const signedByNew = headersFor(body);
      expect(verifyWebhook(body, signedByOld, [SECRET, OLD_SECRET], { now: NOW_MS }).id).toBe("evt_1");
      expect(verifyWebhook(body, signedByNew, [OLD_SECRET, SECRET], { now: NOW_MS }).id).toBe("evt_1");
      expect(failure(() => verifyWebhook(body, signedByOld, [SECRET, "whsec_other"], { now: NOW_MS }))).toBe(
        "invalid_signature",
      );
    });

    it("does not let a correct signature for another body pass beside a wrong one", () => {
      const other = JSON.stringify({ ...event, id: "evt_2" });
      const mixed = `${signWebhook(other, SECRET, NOW)},${signWebhook(body, "whsec_other", NOW)}`;
      expect(
        failure(() =>
          verifyWebhook(body, headersFor(body, { signature: mixed }), [SECRET, OLD_SECRET], { now: NOW_MS }),
        ),
      ).toBe("invalid_signature");
    });
  });

  it("refuses to run without a secret rather than accepting everything", () => {
    expect(() => verifyWebhook(body, headersFor(body), "", { now: NOW_MS })).toThrow(TypeError);
    expect(() => verifyWebhook(body, headersFor(body), [], { now: NOW_MS })).toThrow(TypeError);
  });

  it("reports a correctly signed body that is not JSON as invalid_body", () => {
    const raw = "not json";
    expect(failure(() => verifyWebhook(raw, headersFor(raw), SECRET, { now: NOW_MS }))).toBe("invalid_body");
  });
});

// Standard Webhooks (https://www.standardwebhooks.com): `webhook-signature: v1,<base64 HMAC-SHA256 with the bytes the
// secret's tail encodes, over "<webhook-id>.<webhook-timestamp>.<body>">`, cross-checked against the
// `standardwebhooks` library itself, which signs and verifies the other way round.
describe("verifyWebhook with Standard Webhooks headers", () => {
  const STD_SECRET = "whsec_" + Buffer.from("0123456789abcdef0123456789abcdef").toString("base64");
  const STD_OLD = "whsec_" + Buffer.from("fedcba9876543210fedcba9876543210").toString("base64");
  const ID = "3f6b1c2e-9a1d-4a7e-8c55-2b1e0f6d7a90";

  function standardHeaders(
    rawBody: string | Buffer,
    { id = ID, timestamp = NOW, signature }: { id?: string; timestamp?: number; signature?: string } = {},
  ) {
    return {
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signature ?? signStandardWebhook(rawBody, STD_SECRET, id, timestamp),
    };
  }

  it("signs exactly as the standardwebhooks library does, and accepts what the library signs", () => {
    const library = new StandardWebhook(STD_SECRET);
    const fromLibrary = library.sign(ID, new Date(NOW_MS), body);
    expect(signStandardWebhook(body, STD_SECRET, ID, NOW)).toBe(fromLibrary);
    const key = Buffer.from("0123456789abcdef0123456789abcdef");
    expect(fromLibrary).toBe(`v1,${createHmac("sha256", key).update(`${ID}.${NOW}.${body}`).digest("base64")}`);
    expect(verifyWebhook(body, standardHeaders(body, { signature: fromLibrary }), STD_SECRET, { now: NOW_MS })).toEqual(
      event,
    );
  });

  it("chooses the scheme by the headers present, the spec's first; `scheme` forces one", () => {
    const both = { ...headersFor(body), ...standardHeaders(body) };
    // Only the spec's secret (a test string, not base64) verifies the X-Service half; both halves verify below.
    expect(verifyWebhook(body, both, SECRET, { now: NOW_MS }).id).toBe("evt_1");
    expect(failure(() => verifyWebhook(body, both, STD_SECRET, { now: NOW_MS }))).toBe("invalid_signature");
    expect(verifyWebhook(body, both, STD_SECRET, { now: NOW_MS, scheme: "standard" }).id).toBe("evt_1");
    expect(failure(() => verifyWebhook(body, both, SECRET, { now: NOW_MS, scheme: "standard" }))).toBe(
      "invalid_signature",
    );
    expect(verifyWebhook(body, new Headers(standardHeaders(body)), STD_SECRET, { now: NOW_MS }).id).toBe("evt_1");
    expect(failure(() => verifyWebhook(body, standardHeaders(body), STD_SECRET, { now: NOW_MS, scheme: "x-service" }))).toBe(
      "missing_headers",
    );
  });

  it("rejects a tampered body, id or timestamp, and another secret", () => {
    const headers = standardHeaders(body);
    expect(failure(() => verifyWebhook(body.replace("Olá", "Olé"), headers, STD_SECRET, { now: NOW_MS }))).toBe(
      "invalid_signature",
    );
    expect(failure(() => verifyWebhook(body, { ...headers, "webhook-id": "other" }, STD_SECRET, { now: NOW_MS }))).toBe(
      "invalid_signature",
    );
    const moved = { ...headers, "webhook-timestamp": String(NOW - 1) };
    expect(failure(() => verifyWebhook(body, moved, STD_SECRET, { now: NOW_MS }))).toBe("invalid_signature");
    expect(failure(() => verifyWebhook(body, headers, STD_OLD, { now: NOW_MS }))).toBe("invalid_signature");
  });

  it("checks the timestamp's age and form, and reports missing headers", () => {
    const old = standardHeaders(body, { timestamp: NOW - 301 });
    expect(failure(() => verifyWebhook(body, old, STD_SECRET, { now: NOW_MS }))).toBe("timestamp_too_old");
    const ahead = standardHeaders(body, { timestamp: NOW + 301 });
    expect(failure(() => verifyWebhook(body, ahead, STD_SECRET, { now: NOW_MS }))).toBe("timestamp_in_future");
    const malformed = { ...standardHeaders(body), "webhook-timestamp": "1.5" };
    expect(failure(() => verifyWebhook(body, malformed, STD_SECRET, { now: NOW_MS }))).toBe("invalid_timestamp");
    const { "webhook-id": _id, ...noId } = standardHeaders(body);
    expect(failure(() => verifyWebhook(body, noId, STD_SECRET, { now: NOW_MS }))).toBe("missing_headers");
    const { "webhook-timestamp": _ts, ...noTimestamp } = standardHeaders(body);
    expect(failure(() => verifyWebhook(body, noTimestamp, STD_SECRET, { now: NOW_MS }))).toBe("missing_headers");
  });

  it("accepts space-separated signatures (a rotation), skips other versions, refuses malformed values", () => {
    const rotation = `${signStandardWebhook(body, STD_SECRET, ID, NOW)} ${signStandardWebhook(body, STD_OLD, ID, NOW)}`;
    const headers = standardHeaders(body, { signature: rotation });
    expect(verifyWebhook(body, headers, STD_OLD, { now: NOW_MS }).id).toBe("evt_1");
    expect(verifyWebhook(body, headers, STD_SECRET, { now: NOW_MS }).id).toBe("evt_1");
    const withFuture = `v2,abc ${signStandardWebhook(body, STD_SECRET, ID, NOW)}`;
    expect(verifyWebhook(body, standardHeaders(body, { signature: withFuture }), STD_SECRET, { now: NOW_MS }).id).toBe("evt_1");
    for (const signature of ["v1,", "v1,!!!", "v2," + signStandardWebhook(body, STD_SECRET, ID, NOW).slice(3), "garbage"]) {
      expect(failure(() => verifyWebhook(body, standardHeaders(body, { signature }), STD_SECRET, { now: NOW_MS }))).toBe(
        "invalid_signature",
      );
    }
  });

  it("keys an older base64url secret by the same bytes, which the libraries take once rewritten in base64", () => {
    const bytes = Buffer.from([0xfb, 0xff, 0xfe, ...Array(29).fill(7)]); // encodes with `-` and `_` in base64url
    const old = `whsec_${bytes.toString("base64url")}`;
    expect(old).toMatch(/[-_]/);
    const signature = signStandardWebhook(body, old, ID, NOW);
    expect(signature).toBe(signStandardWebhook(body, `whsec_${bytes.toString("base64")}`, ID, NOW));
    expect(verifyWebhook(body, standardHeaders(body, { signature }), old, { now: NOW_MS }).id).toBe("evt_1");
    expect(() => new StandardWebhook(old)).toThrow(/incorrect characters/);
    const rewritten = `whsec_${old.slice(6).replace(/-/g, "+").replace(/_/g, "/")}`;
    expect(new StandardWebhook(rewritten).sign(ID, new Date(NOW_MS), body)).toBe(signature);
  });

  it("refuses a secret that encodes no key bytes rather than accepting signatures anyone can make", () => {
    const forged = `v1,${createHmac("sha256", Buffer.alloc(0)).update(`${ID}.${NOW}.${body}`).digest("base64")}`;
    expect(() => verifyWebhook(body, standardHeaders(body, { signature: forged }), "whsec_", { now: NOW_MS })).toThrow(
      TypeError,
    );
    expect(() => verifyWebhook(body, standardHeaders(body, { signature: forged }), "whsec_!!!!", { now: NOW_MS })).toThrow(
      TypeError,
    );
  });

  it("names both header styles when neither is present", () => {
    expect(() => verifyWebhook(body, {}, STD_SECRET, { now: NOW_MS })).toThrow(/X-Service-Signature.*webhook-signature/);
    expect(failure(() => verifyWebhook(body, {}, STD_SECRET, { now: NOW_MS }))).toBe("missing_headers");
  });
});
