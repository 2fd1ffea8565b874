import os from "node:os";
import { expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { poolSize } from "./client";

it("sizes the pool to the machine: two connections per core and four more", () => {
  expect(poolSize(undefined)).toBe(2 * os.availableParallelism() + 4);
  expect(poolSize(parseEnv({ DB_POOL_SIZE: "" }).DB_POOL_SIZE)).toBe(2 * os.availableParallelism() + 4);
});

it("takes DB_POOL_SIZE when it is a positive whole number, and refuses to start on anything else", () => {
  expect(poolSize(parseEnv({ DB_POOL_SIZE: "30" }).DB_POOL_SIZE)).toBe(30);
  for (const bad of ["0", "-3", "2.5", "many", "100000"]) {
    expect(() => parseEnv({ DB_POOL_SIZE: bad })).toThrow(/DB_POOL_SIZE/);
  }
});
