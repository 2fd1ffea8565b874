import { defineConfig } from "prisma/config";

// Prisma 7 reads connection URLs from here (CLI only). The app connects through @prisma/adapter-pg (lib/db/client.ts).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://relay:relay@127.0.0.1:5432/relay" },
});
