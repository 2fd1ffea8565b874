import { describe, expect, it } from "vitest";
import { isTimeZone, localTime, zonedInstant } from "./zoned-time";

describe("zoned time", () => {
  it("reads the wall clock of a zone", () => {
    expect(localTime(new Date("2026-03-08T03:00:00Z"), { timeZone: "America/New_York" })).toEqual({
      year: 2026,
      month: 3,
      day: 7,
      weekday: 6,
      minute: 22 * 60,
      second: 0,
    });
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
  });

  it("turns a local time into its instant on either side of a change", () => {
    const ny = (day: number, minute: number) =>
      zonedInstant({ timeZone: "America/New_York", year: 2026, month: 3, day, minute }).toISOString();
    expect(ny(7, 8 * 60)).toBe("2026-03-07T13:00:00.000Z"); // EST, UTC-5
    expect(ny(8, 8 * 60)).toBe("2026-03-08T12:00:00.000Z"); // EDT, UTC-4
  });

  it("moves a skipped time forward by the gap, and takes the earlier of a repeated time", () => {
    // 8 March 2026, New York: 02:00 EST becomes 03:00 EDT; 02:30 does not exist and is read as 03:30 EDT.
    expect(
      zonedInstant({ timeZone: "America/New_York", year: 2026, month: 3, day: 8, minute: 150 }).toISOString(),
    ).toBe("2026-03-08T07:30:00.000Z");
    // 25 October 2026, Berlin: 03:00 CEST becomes 02:00 CET; 02:30 happens twice, first at 00:30 UTC.
    expect(zonedInstant({ timeZone: "Europe/Berlin", year: 2026, month: 10, day: 25, minute: 150 }).toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
  });

  it("lets the calendar carry a day past the month's end, and 24:00 to the next midnight", () => {
    expect(zonedInstant({ timeZone: "Asia/Tokyo", year: 2026, month: 1, day: 32, minute: 24 * 60 }).toISOString()).toBe(
      "2026-02-01T15:00:00.000Z",
    );
  });
});
