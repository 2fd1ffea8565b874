// The quick start's code samples. Kept beside the page as plain strings so they read as they will be copied.

export const curlExample = (base: string) => `curl -X POST "${base}/conversations/$CONVERSATION_ID/messages" \\
  -H "Authorization: Bearer $RELAY_API_KEY" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -H "Content-Type: application/json" \\
  -d '{"body": "Hello! Your order #1042 ships tomorrow."}'

# 201 sent:
# {"data": {"id": "…", "conversation_id": "…", "seq": 7, "kind": "text", "body": "Hello! …", "status": "sent", …}}
# 202 held for a person's approval (draft.approved follows when they approve):
# {"data": {"status": "pending_approval", "approval_id": "…", "reasons": ["new_bot"]}}`;

export const sdkExample = `import { createServer } from "node:http";
import { verifyWebhook } from "./sdk/verify-webhook"; // the SDK's verify-webhook.ts

const secret = process.env.RELAY_SIGNING_SECRET!; // whsec_…, shown once when the bot was registered

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const rawBody = Buffer.concat(chunks).toString("utf8"); // the exact bytes that were signed
    let event;
    try {
      event = verifyWebhook(rawBody, req.headers, secret); // throws on a bad signature or an old timestamp
    } catch {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(200).end(); // answer within 15 s; do slow work afterwards
    if (event.type === "message.created") {
      // event.id is stable across retries and replays: skip ids you have already handled
    }
  });
}).listen(8080);`;

export const nodeCryptoExample = `import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

const TOLERANCE_SECONDS = 5 * 60;

export function verifyRelayWebhook(rawBody: string, headers: IncomingHttpHeaders, secret: string) {
  const timestamp = Number(headers["x-service-timestamp"]);
  const signatures = String(headers["x-service-signature"] ?? "").split(",");

  // 1. Reject old (or missing) timestamps: a captured request cannot be replayed later.
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) {
    throw new Error("stale or missing X-Service-Timestamp");
  }

  // 2. HMAC-SHA256 over "<timestamp>.<raw body>" with the signing secret, hex-encoded.
  const expected = Buffer.from(createHmac("sha256", secret).update(\`\${timestamp}.\${rawBody}\`).digest("hex"));

  // 3. Compare in constant time with each "sha256=<hex>" value (two during a secret rotation).
  const valid = signatures.some((value) => {
    const sent = Buffer.from(value.trim().replace(/^sha256=/, ""));
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  });
  if (!valid) throw new Error("invalid X-Service-Signature");

  return JSON.parse(rawBody) as { id: string; type: string; created_at: string; data: unknown };
}`;
