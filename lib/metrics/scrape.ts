import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { readDatabaseGauges } from "./database-gauges";
import { metrics } from "./registry";

// The metrics endpoint's two halves, shared by the app's route (app/api/metrics/route.ts) and a worker's listener
// (jobs/metrics-server.ts): who may read, and what they read.

/** `absent`: no METRICS_TOKEN, the endpoint does not exist. `refused`: a missing or wrong token. */
export type MetricsAccess = "absent" | "refused" | "allowed";

export function metricsAccess(authorization: string | null): MetricsAccess {
  const token = env().METRICS_TOKEN;
  if (!token) return "absent";
  const given = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  if (!given) return "refused";
  // Compared as SHA-256 digests: equal lengths, in constant time, whatever the caller sends.
  return timingSafeEqual(digest(given), digest(token)) ? "allowed" : "refused";
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** The Prometheus text exposition of this process, the database-derived gauges read now. */
export async function scrapeMetrics(): Promise<{ contentType: string; body: string }> {
  await readDatabaseGauges();
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
