import { readdirSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { reloadEnv } from "@/lib/env";
import { preloadEncoder } from "./encoder";
import { closeUseLite, loadUseLite } from "./use-lite";

// The job worker loads the local encoder at its start (preloadEncoder), not with its first embedding job; with an
// embeddings API configured there is nothing to load.

const threads = () => readdirSync(`/proc/${process.pid}/task`).length;
/** Whether a promise has settled by the time the event loop turns once. */
const settledAtOnce = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))]);

afterAll(async () => {
  await closeUseLite();
  delete process.env.EMBEDDINGS_BASE_URL;
  delete process.env.EMBEDDINGS_MODEL;
  reloadEnv();
});

describe.runIf(process.platform === "linux")("preloadEncoder", () => {
  it("starts nothing when an embeddings API is configured", async () => {
    process.env.EMBEDDINGS_BASE_URL = "http://127.0.0.1:9/v1";
    process.env.EMBEDDINGS_MODEL = "text-embedding-3-small";
    reloadEnv();
    const before = threads();
    await preloadEncoder();
    expect(threads()).toBe(before);
  });

  it("loads the local model, so the first batch finds it loaded", { timeout: 60_000 }, async () => {
    delete process.env.EMBEDDINGS_BASE_URL;
    delete process.env.EMBEDDINGS_MODEL;
    reloadEnv();
    const before = threads();
    await preloadEncoder();
    expect(threads()).toBeGreaterThan(before); // the encoder's thread
    expect(await settledAtOnce(loadUseLite())).toBe(true);
  });
});
