import { existsSync, readFileSync } from "node:fs";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { proposeConnection } from "@/lib/agents/propose-connection";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { activeSigningSecrets } from "@/lib/webhooks/signing-secrets";
import { demoCredentialsFile } from "./ensure-demo";
import { DEMO_CONVERSATIONS, DEMO_WORKSPACE, type SeededWorld } from "./seed-world";

// The server's side of the demo's bots (examples/demo-bots, run by scripts/serve.ts): pointing the demo bots'
// webhook URLs at them, and on the first start the few things a bot cannot do for itself. Their keys come from the
// demo credentials file (a key is only ever shown once), their signing secrets from the database, as the portal
// shows them. Only URLs this code set are ever changed (`/relay-demo/` on loopback): a person who points a demo
// bot at their own server keeps it.

const DEMO_URL = /^http:\/\/127\.0\.0\.1:\d+\/relay-demo\//;
/** The events the demo's bots act on beyond the core ones: questions between them, and their answers. */
const EXTRA_EVENTS = ["agent_request.created", "agent_request.answered", "draft.rejected"];

export interface DemoBotWiring {
  handle: "helper" | "scheduler";
  apiKey: string;
  secrets: string[];
}

async function demoBots() {
  const workspace = await db().workspace.findUnique({ where: { slug: DEMO_WORKSPACE } });
  if (!workspace) return null;
  const bots = await db().bot.findMany({
    where: { workspaceId: workspace.id, handle: { in: ["helper", "scheduler"] } },
    orderBy: { handle: "asc" },
  });
  return { workspace, bots };
}

/**
 * Points the demo bots at `urlOf(handle)` and returns what they need to run, or null (with the reason) when they
 * cannot: no demo workspace, no credentials file, or a key no longer in the file. `firstStart`: also subscribes them
 * to the events of questions between bots and connects Helper to Scheduler (a person approves each question).
 */
export async function wireDemoBots(
  urlOf: (handle: DemoBotWiring["handle"]) => string,
  { firstStart }: { firstStart: boolean },
): Promise<{ bots: DemoBotWiring[] } | { off: string }> {
  const found = await demoBots();
  if (!found || found.bots.length < 2) return { off: "there is no demo workspace with its two bots" };
  const file = demoCredentialsFile();
  if (!existsSync(file)) return { off: `${file} is missing` };
  const world = JSON.parse(readFileSync(file, "utf8")) as SeededWorld;
  const wired: DemoBotWiring[] = [];
  for (const bot of found.bots) {
    const handle = bot.handle as DemoBotWiring["handle"];
    const apiKey = world.bots.find((b) => b.id === bot.id)?.api_key;
    if (!apiKey) return { off: `the key of @${handle} is not in ${file}` };
    const keep = bot.webhookUrl !== null && !DEMO_URL.test(bot.webhookUrl);
    await db().bot.update({
      where: { id: bot.id },
      data: {
        ...(keep ? {} : { webhookUrl: urlOf(handle) }),
        ...(firstStart ? { eventTypes: [...new Set([...bot.eventTypes, ...EXTRA_EVENTS])] } : {}),
      },
    });
    wired.push({ handle, apiKey, secrets: await activeSigningSecrets(sql(), { botId: bot.id }) });
  }
  if (firstStart) {
    const ana = world.people.find((p) => p.role === "admin")!;
    const helper = found.bots.find((b) => b.handle === "helper")!;
    await proposeConnection(person(ana.id, "cli"), {
      botId: helper.id,
      otherWorkspace: DEMO_WORKSPACE,
      otherHandle: "scheduler",
      typesToOther: ["availability"],
      typesFromOther: [],
      requiresApproval: true,
    });
  }
  return { bots: wired };
}

/** The demo bots are off: their URLs, if this code set them, are cleared so nothing is delivered to a closed port. */
export async function unwireDemoBots(): Promise<void> {
  const found = await demoBots();
  for (const bot of found?.bots ?? [])
    if (bot.webhookUrl && DEMO_URL.test(bot.webhookUrl))
      await db().bot.update({ where: { id: bot.id }, data: { webhookUrl: null } });
}

/** The first start's mention: Ben asks Helper about Carla's order, as a person in the chat would. */
export async function postDemoMention(): Promise<void> {
  const found = await demoBots();
  if (!found) return;
  const ben = await db().user.findFirst({
    where: { handle: "ben", memberships: { some: { workspaceId: found.workspace.id } } },
  });
  const order = await db().conversation.findFirst({
    where: { workspaceId: found.workspace.id, title: DEMO_CONVERSATIONS.order },
  });
  if (!ben || !order) return;
  await postPersonMessage(person(ben.id, "web"), {
    conversationId: order.id,
    body: "@helper where is Carla's order? She asked me this morning.",
  });
}
