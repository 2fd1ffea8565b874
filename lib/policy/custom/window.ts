import { localTime, zonedInstant } from "./zoned-time";

// Whether a rule's window is open at an instant, and when it next closes (docs/decisions/034-policy-rules.md). The
// close is what a deferral waits for: the instant the wall clock of the window's time zone next shows `end`, found on
// the calendar of that zone, so it is right across a change of daylight saving time (a night that is an hour shorter
// gives a Retry-After an hour shorter). Windows that follow one another (Saturday 00:00-24:00 then Sunday's) are one
// stretch: the close is where the last of them ends, so a deferred message is not deferred again on retry.

/** A window as compiled: `days` by index (0 is Sunday), `start` and `end` in minutes after midnight. */
export interface CompiledWindow {
  days: ReadonlySet<number>;
  start: number;
  end: number;
}

/** Where the current stretch of the window ends, or null when it is closed at `now`. */
export function windowCloses(window: CompiledWindow, { now, timeZone }: { now: Date; timeZone: string }): Date | null {
  let closes = occurrenceEnd(window, { now, timeZone });
  if (!closes) return null;
  for (let i = 0; i < 8; i++) {
    const next = occurrenceEnd(window, { now: closes, timeZone });
    if (!next || next.getTime() <= closes.getTime()) break;
    closes = next;
  }
  return closes;
}

function occurrenceEnd(window: CompiledWindow, { now, timeZone }: { now: Date; timeZone: string }): Date | null {
  const local = localTime(now, { timeZone });
  const at = (dayOffset: number) =>
    zonedInstant({ timeZone, year: local.year, month: local.month, day: local.day + dayOffset, minute: window.end });
  const { days, start, end } = window;
  if (start < end) return days.has(local.weekday) && local.minute >= start && local.minute < end ? at(0) : null;
  // Past midnight: opened today and runs into tomorrow, or opened yesterday and runs into today.
  if (days.has(local.weekday) && local.minute >= start) return at(1);
  if (days.has((local.weekday + 6) % 7) && local.minute < end) return at(0);
  return null;
}
