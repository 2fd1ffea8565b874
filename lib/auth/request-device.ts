import "server-only";
import { cookies, headers } from "next/headers";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { clientAddress, UNKNOWN_ADDRESS } from "@/lib/net/client-address";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE, isDeviceToken, newDeviceToken } from "@/lib/sessions/device";

export interface RequestDevice {
  userAgent: string | null;
  address: string;
  /** The browser's device cookie: the one it sent, or a new one set on this answer. */
  deviceToken: string;
}

/**
 * The browser signing in on this request (next-auth's callback route): its user agent, its address as the edge
 * vouches for it, and its device cookie, set here when it has none (Next adds the cookies a route handler sets to its
 * answer). Outside a request (tests, scripts) it is an unknown device.
 */
export async function requestDevice(): Promise<RequestDevice> {
  try {
    const [head, jar] = await Promise.all([headers(), cookies()]);
    const sent = jar.get(DEVICE_COOKIE)?.value;
    const deviceToken = isDeviceToken(sent) ? sent : newDeviceToken();
    if (deviceToken !== sent) {
      const { NEXTAUTH_URL, APP_URL } = env();
      jar.set(DEVICE_COOKIE, deviceToken, {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        maxAge: DEVICE_COOKIE_MAX_AGE,
        secure: new URL(NEXTAUTH_URL ?? APP_URL).protocol === "https:",
      });
    }
    return { userAgent: head.get("user-agent"), address: clientAddress(head), deviceToken };
  } catch (error) {
    log().debug({ err: error }, "sign-in outside a request: an unknown device");
    return { userAgent: null, address: UNKNOWN_ADDRESS, deviceToken: newDeviceToken() };
  }
}
