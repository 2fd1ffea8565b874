import { createServer, type Server } from "node:http";
import { log } from "@/lib/log";
import { metricsAccess, scrapeMetrics } from "@/lib/metrics/scrape";

// A job worker's metrics (docs/guides/operators.md "Metrics and logs"): a worker serves no HTTP, yet its counters
// (webhook attempts above all) live in its own process. With WORKER_METRICS_PORT and METRICS_TOKEN set, it answers
// `GET /metrics` on that port as the app answers /api/metrics: 401 for a missing or wrong token, 404 for any other
// path or without a token configured.

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

export async function serveWorkerMetrics(port: number, host?: string): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const plain = (status: number, text: string) => {
      response.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
      response.end(text);
    };
    const access = metricsAccess(request.headers.authorization ?? null);
    const path = (request.url ?? "").split("?")[0];
    if (access === "absent" || path !== "/metrics") return plain(404, "Not found\n");
    if (access === "refused") return plain(401, "Unauthorized\n");
    if (request.method !== "GET" && request.method !== "HEAD") return plain(405, "Use GET\n");
    scrapeMetrics().then(
      ({ contentType, body }) => {
        response.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" });
        response.end(request.method === "HEAD" ? undefined : body);
      },
      (error: unknown) => {
        log().error({ err: error }, "worker metrics: scrape failed");
        plain(500, "Scrape failed\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  log().info({ port: bound }, "worker metrics listening");
  return {
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
