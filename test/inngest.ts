import type { JobEvent } from "@/lib/jobs/outbox-relay";

// A fake Inngest event API for the outbox relay's tests (docs/decisions/027-jobs-engine-inngest.md): it records every
// send and what it accepted and, like Inngest, drops an event whose id it already has.

export function fakeInngest() {
  const accepted = new Map<string, JobEvent>();
  const requests: JobEvent[][] = [];
  return {
    accepted,
    requests,
    send: async (events: JobEvent[]) => {
      requests.push(events);
      for (const event of events) if (!accepted.has(event.id)) accepted.set(event.id, event);
    },
  };
}
