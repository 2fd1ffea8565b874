import { describe, expect, it, vi } from "vitest";
import type { SignedInPerson } from "@/lib/auth/session";
import { seedWorld } from "@/lib/seed/seed-world";
import { renderPage } from "@/test/security/doors/pages";

// The deliveries page says how far back its list goes (docs/guides/operators.md#retention), with the windows of this
// deployment. Rendered as Next would (test/security/doors/pages.ts's renderPage); only the session and Next's request
// scope are faked.

const session = vi.hoisted(() => ({ person: null as SignedInPerson | null }));
vi.mock("@/lib/auth/session", () => ({ signedInPerson: async () => session.person }));
vi.mock("next/cache", () => ({ refresh: () => {}, revalidatePath: () => {} }));
vi.mock("next/headers", async (original) => ({ ...(await original<typeof import("next/headers")>()), headers: async () => new Headers() }));
vi.mock("next/server", async (original) => ({ ...(await original<typeof import("next/server")>()), connection: async () => {} }));

describe("the deliveries page", () => {
  it("states the retention windows", async () => {
    const world = await seedWorld();
    const ana = world.people[0]!;
    session.person = { id: ana.id, email: ana.email, name: ana.name, handle: ana.handle };
    const answer = await renderPage("app/(portal)/developers/bots/[id]/deliveries/page.tsx", {
      params: Promise.resolve({ id: world.bots[0]!.id }),
      searchParams: Promise.resolve({}),
    });
    expect(answer.ok).toBe(true);
    expect(answer.text).toContain("Deliveries are kept 30 days (failed ones 90).");
  });
});
