import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/errors";
import { person } from "@/lib/people/actor";
import { sourceFiles } from "@/test/source-files";
import { formAction, plainAction, publicAction } from "./action";

// The builder's steps, in their order, with the session and Next's cache and redirect faked (the actions themselves
// run against a real database in app/_lib/form-text.int.test.ts and the tenancy matrix). And the rule that makes it
// the one shell: every server action is built with it.

const next = vi.hoisted(() => ({ signedIn: true, calls: [] as string[] }));
vi.mock("@/lib/auth/current-actor", () => ({
  currentActor: async (path: string) => {
    next.calls.push(`actor ${path}`);
    if (!next.signedIn) throw Object.assign(new Error("NEXT_REDIRECT"), { digest: `NEXT_REDIRECT;/signin` });
    return person("00000000-0000-4000-8000-000000000001", "web");
  },
}));
vi.mock("next/cache", () => ({
  refresh: () => next.calls.push("refresh"),
  revalidatePath: (path: string, type: string) => next.calls.push(`revalidate ${path} ${type}`),
}));
vi.mock("./redirect", () => ({
  redirectInApp: (to: string) => {
    next.calls.push(`redirect ${to}`);
    throw Object.assign(new Error("NEXT_REDIRECT"), { digest: `NEXT_REDIRECT;${to}` });
  },
}));

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(name, one);
  return data;
};

const Named = z.object({ name: z.string().trim().min(1, "Give it a name"), size: z.coerce.number().int("Whole") });

const save = formAction((id: string, path: string) => ({
  path,
  read: (f) => ({ name: f.text("name"), size: f.text("size") }),
  schema: Named,
  fields: ["name"],
  run: async (_actor, input) => {
    if (id === "taken") throw new ApiError("conflict", "Taken", { field: "name" });
    if (id === "gone") throw new ApiError("not_found", "Thing not found");
    return { done: `Saved ${input.name} (${input.size})` };
  },
}));

beforeEach(() => {
  next.signedIn = true;
  next.calls = [];
});

describe("formAction", () => {
  it("counts the submission, reads, parses, runs as the person and refreshes the page", async () => {
    expect(await save("a", "/here", { n: 4 }, form({ name: " Box ", size: "3" }))).toEqual({
      n: 5,
      done: "Saved Box (3)",
    });
    expect(next.calls).toEqual(["actor /here", "refresh"]);
  });

  it("answers the schema's issues beside the fields the form shows, the rest for the form, with what was typed", async () => {
    expect(await save("a", "/here", { n: 0 }, form({ name: "", size: "1.5" }))).toEqual({
      n: 1,
      values: { name: "", size: "1.5" },
      fieldErrors: { name: "Give it a name" },
      error: "Whole",
    });
    expect(next.calls).toEqual(["actor /here"]);
  });

  it("answers a domain refusal beside the field it names, or for the form, with what was typed", async () => {
    const typed = { name: "Box", size: "3" };
    expect(await save("taken", "/here", { n: 0 }, form(typed))).toEqual({
      n: 1,
      values: typed,
      fieldErrors: { name: "Taken" },
    });
    expect(await save("gone", "/here", { n: 1 }, form(typed))).toEqual({
      n: 2,
      values: typed,
      error: "Thing not found",
    });
  });

  it("refuses text that breaks the rule as it reads it, before the schema, naming the field", async () => {
    expect(await save("a", "/here", { n: 0 }, form({ name: "B\u0000x", size: "3" }))).toEqual({
      n: 1,
      fieldErrors: { name: "This field contains a NUL character (U+0000)" },
    });
    expect(await save("a", "/here", { n: 0 }, form({ name: "Box", size: "3\u0000" }))).toEqual({
      n: 1,
      error: "size: contains a NUL character (U+0000)",
    });
  });

  it("holds the bound arguments it is told are text to the rule", async () => {
    const open = formAction((slug: string) => ({ path: `/chat/${slug}`, args: { slug }, run: async () => {} }));
    expect(await open("a\u0000", { n: 0 })).toEqual({ n: 1, error: "slug: contains a NUL character (U+0000)" });
  });

  it("sends a signed-out person to sign in before reading anything", async () => {
    next.signedIn = false;
    await expect(save("a", "/here", { n: 0 }, form({ name: "Box", size: "3" }))).rejects.toMatchObject({
      digest: "NEXT_REDIRECT;/signin",
    });
    expect(next.calls).toEqual(["actor /here"]);
  });

  it("opens the next page after a success, rendering the shared layout first; no refresh then", async () => {
    const start = formAction((slug: string) => ({
      path: `/chat/${slug}/new`,
      run: async () => ({ redirect: `/chat/${slug}/c/1`, revalidateLayout: `/chat/${slug}` }),
    }));
    await expect(start("w", { n: 0 }, form({}))).rejects.toMatchObject({ digest: "NEXT_REDIRECT;/chat/w/c/1" });
    expect(next.calls).toEqual(["actor /chat/w/new", "revalidate /chat/w layout", "redirect /chat/w/c/1"]);
  });

  it("leaves the page alone where the answer is all it shows, and gives back values and a result as told", async () => {
    const register = formAction(() => ({
      path: "/new",
      read: (f) => ({ name: f.text("name") }),
      refresh: false,
      run: async (_actor, _input, values) => ({ values, result: { id: 7 } }),
    }));
    expect(await register({ n: 0 }, form({ name: "Box" }))).toEqual({
      n: 1,
      values: { name: "Box" },
      result: { id: 7 },
    });
    expect(next.calls).toEqual(["actor /new"]);
  });

  it("throws on what is not a refusal, and on a call with the wrong number of arguments", async () => {
    const broken = formAction(() => ({
      path: "/x",
      run: async () => {
        throw new Error("bug");
      },
    }));
    await expect(broken({ n: 0 })).rejects.toThrow("bug");
    const call = save as unknown as (...args: unknown[]) => Promise<unknown>;
    await expect(call("a", { n: 0 })).rejects.toThrow("bound to 2 arguments was called with 2");
  });
});

describe("plainAction", () => {
  const find = plainAction((query: string) => ({
    path: "/chat",
    args: { query },
    run: async () => {
      if (query === "none") throw new ApiError("not_found", "Nothing");
      return [query];
    },
    refused: () => [] as string[],
  }));

  it("runs as the person, holds its text arguments to the rule and answers a refusal in its own terms", async () => {
    expect(await find("car")).toEqual(["car"]);
    expect(await find("none")).toEqual([]);
    expect(await find("car\u0000")).toEqual([]);
    expect(next.calls).toEqual(["actor /chat", "actor /chat", "actor /chat"]);
  });
});

describe("publicAction", () => {
  it("asks for no person, answers a refusal in its own terms and throws anything else on", async () => {
    const calls = next.calls.length;
    const options = publicAction((kind: string) => ({
      run: async () => {
        if (kind === "refused") throw new ApiError("too_many_attempts", "Too many");
        if (kind === "bug") throw new Error("boom");
        return { ok: kind };
      },
      refused: (error: ApiError) => ({ ok: error.code }),
    }));
    expect(await options("fine")).toEqual({ ok: "fine" });
    expect(await options("refused")).toEqual({ ok: "too_many_attempts" });
    await expect(options("bug")).rejects.toThrow("boom");
    expect(next.calls.length).toBe(calls);
  });
});

describe("every server action is built with formAction or plainAction", () => {
  const modules = ["app", "components", "lib"]
    .flatMap(sourceFiles)
    .filter((file) => /^\s*["']use server["']/m.test(readFileSync(file, "utf8")));

  it("finds the action modules", () => {
    expect(modules.length).toBeGreaterThanOrEqual(10);
  });

  it("exports nothing else, and reads no session, form or cache of its own", () => {
    const offences = modules.flatMap((file) => {
      const source = readFileSync(file, "utf8");
      const exported = [
        ...source.matchAll(/^export\s+(?:async\s+)?(?:function|const|let|var|class)\s+(\w+)\s*(=\s*\w+)?/gm),
      ];
      return [
        ...exported
          .filter(([, , built]) => !/^=\s*(formAction|plainAction|publicAction)$/.test(built ?? ""))
          .map(([, name]) => `${file}: ${name} is not built with formAction or plainAction`),
        ...[/\bcurrentActor\b/, /\bformData\.\w+\(/, /from "next\/(cache|navigation)"/, /\brefusedForm\b/]
          .filter((pattern) => pattern.test(source))
          .map((pattern) => `${file}: ${pattern} (the builder's step)`),
      ];
    });
    expect(offences).toEqual([]);
  });
});
