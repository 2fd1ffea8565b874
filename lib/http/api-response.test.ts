import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { captureLog } from "@/test/log-lines";
import { apiHandler } from "./api-handler";
import { errorResponse, respond, withApiHeaders } from "./api-response";
import { notAllowed } from "./not-allowed";
import { API_CSP, STATIC_HEADERS } from "./security-headers";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function expectApiHeaders(response: Response) {
  for (const [name, value] of Object.entries(STATIC_HEADERS)) expect(response.headers.get(name), name).toBe(value);
  expect(response.headers.get("content-security-policy")).toBe(API_CSP);
  expect(response.headers.get("x-request-id")).toMatch(UUID);
}

describe("API answers", () => {
  it("a route's JSON answer carries the security headers and its request id", async () => {
    const response = respond(200, { body: { data: 1 }, headers: { "Retry-After": "3" }, requestId: "req-1" });
    expect(response.headers.get("x-request-id")).toBe("req-1");
    expect(response.headers.get("retry-after")).toBe("3");
    expect(response.headers.get("content-security-policy")).toBe(API_CSP);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("an error answer's body names the request id of its header", async () => {
    const response = errorResponse(new ApiError("not_found", "Nothing here"));
    expectApiHeaders(response);
    const body = await response.json();
    expect(body.error).toEqual({
      code: "not_found",
      message: "Nothing here",
      request_id: response.headers.get("x-request-id"),
    });
  });

  it("a response built elsewhere gains what it lacks and keeps its own stronger choices", async () => {
    const file = new Response("bytes", {
      headers: { "Content-Security-Policy": "sandbox", "Referrer-Policy": "no-referrer", "Set-Cookie": "a=1" },
    });
    const response = withApiHeaders(file);
    expect(response.headers.get("content-security-policy")).toBe("sandbox");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-request-id")).toMatch(UUID);
    expect(response.headers.getSetCookie()).toEqual(["a=1"]);
    expect(await response.text()).toBe("bytes");
  });

  it("apiHandler stamps every answer and turns a refusal or a crash into the documented JSON", async () => {
    const ok = await apiHandler(() => new Response("ok"))(new Request("http://relay.test/x"), {});
    expectApiHeaders(ok);

    const refused = await apiHandler(() => {
      throw new ApiError("forbidden", "Not yours");
    })(new Request("http://relay.test/x"), {});
    expect(refused.status).toBe(403);
    expectApiHeaders(refused);
    expect((await refused.json()).error.code).toBe("forbidden");

    const log = captureLog();
    const crashed = await apiHandler(() => {
      throw new Error("boom");
    })(new Request("http://relay.test/x"), {}).finally(log.stop);
    expect(crashed.status).toBe(500);
    expectApiHeaders(crashed);
    const body = await crashed.json();
    expect(body.error).toMatchObject({ code: "internal_error", request_id: crashed.headers.get("x-request-id") });
    expect(JSON.stringify(body)).not.toContain("boom");
    // Logged as one JSON line with the request id the caller received, and the error's message and stack.
    expect(log.lines()).toEqual([
      expect.objectContaining({
        level: "error",
        request_id: body.error.request_id,
        err: expect.objectContaining({ message: "boom", stack: expect.stringContaining("boom") }),
      }),
    ]);
  });
});

describe("notAllowed", () => {
  it("answers other methods 405 in JSON and OPTIONS 204, both with Allow, the headers and a request id", async () => {
    const handlers = notAllowed("GET");
    const refused = handlers.POST();
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expectApiHeaders(refused);
    expect((await refused.json()).error.code).toBe("method_not_allowed");

    const options = handlers.OPTIONS();
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expectApiHeaders(options);
    expect(notAllowed("POST").OPTIONS().headers.get("allow")).toBe("POST, OPTIONS");
  });
});
