import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "./proxy";
import { API_CSP } from "@/lib/http/security-headers";

// proxy.ts in-process (the e2e suite checks it over HTTP): the page policy with a fresh nonce, handed to Next on
// the request; malformed paths refused before Next's route matching could fail on them.

const run = (path: string) => proxy(new NextRequest(`http://localhost:3000${path}`));
const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe("a page request", () => {
  it("gets a policy with a fresh nonce, also set on the request for Next to put on its scripts", () => {
    const first = run("/chat/demo");
    const csp = first.headers.get("content-security-policy");
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = nonceOf(csp);
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    // NextResponse.next({request: {headers}}) carries the overridden request headers in x-middleware-request-*.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(first.headers.get("x-middleware-next")).toBe("1");
    expect(nonceOf(run("/chat/demo").headers.get("content-security-policy"))).not.toBe(nonce);
  });
});

describe("a path that is not valid percent-encoded UTF-8", () => {
  const malformed = ["%ff", "%", "%zz", "%c3%28", "%e2%82"];

  it("is the API's JSON 404 with a request id under /api", async () => {
    for (const segment of malformed) {
      for (const path of [`/api/public/v1/conversations/${segment}/messages`, `/api/public/v1/me/${segment}`, `/api/chat/attachments/${segment}`]) {
        const response = run(path);
        expect(response.status, path).toBe(404);
        expect(response.headers.get("content-security-policy")).toBe(API_CSP);
        const body = await response.json();
        expect(body.error.code).toBe("not_found");
        expect(body.error.request_id).toBe(response.headers.get("x-request-id"));
      }
    }
  });

  it("is rewritten to a path no route has (the not-found page) elsewhere, with the page policy", () => {
    for (const segment of malformed) {
      const response = run(`/chat/${segment}`);
      expect(response.headers.get("x-middleware-rewrite")).toBe("http://localhost:3000/_malformed-path");
      expect(response.headers.get("content-security-policy")).toContain("'nonce-");
    }
  });

  it("valid encodings pass through untouched", () => {
    expect(run("/api/public/v1/me/%20").headers.get("x-middleware-next")).toBe("1");
    expect(run("/api/public/v1/me/%c3%a9").headers.get("x-middleware-next")).toBe("1");
    expect(run("/chat/%00").headers.get("x-middleware-rewrite")).toBeNull();
  });
});

describe("the matcher", () => {
  // Next compiles each source with path-to-regexp; their groups are plain regular expressions, checked here.
  const [pages, apiWithPercent] = config.matcher.map((source) => new RegExp(`^${source.replace(/\//g, "\\/")}$`));

  it("runs the proxy on every page and on API paths only when they hold a %", () => {
    for (const path of ["/", "/chat/demo/approvals", "/sign-in", "/developers/docs", "/chat/%ff"]) {
      expect(pages!.test(path), path).toBe(true);
    }
    for (const path of ["/api/public/v1/conversations/x/messages", "/api/public/v1/me", "/api", "/_next/static/chunks/a.js"]) {
      expect(pages!.test(path) || apiWithPercent!.test(path), path).toBe(false);
    }
    expect(apiWithPercent!.test("/api/public/v1/me/%ff")).toBe(true);
  });
});
