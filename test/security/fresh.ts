import { randomBytes } from "node:crypto";
import { approveAgentRequest } from "@/lib/agents/approve-agent-request";
import { createAgentRequest } from "@/lib/agents/create-agent-request";
import { proposeConnection } from "@/lib/agents/propose-connection";
import { respondToAgentRequest } from "@/lib/agents/respond-to-agent-request";
import { signToken } from "@/lib/agents/signed-link";
import { storePersonAttachment } from "@/lib/attachments/store-attachment";
import { storeBotAttachment } from "@/lib/attachments/store-bot-attachment";
import { createBot } from "@/lib/bots/create-bot";
import { issueApiKey } from "@/lib/bots/issue-api-key";
import { createContact } from "@/lib/contacts/create-contact";
import { setContactSensitivity } from "@/lib/contacts/set-sensitivity";
import { createConversation } from "@/lib/conversations/create-conversation";
import { db } from "@/lib/db/client";
import { createDraft } from "@/lib/drafts/create-draft";
import { confirmFact } from "@/lib/memory/decide-fact";
import { proposeFact } from "@/lib/memory/propose-fact";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { sendMessage } from "@/lib/messages/send-message";
import { person, systemActor } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { askForErasure } from "@/lib/privacy/erasure-requests";
import { createPersonalToken } from "@/lib/tokens/create-token";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { buildExport } from "@/lib/privacy/build-export";
import { listExports, requestExport } from "@/lib/privacy/request-export";
import { HOOK, oauthGrant, passkeyOf, pushDevice, sessionOf, type Person, type World } from "./world";

// The callers' own things, made fresh for each positive control that changes what it acts on (approving a draft
// uses it up), through the product's functions. A control proves its door is called right: the refusals beside it
// are refusals of the object, not of a mistyped call.

const hex = () => randomBytes(3).toString("hex");
const file = (text: string) => ({ name: `${text}.txt`, type: "text/plain", bytes: new TextEncoder().encode(text) });

export function freshOf(w: World) {
  const o = w.own; // filled by buildWorld before any of these runs
  const emails = new Map<string, string>();
  const fresh = {
    /** A conversation of A with Ben and Mia, Carla, and the helper and scheduler bots. */
    conversation: async () =>
      (
        await createConversation(o.ana.actor, {
          workspaceId: o.workspace.id,
          title: "Fresh",
          userIds: [o.ben.id, o.mia.id],
          contactIds: [o.carla],
          botIds: [o.helper.id, o.sched.id],
        })
      ).id,
    message: async () =>
      (await postPersonMessage(o.ben.actor, { conversationId: o.visible, body: "A fresh message" })).message.id,
    card: async () => {
      const sent = await sendMessage(o.helper.principal, {
        conversationId: o.visible,
        input: {
          body: "A card",
          blocks: [
            {
              type: "approval_card",
              title: "Go?",
              fields: [],
              actions: [{ key: "ok", label: "OK", style: "primary" }],
            },
            { type: "status_block", title: "Progress", state: "working" },
          ],
        },
      });
      if (sent.status !== "sent") throw new Error("the helper's card was not sent");
      return sent.message.id as string;
    },
    draft: async () =>
      (await createDraft(o.helper.principal, { conversationId: o.visible, input: { body: "A fresh draft" } })).id,
    held: async () => {
      const sent = await sendMessage(o.sched.principal, {
        conversationId: o.visible,
        input: { body: "A fresh held message", blocks: undefined },
      });
      if (sent.status !== "pending_approval") throw new Error("the new bot's message was not held");
      return sent.approvalId as string;
    },
    contact: async () => (await createContact(o.ana.actor, { workspaceId: o.workspace.id, name: `Fresh ${hex()}` })).id,
    sensitiveContact: async () => {
      const id = await fresh.contact();
      await setContactSensitivity(o.ana.actor, { contactId: id, sensitivity: "high" });
      return id;
    },
    fact: async () =>
      (
        await proposeFact(o.helper.principal, {
          contactId: o.carla,
          input: {
            key: `notes.n${hex()}`,
            fact: "A fresh candidate",
            source_message_id: o.visibleMessage,
          },
        })
      ).id,
    confirmedFact: async () => {
      const id = await fresh.fact();
      await confirmFact(o.ana.actor, { factId: id });
      return id;
    },
    /** The helper asks ops over A's connection that needs approval: waiting for an admin of A. */
    pendingRequest: async () =>
      (
        await createAgentRequest(o.helper.principal, {
          input: { to: o.ops.handle, type: "info", question: "Fresh question?" },
        })
      ).id,
    /** Ops asks the helper, approved: the helper's to answer. */
    requestToHelper: async () => {
      const asked = await createAgentRequest(o.ops.principal, {
        input: {
          to: o.helper.handle,
          type: "info",
          question: "For you?",
        },
      });
      await approveAgentRequest(o.ana.actor, { requestId: asked.id });
      return asked.id;
    },
    /** A ready export of the person's own data in their workspace, and its download link's token. */
    exportLink: async (p: Person) => {
      const workspaceId = p.id === w.foreign.bea.id ? w.foreign.workspace.id : o.workspace.id;
      const asked = await requestExport(p.actor, { workspaceId, subjectType: "person", subjectId: p.id });
      await buildExport(asked.id);
      const [ready] = await listExports(p.actor, { workspaceId, exportId: asked.id });
      return ready!.download_path!.split("/").at(-1)!;
    },
    /** A valid link the helper holds: ops answered its request with a file. */
    signedLink: async () => {
      const asked = await createAgentRequest(o.helper.principal, {
        input: { to: o.ops.handle, type: "info", question: "File?" },
      });
      await approveAgentRequest(o.ana.actor, { requestId: asked.id });
      const upload = await storeBotAttachment(o.ops.principal, file("answer"));
      await respondToAgentRequest(o.ops.principal, {
        requestId: asked.id,
        input: { body: "Here", attachment_id: upload.id },
      });
      const row = await db().agentRequest.findUniqueOrThrow({ where: { id: asked.id } });
      return signToken(upload.id, new Date(row.answeredAt!.getTime() + 24 * 3_600_000));
    },
    /** A file posted in V by Ben. */
    attachment: async () => {
      const upload = await storePersonAttachment(o.ben.actor, { conversationId: o.visible, file: file("posted") });
      await postPersonMessage(o.ben.actor, { conversationId: o.visible, body: "", attachmentIds: [upload.id] });
      return upload.id;
    },
    /** A file `who` uploaded in V, not posted yet. */
    upload: async (who: Person = o.ben) =>
      (await storePersonAttachment(who.actor, { conversationId: o.visible, file: file("upload") })).id,
    botUpload: async () => (await storeBotAttachment(o.helper.principal, file("bot-upload"))).id,
    /** A bot of A registered by the operator (so only A's admins manage it). */
    bot: async () =>
      (
        await createBot(systemActor, {
          workspaceId: o.workspace.id,
          handle: `fresh-${hex()}`,
          name: "Fresh bot",
          established: true,
          webhookUrl: HOOK,
        })
      ).bot.id,
    apiKey: async () => (await issueApiKey(systemActor, { botId: await fresh.bot(), name: "fresh" })).id,
    delivery: async () => (await db().webhookDelivery.findFirstOrThrow({ where: { botId: o.ops.id } })).id,
    /** A browser of `who`'s with notifications on: its endpoint. */
    pushEndpoint: (who: Person) => pushDevice(who, `fresh-${hex()}`),
    token: async (who: Person) =>
      (await createPersonalToken(who.actor, { workspaceId: o.workspace.id, name: "fresh", scopes: [] })).id,
    grant: (who: Person) => oauthGrant(who, o.workspace.id),
    passkey: (who: Person) => passkeyOf(who),
    session: (who: Person) => sessionOf(who),
    /** B's admin proposes a fresh bot of B to A's helper: waiting for an admin of A. */
    crossProposal: async () => {
      const f = w.foreign;
      const bot = await createBot(systemActor, {
        workspaceId: f.workspace.id,
        handle: `bfresh-${hex()}`,
        name: "B fresh bot",
        established: true,
      });
      return (
        await proposeConnection(f.liaison.actor, {
          botId: bot.bot.id,
          otherWorkspace: o.workspace.slug,
          otherHandle: o.helper.handle,
          typesToOther: ["info"],
          typesFromOther: [],
          requiresApproval: false,
        })
      ).id;
    },
    /** A live connection inside A between two fresh bots. */
    liveConnection: async () => {
      const [one, two] = [await fresh.bot(), await fresh.bot()];
      const other = await db().bot.findUniqueOrThrow({ where: { id: two } });
      return (
        await proposeConnection(o.ana.actor, {
          botId: one,
          otherWorkspace: o.workspace.slug,
          otherHandle: other.handle,
          typesToOther: ["info"],
          typesFromOther: [],
          requiresApproval: false,
        })
      ).id;
    },
    /** A new member of A (a removal uses one up); `emailOf` gives their e-mail, which confirms it. */
    member: async () => {
      const tag = hex();
      const created = await createPerson({
        email: `fresh.${tag}@example.org`,
        name: `Fresh ${tag}`,
        handle: `fresh.${tag}`,
        password: "correct horse battery",
        workspaceId: o.workspace.id,
      });
      emails.set(created.id, created.email);
      return created.id;
    },
    /** A new member of A who asked to be erased: the request's id (`emailOf` it gives their e-mail). */
    erasureRequest: async () => {
      const userId = await fresh.member();
      const asked = await askForErasure(person(userId, "web"), o.workspace.id);
      emails.set(asked.id, emails.get(userId)!);
      return asked.id;
    },
    /** A workspace of its own with Ana as its admin and Ben a member (deleting one uses it up). */
    workspace: async () => {
      const created = await createWorkspace({ slug: `fresh-${hex()}`, name: "Fresh workspace" });
      await db().membership.createMany({
        data: [
          { workspaceId: created.id, userId: o.ana.id, role: "admin" },
          { workspaceId: created.id, userId: o.ben.id, role: "member" },
        ],
      });
      return created.id;
    },
    /** The e-mail of a fresh member, by their id or their request's; any other id: an e-mail of nobody. */
    emailOf: (id: string) => emails.get(id) ?? "nobody@example.org",
  };
  return fresh;
}

export type Fresh = ReturnType<typeof freshOf>;
