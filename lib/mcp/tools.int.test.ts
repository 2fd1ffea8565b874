import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getThread } from "@/lib/chat/get-thread";
import { optIn, optOut } from "@/lib/consent/set-opt-out";
import { db } from "@/lib/db/client";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { setSecondFactorPolicy } from "@/lib/factors/enforcement";
import { person, systemActor } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { api, idem } from "@/test/api/client";
import { call } from "@/test/mcp";
import {
  ana,
  ANA,
  anaRead,
  anaWeb,
  ask,
  candidate,
  connect,
  conv,
  mcpWorld,
  pair,
  propose,
  tokenFor,
  tokens,
  world,
} from "@/test/mcp-world";
import { UNTRUSTED_NOTE } from "./tool";
import { buildExport } from "@/lib/privacy/build-export";

// The MCP server's tools over real HTTP with the SDK's own client, each as the person its token is for: what every
// read tool answers (marked untrusted where it quotes), and that approving through MCP is approving as the person
// (the bot's draft.approved, the audit trail's via=mcp), with the person's own rights. Who may call them:
// access.int.test.ts.

const audit = (subjectId: string, action: string) => db().auditEvent.findFirstOrThrow({ where: { subjectId, action } });

mcpWorld();

describe("read tools", () => {
  it("whoami: the person, the token's one workspace and role, the scopes", async () => {
    const me = await call(anaRead, "whoami");
    expect(me).toMatchObject({ isError: false, untrusted: false });
    expect(me.data).toEqual({
      person: { id: ANA().id, handle: ANA().handle },
      workspace: { id: world.workspace.id, slug: world.workspace.slug, name: expect.any(String), role: "admin" },
      scopes: ["read"],
    });
  });

  it("list_conversations: the person's conversations of this workspace only, marked untrusted", async () => {
    const listed = await call(anaRead, "list_conversations");
    expect(listed.untrusted).toBe(true);
    expect(listed.text.startsWith(UNTRUSTED_NOTE)).toBe(true);
    expect(listed.data.conversations.map((c: { id: string }) => c.id).sort()).toEqual(
      world.conversations.map((c) => c.id).sort(),
    );
    expect(listed.data.conversations[0]).toMatchObject({
      title: expect.any(String),
      last_message_preview: expect.any(String),
      unread_count: expect.any(Number),
    });
    expect((await call(anaRead, "list_conversations", { limit: 1 })).data.conversations).toHaveLength(1);
  });

  it("get_conversation: people, contacts, bots and what waits there", async () => {
    const draftId = await propose("A draft to look at");
    const got = await call(anaRead, "get_conversation", { conversation_id: conv(0) });
    expect(got.untrusted).toBe(true);
    expect(got.data.conversation).toMatchObject({ id: conv(0), contacts: [{ id: world.contacts[0]!.id }] });
    expect(got.data.pending_approvals.map((d: { id: string }) => d.id)).toContain(draftId);
    expect(got.data).not.toHaveProperty("messages");
  });

  it("read_messages: pages in seq order with senders, untrusted; refuses a limit over 200", async () => {
    for (const body of ["second", "third"])
      await api("POST", `/conversations/${conv(1)}/messages`, {
        key: world.bots[0]!.api_key,
        body: { body },
        idempotencyKey: idem(),
      });
    const first = await call(anaRead, "read_messages", { conversation_id: conv(1), limit: 2 });
    expect(first.untrusted).toBe(true);
    expect(first.data.messages.map((m: { seq: number }) => m.seq)).toEqual([1, 2]);
    expect(first.data.messages[0]).toMatchObject({
      body: "Dev asked about renewing next month.",
      sender: { type: "person", handle: ANA().handle },
    });
    expect(first.data.messages[1]).toMatchObject({
      body: "second",
      sender: { type: "bot", handle: world.bots[0]!.handle, approved_by: null },
    });
    expect(first.data).toMatchObject({ next_after_seq: 2, has_more: true });
    const rest = await call(anaRead, "read_messages", { conversation_id: conv(1), after_seq: 2 });
    expect(rest.data).toMatchObject({ messages: [{ seq: 3, body: "third" }], next_after_seq: 3, has_more: false });
    const tooMany = await call(anaRead, "read_messages", { conversation_id: conv(1), limit: 201 });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.text).toContain("limit");
  });

  it("search_contact_memory: cited hits over what the person may see, untrusted", async () => {
    const found = await call(anaRead, "search_contact_memory", { contact_id: world.contacts[0]!.id, query: "order" });
    expect(found.untrusted).toBe(true);
    expect(found.data.hits[0]).toMatchObject({
      kind: "message",
      text: "Hi! Can you check where Carla's order is?",
      untrusted: true,
      citation: { conversation_id: conv(0), seq: 1 },
    });
  });

  it("get_contact_context: the contact's pack", async () => {
    const pack = await call(anaRead, "get_contact_context", { contact_id: world.contacts[1]!.id, format: "compact" });
    expect(pack).toMatchObject({ isError: false, untrusted: true });
    expect(pack.data).toMatchObject({
      contact_id: world.contacts[1]!.id,
      format: "compact",
      status: "insufficient_evidence",
      items: [],
    });
  });

  it("list_pending_approvals: drafts, held messages, agent requests and candidate facts", async () => {
    const draftId = await propose("Waiting for Ana");
    const held = await api("POST", `/conversations/${conv(2)}/messages`, {
      key: world.bots[1]!.api_key,
      body: { body: "New bot says hi" },
      idempotencyKey: idem(),
    });
    expect(held.status).toBe(202);
    const requestId = await ask("Opening hours?");
    const factId = await candidate("Prefers email");
    const pending = await call(anaRead, "list_pending_approvals");
    expect(pending.untrusted).toBe(true);
    expect(pending.data.drafts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: draftId, origin: "draft", body: "Waiting for Ana" }),
        expect.objectContaining({ id: held.body.data.approval_id, origin: "held_message", reasons: ["new_bot"] }),
      ]),
    );
    expect(pending.data.agent_requests).toEqual([
      expect.objectContaining({
        id: requestId,
        question: "Opening hours?",
        from: expect.objectContaining({ handle: pair.a.handle }),
      }),
    ]);
    expect(pending.data.candidate_facts).toEqual([
      expect.objectContaining({
        id: factId,
        fact: "Prefers email",
        status: "candidate",
        contact: { id: world.contacts[0]!.id, name: world.contacts[0]!.name },
      }),
    ]);
    expect(pending.data.total).toBe(pending.data.drafts.length + 2);
  });
});

describe("write tools act as the person, through MCP", () => {
  it("approve_draft sends as the bot, approved by the person via mcp, and delivers draft.approved like the browser", async () => {
    const viaWeb = await propose("Approved in the browser");
    const viaMcp = await propose("Approved by the assistant");
    await approveDraft(anaWeb(), { draftId: viaWeb });
    const approved = await call(ana, "approve_draft", { draft_id: viaMcp });
    expect(approved).toMatchObject({ isError: false, untrusted: true });
    expect(approved.data.draft).toMatchObject({ id: viaMcp, status: "approved", edited: false });
    expect(approved.data.message).toMatchObject({
      body: "Approved by the assistant",
      sender_bot_id: world.bots[0]!.id,
      sender_user_id: null,
    });

    const deliveries = await db().webhookDelivery.findMany({
      where: { botId: world.bots[0]!.id, eventType: "draft.approved" },
    });
    const dataOf = (draftId: string) =>
      (
        deliveries.find((d) => (d.payload as { data: { draft_id: string } }).data.draft_id === draftId)!.payload as {
          data: Record<string, unknown>;
        }
      ).data;
    expect(dataOf(viaMcp)).toEqual({
      conversation_id: conv(0),
      draft_id: viaMcp,
      edited: false,
      approved_by: { handle: ANA().handle },
      message: { id: approved.data.message.id, seq: approved.data.message.seq, body: "Approved by the assistant" },
    });
    expect(Object.keys(dataOf(viaMcp)).sort()).toEqual(Object.keys(dataOf(viaWeb)).sort());

    expect(await audit(viaMcp, "draft.approved")).toMatchObject({ actorType: "person", actorId: ANA().id, via: "mcp" });
    expect(await audit(viaWeb, "draft.approved")).toMatchObject({ via: "web" });
    expect(await db().draft.findUniqueOrThrow({ where: { id: viaMcp } })).toMatchObject({
      decidedByUserId: ANA().id,
      decidedVia: "mcp",
    });
    // The chat shows it as approved by the person.
    const thread = await getThread(anaWeb(), conv(0));
    expect(thread.messages.find((m) => m.id === approved.data.message.id)!.sender).toMatchObject({
      type: "bot",
      approved_by: { handle: ANA().handle },
    });

    const again = await call(ana, "approve_draft", { draft_id: viaMcp });
    expect(again).toMatchObject({
      isError: true,
      error: { code: "conflict", message: "This draft was already approved" },
    });
  });

  it("approve_draft with a body is edit-and-approve", async () => {
    const draftId = await propose("Original text");
    const edited = await call(ana, "approve_draft", { draft_id: draftId, body: "Edited by Ana's assistant" });
    expect(edited.data.draft).toMatchObject({ status: "approved", edited: true });
    expect(edited.data.message.body).toBe("Edited by Ana's assistant");
    const delivery = await db().webhookDelivery.findFirstOrThrow({
      where: { eventType: "draft.approved", payload: { path: ["data", "draft_id"], equals: draftId } },
    });
    expect((delivery.payload as { data: { edited: boolean } }).data.edited).toBe(true);
  });

  it("approve_draft on an item that needs step-up, with a token made without a check: a tool error saying how to fix it", async () => {
    await setSecondFactorPolicy(systemActor, { workspaceId: world.workspace.id, policy: { stepUp: "approvals" } });
    try {
      const draftId = await propose("Needs a fresh check");
      const refused = await call(ana, "approve_draft", { draft_id: draftId });
      expect(refused).toMatchObject({ isError: true, error: { code: "forbidden", reasons: ["step_up_required"] } });
      expect(refused.error!.message).toContain("this assistant's access was granted without one");
      expect((await db().draft.findUniqueOrThrow({ where: { id: draftId } })).status).toBe("pending");
    } finally {
      await setSecondFactorPolicy(systemActor, { workspaceId: world.workspace.id, policy: { stepUp: "off" } });
    }
  });

  it("a refusal of the policy comes back as a tool error, never a stack trace", async () => {
    const draftId = await propose("Will be refused");
    const ben = person(world.people[1]!.id, "web");
    await optOut(ben, { conversationId: conv(0) });
    const refused = await call(ana, "approve_draft", { draft_id: draftId });
    expect(refused).toMatchObject({ isError: true, error: { code: "opted_out" } });
    expect(refused.text).toMatch(/^opted_out: /);
    expect(refused.text).not.toMatch(/\.ts:\d+/);
    await optIn(ben, { conversationId: conv(0) });
  });

  it("reject_draft", async () => {
    const draftId = await propose("Reject me");
    const rejected = await call(ana, "reject_draft", { draft_id: draftId, note: "Not now" });
    expect(rejected.data).toMatchObject({ id: draftId, status: "rejected" });
    expect(await audit(draftId, "draft.rejected")).toMatchObject({
      via: "mcp",
      actorId: ANA().id,
      data: { note: "Not now" },
    });
    expect(
      await db().webhookDelivery.count({
        where: { eventType: "draft.rejected", payload: { path: ["data", "draft_id"], equals: draftId } },
      }),
    ).toBe(0); // helper does not subscribe to it
  });

  it("approve_agent_request and decline_agent_request", async () => {
    const approveId = await ask("May I?");
    const declineId = await ask("And this?");
    expect((await call(ana, "approve_agent_request", { request_id: approveId })).data).toMatchObject({
      id: approveId,
      status: "awaiting_response",
    });
    expect((await call(ana, "decline_agent_request", { request_id: declineId, note: "No" })).data).toMatchObject({
      id: declineId,
      status: "declined",
    });
    expect(await db().agentRequest.findUniqueOrThrow({ where: { id: approveId } })).toMatchObject({
      decidedVia: "mcp",
      decidedByUserId: ANA().id,
    });
    expect(await audit(declineId, "agent_request.declined")).toMatchObject({ via: "mcp" });
    expect(await db().webhookDelivery.count({ where: { botId: pair.b.id, eventType: "agent_request.created" } })).toBe(
      1,
    );
  });

  it("confirm_fact and reject_fact", async () => {
    const keep = await candidate("Calls after 5pm", "schedule.calls");
    const drop = await candidate("Hates calls", "schedule.calls");
    const confirmed = await call(ana, "confirm_fact", { fact_id: keep });
    expect(confirmed).toMatchObject({
      isError: false,
      untrusted: true,
      data: { fact: { id: keep, status: "confirmed", fact: "Calls after 5pm" }, superseded: [] },
    });
    expect((await call(ana, "reject_fact", { fact_id: drop })).data).toMatchObject({
      fact: { id: drop, status: "rejected" },
    });
    expect(await audit(keep, "fact.confirmed")).toMatchObject({ via: "mcp", actorId: ANA().id });
    expect(await audit(drop, "fact.rejected")).toMatchObject({ via: "mcp" });
    const again = await call(ana, "reject_fact", { fact_id: drop });
    expect(again.error).toMatchObject({ code: "conflict" });
  });

  it("post_message posts as the person; the bots hear it", async () => {
    const posted = await call(ana, "post_message", {
      conversation_id: conv(1),
      body: "Written by my assistant, sent by me",
    });
    expect(posted.data).toMatchObject({
      message: { body: "Written by my assistant, sent by me", sender_user_id: ANA().id, sender_bot_id: null },
      consent: null,
    });
    expect(await audit(posted.data.message.id, "message.posted")).toMatchObject({ via: "mcp", actorId: ANA().id });
    expect(
      await db().webhookDelivery.count({
        where: {
          eventType: "message.created",
          payload: { path: ["data", "message", "id"], equals: posted.data.message.id },
        },
      }),
    ).toBe(1);
  });

  it("opt_out, take_over_conversation, release_conversation", async () => {
    const benClient = await connect(tokens.ben);
    const out = await call(benClient, "opt_out", { conversation_id: conv(2) });
    expect(out).toMatchObject({
      isError: false,
      untrusted: false,
      data: { opted_out: true, scope: "conversation", created: true, user_id: world.people[1]!.id },
    });
    expect(
      await db().auditEvent.findFirstOrThrow({ where: { action: "consent.opted_out", subjectId: conv(2) } }),
    ).toMatchObject({ via: "mcp", actorId: world.people[1]!.id });

    const taken = await call(benClient, "take_over_conversation", { conversation_id: conv(1) });
    expect(taken.data).toMatchObject({
      conversation_id: conv(1),
      taken_over_by_user_id: world.people[1]!.id,
      changed: true,
    });
    expect(await audit(conv(1), "conversation.taken_over")).toMatchObject({ via: "mcp" });
    expect((await call(benClient, "release_conversation", { conversation_id: conv(1) })).data).toMatchObject({
      taken_over_by_user_id: null,
      changed: true,
    });
  });

  it("find_contacts, set_do_not_contact, set_contact_sensitivity: as the person, with their rights", async () => {
    const benClient = await connect(tokens.ben);
    const dev = world.contacts.find((c) => c.name === "Dev Patel")!;
    const found = await call(anaRead, "find_contacts", { query: "pat" });
    expect(found).toMatchObject({ isError: false, untrusted: true });
    expect(found.data.contacts).toEqual([
      { id: dev.id, name: "Dev Patel", detail: "dev@example.com", do_not_contact: false, sensitivity: "normal" },
    ]);
    expect((await call(anaRead, "find_contacts", {})).data.contacts.map((c: { id: string }) => c.id).sort()).toEqual(
      world.contacts.map((c) => c.id).sort(),
    );
    expect((await call(anaRead, "find_contacts", { limit: 51 })).isError).toBe(true);

    const marked = await call(benClient, "set_do_not_contact", { contact_id: dev.id, do_not_contact: true });
    expect(marked.data).toMatchObject({
      id: dev.id,
      do_not_contact: true,
      do_not_contact_by_user_id: world.people[1]!.id,
      changed: true,
    });
    expect(await audit(dev.id, "contact.do_not_contact_set")).toMatchObject({
      via: "mcp",
      actorId: world.people[1]!.id,
    });
    const devsConversation = world.conversations.find(
      (c) => c.contact_id === dev.id && c.bot_ids.includes(world.bots[0]!.id),
    )!;
    const blocked = await api("POST", `/conversations/${devsConversation.id}/messages`, {
      key: world.bots[0]!.api_key,
      idempotencyKey: idem(),
      body: { body: "Hello Dev" },
    });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toMatchObject({ code: "policy_blocked", reasons: ["do_not_contact"] });
    expect(
      (await call(benClient, "set_do_not_contact", { contact_id: dev.id, do_not_contact: false })).data,
    ).toMatchObject({
      do_not_contact: false,
      changed: true,
    });

    expect(
      (await call(benClient, "set_contact_sensitivity", { contact_id: dev.id, sensitivity: "high" })).data,
    ).toEqual({
      id: dev.id,
      name: "Dev Patel",
      sensitivity: "high",
      changed: true,
    });
    const lower = await call(benClient, "set_contact_sensitivity", { contact_id: dev.id, sensitivity: "normal" });
    expect(lower.error).toEqual({
      code: "forbidden",
      message: "Only a workspace admin can lower a contact's sensitivity",
    });
    expect(
      (await call(ana, "set_contact_sensitivity", { contact_id: dev.id, sensitivity: "normal" })).data,
    ).toMatchObject({
      sensitivity: "normal",
      changed: true,
    });
    expect(await audit(dev.id, "contact.sensitivity_changed")).toMatchObject({ via: "mcp" });
  });

  it("the person's own rights still apply: a member cannot act where they take no part", async () => {
    const tag = randomBytes(4).toString("hex");
    const newcomer = await createPerson({
      email: `n${tag}@example.com`,
      name: "New",
      handle: `n${tag}`,
      workspaceId: world.workspace.id,
    });
    const client = await connect(await tokenFor(newcomer.id, world.workspace.id, ["write"]));
    expect((await call(client, "list_conversations")).data.conversations).toEqual([]);
    // A conversation of the token's workspace that the person may not see answers like one that does not exist.
    const unseen = { code: "not_found", message: "Conversation not found" };
    expect((await call(client, "post_message", { conversation_id: conv(0), body: "hi" })).error).toEqual(unseen);
    expect((await call(client, "read_messages", { conversation_id: conv(0) })).error).toEqual(unseen);
    expect((await call(client, "read_messages", { conversation_id: randomUUID() })).error).toEqual(unseen);
  });
});

describe("policy rules (admins)", () => {
  const RULES = `rules:
  - slug: hold-everything
    match: {}
    outcome:
      hold: { group: "role:admin", approvals: 1 }
`;

  it("get_policy_rules reads the rules, their history and the approver groups; simulate_policy_rules dry-runs a set and saves nothing", async () => {
    const read = await call(anaRead, "get_policy_rules");
    expect(read).toMatchObject({ isError: false });
    expect(read.data).toMatchObject({ current: null, history: [] });
    expect(read.data.approver_groups.map((g: { slug: string }) => g.slug)).toEqual(["role:admin", "role:member"]);

    await propose("Tuesday at 10?"); // some traffic is not needed: an empty range replays to zeros
    const simulated = await call(anaRead, "simulate_policy_rules", { rules: RULES });
    expect(simulated).toMatchObject({ isError: false, untrusted: true });
    expect(simulated.data).toMatchObject({ days: 30, before: expect.any(Object), after: expect.any(Object) });
    expect(await db().policyRuleSetVersion.count({ where: { workspaceId: world.workspace.id } })).toBe(0);

    const invalid = await call(anaRead, "simulate_policy_rules", { rules: "rules:\n  - slug: x\n" });
    expect(invalid).toMatchObject({ isError: true, error: { code: "invalid_body" } });
    expect(invalid.error!.message).toContain("rules[0] (x).match");
  });

  it("export_contact and export_workspace ask for an admin's exports, which list_exports follows to a link", async () => {
    const asked = await call(ana, "export_contact", { contact_id: world.contacts[0]!.id });
    expect(asked).toMatchObject({ isError: false, data: { status: "queued", subject_type: "contact", download_url: null } });
    await buildExport(asked.data.id);
    const listed = await call(ana, "list_exports", { subject: world.contacts[0]!.id });
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id: asked.data.id, status: "ready" });
    expect(listed.data[0].download_url).toMatch(/^https?:\/\/[^/]+\/api\/exports\/[0-9a-f-]{36}\.\d+\./);
    expect(await call(ana, "export_workspace")).toMatchObject({ isError: false, data: { subject_type: "workspace" } });
    const benClient = await connect(tokens.ben);
    expect(await call(benClient, "export_contact", { contact_id: world.contacts[0]!.id })).toMatchObject({
      isError: true,
      error: { code: "forbidden" },
    });
    expect((await call(benClient, "list_exports")).data).toEqual([]);
  });

  it("refuses a member, whose token reads everything else", async () => {
    const benClient = await connect(tokens.ben);
    expect(await call(benClient, "get_policy_rules")).toMatchObject({ isError: true, error: { code: "forbidden" } });
    expect(await call(benClient, "simulate_policy_rules", { rules: RULES })).toMatchObject({
      isError: true,
      error: { code: "forbidden" },
    });
  });
});
