import os from "node:os";
import { afterEach, expect, it, vi } from "vitest";
import { poolSize } from "./client";

afterEach(() => vi.unstubAllEnvs());

it("sizes the pool to the machine: two connections per core and four more", () => {
  vi.stubEnv("DB_POOL_SIZE", "");
  expect(poolSize()).toBe(2 * os.availableParallelism() + 4);
});

it("takes DB_POOL_SIZE when it is a positive whole number, and ignores anything else", () => {
  vi.stubEnv("DB_POOL_SIZE", "30");
  expect(poolSize()).toBe(30);
  for (const bad of ["0", "-3", "2.5", "many"]) {
    vi.stubEnv("DB_POOL_SIZE", bad);
    expect(poolSize()).toBe(2 * os.availableParallelism() + 4);
  }
});
