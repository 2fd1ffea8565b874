import { query, type Sql } from "@/lib/db/sql";
import { quantize } from "./int8-dot";
import { float4ArrayParam } from "./array-send";

// The one way vectors are written to `embeddings`: the float4 values (what re-ranking and pgvector read), and the
// int8 codes with their scale that the exact path's cache keeps (lib/memory/vector-cache.ts), so a cold cache loads
// ~1 KB per vector instead of ~8 KB and computes nothing (migration 20261123210000).

/**
 * A vector a caller computed for one subject: not a row of `embeddings`, whose float4 and int8 columns are derived
 * from it here, and whose subject type and model are the same for a whole call.
 */
export interface SubjectVector {
  /** The message's or fact's id (`subject_id`). */
  id: string;
  workspaceId: string;
  vector: ArrayLike<number>;
}

/**
 * A vector's int8 codes, exactly as the cache would make them from the stored floats: quantized from the float32
 * values that `real` keeps (not from the float64s they were rounded from).
 */
export function int8Codes(vector: ArrayLike<number>): { codes: Buffer; scale: number } {
  const codes = new Int8Array(vector.length);
  const scale = quantize(Float32Array.from(vector), { codes });
  return { codes: Buffer.from(codes.buffer, codes.byteOffset, codes.byteLength), scale };
}

// The vectors travel as one binary real[] ($5, lib/memory/array-send.ts), each row taking its slice of $8 values.
const INSERT = query("embeddings.insert", {
  text: `INSERT INTO embeddings (subject_type, subject_id, workspace_id, model, embedding, int8_codes, int8_scale)
   SELECT $1, id, ws, $2, ($5::real[])[(i - 1) * $8::int + 1 : i * $8::int], codes, scale
     FROM unnest($3::uuid[], $4::uuid[], $6::bytea[], $7::real[]) WITH ORDINALITY AS t(id, ws, codes, scale, i)
   ON CONFLICT (subject_type, subject_id, model) DO NOTHING`,
});

export interface StoreVectorsOptions {
  /** What every vector is of (`subject_type`). */
  subjectType: "message" | "fact";
  /** The embedding model that made them. */
  model: string;
  vectors: SubjectVector[];
}

/** Stores the vectors of `subjectType` subjects under `model`; a subject that already has one keeps it. */
export async function storeVectors(sql: Sql, { subjectType: type, model, vectors: items }: StoreVectorsOptions) {
  if (items.length === 0) return;
  const dims = items[0]!.vector.length;
  if (items.some((i) => i.vector.length !== dims)) throw new Error("vectors of one model differ in length");
  const quantized = items.map((i) => int8Codes(i.vector));
  await sql.query(INSERT, [
    type,
    model,
    items.map((i) => i.id),
    items.map((i) => i.workspaceId),
    float4ArrayParam(items.map((i) => i.vector)),
    quantized.map((q) => q.codes),
    quantized.map((q) => q.scale),
    dims,
  ]);
}
