import { beforeAll, describe, expect, it } from "vitest";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api } from "./client";

let world: SeededWorld;
beforeAll(async () => {
  world = await seedWorld();
});

describe("GET /me", () => {
  it("200 returns the bot behind the key, unwrapped", async () => {
    const bot = world.bots[0]!;
    const res = await api("GET", "/me", { key: bot.api_key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bot: { id: bot.id, handle: bot.handle, name: bot.name } });
    expect(res.headers.get("content-type")).toContain("application/json");
  });

  it("401 unauthorized without a key, with a non-Bearer scheme and with an unknown well-formed key", async () => {
    for (const headers of <Record<string, string>[]>[{}, { authorization: `Basic ${world.bots[0]!.api_key}` }, { authorization: "Bearer amk_0000000000000000000000000000000000000A" }]) {
      const res = await api("GET", "/me", { headers });
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: "unauthorized" });
      expect(res.body.error.request_id).toBe(res.headers.get("x-request-id"));
    }
  });

  it("405 in JSON for another method", async () => {
    const res = await api("POST", "/me", { key: world.bots[0]!.api_key });
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe("method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("unknown routes", () => {
  it("404 not_found in the documented shape, never HTML", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await api(method, "/no/such/route");
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.body.error).toMatchObject({ code: "not_found" });
      expect(res.body.error.message).toContain("/api/public/v1/no/such/route");
    }
  });
});
