// How the audit page writes an entry's facts (ids, codes, numbers and SHA-256 digests): compact, a digest or an id
// cut to its first characters, the full value kept beside it for whoever needs it.

const DIGEST = /^[0-9a-f]{64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Past this many characters a value is cut, whatever it is. */
const LONG = 40;

export interface FactText {
  /** What the row shows. */
  short: string;
  /** The value in full. */
  full: string;
  /** `short` is not all of it. */
  cut: boolean;
}

/** One value of an entry's facts (or a subject's id) as the row shows it. */
export function factText(value: unknown): FactText {
  if (Array.isArray(value)) {
    const parts = value.map(factText);
    return {
      short: parts.map((p) => p.short).join(", ") || "none",
      full: parts.map((p) => p.full).join(", "),
      cut: parts.some((p) => p.cut),
    };
  }
  const full = typeof value === "string" ? value : (JSON.stringify(value) ?? "null");
  if (typeof value === "string" && DIGEST.test(value)) return { short: `${value.slice(0, 12)}…`, full, cut: true };
  if (typeof value === "string" && UUID.test(value)) return { short: `${value.slice(0, 8)}…`, full, cut: true };
  if (full.length > LONG) return { short: `${full.slice(0, LONG - 1)}…`, full, cut: true };
  return { short: full, full, cut: false };
}
