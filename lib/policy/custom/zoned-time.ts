// Wall-clock time in an IANA time zone, with nothing but Intl: a custom rule's window ("21:00 to 08:00 in the
// contact's time zone") is matched on the local time, and a deferral's Retry-After is the instant the window next
// ends, which moves with daylight saving time. No time-zone library is a dependency of the app (temporal-polyfill
// is only Inngest's), and Intl carries the same tz database as the Node that runs us.
//
// A local time that does not exist (the hour skipped in spring) or exists twice (the hour repeated in autumn) is
// resolved as Temporal's "compatible" disambiguation does: a skipped time moves forward by the gap (02:30 on the
// morning clocks go forward is 03:30), a repeated time is its earlier instant.

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows `timeZone` as an IANA time zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A local date and time: `weekday` 0 is Sunday, `minute` counts from midnight. */
export interface LocalTime {
  year: number;
  month: number;
  day: number;
  weekday: number;
  minute: number;
  second: number;
}

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/**
 * The wall-clock time of `instant` in `timeZone`. Fast: the zone's offset is asked of Intl once per quarter hour
 * (zoneOffset), and the rest is arithmetic; a send's window costs well under a microsecond, and the dry run reads
 * 100,000 of them.
 */
export function localTime(instant: Date, { timeZone }: { timeZone: string }): LocalTime {
  const ms = instant.getTime();
  const wall = new Date(ms + zoneOffset(ms, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    minute: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The wall-clock time as Intl reads it: what zoneOffset is made from. */
function intlLocalTime(instant: Date, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of formatFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAY_INDEX[parts.weekday ?? ""] ?? 0,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    second: Number(parts.second),
  };
}

const QUARTER_MS = 900_000;
/** Offsets by zone and quarter hour; a zone's map is emptied past OFFSETS_MAX entries. */
const offsets = new Map<string, Map<number, number>>();
const OFFSETS_MAX = 50_000;

/**
 * How far `timeZone`'s clock is ahead of UTC at `ms`, in milliseconds. Every zone's offset today is a whole number of
 * quarter hours, so its changes fall on UTC quarter hours: the offset at a quarter's start holds for the whole
 * quarter, and is asked of Intl once. (Local mean times before 1900 had odd offsets; no rule reads them.)
 */
function zoneOffset(ms: number, timeZone: string): number {
  const quarter = Math.floor(ms / QUARTER_MS);
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_MS;
    const local = intlLocalTime(new Date(start), timeZone);
    offset = Date.UTC(local.year, local.month - 1, local.day, 0, local.minute, local.second) - start;
    if (zone.size >= OFFSETS_MAX) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

/** How far `timeZone`'s clock is ahead of UTC at `ms`, in milliseconds. */
const offsetAt = (ms: number, timeZone: string): number => zoneOffset(ms, timeZone);

const DAY_MS = 86_400_000;

/** The instant's day on the zone's clock, `YYYY-MM-DD`. */
export function localDay(instant: Date, { timeZone }: { timeZone: string }): string {
  const local = localTime(instant, { timeZone });
  return `${local.year}-${String(local.month).padStart(2, "0")}-${String(local.day).padStart(2, "0")}`;
}

export interface WallTime {
  timeZone: string;
  year: number;
  month: number;
  /** May run past the month's end: the calendar carries it (day 32 of January is 1 February). */
  day: number;
  /** Minutes after midnight; 1440 is the next midnight. */
  minute: number;
}

/** The instant a wall clock in `timeZone` shows the given local time ("compatible" disambiguation, above). */
export function zonedInstant({ timeZone, year, month, day, minute }: WallTime): Date {
  const wall = Date.UTC(year, month - 1, day, 0, minute);
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const exact = [wall - before, wall - after].filter((ms) => ms + offsetAt(ms, timeZone) === wall);
  // A repeated time has two candidates (the earlier wins); a skipped one has none and takes the offset before the
  // change, which lands the gap's length later on the clock.
  return new Date(exact.length > 0 ? Math.min(...exact) : wall - before);
}
