import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_CSP } from "@/lib/http/security-headers";

// Every route handler under app/api answers every method itself, so that Next never answers for it (its automatic
// OPTIONS and 405 carry no X-Request-Id and no body): GET, POST, PUT, PATCH, DELETE and OPTIONS are exported by each
// (HEAD is Next's GET). A new route that forgets fails here. The answers themselves: e2e/api/headers.spec.ts.

const root = path.resolve(import.meta.dirname, "..");
const routeFiles = (readdirSync(path.join(root, "app/api"), { recursive: true }) as string[])
  .filter((file) => path.basename(file) === "route.ts")
  .map((file) => path.join("app/api", file));

describe("API route modules", () => {
  it("are found", () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(20);
    expect(routeFiles).toContain(path.join("app/api/mcp/route.ts"));
  });

  it.each(routeFiles)("%s exports every method and answers OPTIONS with a request id", async (file) => {
    const route = (await import(/* @vite-ignore */ path.join(root, file))) as Record<string, unknown>;
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      expect(typeof route[method], `${file} ${method}`).toBe("function");
    }
    const options = (route.OPTIONS as (r: Request, c: unknown) => Response | Promise<Response>)(
      new Request(`http://relay.test/${file}`, { method: "OPTIONS" }),
      { params: Promise.resolve({ path: ["x"] }) },
    );
    const response = await options;
    expect([204, 404]).toContain(response.status);
    // A handler that is timed under a template (personRoute's) names its own folder: the label is the route's.
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      const template = (route[method] as { template?: string }).template;
      if (template !== undefined) expect(template, `${file} ${method}`).toBe(`/${path.dirname(file).split(path.sep).join("/").slice("app/".length)}`);
    }
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(response.headers.get("content-security-policy")).toBe(API_CSP);
  });
});
