import { describe, expect, it } from "vitest";
import {
  API_CSP,
  HSTS,
  STATIC_HEADERS,
  apiHeaders,
  hstsHeader,
  newNonce,
  pageCsp,
  oauthPopupPage,
  pageHeaders,
  staticHeaderRules,
} from "./security-headers";

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values.join(" ")];
    }),
  );

describe("a page's Content-Security-Policy", () => {
  const csp = directives(pageCsp({ nonce: "abc123", dev: false, appUrl: "http://localhost:3000" }));

  it("lets scripts run only with the response's nonce (and what they load), never inline or eval", () => {
    expect(csp["script-src"]).toBe("'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp["script-src"]).not.toContain("unsafe");
  });

  it("takes styles from our files or with the nonce, never inline attributes", () => {
    expect(csp["style-src"]).toBe("'self' 'nonce-abc123'");
  });

  it("refuses every framing ancestor, plugins and <base>, and keeps everything else on our origin", () => {
    expect(csp).toMatchObject({
      "default-src": "'self'",
      "frame-ancestors": "'none'",
      "object-src": "'none'",
      "base-uri": "'none'",
      "form-action": "'self'",
      "connect-src": "'self'",
    });
  });

  it("starts workers (the Web Push service worker) only from our own origin, not blob: or data:", () => {
    expect(csp["worker-src"]).toBe("'self'");
  });

  it("upgrades insecure requests only when the app is served over https", () => {
    expect(csp).not.toHaveProperty("upgrade-insecure-requests");
    const https = directives(pageCsp({ nonce: "n", dev: false, appUrl: "https://relay.example.com" }));
    expect(https).toHaveProperty("upgrade-insecure-requests");
  });

  it("in development allows eval (React's server error stacks) and inline styles (the dev overlay)", () => {
    const dev = directives(pageCsp({ nonce: "n", dev: true, appUrl: "http://localhost:3000" }));
    expect(dev["script-src"]).toBe("'self' 'nonce-n' 'strict-dynamic' 'unsafe-eval'");
    expect(dev["style-src"]).toBe("'self' 'unsafe-inline'");
  });
});

describe("HSTS", () => {
  it("is sent when APP_URL is https, and not over plain http", () => {
    expect(hstsHeader("https://relay.example.com")).toEqual({ "Strict-Transport-Security": HSTS });
    expect(hstsHeader("HTTPS://relay.example.com")).toEqual({ "Strict-Transport-Security": HSTS });
    expect(hstsHeader("http://localhost:3000")).toEqual({});
    expect(HSTS).toMatch(/^max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(HSTS)![1])).toBeGreaterThanOrEqual(31536000);
  });

  it("goes on pages and API answers alike", () => {
    const page = pageHeaders({ nonce: "n", dev: false, appUrl: "https://relay.example.com", oauthPopup: false });
    expect(page["Strict-Transport-Security"]).toBe(HSTS);
    expect(apiHeaders("https://relay.example.com")["Strict-Transport-Security"]).toBe(HSTS);
    expect(apiHeaders("http://localhost:3000")).not.toHaveProperty("Strict-Transport-Security");
  });
});

describe("the headers that never change", () => {
  it("forbid framing, sniffing and cross-origin paths in referrers, and every powerful feature", () => {
    expect(STATIC_HEADERS).toMatchObject({
      "X-Frame-Options": "DENY",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
      expect(STATIC_HEADERS["Permissions-Policy"]).toContain(`${feature}=()`);
    }
    // Passkeys: the site's own pages, no frame of another origin.
    expect(STATIC_HEADERS["Permissions-Policy"]).toContain("publickey-credentials-get=(self)");
  });

  it("API answers carry them with a policy that loads nothing, is framed by no one and isolated (issue 31)", () => {
    expect(apiHeaders("http://localhost:3000")).toEqual({
      ...STATIC_HEADERS,
      "Content-Security-Policy": API_CSP,
      "Cross-Origin-Opener-Policy": "same-origin",
      "Cross-Origin-Resource-Policy": "same-origin",
    });
    expect(directives(API_CSP)).toEqual({ "default-src": "'none'", "frame-ancestors": "'none'" });
  });

  it("are built into next.config.ts for every path outside /api, with CORP same-origin but on OAuth's public documents", () => {
    const rules = staticHeaderRules();
    expect(rules).toHaveLength(2);
    // A source is a path-to-regexp pattern whose group is a plain regular expression: check what it selects.
    const selects = (source: string, path: string) => new RegExp(`^${source.replace(/^\//, "\\/")}$`).test(path);
    const corpOf = (path: string) => {
      const matching = rules.filter((rule) => selects(rule.source, path));
      if (matching.length === 0) return null;
      expect(matching, path).toHaveLength(1);
      const headers = Object.fromEntries(matching[0]!.headers.map((h) => [h.key, h.value]));
      expect(headers, path).toMatchObject(STATIC_HEADERS);
      return headers["Cross-Origin-Resource-Policy"];
    };
    for (const path of ["/", "/chat/demo", "/sign-in", "/_next/static/chunks/a.js", "/icon.svg", "/apiary", "/oauth/consent/x"])
      expect(corpOf(path), path).toBe("same-origin");
    for (const path of ["/.well-known/oauth-authorization-server", "/oauth/token", "/oauth/jwks", "/oauth/authorize"])
      expect(corpOf(path), path).toBe("cross-origin");
    for (const path of ["/api", "/api/", "/api/public/v1/me", "/api/chat/attachments/x"]) expect(corpOf(path), path).toBeNull();
  });
});

describe("Cross-Origin-Opener-Policy on pages (issue 31)", () => {
  const coop = (path: string, search = "") =>
    pageHeaders({
      nonce: "n",
      dev: false,
      appUrl: "http://localhost:3000",
      oauthPopup: oauthPopupPage(path, new URLSearchParams(search)),
    })["Cross-Origin-Opener-Policy"];

  it("isolates every page from other sites' windows", () => {
    for (const path of ["/", "/chat/demo/approvals", "/developers", "/settings/tokens", "/sign-in"])
      expect(coop(path), path).toBe("same-origin");
    expect(coop("/sign-in", "callbackUrl=/chat")).toBe("same-origin");
  });

  it("keeps the opener on the steps of an OAuth authorization, which a client may run in a popup", () => {
    expect(coop("/oauth/consent/abc")).toBe("unsafe-none");
    expect(coop("/oauth/authorize")).toBe("unsafe-none");
    expect(coop("/sign-in", "callbackUrl=/oauth/consent/abc")).toBe("unsafe-none");
  });
});

describe("nonces", () => {
  it("are 128 random bits, fresh each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
