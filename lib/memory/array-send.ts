// Vectors travel in PostgreSQL's binary array format both ways, never as decimals.
//
// Reading stored vectors fast. node-postgres reads results in text form only (its "binary" option decodes every
// field as UTF-8, which corrupts raw bytes), and parsing a `real[]` as text costs ~10 decimal characters per float.
// Queries that read vectors in bulk select `array_send(embedding)` instead: a bytea holding PostgreSQL's binary array
// format, which node-postgres turns into a Buffer with one native hex decode, and which is read here with no
// decimal parsing at all.

/** The `real[]` vector inside `array_send(embedding)`: ndim, has-nulls flag, element type, (length, lower bound) per
 * dimension, then (byte length, float4) per element, all big-endian. */
export function readFloat4Array(buffer: Buffer): Float32Array {
  const ndim = buffer.readInt32BE(0);
  let offset = 12;
  let count = ndim === 0 ? 0 : 1;
  for (let d = 0; d < ndim; d++) {
    count *= buffer.readInt32BE(offset);
    offset += 8;
  }
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    if (buffer.readInt32BE(offset) !== 4) throw new Error("a null or malformed element in a stored embedding");
    out[i] = buffer.readFloatBE(offset + 4);
    offset += 8;
  }
  return out;
}

/** The element type `float4`'s oid, as the binary array format names it. */
const FLOAT4_OID = 700;

/**
 * Vectors as ONE `real[]` parameter in PostgreSQL's binary array format (what `array_recv` reads): the vectors one
 * after another, so a statement takes vector i as `$n[(i - 1) * dims + 1 : i * dims]`. node-postgres sends a Buffer
 * value in binary, so nothing is printed or parsed as decimals: printing each float's shortest decimal was 60 % of the
 * job worker's CPU while it embedded 300 messages a second (issue 36). Each value is rounded to float32 as `real`
 * stores it. NaN and the infinities, which no encoder should give, are refused.
 */
export function float4ArrayParam(vectors: readonly ArrayLike<number>[]): Buffer {
  const count = vectors.reduce((sum, vector) => sum + vector.length, 0);
  const buffer = Buffer.allocUnsafe(20 + 8 * count);
  buffer.writeInt32BE(1, 0); // one dimension
  buffer.writeInt32BE(0, 4); // no nulls
  buffer.writeInt32BE(FLOAT4_OID, 8);
  buffer.writeInt32BE(count, 12);
  buffer.writeInt32BE(1, 16); // lower bound
  let offset = 20;
  for (const vector of vectors) {
    for (let i = 0; i < vector.length; i++) {
      const value = vector[i]!;
      if (!Number.isFinite(value)) throw new Error("a vector holds NaN or Infinity");
      buffer.writeInt32BE(4, offset);
      buffer.writeFloatBE(value, offset + 4);
      offset += 8;
    }
  }
  return buffer;
}
