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
