import { randomUUID } from "node:crypto";
import { createAgentRequest } from "@/lib/agents/create-agent-request";
import { proposeConnection } from "@/lib/agents/propose-connection";
import { respondToAgentRequest } from "@/lib/agents/respond-to-agent-request";
import { signToken } from "@/lib/agents/signed-link";
import { storePersonAttachment } from "@/lib/attachments/store-attachment";
import { storeBotAttachment } from "@/lib/attachments/store-bot-attachment";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { createBot } from "@/lib/bots/create-bot";
import { issueApiKey } from "@/lib/bots/issue-api-key";
import { createContact } from "@/lib/contacts/create-contact";
import { createConversation } from "@/lib/conversations/create-conversation";
import { takeOver } from "@/lib/conversations/take-over";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { createDraft } from "@/lib/drafts/create-draft";
import { confirmFact } from "@/lib/memory/decide-fact";
import { embedPending } from "@/lib/memory/embed-pending";
import { proposeFact } from "@/lib/memory/propose-fact";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { sendMessage } from "@/lib/messages/send-message";
import { person, systemActor, type PersonActor } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import type { Block } from "@/lib/schemas/blocks";
import { createPersonalToken } from "@/lib/tokens/create-token";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { askForErasure } from "@/lib/privacy/erasure-requests";

import {
  EVENTS,
  hex,
  HOOK,
  oauthGrant,
  passkeyOf,
  sessionOf,
  pushDevice,
  pushEndpoint,
  VIEWERS,
  World,
  type Person,
  type Viewer,
  type WorldBot,
} from "./world";

// How the tenancy matrix's world is filled (world.ts says what it holds): two workspaces, their people, bots,
// conversations, contacts, drafts, facts, files, tokens, grants and devices, each made by the product's own
// functions, with a canary in every text a caller must never read and a probe for every object it must not reach.

async function newPerson(workspaceId: string, base: string, role: "admin" | "member", name: string): Promise<Person> {
  const handle = `${base}.${hex(3)}`;
  const user = await createPerson({ name, handle, email: `${handle}@tenancy.test`, workspaceId, role });
  return { id: user.id, email: user.email, name: user.name, handle: user.handle, actor: person(user.id, "web") };
}

async function newBot(workspaceId: string, base: string, name: string, established: boolean): Promise<WorldBot> {
  const created = await createBot(systemActor, {
    workspaceId,
    handle: `${base}-${hex(3)}`,
    name,
    established,
    webhookUrl: HOOK,
    eventTypes: EVENTS,
  });
  const principal = (await authenticateBot(created.apiKey))!;
  return { id: created.bot.id, handle: created.bot.handle, key: created.apiKey, keyId: principal.keyId, principal };
}

const card = (title: string): Block[] => [
  { type: "approval_card", title, fields: [], actions: [{ key: "ok", label: "OK", style: "primary" }] },
  { type: "status_block", title: `${title} status`, state: "working" },
];

/** A bot's send, through the domain function the REST route calls (no idempotency key: the route's business). */
async function botSends(bot: WorldBot, conversationId: string, input: { body?: string; blocks?: Block[] }) {
  const result = await sendMessage(bot.principal, { conversationId, input: input as never });
  return result.status === "pending_approval" ? { held: result.approvalId } : { message: result.message.id as string };
}

async function upload(actor: PersonActor, conversationId: string, name: string, content: string) {
  return storePersonAttachment(actor, {
    conversationId,
    file: {
      name,
      type: "text/plain",
      bytes: new TextEncoder().encode(content),
    },
  });
}

const UNHURRIED = { ratePerSecond: 1000, rateBurst: 1000 };

/** Fills `w` (made empty first, so the doors can be listed before the world exists). */
export async function buildWorld(w: World): Promise<World> {
  const o = w.own;
  const f = w.foreign;
  const B_ALL: Viewer[] = VIEWERS; // everything of B is hidden from every caller
  const H_HIDDEN: Viewer[] = ["bot", "mcp", "member"]; // H: only A's admin takes part (and sees every conversation of A)

  // ---- Workspace A: the callers' ----
  // The matrix asks about tenancy, not pace: a request rate its hundreds of quick requests never reach (issue 31).
  const a = await createWorkspace({ slug: `ten-a-${hex(3)}`, name: "Tenancy A", settings: UNHURRIED });
  o.workspace = { id: a.id, slug: a.slug };
  o.ana = await newPerson(a.id, "ana", "admin", "Ana Admin");
  o.ben = await newPerson(a.id, "ben", "member", "Ben Member");
  o.mia = await newPerson(a.id, "mia", "member", "Mia Member");
  o.helper = await newBot(a.id, "helper", "Helper", true);
  o.ops = await newBot(a.id, "ops", "Ops", true);
  o.sched = await newBot(a.id, "sched", "Scheduler", false);
  const ana = o.ana.actor;

  o.carla = (await createContact(ana, { workspaceId: a.id, name: "Carla Visible" })).id;
  // A contact only H talks with: its name is the members' to read, not the bot's (it has no conversation with it).
  const zed = (
    await createContact(ana, { workspaceId: a.id, name: `${w.canary("A contact of H only (name)", ["bot"])} Zed` })
  ).id;

  o.visible = (
    await createConversation(ana, {
      workspaceId: a.id,
      title: "Visible conversation",
      userIds: [o.ben.id, o.mia.id],
      contactIds: [o.carla],
      botIds: [o.helper.id, o.sched.id],
    })
  ).id;
  o.visibleMessage = (
    await postPersonMessage(o.ben.actor, { conversationId: o.visible, body: "Hello from the visible conversation" })
  ).message.id;

  const hTitle = w.canary("H title", H_HIDDEN);
  o.hidden = (
    await createConversation(ana, {
      workspaceId: a.id,
      title: `${hTitle} hidden`,
      contactIds: [o.carla, zed],
      botIds: [o.ops.id],
    })
  ).id;
  const hMessage = (
    await postPersonMessage(ana, { conversationId: o.hidden, body: `${w.canary("H message", H_HIDDEN)} said in H` })
  ).message.id;
  const hCard = (
    await botSends(o.ops, o.hidden, {
      body: `${w.canary("H card body", H_HIDDEN)} card`,
      blocks: card(w.canary("H card title", H_HIDDEN)),
    })
  ).message!;
  const hDraft = (
    await createDraft(o.ops.principal, {
      conversationId: o.hidden,
      input: { body: `${w.canary("H draft", H_HIDDEN)} draft` },
    })
  ).id;
  const hFile = await upload(
    ana,
    o.hidden,
    `${w.canary("H attachment name", H_HIDDEN)}.txt`,
    w.canary("H attachment bytes", H_HIDDEN),
  );
  await postPersonMessage(ana, { conversationId: o.hidden, body: "", attachmentIds: [hFile.id] });
  // A fact of A sourced in H: members see and decide every fact, the bot only facts whose source it may read.
  const hFact = await proposeFact(o.ops.principal, {
    contactId: o.carla,
    input: {
      key: "billing.pay_day",
      fact: `${w.canary("A fact sourced in H", ["bot"])} pays on Fridays`,
      source_message_id: hMessage,
    },
  });
  await confirmFact(ana, { factId: hFact.id });
  await takeOver(ana, o.hidden);
  const hHeld = (await botSends(o.ops, o.hidden, { body: `${w.canary("H held message", H_HIDDEN)} held` })).held!;

  // Uploads not posted yet are their uploader's alone, even for an admin.
  const anaUpload = await upload(
    ana,
    o.visible,
    `${w.canary("Ana's unposted upload", ["mcp", "member", "bot"])}.txt`,
    "a",
  );
  const benUpload = await upload(
    o.ben.actor,
    o.visible,
    `${w.canary("Ben's unposted upload", ["mcp", "mcpAdmin", "admin", "bot"])}.txt`,
    "b",
  );
  const opsUpload = await storeBotAttachment(o.ops.principal, {
    name: `${w.canary("Ops' upload", ["bot", "mcp", "member"])}.pdf`,
    type: "application/pdf",
    bytes: new TextEncoder().encode("ops"),
  });

  // Connections in A (live at once: one admin administers both sides) and their requests.
  await proposeConnection(ana, {
    botId: o.helper.id,
    otherWorkspace: a.slug,
    otherHandle: o.ops.handle,
    typesToOther: ["info"],
    typesFromOther: ["info"],
    requiresApproval: true,
  });
  const schedOps = await proposeConnection(ana, {
    botId: o.sched.id,
    otherWorkspace: a.slug,
    otherHandle: o.ops.handle,
    typesToOther: ["info"],
    typesFromOther: [],
    requiresApproval: false,
  });
  const helperAsks = await createAgentRequest(o.helper.principal, {
    input: {
      to: o.ops.handle,
      type: "info",
      question: "Helper asks ops (A, waiting for approval)",
    },
  });
  const opsAsks = await createAgentRequest(o.ops.principal, {
    input: {
      to: o.helper.handle,
      type: "info",
      question: `${w.canary("Ops asks helper, still waiting for approval", ["bot"])}?`,
    },
  });
  const schedAsks = await createAgentRequest(o.sched.principal, {
    input: {
      to: o.ops.handle,
      type: "info",
      question: `${w.canary("Sched asks ops", ["bot"])}?`,
    },
  });
  const opsKey = await issueApiKey(systemActor, { botId: o.ops.id, name: "second" });

  o.miaToken = (
    await createPersonalToken(o.mia.actor, { workspaceId: a.id, name: "mia mcp", scopes: ["write"] })
  ).token;
  o.anaToken = (await createPersonalToken(ana, { workspaceId: a.id, name: "ana mcp", scopes: ["write"] })).token;
  const anaTokenId = (await db().personalAccessToken.findFirstOrThrow({ where: { userId: o.ana.id } })).id;
  const benToken = await createPersonalToken(o.ben.actor, { workspaceId: a.id, name: "ben's own", scopes: [] });
  // Assistants connected by OAuth: each client's name is a canary, shown to its person alone (Settings).
  const anaGrant = await oauthGrant(o.ana, a.id, w.canary("Ana's assistant", ["bot", "mcp", "member", "mcpAdmin"]));
  const benGrant = await oauthGrant(o.ben, a.id, w.canary("Ben's assistant", ["bot", "mcp", "admin", "mcpAdmin"]));
  // Passkeys (their names are canaries, shown to their person alone: Settings → Security) and signed-in sessions.
  const anaPasskey = await passkeyOf(o.ana, w.canary("Ana's passkey", ["bot", "mcp", "member", "mcpAdmin"]));
  const benPasskey = await passkeyOf(o.ben, w.canary("Ben's passkey", ["bot", "mcp", "admin", "mcpAdmin"]));
  const anaSession = await sessionOf(o.ana);
  const benSession = await sessionOf(o.ben);

  // ---- Workspace B: foreign. Mia is an admin there: only her token's fence keeps B from her assistant. ----
  const b = await createWorkspace({ slug: `ten-b-${hex(3)}`, name: "Tenancy B", settings: UNHURRIED });
  f.workspace = { id: b.id, slug: b.slug };
  f.bea = await newPerson(b.id, "bea", "admin", `${w.canary("B admin's name", B_ALL)} Bea`);
  f.bo = await newPerson(b.id, "bo", "member", `${w.canary("B member's name", B_ALL)} Bo`);
  f.liaison = await newPerson(b.id, "liaison", "admin", "Liaison of B");
  await db().membership.create({ data: { workspaceId: b.id, userId: o.mia.id, role: "admin" } });
  f.helper = await newBot(b.id, "bhelper", `${w.canary("B bot's name", B_ALL)} Bot`, true);
  f.fresh = await newBot(b.id, "bnew", "B new bot", false);
  f.other = await newBot(b.id, "bother", "B other bot", true);
  // A bot of B named like A's helper (issue 31), its handle a canary: a name warning shown in A (the connections
  // page judges the bots of a connection) must compare with what A may see, never name this bot.
  await newBot(b.id, w.canary("B look-alike bot's handle", B_ALL).toLowerCase(), "Helper", true);
  const bea = f.bea.actor;
  f.contact = (
    await createContact(bea, {
      workspaceId: b.id,
      name: `${w.canary("B contact's name", B_ALL)} Quinn`,
      email: `quinn.${hex(2)}@b.test`,
    })
  ).id;
  f.conversation = (
    await createConversation(bea, {
      workspaceId: b.id,
      title: `${w.canary("B conversation title", B_ALL)} title`,
      userIds: [f.bo.id, o.mia.id],
      contactIds: [f.contact],
      botIds: [f.helper.id, f.fresh.id],
    })
  ).id;
  const bMessage = (
    await postPersonMessage(f.bo.actor, {
      conversationId: f.conversation,
      body: `${w.canary("B message", B_ALL)} said in B`,
    })
  ).message.id;
  const bCard = (
    await botSends(f.helper, f.conversation, {
      body: `${w.canary("B card body", B_ALL)} card`,
      blocks: card(w.canary("B card title", B_ALL)),
    })
  ).message!;
  const bDraft = (
    await createDraft(f.helper.principal, {
      conversationId: f.conversation,
      input: {
        body: `${w.canary("B draft", B_ALL)} draft`,
        rationale: w.canary("B draft rationale", B_ALL),
      },
    })
  ).id;
  const bHeld = (await botSends(f.fresh, f.conversation, { body: `${w.canary("B held message", B_ALL)} held` })).held!;
  const bFile = await upload(
    f.bo.actor,
    f.conversation,
    `${w.canary("B attachment name", B_ALL)}.txt`,
    w.canary("B attachment bytes", B_ALL),
  );
  await postPersonMessage(f.bo.actor, { conversationId: f.conversation, body: "", attachmentIds: [bFile.id] });
  const bUpload = await upload(f.bo.actor, f.conversation, `${w.canary("B unposted upload", B_ALL)}.txt`, "u");
  const bCandidate = await proposeFact(f.helper.principal, {
    contactId: f.contact,
    input: {
      key: "preferences.channel",
      fact: `${w.canary("B candidate fact", B_ALL)} prefers mail`,
      source_message_id: bMessage,
    },
  });
  const bConfirmed = await proposeFact(f.helper.principal, {
    contactId: f.contact,
    input: {
      key: "billing.plan",
      fact: `${w.canary("B confirmed fact", B_ALL)} is on gold`,
      source_message_id: bMessage,
    },
  });
  await confirmFact(bea, { factId: bConfirmed.id });

  // B's bots among themselves: an answered request with a file (its signed link), and one waiting for approval.
  const bConnection = await proposeConnection(bea, {
    botId: f.helper.id,
    otherWorkspace: b.slug,
    otherHandle: f.other.handle,
    typesToOther: ["document"],
    typesFromOther: [],
    requiresApproval: false,
  });
  await proposeConnection(bea, {
    botId: f.fresh.id,
    otherWorkspace: b.slug,
    otherHandle: f.other.handle,
    typesToOther: ["info"],
    typesFromOther: [],
    requiresApproval: false,
  });
  const answered = await createAgentRequest(f.helper.principal, {
    input: {
      to: f.other.handle,
      type: "document",
      question: `${w.canary("B answered question", B_ALL)}?`,
    },
  });
  const bOtherUpload = await storeBotAttachment(f.other.principal, {
    name: `${w.canary("B signed file name", B_ALL)}.pdf`,
    type: "application/pdf",
    bytes: new TextEncoder().encode(w.canary("B signed file bytes", B_ALL)),
  });
  await respondToAgentRequest(f.other.principal, {
    requestId: answered.id,
    input: {
      body: `${w.canary("B answer", B_ALL)}`,
      attachment_id: bOtherUpload.id,
    },
  });
  const answeredRow = await db().agentRequest.findUniqueOrThrow({ where: { id: answered.id } });
  f.signedAttachment = bOtherUpload.id;
  f.signedToken = signToken(bOtherUpload.id, new Date(answeredRow.answeredAt!.getTime() + 24 * 3_600_000));
  const bPending = await createAgentRequest(f.fresh.principal, {
    input: {
      to: f.other.handle,
      type: "info",
      question: `${w.canary("B pending question", B_ALL)}?`,
    },
  });
  const bHelperUpload = await storeBotAttachment(f.helper.principal, {
    name: `${w.canary("B bot upload", B_ALL)}.pdf`,
    type: "application/pdf",
    bytes: new TextEncoder().encode("b"),
  });
  const boToken = await createPersonalToken(f.bo.actor, { workspaceId: b.id, name: "bo's", scopes: ["write"] });
  const boGrant = await oauthGrant(f.bo, b.id, w.canary("B member's assistant", B_ALL));
  const boPasskey = await passkeyOf(f.bo, w.canary("B member's passkey", B_ALL));
  const boSession = await sessionOf(f.bo);
  // People's Web Push devices: each endpoint holds a canary, hidden from everyone but its person.
  const boDevice = await pushDevice(f.bo, w.canary("B member's push endpoint", B_ALL));
  const anaDevice = await pushDevice(o.ana, w.canary("Ana's push endpoint", ["bot", "mcp", "member", "mcpAdmin"]));
  const benDevice = await pushDevice(o.ben, w.canary("Ben's push endpoint", ["bot", "mcp", "admin", "mcpAdmin"]));
  const bDelivery = await db().webhookDelivery.findFirstOrThrow({ where: { botId: f.helper.id } });

  // B proposes to A: waiting for an admin of A (a member may not accept it).
  const crossPending = await proposeConnection(f.liaison.actor, {
    botId: f.other.id,
    otherWorkspace: a.slug,
    otherHandle: o.helper.handle,
    typesToOther: ["info"],
    typesFromOther: [],
    requiresApproval: false,
  });
  const opsDelivery = await db().webhookDelivery.findFirstOrThrow({ where: { botId: o.ops.id } });

  // ---- The probes: B's things (every caller), A's things out of the caller's sight, and random ids ----
  w.probe("workspace", "foreign", "B", b.id);
  w.probe("workspaceSlug", "foreign", "B's slug", b.slug);
  w.probe("conversation", "foreign", "B's conversation", f.conversation);
  w.probe("conversation", "hidden", "H (A's conversation without the caller)", o.hidden, ["bot", "mcp", "member"]);
  w.probe("message", "foreign", "B's message", bMessage);
  w.probe("message", "hidden", "H's message", hMessage, ["bot", "mcp", "member"]);
  w.probe("card", "foreign", "B's card message", bCard);
  w.probe("card", "hidden", "H's card message (another bot's)", hCard, ["bot", "mcp", "member"]);
  w.probe("draft", "foreign", "B's draft", bDraft);
  w.probe("draft", "hidden", "H's draft", hDraft, ["mcp", "member"]);
  w.probe("held", "foreign", "B's held message", bHeld);
  w.probe("held", "hidden", "H's held message", hHeld, ["mcp", "member"]);
  w.probe("contact", "foreign", "B's contact", f.contact);
  w.probe("contact", "hidden", "A's contact only H talks with", zed, ["bot"]);
  w.probe("fact", "foreign", "B's candidate fact", bCandidate.id);
  w.probe("confirmedFact", "foreign", "B's confirmed fact", bConfirmed.id);
  w.probe("agentRequest", "foreign", "B's request waiting for approval", bPending.id);
  w.probe("agentRequest", "foreign", "B's answered request", answered.id);
  w.probe("agentRequest", "hidden", "A's request between two other bots", schedAsks.id, ["bot"]);
  w.probe("agentRequest", "hidden", "A's request to the bot, still waiting for approval", opsAsks.id, ["bot"]);
  w.probe("agentRequest", "hidden", "A's request asked by the bot (waiting for an admin)", helperAsks.id, [
    "member",
    "mcp",
  ]);
  w.probe("connection", "foreign", "B's connection", bConnection.id);
  w.probe("connection", "hidden", "B's proposal to A (an admin's to accept)", crossPending.id, ["member"]);
  w.probe("connection", "hidden", "A's live connection (an admin's to revoke)", schedOps.id, ["member"]);
  w.probe("attachment", "foreign", "B's posted attachment", bFile.id);
  w.probe("attachment", "foreign", "B's unposted upload", bUpload.id);
  w.probe("attachment", "foreign", "B's bot's upload", bHelperUpload.id);
  w.probe("attachment", "hidden", "H's posted attachment", hFile.id, ["member"]);
  w.probe("attachment", "hidden", "Ana's unposted upload in V", anaUpload.id, ["member"]);
  w.probe("attachment", "hidden", "Ben's unposted upload in V", benUpload.id, ["admin"]);
  w.probe("attachment", "hidden", "A's bot's upload", opsUpload.id, ["member", "admin"]);
  w.probe("botUpload", "foreign", "B's bot's upload", bHelperUpload.id);
  w.probe("botUpload", "foreign", "B's person's upload", bUpload.id);
  w.probe("botUpload", "hidden", "another bot's upload in A", opsUpload.id, ["bot"]);
  w.probe("bot", "foreign", "B's bot", f.helper.id);
  w.probe("botHandle", "foreign", "B's bot's handle", f.helper.handle);
  w.probe("botHandle", "hidden", "A's bot without a connection", o.sched.handle, ["bot"]);
  w.probe("apiKey", "foreign", "B's bot's key", f.helper.keyId);
  w.probe("apiKey", "hidden", "A's operator bot's key", opsKey.id, ["member"]);
  w.probe("delivery", "foreign", "B's delivery", bDelivery.id);
  w.probe("delivery", "hidden", "A's operator bot's delivery", opsDelivery.id, ["member"]);
  w.probe("token", "foreign", "B's person's token", boToken.id);
  w.probe("token", "hidden", "Ana's token", anaTokenId, ["member"]);
  w.probe("token", "hidden", "Ben's token", benToken.id, ["admin"]);
  w.probe("grant", "foreign", "B's person's connected assistant", boGrant);
  w.probe("grant", "hidden", "Ana's connected assistant", anaGrant, ["member"]);
  w.probe("grant", "hidden", "Ben's connected assistant", benGrant, ["admin"]);
  w.probe("pushEndpoint", "foreign", "B's member's push endpoint", boDevice);
  w.probe("pushEndpoint", "hidden", "Ana's push endpoint", anaDevice, ["member"]);
  w.probe("pushEndpoint", "hidden", "Ben's push endpoint", benDevice, ["admin"]);
  w.probe("passkey", "foreign", "B's member's passkey", boPasskey);
  w.probe("passkey", "hidden", "Ana's passkey", anaPasskey, ["member"]);
  w.probe("passkey", "hidden", "Ben's passkey", benPasskey, ["admin"]);
  w.probe("session", "foreign", "B's member's session", boSession);
  w.probe("session", "hidden", "Ana's session", anaSession, ["member"]);
  w.probe("session", "hidden", "Ben's session", benSession, ["admin"]);
  w.probe("person", "foreign", "B's member", f.bo.id);
  w.probe("erasureRequest", "foreign", "B's member's request to be erased", (await askForErasure(f.bo.actor, b.id)).id);
  // One random id per kind (ids are uuids everywhere; a bot handle is a random handle).
  for (const kind of new Set(w.probes.map((p) => p.kind)))
    w.probe(
      kind,
      "random",
      `a random ${kind === "botHandle" ? "handle" : kind === "pushEndpoint" ? "endpoint" : "uuid"}`,
      kind === "botHandle" ? `nobody-${hex(4)}` : kind === "pushEndpoint" ? pushEndpoint(hex(8)) : randomUUID(),
    );

  // Vectors for every message and fact, so contact search answers from both its sides (words and meaning).
  await embedPending();

  // Everyone's notifications, as the job worker would write and send them (no SMTP here: each person's outbox), so
  // the settings' outbox page has other people's emails to keep to themselves: their excerpts carry the canaries of
  // what they were told (B's held message to B's people, H's to Ana).
  const { runDeliveries, runFanOuts } = await import("@/test/notifications");
  const now = new Date();
  await runFanOuts(now);
  await runDeliveries("email", new Date(now.getTime() + 60_000));

  // The bookkeeping of a credential's last use is written at most once a minute, after the answer: parked in the
  // future for the callers' credentials, so a fingerprint sees only what a door itself writes.
  await sql().unchecked("UPDATE personal_access_tokens SET last_used_at = now() + interval '1 day'");
  await sql().unchecked("UPDATE api_keys SET last_used_at = now() + interval '1 day'");
  return w;
}
