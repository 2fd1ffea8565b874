import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Env } from "@/lib/env";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { createConversation } from "@/lib/conversations/create-conversation";
import { sql } from "@/lib/db/sql";
import { embeddingModelId } from "@/lib/embeddings/encoder";
import { readDatabaseGauges } from "@/lib/metrics/database-gauges";
import { metrics } from "@/lib/metrics/registry";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { cli, cliJson } from "@/test/cli";
import { openPgvectorDatabase, type PgvectorDatabase } from "@/test/pgvector-database";
import { confirmFact } from "./decide-fact";
import { embedPending } from "./embed-pending";
import { embeddingStatus, type EmbeddingStatus } from "./embedding-status";
import { hnswIndexName } from "./pgvector";
import { proposeFact } from "./propose-fact";
import { searchContact, type VectorPath } from "./search-contact";
import { clearVectorCache } from "./vector-cache";

// Issue 36, item 3: switching the embedding model without a gap (docs/decisions/040-switching-encoders.md). A populated
// database is embedded with model A; the current model becomes B; the embedding job re-embeds in small batches and
// contact search runs after every one: no error, a word match always found, a meaning-only match found exactly once
// its vector of B exists. Then progress (CLI and gauge), a cheap switch back, and the retirement of A's vectors.
//
// The models are OpenAI-compatible ones served here (EMBEDDINGS_BASE_URL): a real switch of embeddingModelId(), without
// loading the local encoder. Their vectors are bags of concepts, so meaning exists without shared words ("vacation"
// and "holiday"), and the two models differ in layout and dimensions (4 and 6), as two real models would.

const CONCEPTS: Record<string, string[]> = {
  money: ["invoice", "invoices", "bill", "bills", "pays", "paid", "payment", "transfer", "refund"],
  travel: ["holiday", "vacation", "flight", "trip", "travel"],
  food: ["lunch", "dinner", "meal", "caterer"],
};

function conceptVector(model: string, text: string): number[] {
  const words = text.toLowerCase().split(/[^a-z]+/);
  const count = (concept: string) => words.filter((w) => CONCEPTS[concept]!.includes(w)).length;
  const [money, travel, food] = [count("money"), count("travel"), count("food")];
  return model === "beta" ? [0.1, food, travel, money, 0.05, 0] : [money, travel, food, 0.1];
}

interface ConceptServer {
  baseUrl: string;
  requests: number;
  delayMs: number;
  close(): Promise<void>;
}

async function startConceptServer(): Promise<ConceptServer> {
  const state = { requests: 0, delayMs: 0 };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      state.requests++;
      const body = JSON.parse(raw) as { model: string; input: string[] };
      const data = body.input.map((text, index) => ({ index, embedding: conceptVector(body.model, text) }));
      setTimeout(() => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ object: "list", data, model: body.model }));
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

// env() is read once per process; the model is switched by changing what it answers.
const settings: Partial<Env> = {};
vi.mock("@/lib/env", async (original) => {
  const actual = await original<typeof import("@/lib/env")>();
  return { ...actual, env: () => ({ ...actual.env(), ...settings }) };
});

let server: ConceptServer;
const useModel = (model: string) => {
  settings.EMBEDDINGS_BASE_URL = server.baseUrl;
  settings.EMBEDDINGS_MODEL = model;
  clearVectorCache();
};

beforeAll(async () => {
  server = await startConceptServer();
});
afterAll(async () => {
  clearVectorCache();
  await server.close();
});

interface Population {
  world: SeededWorld;
  carla: string;
  helper: BotPrincipal;
  /** The best word match for "invoice", in the oldest conversation (re-embedded last). */
  wordMatch: string;
  /** Matches "vacation" by meaning only ("holiday", "flight"), in the oldest conversation. */
  meaningMatch: string;
  /** Match "invoice" less well by words, and by meaning too, in a newer conversation (re-embedded first). */
  rivals: string[];
  fact: string;
}

async function populate(): Promise<Population> {
  const world = await seedWorld();
  const ana = person(world.people[0]!.id, "web");
  const carla = world.contacts[0]!.id;
  const helper: BotPrincipal = {
    ...world.bots[0]!,
    workspaceId: world.workspace.id,
    keyId: "test",
    scopes: [],
    status: "active",
  };
  const open = (title: string) =>
    createConversation(ana, { workspaceId: world.workspace.id, title, contactIds: [carla], botIds: [helper.id] });
  const post = async (conversationId: string, body: string) =>
    (await postPersonMessage(ana, { conversationId, body })).message.id;

  const old = await open("Last spring");
  await post(old.id, "The chairs arrived at the warehouse");
  const wordMatch = await post(old.id, "Invoice 1142 replaces the earlier invoice: this invoice is final");
  const meaningMatch = await post(old.id, "Booked a holiday flight to Lisbon for August");
  for (let i = 0; i < 4; i++) await post(old.id, `Pallet ${i} is on the truck`);
  const recent = await open("This week");
  const rivals = [
    await post(recent.id, "The invoice for the team lunch came in"),
    await post(recent.id, "Another invoice, for the lunch on Friday"),
    await post(recent.id, "A lunch invoice from the caterer"),
  ];
  for (let i = 0; i < 3; i++) await post(recent.id, `The showroom visit moved to slot ${i}`);
  const proposed = await proposeFact(helper, {
    contactId: carla,
    input: { fact: "Pays every bill by bank transfer", key: "billing.method", source_message_id: wordMatch },
  });
  await confirmFact(ana, { factId: proposed.id });
  return { world, carla, helper, wordMatch, meaningMatch, rivals, fact: proposed.id };
}

const hasVector = async (model: string, subjectId: string) =>
  (
    await sql().unchecked<{ n: number }>(
      `SELECT count(*)::int AS n FROM embeddings WHERE subject_id = $1 AND model = $2`,
      [subjectId, model],
    )
  )[0]!.n === 1;
const vectorsOf = async (model: string) =>
  (await sql().unchecked<{ n: number }>(`SELECT count(*)::int AS n FROM embeddings WHERE model = $1`, [model]))[0]!.n;
const watermarksOf = async (model: string) =>
  (
    await sql().unchecked<{ n: number }>(`SELECT count(*)::int AS n FROM embedding_progress WHERE model = $1`, [model])
  )[0]!.n;

async function coverageGauge(): Promise<Record<string, number>> {
  await readDatabaseGauges();
  const { values } = await metrics().registry.getSingleMetric("relay_embedding_coverage_ratio")!.get();
  return Object.fromEntries(values.map((v) => [`${v.labels.model}|${v.labels.current}`, v.value]));
}

/** The CLI's status, or (on another server than the test file's, which the CLI's own env() keeps) its function. */
let statusViaCli = true;
const status = async (): Promise<EmbeddingStatus> =>
  statusViaCli ? cliJson("embeddings", "status", "--sample", "0") : embeddingStatus();

/** The switch from alpha to beta on a populated database, searching after every batch, on one vector path. */
function switchScenario(
  path: VectorPath,
  population: () => Population,
  { afterReembedding }: { afterReembedding?: () => Promise<void> } = {},
) {
  const search = (query: string, limit = 10) =>
    searchContact(population().helper, { contactId: population().carla, query, limit, vector: path });

  it("with model A, finds a message by words and another by meaning alone", async () => {
    const p = population();
    useModel("alpha");
    expect(embeddingModelId()).toBe("openai:alpha");
    const result = await embedPending();
    expect(result).toMatchObject({ model: "openai:alpha", facts: 1, more: false });
    expect((await search("invoice", 3)).map((h) => h.id)).toContain(p.wordMatch);
    expect((await search("vacation"))[0]!.id).toBe(p.meaningMatch);
    const gauge = await coverageGauge();
    expect(gauge["openai:alpha|true"]).toBe(1);
  });

  it("switched to model B, re-embeds in batches while search answers after every one, never failing", async () => {
    const p = population();
    useModel("beta");
    expect(embeddingModelId()).toBe("openai:beta");
    const ana = person(p.world.people[0]!.id, "web");
    let live: string | null = null;
    let lastRatio = -1;
    let sawImputedRank = false;
    for (let run = 0; ; run++) {
      // Search first: at run 0 nothing has a vector of B at all, and search is by words alone.
      const invoice = await search("invoice", 3);
      expect(invoice.length, `run ${run}`).toBeGreaterThan(0);
      expect(
        invoice.map((h) => h.id),
        `run ${run}: the best word match stays in the top 3`,
      ).toContain(p.wordMatch);
      if (!(await hasVector("openai:beta", p.wordMatch)) && (await hasVector("openai:beta", p.rivals[0]!)))
        sawImputedRank = true; // the rivals match both ways, the word match words only: the fusion keeps it
      const vacation = (await search("vacation")).map((h) => h.id);
      const reembedded = await hasVector("openai:beta", p.meaningMatch);
      if (reembedded) expect(vacation[0], `run ${run}`).toBe(p.meaningMatch);
      else expect(vacation, `run ${run}: A's vector is never compared with B's query`).not.toContain(p.meaningMatch);

      const gauge = await coverageGauge();
      const ratio = gauge["openai:beta|true"]!;
      expect(ratio, `run ${run}`).toBeGreaterThanOrEqual(lastRatio);
      lastRatio = ratio;
      expect(gauge["openai:alpha|false"]).toBeGreaterThan(0);

      if (run === 2) {
        // Traffic goes on during the switch: a new message goes ahead of the backlog (its conversation is the most
        // recent), and nothing on the send path waits for the re-embedding.
        const conversation = await createConversation(ana, {
          workspaceId: p.world.workspace.id,
          contactIds: [p.carla],
          botIds: [p.helper.id],
        });
        live = (await postPersonMessage(ana, { conversationId: conversation.id, body: "Dinner with the buyers" }))
          .message.id;
        const mid = await status();
        expect(mid.state).toBe("re-embedding");
        expect(mid.models[0]).toMatchObject({ model: "openai:beta", current: true, estimate_seconds: null });
        expect(mid.models[0]!.percent).toBeLessThan(100);
        expect(mid.models.find((m) => m.model === "openai:alpha")).toMatchObject({
          current: false,
          retire_after: expect.any(String),
        });
      }
      // One batch of two texts per run: the budget is over as soon as a batch is stored.
      const result = await embedPending({ batch: 2, budgetMs: 0 });
      if (run === 0) expect(result, "facts go first").toMatchObject({ facts: 1, messages: 0, more: true });
      if (run === 2) expect(await hasVector("openai:beta", live!), "the live message goes next").toBe(true);
      if (!result.more && result.embedded === 0) break;
      expect(run).toBeLessThan(40);
    }
    expect(sawImputedRank).toBe(true);
    expect(lastRatio).toBe(1);
    expect(await hasVector("openai:beta", p.fact)).toBe(true);
    await afterReembedding?.();
  });

  it("keeps model A's vectors through the quiet period, so switching back costs only what arrived since", async () => {
    const p = population();
    const complete = await status();
    expect(complete.state).toBe("retiring");
    expect(complete.models[0]).toMatchObject({ model: "openai:beta", percent: 100, estimate_seconds: 0 });
    expect((await embedPending()).retired).toBe(0);
    const alphaVectors = await vectorsOf("openai:alpha");
    expect(alphaVectors).toBeGreaterThan(0);

    useModel("alpha");
    const back = await embedPending();
    expect(back.embedded, "only the message sent during the switch").toBe(1);
    expect((await search("vacation"))[0]!.id).toBe(p.meaningMatch);
    useModel("beta");
    expect((await embedPending()).embedded).toBe(0);
  });

  it("once the quiet period is over, deletes A's vectors and watermarks in batches; search never notices", async () => {
    const p = population();
    const before = await vectorsOf("openai:alpha");
    const beta = await vectorsOf("openai:beta");
    let left = before;
    for (let run = 0; ; run++) {
      const result = await embedPending({ budgetMs: 0, retireQuietMs: 0, retireCheckEveryMs: 0 });
      const now = await vectorsOf("openai:alpha");
      expect(now).toBe(left - result.retired);
      left = now;
      expect((await search("vacation"))[0]!.id).toBe(p.meaningMatch);
      expect((await search("invoice", 3)).map((h) => h.id)).toContain(p.wordMatch);
      if (!result.more) break;
      expect(run).toBeLessThan(20);
    }
    expect(left).toBe(0);
    expect(await watermarksOf("openai:alpha")).toBe(0);
    expect(await vectorsOf("openai:beta")).toBe(beta);
    const done = await status();
    expect(done.state).toBe("complete");
    expect(done.models.map((m) => m.model)).toEqual(["openai:beta"]);
    expect(await coverageGauge()).toEqual({ "openai:beta|true": 1 });
  });
}

describe("switching models on the exact path", () => {
  let population: Population;
  beforeAll(async () => {
    population = await populate();
  });
  switchScenario("exact", () => population);

  it("the status command samples the current model's rate and estimates what remains; refuses a bad sample", async () => {
    useModel("gamma"); // a third switch, served slowly, so that the sample sees the job at work
    server.delayMs = 150;
    try {
      const job = embedPending({ batch: 1 });
      const sampled = (await cliJson("embeddings", "status", "--sample", "1")) as EmbeddingStatus;
      expect(sampled.sample_seconds).toBe(1);
      const gamma = sampled.models[0]!;
      expect(gamma).toMatchObject({ model: "openai:gamma", current: true });
      expect(gamma.per_second).toBeGreaterThan(0);
      expect(gamma.estimate_seconds).toBeGreaterThan(0);
      expect(gamma.embedded).toBeLessThan(gamma.total);
      expect(gamma.messages.total + gamma.facts.total).toBe(gamma.total);
      await job;
    } finally {
      server.delayMs = 0;
    }
    const bad = await cli("embeddings", "status", "--sample", "61");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--sample must be from 0 to 60");
  });

  it("answers by words alone when the query cannot be embedded", async () => {
    settings.EMBEDDINGS_BASE_URL = "http://127.0.0.1:9/v1"; // a port fetch refuses: the API is unreachable
    settings.EMBEDDINGS_MODEL = "gamma";
    const hits = await searchContact(population.helper, { contactId: population.carla, query: "invoice", limit: 3 });
    expect(hits.map((h) => h.id)).toContain(population.wordMatch);
    await expect(
      searchContact(population.helper, { contactId: population.carla, query: "invoice", only: "meaning" }),
    ).rejects.toThrow();
    useModel("gamma");
  });
});

// The same switch where pgvector serves the meaning side: each model has its own partial HNSW index, of its own
// dimensions (4, then 6), and the retired model's index is dropped. Runs when PGVECTOR_TEST_URL names a server with
// pgvector (`PGVECTOR_TEST_URL=$(npx tsx scripts/pgvector-server.ts start)`), as search-pgvector.int.test.ts does.
const ADMIN_URL = process.env.PGVECTOR_TEST_URL;
describe.skipIf(!ADMIN_URL)("switching models on pgvector", () => {
  let population: Population;
  let database: PgvectorDatabase | undefined;
  const indexes = async () =>
    (
      await sql().unchecked<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE tablename = 'embeddings' AND indexname LIKE 'embeddings\\_hnsw\\_%' ORDER BY 1`,
      )
    ).map((r) => r.indexname);

  beforeAll(async () => {
    database = await openPgvectorDatabase(ADMIN_URL!, "relay_switch");
    statusViaCli = false;
    population = await populate();
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
  });

  switchScenario("pgvector", () => population, {
    afterReembedding: async () =>
      expect(await indexes()).toEqual([hnswIndexName("openai:alpha", 4), hnswIndexName("openai:beta", 6)].sort()),
  });

  it("made an index per model, of its dimensions, and dropped model A's once its vectors were gone", async () => {
    expect(await indexes()).toEqual([hnswIndexName("openai:beta", 6)]);
    const [beta] = await sql().unchecked<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = $1`, [
      hnswIndexName("openai:beta", 6),
    ]);
    expect(beta!.indexdef).toMatch(/vector\(6\)\) vector_cosine_ops\) WHERE/);
  });
});
