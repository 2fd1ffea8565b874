import http from "node:http";
import type { AddressInfo } from "node:net";
import { RelayClient } from "@/sdk/client";
import { listen } from "@/sdk/listen";

// The developer's laptop of bench/listen, as its own process: a local receiver that answers 200 at once, and the SDK's
// listen() forwarding the bot's stream to it, as `relay listen --forward-to` does. Reports, per request received, the
// delivery's id, the message it is about and when it arrived (epoch ms, sub-ms) to the parent over IPC.

const pending: { id: string; message_id: string | null; at: number }[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const at = performance.timeOrigin + performance.now();
    res.end("ok");
    const envelope = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string; data: { message?: { id: string } } };
    pending.push({ id: envelope.id, message_id: envelope.data.message?.id ?? null, at });
  });
});
receiver.keepAliveTimeout = 60_000;
setInterval(() => {
  if (pending.length) process.send!({ received: pending.splice(0) });
}, 20).unref();

process.on("message", (message: { start?: { baseUrl: string; apiKey: string } }) => {
  if (!message.start) return;
  const client = new RelayClient(message.start);
  const { port } = receiver.address() as AddressInfo;
  void listen({
    client,
    forwardTo: `http://127.0.0.1:${port}/webhook`,
    onReady: () => process.send!({ ready: true }),
  });
});
receiver.listen(0, "127.0.0.1", () => process.send!({ listening: true }));
