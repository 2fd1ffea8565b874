-- No statistics on the vectors themselves. ANALYZE sampled 30,000 rows of 512-float arrays and their int8 codes to
-- build statistics that no query uses (no query filters or sorts on a vector's values: they are read by subject, or
-- ordered by distance through pgvector's own index). In bench:steady's 600 s round of one bot at 100 sends a second,
-- autovacuum's work on `embeddings` was in 2,564 samples of 20 ms (51 s), 766 of them ANALYZE alone, beside the
-- sends (issue 36). The other columns keep theirs.
ALTER TABLE "embeddings" ALTER COLUMN "embedding" SET STATISTICS 0;
ALTER TABLE "embeddings" ALTER COLUMN "int8_codes" SET STATISTICS 0;
