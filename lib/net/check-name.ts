import dns from "node:dns";
import { firstRefused } from "./public-address";

// What a name resolves to now, judged by the address rule (lib/net/public-address.ts), within a time limit: for a
// URL saved to be connected to later (a webhook URL), so the person saving it can be told at once. It decides
// nothing: DNS can change before the connection, which is judged again then (checkedLookup), and a name may be
// configured after the URL that names it.

/** Long enough for a resolver's first retry (glibc waits 5 s per server by default), short for a form's answer. */
export const NAME_CHECK_TIMEOUT_MS = 3000;

export type NameCheck =
  | { outcome: "allowed"; addresses: string[] }
  | { outcome: "refused"; address: string; reason: string }
  | { outcome: "unresolved"; why: string };

export interface CheckNameOptions {
  /** Loopback addresses are allowed (a local install's webhooks). */
  allowLoopback: boolean;
  /** How long the lookup may take before the name is `unresolved`. */
  timeoutMs?: number;
}

export async function checkName(
  hostname: string,
  { allowLoopback, timeoutMs = NAME_CHECK_TIMEOUT_MS }: CheckNameOptions,
): Promise<NameCheck> {
  // The lookup a connection makes (getaddrinfo, /etc/hosts included), not a DNS query of our own: the same answer.
  const lookup = dns.promises.lookup(hostname, { all: true, verbatim: true });
  lookup.catch(() => {}); // getaddrinfo cannot be cancelled: one that ends after the time limit is nobody's concern
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    const addresses = await Promise.race([lookup, limit]);
    if (addresses === "timeout") return { outcome: "unresolved", why: `no answer within ${timeoutMs / 1000} s` };
    if (!addresses.length) return { outcome: "unresolved", why: "no address" };
    const refused = firstRefused(addresses, allowLoopback);
    if (refused) return { outcome: "refused", ...refused };
    return { outcome: "allowed", addresses: addresses.map(({ address }) => address) };
  } catch (error) {
    return { outcome: "unresolved", why: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
