import { Inngest } from "inngest";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { SendJobEvents } from "@/lib/jobs/outbox-relay";

// The Inngest client of JOBS_ENGINE=inngest (docs/decisions/027-jobs-engine-inngest.md): its keys and server from the
// environment, validated at start (lib/env.ts). Inngest Cloud unless INNGEST_BASE_URL names a self-hosted server;
// INNGEST_DEV=true talks to a dev server, which signs nothing (refused in production).

export const INNGEST_APP_ID = "relay";

let client: Inngest | undefined;

export function inngest(): Inngest {
  if (!client) {
    const e = env();
    client = new Inngest({
      id: INNGEST_APP_ID,
      eventKey: e.INNGEST_EVENT_KEY,
      signingKey: e.INNGEST_SIGNING_KEY,
      signingKeyFallback: e.INNGEST_SIGNING_KEY_FALLBACK,
      baseUrl: e.INNGEST_BASE_URL,
      isDev: e.INNGEST_DEV === "true",
      logger: log(),
    });
  }
  return client;
}

/** The outbox relay's send (lib/jobs/outbox-relay.ts): resolves once Inngest accepted every event. */
export const sendJobEvents: SendJobEvents = async (events) => {
  await inngest().send(events);
};
