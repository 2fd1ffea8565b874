import { expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { fromFloat4Array, toFloat4Array } from "./similarity";

// How vectors come back from a real PostgreSQL as `real[]`, through node-postgres and through Prisma.
const vector = new Float32Array([0.1, -0.25, 1 / 3, 1e-8, 0, 0.123456789]);

it("a vector stored as real[] reads back exactly through pg and through Prisma", async () => {
  const [row] = await sql().unchecked<{ v: unknown }>("SELECT $1::real[] AS v", [toFloat4Array(vector)]);
  expect(Array.isArray(row!.v)).toBe(true);
  expect(typeof (row!.v as unknown[])[0]).toBe("number");
  expect(Array.from(fromFloat4Array(row!.v))).toEqual(Array.from(vector));

  const [viaPrisma] = await db().$queryRawUnsafe<{ v: unknown }[]>("SELECT $1::real[] AS v", toFloat4Array(vector));
  expect(Array.from(fromFloat4Array(viaPrisma!.v))).toEqual(Array.from(vector));
});
