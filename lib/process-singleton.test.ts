import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sourceFiles } from "@/test/source-files";
import { processSingleton, processSlot } from "./process-singleton";

// What the helper promises: one value per process whichever copy of a module asks, under exactly the key given (so a
// value an earlier copy kept is found again), and one way to keep it: no other module reaches into globalThis, and no
// key serves two modules.

const held = globalThis as unknown as Record<string | symbol, unknown>;
const KEYS = ["__relayTestOnce", "__relayTestAdopted", "__relayTestSlot", "__relayTestReload"] as const;
const SYMBOL = Symbol.for("relay.test.symbol");

afterEach(() => {
  for (const key of [...KEYS, SYMBOL]) delete held[key];
});

describe("processSingleton", () => {
  it("makes the value once and returns the same one after", () => {
    const create = vi.fn(() => new Map<string, number>());
    const first = processSingleton("__relayTestOnce", create);
    first.set("a", 1);
    expect(processSingleton("__relayTestOnce", create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
    expect(held.__relayTestOnce).toBe(first);
  });

  it("finds a value already kept under its key, and makes none", () => {
    const kept = new Set(["from an earlier copy"]);
    held.__relayTestAdopted = kept;
    const create = vi.fn(() => new Set<string>());
    expect(processSingleton("__relayTestAdopted", create)).toBe(kept);
    expect(create).not.toHaveBeenCalled();
  });

  it("is shared by a second copy of the module, as another bundle or a hot reload loads it", async () => {
    const value = processSingleton("__relayTestReload", () => ({ n: 1 }));
    vi.resetModules();
    const again = await import("./process-singleton");
    expect(again.processSingleton).not.toBe(processSingleton);
    expect(again.processSingleton("__relayTestReload", () => ({ n: 2 }))).toBe(value);
  });

  it("takes a Symbol.for key", () => {
    const value = processSingleton(SYMBOL, () => ["x"]);
    expect(processSingleton(Symbol.for("relay.test.symbol"), () => ["y"])).toBe(value);
  });
});

describe("processSlot", () => {
  it("is undefined until set, then holds what was set last, and clears", () => {
    const slot = processSlot<string>("__relayTestSlot");
    expect(slot.get()).toBeUndefined();
    slot.set("one");
    const other = processSlot<string>("__relayTestSlot"); // another copy of the module, same key
    expect(other.get()).toBe("one");
    other.set("two");
    expect(slot.get()).toBe("two");
    expect(held.__relayTestSlot).toBe("two");
    slot.set(undefined);
    expect(other.get()).toBeUndefined();
  });
});

describe("one way to keep a per-process value", () => {
  const files = ["app", "lib", "jobs", "inngest", "cli", "scripts", "components"].flatMap(sourceFiles);

  it("no other module casts globalThis to keep something on it", () => {
    const casting = files.filter(
      (file) => file !== "lib/process-singleton.ts" && /globalThis\s+as\b/.test(readFileSync(file, "utf8")),
    );
    expect(casting).toEqual([]);
  });

  it("each key belongs to one module", () => {
    const owners = new Map<string, Set<string>>();
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\bprocess(?:Singleton|Slot)\b[^\n]*?\(\s*(?:"([^"]+)"|([A-Z_][A-Z0-9_]*)\b)/g)) {
        const key = m[1] ?? symbolKey(text, m[2]);
        if (!key) continue;
        if (!owners.has(key)) owners.set(key, new Set());
        owners.get(key)!.add(file);
      }
    }
    const shared = [...owners]
      .filter(([, modules]) => modules.size > 1)
      .map(([key, modules]) => `${key}: ${[...modules]}`);
    expect(shared).toEqual([]);
    expect(owners.size).toBeGreaterThanOrEqual(19);
    expect(owners.get("__relayDb")).toEqual(new Set(["lib/db/client.ts"]));
    expect(owners.get("Symbol.for(relay.sse.streams)")).toEqual(new Set(["lib/http/sse.ts"]));
  });
});

/** `Symbol.for(name)` when `identifier` is a constant of the file declared as `Symbol.for("name")`. */
function symbolKey(text: string, identifier: string | undefined): string | null {
  if (!identifier) return null;
  const declared = new RegExp(`const ${identifier} = Symbol\\.for\\("([^"]+)"\\)`).exec(text);
  return declared ? `Symbol.for(${declared[1]})` : null;
}
