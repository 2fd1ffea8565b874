import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { PersonActor } from "@/lib/people/actor";
import { DEMO_CONVERSATIONS, DEMO_WORKSPACE } from "./seed-world";

// The demo's tour: what its bots (examples/demo-bots) did in the first minute, each with where to see it. Offered on
// the demo workspace's pages while its bots run (DEMO_BOTS), to each person until they dismiss it, and never again.

export interface TourStop {
  /** What happened, in a sentence. */
  text: string;
  /** Where to see it, and the link's words. */
  href: string;
  link: string;
}

/** The tour of the demo workspace for this person, or null: another workspace, the bots are off, or dismissed. */
export async function demoTour(actor: PersonActor, workspace: { id: string; slug: string }): Promise<TourStop[] | null> {
  const config = env();
  if (workspace.slug !== DEMO_WORKSPACE || config.SEED_DEMO !== "true" || config.DEMO_BOTS !== "true") return null;
  const user = await db().user.findUnique({ where: { id: actor.userId }, select: { tourDismissedAt: true } });
  if (!user || user.tourDismissedAt) return null;
  const order = await db().conversation.findFirst({
    where: { workspaceId: workspace.id, title: DEMO_CONVERSATIONS.order },
    select: { id: true },
  });
  const base = `/chat/${workspace.slug}`;
  const thread = order ? `${base}/c/${order.id}` : base;
  const approvals = `${base}/approvals`;
  return [
    { text: "Ben mentioned @helper, and Helper answered in the thread.", href: thread, link: "See Helper's answer" },
    {
      text: "Helper sent a card: its buttons reach the bot, which replies to your choice.",
      href: thread,
      link: "Try Helper's card",
    },
    {
      text: "Helper drafted a reply to Dev: a person edits, approves or rejects it before it is sent.",
      href: approvals,
      link: "Review the draft",
    },
    {
      text: "Scheduler is new here, so its first message is held with its reasons. Approve it and Scheduler marks the visit booked.",
      href: approvals,
      link: "Review the held message",
    },
    {
      text: "Helper asked Scheduler a question over a trusted connection that asks a person first.",
      href: approvals,
      link: "Review the bots' question",
    },
  ];
}

/** The person hides the tour for good. */
export async function dismissDemoTour(actor: PersonActor): Promise<void> {
  await db().user.update({ where: { id: actor.userId }, data: { tourDismissedAt: new Date() } });
}
