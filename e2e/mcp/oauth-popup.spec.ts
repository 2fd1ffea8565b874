import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { demoWorld } from "../fixtures";

// Issue 31, finding 8: every page sends Cross-Origin-Opener-Policy: same-origin, which severs `window.opener` for
// good once a popup reaches such a page. A browser-based MCP client runs the authorization in a popup and reads the
// code back through `window.opener` on its own redirect page, so the steps of an authorization (sign-in on the way to
// consent, the consent page, its answer) keep the opener (lib/http/security-headers.ts, `oauthPopupPage`). This is
// that client, on another origin, in Chromium.

const ana = demoWorld().people[0]!;

const base64url = (bytes: Buffer) => bytes.toString("base64url");

/** A web client on its own origin: a page that opens the authorization in a popup, and the popup's redirect page. */
async function webClient(authorizationUrl: () => string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://127.0.0.1");
    res.setHeader("content-type", "text/html; charset=utf-8");
    if (pathname === "/") {
      res.end(`<!doctype html><html lang="en"><title>Client</title><body>
        <button id="connect">Connect Relay</button><p id="result">waiting</p>
        <script>
          document.getElementById("connect").onclick = () => window.open(${JSON.stringify(authorizationUrl())}, "relay", "popup,width=600,height=700");
          window.addEventListener("message", (event) => {
            if (event.origin !== location.origin) return;
            document.getElementById("result").textContent = "code: " + event.data.code;
          });
        </script></body></html>`);
    } else if (pathname === "/callback") {
      res.end(`<!doctype html><html lang="en"><title>Callback</title><body><p id="state">callback</p><script>
        const code = new URLSearchParams(location.search).get("code");
        document.getElementById("state").textContent = window.opener ? "opener kept" : "opener lost";
        if (window.opener) { window.opener.postMessage({ code }, location.origin); window.close(); }
      </script></body></html>`);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test("a browser client's OAuth popup hands the code back to its opener, signing in on the way", async ({
  page,
  baseURL,
}) => {
  // APP_URL is http://localhost:<port>: the issuer, where the person signs in (its cookies live there).
  const app = new URL(baseURL!);
  app.hostname = "localhost";
  let authorize = "";
  const client = await webClient(() => authorize);
  try {
    const registered = await fetch(new URL("/oauth/register", app), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_name: "Popup Client",
        redirect_uris: [`${client.origin}/callback`],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      }),
    });
    expect(registered.status).toBe(201);
    const { client_id } = (await registered.json()) as { client_id: string };
    const verifier = base64url(randomBytes(32));
    const url = new URL("/oauth/authorize", app);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id,
      redirect_uri: `${client.origin}/callback`,
      code_challenge: base64url(createHash("sha256").update(verifier).digest()),
      code_challenge_method: "S256",
      scope: "read",
      resource: new URL("/api/mcp", app).href,
      state: "popup-state",
    }).toString();
    authorize = url.href;

    await page.goto(client.origin);
    const opened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Connect Relay" }).click();
    const popup = await opened;

    await expect(popup).toHaveURL(/\/sign-in\?callbackUrl=%2Foauth%2Fconsent%2F/);
    await popup.getByLabel("Email").fill(ana.email);
    await popup.getByLabel("Password").fill(ana.password);
    await popup.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(popup.getByRole("heading", { level: 1 })).toHaveText("Allow Popup Client to use Relay as you?");
    const consent = await popup.request.get(popup.url());
    expect(consent.headers()["cross-origin-opener-policy"]).toBe("unsafe-none");
    await popup.getByRole("button", { name: "Allow" }).click();

    // The callback page found its opener and posted the code; the popup closed itself.
    await expect(page.locator("#result")).toHaveText(/^code: \S{20,}$/);
    await expect.poll(() => popup.isClosed()).toBe(true);

    // Elsewhere the app isolates its pages: the sign-in page without a consent to return to.
    const signIn = await page.request.get(new URL("/sign-in", app).href);
    expect(signIn.headers()["cross-origin-opener-policy"]).toBe("same-origin");
  } finally {
    await new Promise((resolve) => client.server.close(resolve));
  }
});
