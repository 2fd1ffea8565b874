import { acceptConnection } from "@/lib/agents/accept-connection";
import { proposeConnection } from "@/lib/agents/propose-connection";
import { updateBot } from "@/lib/bots/update-bot";
import { person, systemActor, type PersonActor } from "@/lib/people/actor";
import type { AgentRequestType } from "@/lib/schemas/agent-requests";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";

// Fixtures for agent-request tests, made through the product's own functions: two seeded workspaces (or one), bot A
// asking bot B over a live connection. Each world's first bot is established (past the new-bot hold), its second new.

export const ALL_TYPES: AgentRequestType[] = ["availability", "document", "info", "schedule_proposal"];
export const AGENT_EVENTS = ["agent_request.created", "agent_request.answered"];

export interface Pair {
  worldA: SeededWorld;
  worldB: SeededWorld;
  a: SeededWorld["bots"][number];
  b: SeededWorld["bots"][number];
  adminA: PersonActor;
  adminB: PersonActor;
  connectionId: string;
}

export async function connectedPair(
  options: {
    sameWorkspace?: boolean;
    requiresApproval?: boolean;
    aToB?: AgentRequestType[];
    bToA?: AgentRequestType[];
    webhookA?: string;
    webhookB?: string;
  } = {},
): Promise<Pair> {
  const worldA = await seedWorld({ webhookUrl: options.webhookA ?? null });
  const worldB = options.sameWorkspace ? worldA : await seedWorld({ webhookUrl: options.webhookB ?? null });
  const a = worldA.bots[0]!;
  const b = options.sameWorkspace ? worldA.bots[1]! : worldB.bots[0]!;
  const adminA = person(worldA.people[0]!.id, "web");
  const adminB = person(worldB.people[0]!.id, "web");
  await subscribe(a.id, options.webhookA);
  await subscribe(b.id, options.webhookB);
  const connection = await proposeConnection(adminA, {
    botId: a.id,
    otherWorkspace: worldB.workspace.slug,
    otherHandle: b.handle,
    typesToOther: options.aToB ?? ALL_TYPES,
    typesFromOther: options.bToA ?? [],
    requiresApproval: options.requiresApproval ?? false,
  });
  if (connection.state === "pending") await acceptConnection(adminB, connection.id);
  return { worldA, worldB, a, b, adminA, adminB, connectionId: connection.id };
}

/** Subscribes a bot to the agent-request events (extension events), with its webhook when given. */
export async function subscribe(botId: string, webhookUrl?: string) {
  await updateBot(systemActor, {
    botId,
    eventTypes: ["message.created", "message.received", "conversation.bot_added", "draft.approved", ...AGENT_EVENTS],
    ...(webhookUrl ? { webhookUrl } : {}),
  });
}
