import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// The chaos benchmark's receiver, as its own process: it fails the FIRST attempt of CHAOS_FAIL_FIRST (default 30 %)
// of the deliveries with a 500, chosen by a hash of the delivery id (so the choice does not depend on timing), and
// answers 200 to everything else. Like a bot's server it takes its time: each answer waits a random
// CHAOS_RECEIVER_MIN_MS..CHAOS_RECEIVER_MAX_MS (default 50..400 ms), so deliveries are in flight when a worker is
// killed. It reports every request (delivery id, the answer, when it arrived) to the parent over IPC.

const FAIL_FIRST = Number(process.env.CHAOS_FAIL_FIRST ?? 0.3);
const MIN_MS = Number(process.env.CHAOS_RECEIVER_MIN_MS ?? 50);
const MAX_MS = Number(process.env.CHAOS_RECEIVER_MAX_MS ?? 400);
const seen = new Set<string>();
const pending: { delivery: string; status: number; at: number }[] = [];

/** A delivery id's place in [0, 1): the first 32 bits of its SHA-256. */
const place = (id: string) => createHash("sha256").update(id).digest().readUInt32BE(0) / 2 ** 32;

const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    const delivery = String(req.headers["x-service-delivery"] ?? "");
    const first = !seen.has(delivery);
    seen.add(delivery);
    const status = first && place(delivery) < FAIL_FIRST ? 500 : 200;
    const at = performance.timeOrigin + performance.now();
    setTimeout(
      () => {
        res.statusCode = status;
        res.end(status === 200 ? "ok" : "failing the first attempt on purpose");
        pending.push({ delivery, status, at });
      },
      MIN_MS + Math.random() * (MAX_MS - MIN_MS),
    );
  });
});
server.keepAliveTimeout = 60_000;
setInterval(() => {
  if (pending.length) process.send!({ received: pending.splice(0) });
}, 50);
process.on("message", (message: { flush?: boolean }) => {
  if (message.flush) process.send!({ received: pending.splice(0), flushed: true });
});
server.listen(0, "127.0.0.1", () =>
  process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` }),
);
