-- The exact vector path keeps each searched contact's message vectors in a per-process int8 cache
-- (lib/memory/vector-cache.ts). Loading them as float4 arrays moved ~8 KB of hex per vector, so the first search of a
-- 100,000-message contact in a process took ~9 s. Every writer now stores, beside the floats, the int8 codes the
-- cache keeps and their scale (lib/memory/store-vectors.ts): ~1 KB per vector to load, nothing to compute. Rows
-- written before have neither; the cache quantizes their floats as it always did. Nullable: no table rewrite.
ALTER TABLE "embeddings" ADD COLUMN "int8_codes" bytea, ADD COLUMN "int8_scale" real;
