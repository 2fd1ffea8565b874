import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { sql } from "@/lib/db/sql";
import { embeddingModelId } from "@/lib/embeddings/encoder";
import { insertMessage } from "@/lib/messages/insert-message";
import { transaction } from "@/lib/db/sql";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { openPgvectorDatabase, PGVECTOR_SKIP_REASON, type PgvectorDatabase } from "@/test/pgvector-database";
import { embedPending } from "./embed-pending";
import { hnswIndexName, pgvectorSupport } from "./pgvector";
import { searchContact } from "./search-contact";
import { clearVectorCache } from "./vector-cache";

// The pgvector path of contact search against the exact path, on a PostgreSQL that has pgvector. The embedded server
// (PostgreSQL 18) cannot load the pgvector Debian builds for 15, so this runs only when PGVECTOR_TEST_URL names a
// server that can: `PGVECTOR_TEST_URL=$(npx tsx scripts/pgvector-server.ts start)`. A fresh database is made on it,
// migrated (the migration creates the extension), seeded and embedded with the real encoder.

const ADMIN_URL = process.env.PGVECTOR_TEST_URL;

const subjects = [
  "Carla",
  "the warehouse",
  "accounts",
  "the courier",
  "the new buyer",
  "her assistant",
  "the driver",
  "the Lisbon office",
];
const verbs = [
  "asked about",
  "complained about",
  "confirmed",
  "wants to move",
  "cancelled",
  "paid for",
  "is waiting for",
  "forgot about",
];
const objects = [
  "the invoice for March",
  "the delivery of forty chairs",
  "a refund for the broken lamp",
  "the meeting on Tuesday",
  "the contract renewal",
  "the pallet of glass panels",
  "a discount on the next order",
  "the customs paperwork",
  "the visit to the showroom",
  "the late shipment",
];
const tails = [
  "",
  " again",
  " before Friday",
  " by phone",
  " in an email this morning",
  " and sounded annoyed",
  " twice this week",
];

let world: SeededWorld;
let database: PgvectorDatabase | undefined;
const helper = (): BotPrincipal => ({
  ...world.bots[0]!,
  workspaceId: world.workspace.id,
  keyId: "test",
  scopes: [],
  status: "active",
});

describe.skipIf(!ADMIN_URL)(
  `contact search on pgvector (${ADMIN_URL ? "PGVECTOR_TEST_URL set" : PGVECTOR_SKIP_REASON})`,
  () => {
    beforeAll(async () => {
      database = await openPgvectorDatabase(ADMIN_URL!, "relay_pgvector");
      clearVectorCache();

      world = await seedWorld();
      const conversation = world.conversations[0]!.id;
      const sender = world.people[1]!.id;
      let i = 0;
      for (const subject of subjects) {
        for (const verb of verbs) {
          await transaction(async (tx) => {
            for (const object of objects) {
              const body = `${subject} ${verb} ${object}${tails[i++ % tails.length]}.`;
              await insertMessage(tx, {
                author: { type: "person", userId: sender },
                message: { conversationId: conversation, body },
              });
            }
          });
        }
      }
      const result = await embedPending({ batch: 64 });
      expect(result.messages).toBeGreaterThanOrEqual(640);
    }, 300_000);

    afterAll(async () => {
      clearVectorCache();
      await database?.drop();
    });

    it("finds pgvector installed and the embedding job made the model's HNSW index", async () => {
      expect(await pgvectorSupport()).toEqual({ installed: true, iterative: true });
      const rows = await sql().unchecked<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = $1`, [
        hnswIndexName(embeddingModelId(), 512),
      ]);
      expect(rows[0]?.indexdef).toMatch(/USING hnsw \(\(\(embedding\)::vector\(512\)\) vector_cosine_ops\) WHERE/);
    });

    it("gives the same top hits as the exact path", async () => {
      const queries = [
        "when will the invoice be paid",
        "money back for a damaged light",
        "the truck driver is late",
        "paperwork for the border",
        "renewing the agreement",
        "an unhappy phone call",
        "chairs",
        "the",
      ];
      for (const q of queries) {
        const exact = (
          await searchContact(helper(), { contactId: world.contacts[0]!.id, query: q, vector: "exact", limit: 10 })
        ).map((h) => h.id);
        const viaPgvector = (
          await searchContact(helper(), { contactId: world.contacts[0]!.id, query: q, vector: "pgvector", limit: 10 })
        ).map((h) => h.id);
        const auto = (await searchContact(helper(), { contactId: world.contacts[0]!.id, query: q, limit: 10 })).map(
          (h) => h.id,
        );
        expect(exact, q).toHaveLength(10);
        // HNSW is approximate: the first five must agree exactly, the ten as a set almost always.
        expect(viaPgvector.slice(0, 5), q).toEqual(exact.slice(0, 5));
        expect(viaPgvector.filter((id) => exact.includes(id)).length, q).toBeGreaterThanOrEqual(9);
        expect(auto, `${q} (auto picks pgvector)`).toEqual(viaPgvector);
      }
    });
  },
);
