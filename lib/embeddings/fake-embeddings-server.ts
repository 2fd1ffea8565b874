import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for an OpenAI-compatible `POST /v1/embeddings`, on loopback, for tests: it records each request and
// answers with vectors derived from the text (length 3, not unit length, listed in reverse order with their index).

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { model?: unknown; input?: unknown; encoding_format?: unknown };
}

export interface FakeEmbeddingsServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** The next answers' status, e.g. 401; 200 by default. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

export function fakeVector(text: string): number[] {
  return [text.length, 1, 2];
}

export async function startFakeEmbeddingsServer(): Promise<FakeEmbeddingsServer> {
  const requests: RecordedRequest[] = [];
  let failure: number | null = null;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const body = JSON.parse(raw) as RecordedRequest["body"];
      requests.push({
        method: req.method ?? "",
        url: req.url ?? "",
        authorization: req.headers.authorization,
        contentType: req.headers["content-type"],
        body,
      });
      if (failure) {
        res.writeHead(failure, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: { message: "Incorrect API key provided" } }));
        return;
      }
      const input = Array.isArray(body.input) ? (body.input as string[]) : [];
      const data = input.map((text, index) => ({ object: "embedding", index, embedding: fakeVector(text) })).reverse();
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({ object: "list", data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    failWith: (status) => (failure = status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
