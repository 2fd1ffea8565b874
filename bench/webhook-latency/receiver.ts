import http from "node:http";
import type { AddressInfo } from "node:net";

// The fast receiver of bench/webhook-latency, as its own process: answers 200 at once and reports, per request,
// the event's id, its type and when it arrived (epoch ms with sub-ms precision) to the parent over IPC.

const pending: { id: string; type: string; message_id: string | null; at: number }[] = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const at = performance.timeOrigin + performance.now();
    res.end("ok");
    const envelope = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string; type: string; data: { message?: { id: string } } };
    pending.push({ id: envelope.id, type: envelope.type, message_id: envelope.data.message?.id ?? null, at });
  });
});
server.keepAliveTimeout = 60_000;
setInterval(() => {
  if (pending.length) process.send!({ received: pending.splice(0) });
}, 20);
server.listen(0, "127.0.0.1", () => process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` }));
