import { randomBytes } from "node:crypto";
import { sql } from "@/lib/db/sql";
import { createBot } from "@/lib/bots/create-bot";
import { createContact } from "@/lib/contacts/create-contact";
import { createConversation } from "@/lib/conversations/create-conversation";
import { insertMessage } from "@/lib/messages/insert-message";
import { createPerson } from "@/lib/people/create-person";
import { person, systemActor } from "@/lib/people/actor";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import type { PolicySettingsChange } from "@/lib/schemas/workspaces";
import type { FieldWarning } from "@/lib/webhooks/validate-webhook-url";

// A demo world: a workspace with two people (the first an admin), two contacts, two bots (one established, one
// new) and three conversations, each linked to a contact. The established bot is authorized in two of them and
// not in the third. `npm run cli -- seed --json` makes a fresh, isolated one each call (random suffix); the app's
// first start makes the fixed `demo` one.

/** The fixed demo's workspace slug, and its conversations' titles (the demo's bots and tour find them by these). */
export const DEMO_WORKSPACE = "demo";
export const DEMO_CONVERSATIONS = {
  order: "Order #1042 with Carla",
  renewal: "Renewal with Dev",
  visit: "Scheduling a visit with Carla",
} as const;

export interface SeededWorld {
  workspace: { id: string; slug: string };
  people: { id: string; email: string; password: string; handle: string; name: string; role: "admin" | "member" }[];
  contacts: { id: string; name: string }[];
  bots: { id: string; handle: string; name: string; api_key: string; signing_secret: string; established: boolean }[];
  conversations: { id: string; title: string; contact_id: string; bot_ids: string[] }[];
  /** What the webhook URL's check warned of (lib/webhooks/validate-webhook-url.ts), once; absent when nothing. */
  warnings?: FieldWarning[];
}

export async function seedWorld(
  options: { fixed?: boolean; webhookUrl?: string | null; settings?: PolicySettingsChange } = {},
): Promise<SeededWorld> {
  const suffix = options.fixed ? "" : randomBytes(4).toString("hex");
  const tag = (base: string, sep = "-") => (suffix ? `${base}${sep}${suffix}` : base);
  const password = options.fixed ? "relay-demo" : `demo-${randomBytes(6).toString("hex")}`;

  const workspace = await createWorkspace({ slug: tag(DEMO_WORKSPACE), name: options.fixed ? "Demo workspace" : `Demo ${suffix}`, settings: options.settings });
  const peopleInput = [
    { name: "Ana Lima", handle: tag("ana", "."), email: `${tag("ana", ".")}@demo.relay.test`, role: "admin" as const },
    { name: "Ben Okafor", handle: tag("ben", "."), email: `${tag("ben", ".")}@demo.relay.test`, role: "member" as const },
  ];
  const people = [];
  for (const input of peopleInput) {
    const user = await createPerson({ ...input, password, workspaceId: workspace.id });
    people.push({ id: user.id, email: user.email, password, handle: user.handle, name: user.name, role: input.role });
  }
  const [ana, ben] = people as [SeededWorld["people"][number], SeededWorld["people"][number]];
  const actor = person(ana.id, "cli");

  const contacts = [];
  for (const name of ["Carla Mendes", "Dev Patel"]) {
    const contact = await createContact(actor, { workspaceId: workspace.id, name, email: `${name.split(" ")[0]!.toLowerCase()}@example.com` });
    contacts.push({ id: contact.id, name: contact.name });
  }
  const [carla, dev] = contacts as [SeededWorld["contacts"][number], SeededWorld["contacts"][number]];

  const bots = [];
  let warnings: FieldWarning[] = [];
  for (const spec of [
    { handle: tag("helper"), name: "Helper", established: true },
    { handle: tag("scheduler"), name: "Scheduler", established: false },
  ]) {
    const created = await createBot(systemActor, { workspaceId: workspace.id, ...spec, webhookUrl: options.webhookUrl ?? null });
    warnings = created.warnings; // the bots share the URL: the same warnings
    bots.push({ id: created.bot.id, handle: created.bot.handle, name: created.bot.name, api_key: created.apiKey, signing_secret: created.signingSecret, established: spec.established });
  }
  const [helper, scheduler] = bots as [SeededWorld["bots"][number], SeededWorld["bots"][number]];

  const conversations = [];
  for (const spec of [
    { title: DEMO_CONVERSATIONS.order, contact: carla, bots: [helper, scheduler], opening: "Hi! Can you check where Carla's order is?" },
    { title: DEMO_CONVERSATIONS.renewal, contact: dev, bots: [helper], opening: "Dev asked about renewing next month." },
    { title: DEMO_CONVERSATIONS.visit, contact: carla, bots: [scheduler], opening: "Let's find a time for the visit." },
  ]) {
    const conversation = await createConversation(actor, {
      workspaceId: workspace.id,
      title: spec.title,
      userIds: [ben.id],
      contactIds: [spec.contact.id],
      botIds: spec.bots.map((bot) => bot.id),
    });
    await insertMessage(sql(), {
      author: { type: "person", userId: ana.id },
      message: { conversationId: conversation.id, body: spec.opening },
    });
    conversations.push({
      id: conversation.id,
      title: spec.title,
      contact_id: spec.contact.id,
      bot_ids: spec.bots.map((bot) => bot.id),
    });
  }

  return {
    workspace: { id: workspace.id, slug: workspace.slug },
    people,
    contacts,
    bots,
    conversations,
    ...(warnings.length ? { warnings } : {}),
  };
}
