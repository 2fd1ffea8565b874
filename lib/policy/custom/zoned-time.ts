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

/** The wall-clock time of `instant` in `timeZone`. */
export function localTime(instant: Date, { timeZone }: { timeZone: string }): LocalTime {
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

/** How far `timeZone`'s clock is ahead of UTC at `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const local = localTime(new Date(ms), { timeZone });
  const wall = Date.UTC(local.year, local.month - 1, local.day, 0, local.minute, local.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

const DAY_MS = 86_400_000;

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
