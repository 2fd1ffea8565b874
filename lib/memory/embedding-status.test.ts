import { expect, it } from "vitest";
import { estimateSeconds } from "./embedding-status";

it("estimates what remains at the sampled rate: 0 when done, null when nothing moved or no sample was taken", () => {
  expect(estimateSeconds({ remaining: 1000, perSecond: 40 })).toBe(25);
  expect(estimateSeconds({ remaining: 1001, perSecond: 40 })).toBe(26);
  expect(estimateSeconds({ remaining: 0, perSecond: null })).toBe(0);
  expect(estimateSeconds({ remaining: -3, perSecond: 0 })).toBe(0);
  expect(estimateSeconds({ remaining: 10, perSecond: 0 })).toBeNull();
  expect(estimateSeconds({ remaining: 10, perSecond: null })).toBeNull();
});
