import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import type { SignedInPerson } from "@/lib/auth/session";
import { createContact } from "@/lib/contacts/create-contact";
import { updateContact } from "@/lib/contacts/update-contact";
import { ApiError } from "@/lib/errors";
import { person } from "@/lib/people/actor";
import { ContactDetails } from "@/lib/schemas/contacts";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api } from "@/test/api/client";
import { addContact, findContactsToAdd, saveContact } from "@/app/(chat)/chat/_actions/contacts";
import { answerCard, approve, sendMessage } from "@/app/(chat)/chat/_actions/messages";
import { reviseFact } from "@/app/(chat)/chat/_actions/memory";
import { startConversation } from "@/app/(chat)/chat/_actions/conversations";
import { issueKey, registerBot } from "@/app/(portal)/developers/_actions/bots";
import { proposeConnectionAction } from "@/app/(portal)/developers/_actions/connections";
import { loadMoreDeliveries } from "@/app/(portal)/developers/_actions/deliveries";
import { createToken } from "@/app/(settings)/settings/_actions";

// Issue 16 through people's doors: the chat's, the settings' and the portal's server actions, called as a form
// would call them (the session is set here; everything behind it is real). Text with a NUL or an unpaired
// surrogate is answered in words, naming the field, and nothing is stored. (A form's values are USVStrings: FormData
// itself turns an unpaired surrogate into U+FFFD, so through a form only NUL arrives; an action's plain arguments
// can carry both.) The contact fields hold the rule in their schema and in the domain too, so no door can go around
// it.

const session = vi.hoisted(() => ({ person: null as SignedInPerson | null }));
vi.mock("@/lib/auth/session", () => ({ signedInPerson: async () => session.person }));

const NUL_SAYS = "contains a NUL character (U+0000)";
const LONE_SAYS = "contains an unpaired surrogate (not valid Unicode)";

let world: SeededWorld;
const ana = () => world.people[0]!;
const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  return data;
};

beforeAll(async () => {
  world = await seedWorld();
  const me = ana();
  session.person = { id: me.id, email: me.email, name: me.name, handle: me.handle };
});

describe("the chat's actions", () => {
  it("sendMessage: a body with a NUL is answered in words; nothing is posted", async () => {
    const conversationId = world.conversations[0]!.id;
    const before = await db().message.count({ where: { conversationId } });
    const path = `/chat/${world.workspace.slug}/c/${conversationId}`;
    expect(await sendMessage(conversationId, path, { n: 0 }, form({ body: "hi \u0000" }))).toEqual({
      n: 1,
      error: `body: ${NUL_SAYS}`,
    });
    expect(await sendMessage(conversationId, path, { n: 0 }, form({ body: "ok", attachmentId: "\u0000" }))).toEqual({
      n: 1,
      error: `attachmentId: ${NUL_SAYS}`,
    });
    expect(await db().message.count({ where: { conversationId } })).toBe(before);
  });

  it("approve: an edited body that breaks the rule leaves the draft waiting", async () => {
    const conversationId = world.conversations[0]!.id;
    const drafted = await api("POST", `/conversations/${conversationId}/drafts`, {
      key: world.bots[0]!.api_key,
      body: { body: "Shall I confirm?" },
    });
    const draftId = drafted.body.data.id as string;
    const answer = await approve(draftId, "/chat", { n: 0 }, form({ body: "Yes \u0000", original: "Shall I confirm?" }));
    expect(answer).toEqual({ n: 1, error: `body: ${NUL_SAYS}` });
    expect((await db().draft.findUniqueOrThrow({ where: { id: draftId } })).status).toBe("pending");
  });

  it("answerCard: a card input's name or value with a NUL is answered in words", async () => {
    const nowhere = "00000000-0000-4000-8000-000000000000";
    expect(await answerCard(nowhere, "/chat", { n: 0 }, form({ actionKey: "ok", "input:note\u0000": "x" }))).toEqual({
      n: 1,
      error: `a field's name: ${NUL_SAYS}`,
    });
    expect(await answerCard(nowhere, "/chat", { n: 0 }, form({ actionKey: "ok", "input:note": "x\u0000" }))).toEqual({
      n: 1,
      error: `input:note: ${NUL_SAYS}`,
    });
  });

  it("reviseFact: a fact with a NUL is answered in words", async () => {
    const answer = await reviseFact(
      "00000000-0000-4000-8000-000000000000",
      "/chat",
      { n: 0 },
      form({ fact: "pays \u0000" }),
    );
    expect(answer).toEqual({ n: 1, error: `fact: ${NUL_SAYS}` });
  });

  it("saveContact and addContact: a name or an email that breaks the rule is refused; the contact is unchanged", async () => {
    const carla = world.contacts[0]!;
    const path = `/chat/${world.workspace.slug}/contacts/${carla.id}`;
    const saved = await saveContact(carla.id, path, { n: 0 }, form({ name: "Carla\u0000", email: "", phone: "" }));
    expect(saved).toEqual({ n: 1, error: `name: ${NUL_SAYS}` });
    expect((await db().contact.findUniqueOrThrow({ where: { id: carla.id } })).name).toBe(carla.name);

    const contactsBefore = await db().contact.count({ where: { workspaceId: world.workspace.id } });
    const added = await addContact(
      world.workspace.id,
      world.workspace.slug,
      { n: 0 },
      form({ name: "Zed", email: "zed\u0000@example.com", phone: "" }),
    );
    expect(added).toEqual({ n: 1, error: `email: ${NUL_SAYS}` });
    expect(await db().contact.count({ where: { workspaceId: world.workspace.id } })).toBe(contactsBefore);
  });

  it("startConversation: a title that breaks the rule is refused; no conversation is made", async () => {
    const before = await db().conversation.count({ where: { workspaceId: world.workspace.id } });
    const answer = await startConversation(
      world.workspace.id,
      world.workspace.slug,
      { n: 0 },
      form({ title: "Plans \u0000", newContactName: "Zed" }),
    );
    expect(answer).toEqual({ n: 1, error: `title: ${NUL_SAYS}` });
    expect(await db().conversation.count({ where: { workspaceId: world.workspace.id } })).toBe(before);
  });

  it("findContactsToAdd: a query (a plain argument) that breaks the rule finds nothing (and is no crash)", async () => {
    expect(await findContactsToAdd(world.workspace.id, "car\u0000")).toEqual([]);
    expect(await findContactsToAdd(world.workspace.id, "car\ud800")).toEqual([]);
    expect((await findContactsToAdd(world.workspace.id, world.contacts[0]!.name.slice(0, 3))).length).toBeGreaterThan(0);
  });
});

describe("the settings' and the portal's actions", () => {
  it("createToken, registerBot, issueKey: the refusal is shown beside the field it names", async () => {
    const tokensBefore = await db().personalAccessToken.count();
    const token = await createToken({ n: 0 }, form({ workspaceId: world.workspace.id, name: "Claude \u0000" }));
    expect(token).toEqual({ n: 1, values: undefined, fieldErrors: { name: `This field ${NUL_SAYS}` } });
    expect(await db().personalAccessToken.count()).toBe(tokensBefore);

    const botsBefore = await db().bot.count();
    const bot = await registerBot(
      { n: 0 },
      form({ workspaceId: world.workspace.id, handle: "newbot", name: "New \u0000", webhookUrl: "" }),
    );
    expect(bot.fieldErrors).toEqual({ name: `This field ${NUL_SAYS}` });
    expect(await db().bot.count()).toBe(botsBefore);

    const keysBefore = await db().apiKey.count();
    const key = await issueKey(world.bots[0]!.id, { n: 0 }, form({ name: "ci \u0000" }));
    expect(key.fieldErrors).toEqual({ name: `This field ${NUL_SAYS}` });
    expect(await db().apiKey.count()).toBe(keysBefore);
  });

  it("proposeConnectionAction and loadMoreDeliveries answer in words", async () => {
    const proposed = await proposeConnectionAction(
      { n: 0 },
      form({ botId: world.bots[0]!.id, otherWorkspace: "x", otherHandle: "bot\u0000", typesToOther: "info" }),
    );
    expect(proposed.fieldErrors).toEqual({ otherHandle: `This field ${NUL_SAYS}` });
    expect(await loadMoreDeliveries(world.bots[0]!.id, { event_type: "ping\u0000" }, "")).toEqual({
      error: `event_type: ${NUL_SAYS}`,
    });
  });
});

describe("a contact's fields, below the forms", () => {
  it("the schema names the field and the problem", () => {
    const parsed = ContactDetails.safeParse({ name: "Carla\u0000", email: "", phone: "" });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ path: ["name"], message: NUL_SAYS });
  });

  it("createContact and updateContact refuse it too, whoever calls them", async () => {
    const actor = person(ana().id, "cli");
    const attempt = (work: () => Promise<unknown>) => work().then(() => null, (e: unknown) => e);
    const created = await attempt(() => createContact(actor, { workspaceId: world.workspace.id, name: "Zed\ud800" }));
    expect(created).toBeInstanceOf(ApiError);
    expect(created).toMatchObject({ code: "invalid_body", message: `Contact is invalid: name: ${LONE_SAYS}` });
    const carla = world.contacts[0]!;
    const updated = await attempt(() =>
      updateContact(actor, { contactId: carla.id, details: { name: "Carla", email: "c\u0000@x.test", phone: "" } }),
    );
    expect(updated).toMatchObject({ code: "invalid_body", message: `Contact is invalid: email: ${NUL_SAYS}` });
    expect((await db().contact.findUniqueOrThrow({ where: { id: carla.id } })).email).not.toContain("\u0000");
  });
});
