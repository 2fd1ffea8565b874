import { describe, expect, it } from "vitest";
import { InvalidEnvironment, parseEnv } from "./env";

describe("parseEnv", () => {
  it("takes the app's origin from its port when APP_URL is unset", () => {
    expect(parseEnv({}).APP_URL).toBe("http://localhost:3000");
    expect(parseEnv({ PORT: "3107" }).APP_URL).toBe("http://localhost:3107");
    expect(parseEnv({ PORT: "3107", APP_URL: "" }).APP_URL).toBe("http://localhost:3107");
  });

  it("keeps an APP_URL that is set, whatever the port", () => {
    expect(parseEnv({ PORT: "3107", APP_URL: "https://relay.example.com" }).APP_URL).toBe("https://relay.example.com");
  });

  it("trusts no proxy unless told, and refuses a hop count that is not a small whole number", () => {
    expect(parseEnv({}).TRUST_PROXY_HOPS).toBe(0);
    expect(parseEnv({ TRUST_PROXY_HOPS: "2" }).TRUST_PROXY_HOPS).toBe(2);
    for (const bad of ["-1", "1.5", "17", "all"])
      expect(() => parseEnv({ TRUST_PROXY_HOPS: bad })).toThrow(/TRUST_PROXY_HOPS/);
  });

  it("lists every invalid variable", () => {
    expect(() => parseEnv({ APP_URL: "not a url", PORT: "-1" })).toThrow(/APP_URL[\s\S]*PORT|PORT[\s\S]*APP_URL/);
  });

  it("refuses with InvalidEnvironment, whose message names the variable and what is wrong", () => {
    let thrown: unknown;
    try {
      parseEnv({ WORKER_CONCURRENCY: "lots" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidEnvironment);
    expect((thrown as Error).message).toMatch(/^Invalid environment:\n {2}WORKER_CONCURRENCY: /);
  });

  it("runs jobs on graphile unless told; Inngest needs its signing and event keys, and its dev mode stays out of production", () => {
    expect(parseEnv({}).JOBS_ENGINE).toBe("graphile");
    expect(() => parseEnv({ JOBS_ENGINE: "sidekiq" })).toThrow(/JOBS_ENGINE/);
    expect(() => parseEnv({ JOBS_ENGINE: "inngest" })).toThrow(/INNGEST_SIGNING_KEY[\s\S]*INNGEST_EVENT_KEY/);
    expect(() => parseEnv({ JOBS_ENGINE: "inngest", NODE_ENV: "production", INNGEST_EVENT_KEY: "k" })).toThrow(/INNGEST_SIGNING_KEY: required/);
    const key = `signkey-prod-${"ab".repeat(32)}`;
    expect(parseEnv({ JOBS_ENGINE: "inngest", INNGEST_SIGNING_KEY: key, INNGEST_EVENT_KEY: "k" })).toMatchObject({ JOBS_ENGINE: "inngest", INNGEST_SIGNING_KEY: key });
    expect(() => parseEnv({ JOBS_ENGINE: "inngest", INNGEST_SIGNING_KEY: "secret", INNGEST_EVENT_KEY: "k" })).toThrow(/INNGEST_SIGNING_KEY: must be an Inngest signing key/);
    expect(parseEnv({ JOBS_ENGINE: "inngest", INNGEST_DEV: "true" }).INNGEST_DEV).toBe("true");
    expect(() => parseEnv({ JOBS_ENGINE: "inngest", INNGEST_DEV: "true", NODE_ENV: "production" })).toThrow(/INNGEST_DEV: must not be true in production/);
    expect(() => parseEnv({ INNGEST_BASE_URL: "ftp://inngest" })).toThrow(/INNGEST_BASE_URL/);
  });

  it("keeps deliveries 30 days and failed ones 90 unless told; a failed window shorter than the other is refused", () => {
    expect(parseEnv({})).toMatchObject({ DELIVERY_RETENTION_DAYS: 30, FAILED_DELIVERY_RETENTION_DAYS: 90 });
    expect(parseEnv({ DELIVERY_RETENTION_DAYS: "7", FAILED_DELIVERY_RETENTION_DAYS: "7" })).toMatchObject({
      DELIVERY_RETENTION_DAYS: 7,
      FAILED_DELIVERY_RETENTION_DAYS: 7,
    });
    expect(() => parseEnv({ DELIVERY_RETENTION_DAYS: "100" })).toThrow(/FAILED_DELIVERY_RETENTION_DAYS: must be at least/);
    for (const bad of ["0", "1.5", "forever", "3651"])
      expect(() => parseEnv({ DELIVERY_RETENTION_DAYS: bad, FAILED_DELIVERY_RETENTION_DAYS: "3650" })).toThrow(/DELIVERY_RETENTION_DAYS/);
  });

  it("reads the benchmark switches as 0 or 1 only", () => {
    expect(parseEnv({}).BENCH_ROUTES).toBe("0");
    expect(parseEnv({ BENCH_ROUTES: "1", EMBEDDED_PG_STAT_STATEMENTS: "1" })).toMatchObject({
      BENCH_ROUTES: "1",
      EMBEDDED_PG_STAT_STATEMENTS: "1",
    });
    for (const name of ["BENCH_ROUTES", "EMBEDDED_PG_STAT_STATEMENTS"])
      expect(() => parseEnv({ [name]: "yes" })).toThrow(new RegExp(name));
  });
});
