import { describe, expect, it } from "vitest";
import { isPrivateUseRedirect, redirectTarget, redirectUriRefusal } from "./redirect-uri";

// The one rule for the redirect URIs an OAuth client may register (issue 31, finding 4), registration by DCR or by a
// Client ID Metadata Document alike (lib/oauth/provider.ts applies it through the library's client validator).

describe("redirectUriRefusal", () => {
  it.each([
    "https://client.example/callback",
    "https://vscode.dev/redirect",
    "https://claude.ai/api/mcp/auth_callback",
    "https://localhost:8443/cb",
    "http://localhost:3118/callback",
    "http://127.0.0.1:53682/callback",
    "http://127.0.0.1/callback?x=1",
    "http://[::1]:9/cb",
    "http://LOCALHOST:9/cb",
    "cursor://anysphere.cursor-mcp/oauth/callback",
    "com.example.app:/oauth2redirect",
  ])("allows %s", (uri) => {
    expect(redirectUriRefusal(uri)).toBeNull();
  });

  it.each([
    ["http://client.example/callback", /https, or http on a loopback host/],
    ["http://10.0.0.1/cb", /https, or http on a loopback host/],
    ["http://127.0.0.2/cb", /https, or http on a loopback host/],
    ["http://localhost.evil.example/cb", /https, or http on a loopback host/],
    ["http://[::ffff:127.0.0.1]/cb", /https, or http on a loopback host/],
    ["https://user:password@client.example/cb", /user name or password/],
    ["https://client.example@evil.example/cb", /user name or password/],
    ["http://user@localhost:9/cb", /user name or password/],
    ["cursor://someone@anysphere.cursor-mcp/cb", /user name or password/],
    ["https://client.example/cb#x", /fragments/],
    ["https://client.example/cb#", /fragments/],
    ["http://127.0.0.1:1\\@evil.example/cb", /backslashes/],
    ["https://client.example/c b", /spaces/],
    ["https://client.example/cb\u0000", /control characters/],
    ["javascript:alert(1)", /javascript: scheme/],
    ["JavaScript:alert(1)", /javascript: scheme/],
    ["data:text/html,hi", /data: scheme/],
    ["file:///etc/passwd", /file: scheme/],
    ["vbscript:msgbox", /vbscript: scheme/],
    ["about:blank", /about: scheme/],
    ["blob:https://client.example/uuid", /blob: scheme/],
    ["view-source:https://client.example/", /view-source: scheme/],
    ["wss://client.example/cb", /wss: scheme/],
    ["/callback", /absolute/],
    ["", /absolute/],
  ])("refuses %s", (uri, reason) => {
    expect(redirectUriRefusal(uri)).toMatch(reason);
  });
});

describe("where a redirect URI sends the person", () => {
  it("is the host of a web URI, and the scheme (and host) of an app's", () => {
    expect(redirectTarget("http://127.0.0.1:53682/callback")).toBe("127.0.0.1:53682");
    expect(redirectTarget("https://vscode.dev/redirect")).toBe("vscode.dev");
    expect(redirectTarget("cursor://anysphere.cursor-mcp/oauth/callback")).toBe("cursor://anysphere.cursor-mcp");
    expect(redirectTarget("com.example.app:/oauth2redirect")).toBe("com.example.app:");
    expect(redirectTarget("not a uri")).toBe("");
    expect(isPrivateUseRedirect("cursor://anysphere.cursor-mcp/oauth/callback")).toBe(true);
    expect(isPrivateUseRedirect("https://vscode.dev/redirect")).toBe(false);
  });
});
