import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { SignedInPerson } from "@/lib/auth/session";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { warningText } from "@/lib/text/name-warnings";
import { Browser } from "@/test/browser";
import { MemoryAuthProvider, signedIn, startOAuthHttp, type AppHttp } from "@/test/oauth";
import { loadConsent } from "./consent";
import { listOAuthGrants } from "./list-grants";

// Issue 31, 3c: an OAuth client registers globally under any name; the person is told about that name on the
// consent page, where they decide: hidden characters, mixed scripts, a look-alike of an assistant they connected
// before (another registration, even under the very same name) or of a well-known assistant.

const session: { person: SignedInPerson | null } = { person: null };
vi.mock("@/lib/auth/session", () => ({ signedInPerson: async () => session.person }));

let app: AppHttp;
let world: SeededWorld;
const ana = () => world.people[0]!;
const actor = () => person(ana().id, "web");

beforeAll(async () => {
  app = await startOAuthHttp();
  world = await seedWorld();
  session.person = signedIn(ana());
});

afterAll(async () => {
  await app?.close();
});

/** Registers a client by DCR under `name` and brings a browser to its consent page: the page's uid and request. */
async function atConsent(name: string) {
  const auth = new MemoryAuthProvider(name);
  const client = new Client({ name: "names-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${app.origin}/api/mcp`), { authProvider: auth });
  await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  const browser = new Browser();
  const page = await browser.follow(auth.authorizationUrl!.href, app.origin);
  const uid = /^\/oauth\/consent\/([^/]+)$/.exec(page.url.pathname)![1]!;
  const request = new Request(new URL(page.url.pathname, env().APP_URL), { headers: { cookie: browser.cookie() } });
  return { uid, request, browser, auth };
}

async function allow(at: Awaited<ReturnType<typeof atConsent>>) {
  await at.browser.follow(`${app.origin}/oauth/consent/${at.uid}/decision`, app.origin, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ decision: "allow", workspace: world.workspace.id }).toString(),
  });
}

const warningsAt = async (name: string) => {
  const at = await atConsent(name);
  return {
    at,
    texts: (await loadConsent(actor(), { request: at.request, uid: at.uid })).nameWarnings.map(warningText),
  };
};

describe("the consent page judges the client's name", () => {
  it("names in one script, and a well-known name written as it is, raise nothing", async () => {
    for (const name of ["Claude", "Поддержка", "サポートボット", "دعم العملاء", "Ana's notes"])
      expect((await warningsAt(name)).texts, name).toEqual([]);
  });

  it("a right-to-left override in the name is named; the heading's text is the name as registered", async () => {
    const { at, texts } = await warningsAt("Claude \u202eedoc.evil");
    expect(texts).toEqual(["This name holds hidden characters: Right-to-left override (U+202E)"]);
    expect((await loadConsent(actor(), { request: at.request, uid: at.uid })).clientName).toBe(
      "Claude \u202eedoc.evil",
    );
  });

  it("a Cyrillic С in “Claude”: mixed scripts, and a look-alike of the well-known assistant", async () => {
    expect((await warningsAt("\u0421laude")).texts).toEqual([
      "This name mixes Cyrillic and Latin letters",
      "This name looks like the assistant “Claude” but is written with other characters",
    ]);
  });

  it("once the person connected one “Claude”, a second registration named “Claude” is pointed out, and audited when allowed", async () => {
    const first = await atConsent("Claude");
    await allow(first);
    const { at, texts } = await warningsAt("Claude");
    const expected = ["This name looks like “Claude”, an assistant you connected before, but it is not the same one"];
    expect(texts).toEqual(expected);
    await allow(at);
    const grants = await db().oAuthGrant.findMany({ where: { userId: ana().id, clientName: "Claude" } });
    expect(grants).toHaveLength(2);
    const audit = await db().auditEvent.findFirstOrThrow({
      where: { action: "oauth_grant.created", data: { path: ["client_id"], equals: at.auth.client!.client_id } },
    });
    expect(audit.data).toMatchObject({ name_warnings: expected });
    // Settings → Access tokens says it of both, each being the other's look-alike.
    const listed = (await listOAuthGrants(actor())).filter((g) => g.client_name === "Claude");
    expect(listed.map((g) => g.name_warnings.map(warningText))).toEqual([expected, expected]);
  });

  it("another person's connections are not compared", async () => {
    const ben = world.people[1]!;
    session.person = signedIn(ben);
    try {
      const at = await atConsent("Claude");
      expect((await loadConsent(person(ben.id, "web"), { request: at.request, uid: at.uid })).nameWarnings).toEqual([]);
    } finally {
      session.person = signedIn(ana());
    }
  });
});
