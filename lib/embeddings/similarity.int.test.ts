import { expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { float4ArrayParam, readFloat4Array } from "@/lib/memory/array-send";
import { fromFloat4Array } from "./similarity";

// How vectors travel to and from a real PostgreSQL as `real[]`: in the binary array format both ways (the stored
// path), and as node-postgres and Prisma parse a `real[]` column.
const vector = new Float32Array([0.1, -0.25, 1 / 3, 1e-8, 0, 0.123456789]);
const other = new Float32Array([-3.5, 2 ** -140, 65504, -0, 1, 7]);

it("vectors sent as one binary real[] come back exactly, each as its slice", async () => {
  const [row] = await sql().unchecked<{ first: Buffer; second: Buffer; whole: unknown }>(
    `SELECT array_send(($1::real[])[1:6]) AS first, array_send(($1::real[])[7:12]) AS second, $1::real[] AS whole`,
    [float4ArrayParam([vector, other])],
  );
  expect(Array.from(readFloat4Array(row!.first))).toEqual(Array.from(vector));
  expect(Array.from(readFloat4Array(row!.second))).toEqual(Array.from(other));
  expect(Array.from(fromFloat4Array(row!.whole))).toEqual([...vector, ...other]);
  // Rounded to float32 as `real` stores a float64.
  const [rounded] = await sql().unchecked<{ v: Buffer }>(`SELECT array_send($1::real[]) AS v`, [
    float4ArrayParam([[0.1, 1 / 3]]),
  ]);
  expect(Array.from(readFloat4Array(rounded!.v))).toEqual([Math.fround(0.1), Math.fround(1 / 3)]);
  expect(() => float4ArrayParam([[1, NaN]])).toThrow(/NaN/);
  expect(() => float4ArrayParam([[Infinity]])).toThrow(/Infinity/);
});

it("a real[] column reads back exactly through pg and through Prisma", async () => {
  const literal = `{${Array.from(vector).join(",")}}`;
  const [row] = await sql().unchecked<{ v: unknown }>("SELECT $1::real[] AS v", [literal]);
  expect(Array.isArray(row!.v)).toBe(true);
  expect(typeof (row!.v as unknown[])[0]).toBe("number");
  expect(Array.from(fromFloat4Array(row!.v))).toEqual(Array.from(vector));

  const [viaPrisma] = await db().$queryRawUnsafe<{ v: unknown }[]>("SELECT $1::real[] AS v", literal);
  expect(Array.from(fromFloat4Array(viaPrisma!.v))).toEqual(Array.from(vector));
});
