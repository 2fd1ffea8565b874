import { createHash, randomBytes } from "node:crypto";

// What a session shows of the browser that holds it, and how a browser is recognised from one sign-in to the next.
// The description is read from the user agent (a short "Firefox on Linux", never the whole string, which the client
// writes). A browser is recognised by a device cookie: 128 random bits it keeps for a year, stored as SHA-256 only.

/** The device cookie's name and lifetime (set at sign-in: lib/auth/request-device.ts). */
export const DEVICE_COOKIE = "relay.device";
export const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bcurl\//, "curl"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** "Firefox on Linux", "Safari on iOS", "Chrome", "Unknown browser": at most a browser and a system. */
export function describeDevice(userAgent: string | null | undefined): string {
  const agent = (userAgent ?? "").slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : "Unknown browser");
}

/** A new device cookie's value. */
export const newDeviceToken = (): string => randomBytes(16).toString("base64url");

/** What is stored of a device cookie: its SHA-256, so the table alone cannot be replayed as a browser's cookie. */
export const deviceKeyOf = (token: string): string => createHash("sha256").update(token).digest("base64url");

/** A device cookie worth recognising: the shape newDeviceToken makes (anything else is a new device). */
export const isDeviceToken = (value: string | undefined): value is string =>
  value !== undefined && /^[A-Za-z0-9_-]{22}$/.test(value);
