// The measures of bench:relevance (issue 36), over graded judgements (0, 1, 2), as trec_eval's ndcg_cut and BEIR's
// capped recall compute them:
//   - nDCG@k: DCG@k = sum over the first k results of grade / log2(rank + 1) (linear gains, rank from 1), divided by
//     the DCG@k of the ideal order (every judged message of the corpus, best grades first). 1 is a perfect top k.
//   - recall@k: of the messages graded at least `atLeast`, the share found in the first k, out of at most k
//     (relevant found / min(k, relevant in the corpus)): a query with 300 answers can still score 1 in a top 10.

export const K = 10;

/** DCG of the first `k` grades, in the order given. */
export function dcg(grades: readonly number[], k = K): number {
  let sum = 0;
  for (let i = 0; i < Math.min(k, grades.length); i++) sum += grades[i]! / Math.log2(i + 2);
  return sum;
}

export interface NdcgOptions {
  /** The grades of every judged message in the corpus for this query (any order; zeros may be left out). */
  judged: readonly number[];
  k?: number;
}

/** nDCG@k of a ranked list of grades; 0 when nothing in the corpus is relevant. */
export function ndcgAt(ranked: readonly number[], { judged, k = K }: NdcgOptions): number {
  const ideal = dcg(
    [...judged].sort((a, b) => b - a),
    k,
  );
  return ideal === 0 ? 0 : dcg(ranked, k) / ideal;
}

export interface RecallOptions {
  /** How many messages of the corpus have a grade of at least `atLeast`. */
  relevant: number;
  atLeast: number;
  k?: number;
}

/** Capped recall@k: relevant found in the first k / min(k, relevant in the corpus); 0 when none is relevant. */
export function recallAt(ranked: readonly number[], { relevant, atLeast, k = K }: RecallOptions): number {
  if (relevant === 0) return 0;
  const found = ranked.slice(0, k).filter((g) => g >= atLeast).length;
  return found / Math.min(k, relevant);
}

/** The mean of some figures (NaN for none). */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
}
