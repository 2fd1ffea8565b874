// Vector arithmetic and the two ways vectors travel to PostgreSQL (docs/design.md#vector-similarity). Stored as
// `real[]` (float4, exact for a Float32Array); compared with pgvector when the server has it, else here in JS.

/** Cosine similarity in [-1, 1]; 0 when either vector is all zeros. For unit vectors this is their dot product. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`cosine of vectors of different lengths (${a.length} and ${b.length})`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  return dot / Math.sqrt(normA * normB);
}

/** Dot product: the cosine of two unit vectors (every vector lib/embeddings returns), without the norms. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`dot of vectors of different lengths (${a.length} and ${b.length})`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** The vector scaled to length 1, as float32. A zero vector stays zero (it has no direction). */
export function normalize(values: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]! * values[i]!;
  const out = new Float32Array(values.length);
  if (sum === 0) return out;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < values.length; i++) out[i] = values[i]! * scale;
  return out;
}

/**
 * The shortest decimal that reads back as the same float32 (0.1f is 0.100000001490116..., printed 0.1), so vectors
 * travel as text half as long as JavaScript prints them. Nine significant digits always suffice.
 */
function shortestFloat32(x: number): number {
  if (!Number.isFinite(x)) throw new Error("a vector holds NaN or Infinity");
  const target = Math.fround(x);
  for (let digits = 1; digits < 9; digits++) {
    const candidate = Number(target.toPrecision(digits));
    if (Math.fround(candidate) === target) return candidate;
  }
  return Number(target.toPrecision(9));
}

/** A pgvector text literal, `[0.1,0.2,...]`, for `$1::vector` (or `$1::vector(512)`); exact for float32 values. */
export function toPgVectorLiteral(vector: ArrayLike<number>): string {
  let out = "[";
  for (let i = 0; i < vector.length; i++) out += (i > 0 ? "," : "") + String(shortestFloat32(vector[i]!));
  return out + "]";
}

/**
 * A `real[]` column as read back, to a Float32Array. node-postgres parses `real[]` (type 1021) to `number[]`
 * (Prisma over @prisma/adapter-pg does too); the text form `{0.1,0.2}` is accepted as well for clients that leave
 * arrays unparsed. Postgres prints float4 in its shortest exact form, so the values are the stored float32s.
 */
export function fromFloat4Array(value: unknown): Float32Array {
  if (value instanceof Float32Array) return value;
  if (Array.isArray(value)) {
    const out = new Float32Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const x = value[i] as unknown;
      const n = typeof x === "number" ? x : typeof x === "string" ? Number(x) : NaN;
      if (!Number.isFinite(n)) throw new Error(`not a real[] element: ${String(x)}`);
      out[i] = n;
    }
    return out;
  }
  if (typeof value === "string" && value.startsWith("{") && value.endsWith("}")) {
    const inner = value.slice(1, -1).trim();
    return fromFloat4Array(inner === "" ? [] : inner.split(","));
  }
  throw new Error(`not a real[] value: ${typeof value}`);
}
