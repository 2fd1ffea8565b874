import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

// A local webhook receiver for tests: records every request (headers, raw body, when) and answers with whatever
// the test says, by default 200. Real HTTP on 127.0.0.1, nothing mocked.

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Respond = (req: Received, res: http.ServerResponse) => void;

export interface Receiver {
  url: string;
  received: Received[];
  respond: Respond;
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(respond: Respond = (_req, res) => res.end("ok")): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const receiver: Receiver = {
    url: "",
    received,
    respond,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${count} requests in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const entry = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(entry);
      waiters.splice(0).forEach((wake) => wake());
      receiver.respond(entry, res);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

/** A request's headers as a plain object of strings: what webhook verifiers read (not a Fetch Headers). */
export const plainHeaders = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => typeof e[1] === "string"));
