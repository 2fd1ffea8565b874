// Times in the portal are shown in UTC, written out by hand so the server and the browser print the same text.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** "22 Nov 2026" */
export function formatDate(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "22 Nov 2026, 10:04:05 UTC" */
export function formatDateTime(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return `${formatDate(d)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}

/** The value of a `datetime-local` input for this time, in UTC ("2026-11-22T10:04"). */
export function toUtcLocalInput(date: Date | undefined): string {
  return date ? date.toISOString().slice(0, 16) : "";
}

/** "22 Nov 2026, 10:04 UTC" */
export function formatDateTimeShort(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return `${formatDate(d)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** "850 ms", "1.2 s" */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** A wait in seconds for people: "45 s", "12 min", "2.5 h", "3.1 days". */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3_600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${(seconds / 3_600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} days`;
}

export interface PluralOptions {
  /** The word for one. */
  one: string;
  /** The word for any other count: `one` + "s" unless given. */
  many?: string;
}

/** "1 bot", "3 bots" */
export function plural(count: number, { one, many = `${one}s` }: PluralOptions) {
  return `${count} ${count === 1 ? one : many}`;
}

/** "512 B", "3.4 KB", "12.3 MB" */
export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
