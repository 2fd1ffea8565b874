import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { requireBotManager } from "@/lib/bots/require-bot-manager";
import { createBot } from "@/lib/bots/create-bot";
import { authorizeBot } from "@/lib/conversations/authorize-bot";
import { createConversation } from "@/lib/conversations/create-conversation";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import {
  botManagedBy,
  botManagedSql,
  contactVisibleSql,
  contactVisibleTo,
  conversationVisibleSql,
  conversationVisibleTo,
  managesBot,
  managesEveryBot,
  requireContactAccess,
  requireContactAccessSql,
  requireConversationAccess,
  requireConversationAccessSql,
  seesEveryConversation,
} from "./access";
import { person, type PersonActor } from "./actor";
import { createPerson } from "./create-person";

// People's access rules (lib/people/access.ts): each rule's Prisma filter, its SQL condition and its check on one
// object (through Prisma and in SQL) give the same rows on a real database, for an admin, a participant, a member who takes part in nothing, a
// member of another workspace, and a former member who still appears as a participant and a bot's registrar. Each
// caller's rows are also spelled out, so agreeing on nothing could not pass.

let a: SeededWorld;
let b: SeededWorld;
const ids: Record<string, string> = {};
type Caller = "admin" | "participant" | "bystander" | "foreign" | "former";
const callers: Record<Caller, PersonActor> = {} as Record<Caller, PersonActor>;
const NOT_FOUND = (what: string) => ({ code: "not_found", message: `${what} not found` });

const sorted = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
const newPerson = (workspaceId: string, role: "admin" | "member" = "member") => {
  const tag = randomBytes(4).toString("hex");
  return createPerson({ email: `p${tag}@example.com`, name: `P ${tag}`, handle: `p${tag}`, workspaceId, role });
};

beforeAll(async () => {
  a = await seedWorld();
  b = await seedWorld();
  const ana = a.people[0]!; // A's admin: takes part in A's three conversations
  const ben = a.people[1]!; // A's member: takes part in A's three conversations
  const mia = await newPerson(a.workspace.id); // A's member: takes part in nothing
  const pat = await newPerson(a.workspace.id); // leaves A below, still a participant of H2 and a bot's registrar
  const bo = b.people[1]!; // B's member
  callers.admin = person(ana.id, "web");
  callers.participant = person(ben.id, "web");
  callers.bystander = person(mia.id, "web");
  callers.foreign = person(bo.id, "web");
  callers.former = person(pat.id, "web");

  // H: only Ana takes part. H2: Ana and Pat, who then leaves the workspace.
  ids.h = (await createConversation(callers.admin, { workspaceId: a.workspace.id, title: "H" })).id;
  ids.h2 = (
    await createConversation(callers.admin, { workspaceId: a.workspace.id, title: "H2", userIds: [pat.id] })
  ).id;
  const handle = () => `b${randomBytes(4).toString("hex")}`;
  ids.bensBot = (
    await createBot(callers.participant, { workspaceId: a.workspace.id, handle: handle(), name: "Ben's" })
  ).bot.id;
  ids.patsBot = (
    await createBot(callers.former, { workspaceId: a.workspace.id, handle: handle(), name: "Pat's" })
  ).bot.id;
  ids.bosBot = (
    await createBot(callers.foreign, { workspaceId: b.workspace.id, handle: handle(), name: "Bo's" })
  ).bot.id;
  await db().membership.delete({ where: { workspaceId_userId: { workspaceId: a.workspace.id, userId: pat.id } } });
});

/** Every row each caller sees, by the rule's own reckoning: spelled out, not computed with the module. */
function expected(): Record<Caller, { conversations: string[]; contacts: string[]; bots: string[] }> {
  const all = <T extends { id: string }>(rows: T[]) => rows.map((r) => r.id);
  const aConversations = [...all(a.conversations), ids.h!, ids.h2!];
  return {
    admin: {
      conversations: aConversations.sort(),
      contacts: all(a.contacts).sort(),
      bots: [...all(a.bots), ids.bensBot!, ids.patsBot!].sort(),
    },
    participant: { conversations: all(a.conversations).sort(), contacts: all(a.contacts).sort(), bots: [ids.bensBot!] },
    bystander: { conversations: [], contacts: all(a.contacts).sort(), bots: [] },
    foreign: { conversations: all(b.conversations).sort(), contacts: all(b.contacts).sort(), bots: [ids.bosBot!] },
    former: { conversations: [], contacts: [], bots: [] },
  };
}

const CALLERS: Caller[] = ["admin", "participant", "bystander", "foreign", "former"];

describe("a conversation: a member who takes part, or an admin of its workspace", () => {
  it.each(CALLERS)("as the %s, the Prisma filter, the SQL and the one-object check give the same rows", async (who) => {
    const actor = callers[who];
    const prisma = sorted(
      await db().conversation.findMany({ where: conversationVisibleTo(actor.userId), select: { id: true } }),
    );
    const raw = sorted(
      await sql().unchecked<{ id: string }>(`SELECT c.id FROM conversations c WHERE ${conversationVisibleSql("c", "$1")}`, [
        actor.userId,
      ]),
    );
    const everything = sorted(await db().conversation.findMany({ select: { id: true } }));
    const checked: string[] = [];
    const checkedInSql: string[] = [];
    for (const id of everything) {
      const seen = await requireConversationAccess(actor, { client: db(), conversationId: id }).then(
        ({ conversation, role }) => ({ id: conversation.id, workspaceId: conversation.workspaceId, role }),
        (error: unknown) => void expect(error).toMatchObject(NOT_FOUND("Conversation")),
      );
      const seenInSql = await requireConversationAccessSql(actor, { client: sql(), conversationId: id }).then(
        ({ conversation, role }) => ({ id: conversation.id, workspaceId: conversation.workspaceId, role }),
        (error: unknown) => void expect(error).toMatchObject(NOT_FOUND("Conversation")),
      );
      expect(seenInSql).toEqual(seen);
      if (seen) checked.push(seen.id);
      if (seenInSql) checkedInSql.push(seenInSql.id);
    }
    expect(everything.length).toBe(8);
    expect(prisma).toEqual(expected()[who].conversations);
    expect(raw).toEqual(prisma);
    expect(checked.sort()).toEqual(prisma);
    expect(checkedInSql.sort()).toEqual(prisma);
  });

  it("composes with other filters, and with SQL's other conditions", async () => {
    const mine = await db().conversation.findMany({
      where: { workspaceId: a.workspace.id, title: "H", ...conversationVisibleTo(callers.admin.userId) },
      select: { id: true },
    });
    expect(mine.map((c) => c.id)).toEqual([ids.h]);
    const none = await db().conversation.findMany({
      where: { workspaceId: b.workspace.id, ...conversationVisibleTo(callers.admin.userId) },
    });
    expect(none).toEqual([]);
  });

  it("refuses one out of sight exactly like one that does not exist, under the name of what led to it", async () => {
    const random = await requireConversationAccess(callers.participant, {
      client: db(),
      conversationId: randomUUID(),
    }).catch((e: unknown) => e);
    const notUuid = await requireConversationAccess(callers.participant, {
      client: db(),
      conversationId: "not-a-uuid",
    }).catch((e: unknown) => e);
    const hidden = await requireConversationAccess(callers.participant, { client: db(), conversationId: ids.h! }).catch(
      (e: unknown) => e,
    );
    const foreign = await requireConversationAccess(callers.participant, {
      client: db(),
      conversationId: b.conversations[0]!.id,
    }).catch((e: unknown) => e);
    for (const refusal of [random, notUuid, hidden, foreign]) expect(refusal).toMatchObject(NOT_FOUND("Conversation"));
    await expect(
      requireConversationAccess(callers.bystander, { client: db(), conversationId: ids.h!, what: "Draft" }),
    ).rejects.toMatchObject(NOT_FOUND("Draft"));
    for (const id of [randomUUID(), "not-a-uuid", ids.h!, b.conversations[0]!.id])
      await expect(
        requireConversationAccessSql(callers.participant, { client: sql(), conversationId: id, what: "Draft" }),
      ).rejects.toMatchObject(NOT_FOUND("Draft"));
  });

  it("an admin sees every conversation of the workspace; a member, not H", async () => {
    expect(seesEveryConversation("admin")).toBe(true);
    expect(seesEveryConversation("member")).toBe(false);
    expect(seesEveryConversation(null)).toBe(false);
    const { role } = await requireConversationAccess(callers.admin, { client: db(), conversationId: ids.h! });
    expect(role).toBe("admin");
    expect(
      (await requireConversationAccess(callers.participant, { client: db(), conversationId: a.conversations[0]!.id }))
        .role,
    ).toBe("member");
  });

  it("adding a bot takes part in it: an admin who does not sees it (403), others do not (404)", async () => {
    const bot = a.bots[0]!.id;
    const bens = await createConversation(callers.participant, { workspaceId: a.workspace.id, title: "B" });
    await expect(authorizeBot(callers.admin, { conversationId: bens.id, botId: bot })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(authorizeBot(callers.bystander, { conversationId: bens.id, botId: bot })).rejects.toMatchObject(
      NOT_FOUND("Conversation"),
    );
    // Pat still appears among H2's participants, but left the workspace: before, that was enough to add a bot.
    await expect(authorizeBot(callers.former, { conversationId: ids.h2!, botId: bot })).rejects.toMatchObject(
      NOT_FOUND("Conversation"),
    );
    await expect(authorizeBot(callers.foreign, { conversationId: bens.id, botId: bot })).rejects.toMatchObject(
      NOT_FOUND("Conversation"),
    );
    expect(await db().botAuthorization.count({ where: { conversationId: { in: [bens.id, ids.h2!] } } })).toBe(0);
    await db().conversation.delete({ where: { id: bens.id } });
  });
});

describe("a contact: any member of its workspace", () => {
  it.each(CALLERS)("as the %s, the Prisma filter, the SQL and the one-object check give the same rows", async (who) => {
    const actor = callers[who];
    const prisma = sorted(await db().contact.findMany({ where: contactVisibleTo(actor.userId), select: { id: true } }));
    const raw = sorted(
      await sql().unchecked<{ id: string }>(`SELECT ct.id FROM contacts ct WHERE ${contactVisibleSql("ct", "$1")}`, [
        actor.userId,
      ]),
    );
    const everything = sorted(await db().contact.findMany({ select: { id: true } }));
    const checked: string[] = [];
    const checkedInSql: string[] = [];
    for (const id of everything) {
      const seen = await requireContactAccess(actor, { client: db(), contactId: id }).then(
        ({ contact, role }) => ({ id: contact.id, workspaceId: contact.workspaceId, role }),
        (error: unknown) => void expect(error).toMatchObject(NOT_FOUND("Contact")),
      );
      const seenInSql = await requireContactAccessSql(actor, { client: sql(), contactId: id }).then(
        ({ contact, role }) => ({ id: contact.id, workspaceId: contact.workspaceId, role }),
        (error: unknown) => void expect(error).toMatchObject(NOT_FOUND("Contact")),
      );
      expect(seenInSql).toEqual(seen);
      if (seen) checked.push(seen.id);
      if (seenInSql) checkedInSql.push(seenInSql.id);
    }
    expect(everything.length).toBe(4);
    expect(prisma).toEqual(expected()[who].contacts);
    expect(raw).toEqual(prisma);
    expect(checked.sort()).toEqual(prisma);
    expect(checkedInSql.sort()).toEqual(prisma);
  });

  it("refuses one out of sight exactly like one that does not exist", async () => {
    for (const id of [b.contacts[0]!.id, randomUUID(), "nope"]) {
      await expect(requireContactAccess(callers.participant, { client: db(), contactId: id })).rejects.toMatchObject(
        NOT_FOUND("Contact"),
      );
      await expect(
        requireContactAccessSql(callers.participant, { client: sql(), contactId: id, what: "Fact" }),
      ).rejects.toMatchObject(NOT_FOUND("Fact"));
    }
    await expect(
      requireContactAccess(callers.participant, { client: db(), contactId: b.contacts[0]!.id, what: "Fact" }),
    ).rejects.toMatchObject(NOT_FOUND("Fact"));
  });
});

describe("a bot: an admin of its workspace, or the member who registered it", () => {
  it.each(CALLERS)(
    "as the %s, the Prisma filter, the SQL and the one-object checks give the same rows",
    async (who) => {
      const actor = callers[who];
      const prisma = sorted(await db().bot.findMany({ where: botManagedBy(actor.userId), select: { id: true } }));
      const raw = sorted(
        await sql().unchecked<{ id: string }>(`SELECT b.id FROM bots b WHERE ${botManagedSql("b", "$1")}`, [actor.userId]),
      );
      const bots = await db().bot.findMany({ select: { id: true, workspaceId: true, createdByUserId: true } });
      const byPredicate: string[] = [];
      const byManagerCheck: string[] = [];
      for (const bot of bots) {
        const membership = await db().membership.findUnique({
          where: { workspaceId_userId: { workspaceId: bot.workspaceId, userId: actor.userId } },
        });
        if (managesBot(bot, { role: membership?.role ?? null, userId: actor.userId })) byPredicate.push(bot.id);
        if (managesEveryBot(membership?.role ?? null)) expect(membership?.role).toBe("admin");
        const managed = await requireBotManager(actor, { client: db(), botId: bot.id }).then(
          () => true,
          (error: unknown) => {
            // A bot of a workspace the person is not in answers like a missing one (decision 019).
            expect(error).toMatchObject({ code: membership ? "forbidden" : "not_found" });
            return false;
          },
        );
        if (managed) byManagerCheck.push(bot.id);
      }
      expect(bots.length).toBe(7);
      expect(prisma).toEqual(expected()[who].bots);
      expect(raw).toEqual(prisma);
      expect(byPredicate.sort()).toEqual(prisma);
      expect(byManagerCheck.sort()).toEqual(prisma);
    },
  );
});
