import * as chatMessages from "@/app/(chat)/chat/_actions/messages";
import * as chatConversations from "@/app/(chat)/chat/_actions/conversations";
import * as chatContacts from "@/app/(chat)/chat/_actions/contacts";
import * as chatAdmin from "@/app/(chat)/chat/_actions/admin";
import * as chatMemory from "@/app/(chat)/chat/_actions/memory";
import * as chatAgentRequests from "@/app/(chat)/chat/_actions/agent-requests";
import * as chatRules from "@/app/(chat)/chat/_actions/rules";
import * as chatTour from "@/app/(chat)/chat/_actions/tour";
import { db } from "@/lib/db/client";
import { approvalContentDigest } from "@/lib/drafts/content-digest";
import { isUuid } from "@/lib/ids";
import { systemActor } from "@/lib/people/actor";
import { saveApproverGroup } from "@/lib/policy/rule-sets/save-approver-group";
import { saveRuleSet } from "@/lib/policy/rule-sets/save-rule-set";
import {
  hex,
  judgedRedirect,
  PEOPLE,
  personOf,
  type ActionKit,
  type Answer,
  type Door,
  type DoorContext,
} from "./door";
import { settingsPortalActionDoors } from "./settings-portal-actions";
import type { Kind, Viewer } from "../world";

// The server actions' doors: how one is made and called (as Ben, a member of A, or Ana, its admin, signed in), and
// every export of the chat's action modules; the settings' and the portal's are in settings-portal-actions.ts. An
// action's refusal is its form error (or, for the two that answer a list or nothing, an empty answer); a redirect is
// a success, its target judged. What a person may not see answers like what does not exist (OUT_OF_SIGHT_IS_NOTHING).

/** The chat's action modules, by area; `chat.x` is any chat action, wherever it lives. */
const CHAT_ACTIONS: Record<string, Record<string, unknown>> = {
  messages: chatMessages,
  conversations: chatConversations,
  contacts: chatContacts,
  admin: chatAdmin,
  memory: chatMemory,
  "agent-requests": chatAgentRequests,
  rules: chatRules,
  tour: chatTour,
};
const chat = Object.assign({}, ...Object.values(CHAT_ACTIONS)) as typeof chatMessages &
  typeof chatConversations &
  typeof chatContacts &
  typeof chatAdmin &
  typeof chatMemory &
  typeof chatAgentRequests &
  typeof chatRules &
  typeof chatTour;
/** The file of a chat action (its door's key). */
function chatActionFile(name: string): string {
  const area = Object.entries(CHAT_ACTIONS).find(([, module]) => name in module)?.[0];
  if (!area) throw new Error(`no chat action ${name}`);
  return `app/(chat)/chat/_actions/${area}.ts`;
}

/** How an action's door is made and called: for the chat's actions (below) and the settings' and the portal's. */
export function actionDoors(context: DoorContext): Door[] {
  const { w, fresh, signIn } = context;
  const o = w.own;
  const action = async (caller: Viewer, run: () => Promise<unknown>): Promise<Answer> => {
    signIn(personOf(w, caller));
    try {
      const value = (await run()) as { error?: string; fieldErrors?: Record<string, string> } | undefined;
      const fieldErrors = value?.fieldErrors && Object.keys(value.fieldErrors).length ? value.fieldErrors : undefined;
      const message = value?.error ?? (fieldErrors ? Object.values(fieldErrors).join("; ") : undefined);
      return { ok: message === undefined, message, text: JSON.stringify(value ?? null) };
    } catch (error) {
      // A redirect is how addContact and startConversation answer a success.
      const digest = (error as { digest?: string }).digest;
      if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT"))
        return { ok: true, text: judgedRedirect(digest) };
      throw error;
    }
  };
  const form = (fields: Record<string, string | string[]>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(name, one);
    return data;
  };
  const s0 = { n: 0 };
  const CHAT = "app/(chat)/chat/_actions";
  /** What the People page's doors act on besides the probed id (made by their slots' `prepare` and controls). */
  const target = { member: "", request: "" };
  const act: ActionKit["act"] = (file, name, slots, options = {}) => ({
    key: `${file === CHAT ? chatActionFile(name) : file}#${name}`,
    variant: options.variant,
    surface: "action",
    callers: PEOPLE,
    adminOnly: options.adminOnly,
    slots: slots.map((slot) => ({
      kind: slot.kind,
      as: slot.as,
      own: slot.own,
      prepare: slot.prepare,
      // What a person may not see answers like what does not exist (lib/people/access.ts): a conversation or a
      // contact, and what is reached through one (a draft, a card, a file, a fact).
      same: OUT_OF_SIGHT_IS_NOTHING.has(slot.kind),
      call: (caller, id) => action(caller, () => slot.run(id)),
    })),
  });
  const OUT_OF_SIGHT_IS_NOTHING = new Set<Kind>([
    "conversation",
    "contact",
    "draft",
    "held",
    "card",
    "fact",
    "confirmedFact",
    "attachment",
  ]);
  const path = "/chat/probe";
  const visible = async () => o.visible;
  const anyPolicy = {
    newBotThreshold: "50",
    dailyLimit: "1000",
    conversationLimit: "",
    conversationWindowSeconds: "3600",
    approvalReminderMinutes: "60",
    // Issue 31: the request rate is one of the settings; generous, so the matrix's own bots are never deferred.
    ratePerSecond: "1000",
    rateBurst: "1000",
    // Issue 33: the workspace's time zone is one of the form's fields.
    timeZone: "UTC",
  };

  return [
    act(CHAT, "sendMessage", [
      {
        kind: "conversation",
        as: "conversationId",
        own: visible,
        run: (id) => chat.sendMessage(id, path, s0, form({ body: "Probe" })),
      },
      {
        kind: "attachment",
        as: "formData attachmentId",
        own: () => fresh.upload(),
        run: (id) => chat.sendMessage(o.visible, path, s0, form({ body: "Probe", attachmentId: id })),
      },
    ]),
    act(CHAT, "setConsent", [
      {
        kind: "conversation",
        as: "conversationId",
        own: fresh.conversation,
        run: (id) => chat.setConsent(id, true, path, s0),
      },
    ]),
    act(CHAT, "approve", [
      { kind: "draft", as: "draftId", own: fresh.draft, run: (id) => chat.approve(id, path, s0, form({})) },
      {
        kind: "held",
        as: "draftId",
        own: fresh.held,
        run: (id) => chat.approve(id, path, s0, form({ body: "Edited", original: "x" })),
      },
    ]),
    // A passkey's options for approving an item as seen: the digest given is the item's own (read here), so a foreign
    // item is refused for who it is, not for a wrong digest.
    act(CHAT, "approvalPasskey", [
      { kind: "draft", as: "draftId", own: fresh.draft, run: async (id) => chat.approvalPasskey(id, await seenOf(id), null) },
      {
        kind: "held",
        as: "draftId",
        own: fresh.held,
        run: async (id) => chat.approvalPasskey(id, await seenOf(id), "Edited"),
      },
    ]),
    act(CHAT, "reject", [
      { kind: "draft", as: "draftId", own: fresh.draft, run: (id) => chat.reject(id, path, s0, form({ note: "no" })) },
      { kind: "held", as: "draftId", own: fresh.held, run: (id) => chat.reject(id, path, s0, form({})) },
    ]),
    act(CHAT, "answerCard", [
      {
        kind: "card",
        as: "messageId",
        own: fresh.card,
        run: (id) => chat.answerCard(id, path, s0, form({ actionKey: "ok" })),
      },
    ]),
    act(CHAT, "setTakenOver", [
      {
        kind: "conversation",
        as: "conversationId",
        own: fresh.conversation,
        run: (id) => chat.setTakenOver(id, true, path, s0),
      },
    ]),
    act(CHAT, "setContactDoNotContact", [
      {
        kind: "contact",
        as: "contactId",
        own: fresh.contact,
        run: (id) => chat.setContactDoNotContact(id, true, path, s0),
      },
    ]),
    act(CHAT, "saveContact", [
      {
        kind: "contact",
        as: "contactId",
        own: fresh.contact,
        run: (id) => chat.saveContact(id, path, { n: 0 }, form({ name: "Probe Name", email: "", phone: "" })),
      },
    ]),
    act(
      CHAT,
      "saveContactRouting",
      [
        {
          kind: "contact",
          as: "contactId",
          own: fresh.contact,
          run: (id) =>
            chat.saveContactRouting(id, path, { n: 0 }, form({ labels: "vip, probe", timeZone: "Europe/Berlin" })),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "eraseContactForm",
      [
        {
          kind: "contact",
          as: "contactId",
          own: fresh.contact,
          // The name of a contact of the caller's workspace, as its admin types it (a refusal is then the door's, not
          // a mismatched name's); another workspace's name is not the caller's to know, nor to be echoed back.
          run: async (id) => {
            const contact = await db().contact.findUnique({ where: { id }, select: { name: true, workspaceId: true } });
            const confirm = contact?.workspaceId === o.workspace.id ? contact.name : "Someone";
            return chat.eraseContactForm(id, "probe", { n: 0 }, form({ confirm }));
          },
        },
      ],
      { adminOnly: true },
    ),
    act(CHAT, "addContact", [
      {
        kind: "workspace",
        as: "workspaceId",
        own: async () => o.workspace.id,
        run: (id) => chat.addContact(id, "probe", { n: 0 }, form({ name: `Probe ${hex(2)}`, email: "", phone: "" })),
      },
    ]),
    act(
      CHAT,
      "setSensitivity",
      [
        {
          kind: "contact",
          as: "contactId",
          own: fresh.contact,
          run: (id) => chat.setSensitivity(id, "high", path, s0),
        },
      ],
      { variant: "high" },
    ),
    act(
      CHAT,
      "setSensitivity",
      [
        {
          kind: "contact",
          as: "contactId",
          own: fresh.sensitiveContact,
          run: (id) => chat.setSensitivity(id, "normal", path, s0),
        },
      ],
      { variant: "normal", adminOnly: true },
    ),
    act(CHAT, "setBotBlocked", [
      {
        kind: "conversation",
        as: "conversationId",
        own: fresh.conversation,
        run: (id) => chat.setBotBlocked(id, o.helper.id, true, path, s0),
      },
      {
        kind: "bot",
        as: "botId",
        own: async () => o.helper.id,
        run: (id) => chat.setBotBlocked(o.visible, id, true, path, s0),
      },
    ]),
    act(
      CHAT,
      "saveConversationLabels",
      [
        {
          kind: "conversation",
          as: "conversationId",
          own: fresh.conversation,
          run: (id) => chat.saveConversationLabels(id, path, { n: 0 }, form({ labels: "legal, probe" })),
        },
      ],
      { adminOnly: true },
    ),
    act(CHAT, "addBot", [
      {
        kind: "conversation",
        as: "conversationId",
        own: fresh.conversation,
        run: (id) => chat.addBot(id, path, s0, form({ botId: o.ops.id })),
      },
      {
        kind: "bot",
        as: "formData botId",
        own: async () => o.ops.id,
        run: (id) => chat.addBot(o.visible, path, s0, form({ botId: id })),
      },
    ]),
    act(CHAT, "dropBot", [
      {
        kind: "conversation",
        as: "conversationId",
        own: fresh.conversation,
        run: (id) => chat.dropBot(id, o.helper.id, path, s0),
      },
      { kind: "bot", as: "botId", own: async () => o.sched.id, run: (id) => chat.dropBot(o.visible, id, path, s0) },
    ]),
    act(
      CHAT,
      "changeBotStatus",
      [
        {
          kind: "bot",
          as: "botId",
          own: fresh.bot,
          run: (id) => chat.changeBotStatus(id, "paused", path, s0, form({ reason: "probe" })),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "exportWorkspace",
      [
        {
          kind: "workspace",
          as: "workspaceId",
          own: async () => o.workspace.id,
          run: (id) => chat.exportWorkspace(id, path, s0),
        },
      ],
      { adminOnly: true },
    ),
    // The People page (issue 38): removing a person, and answering a request to be erased. Each control uses up a
    // fresh member of A; another workspace's person or request, or a random one, is refused before anything changes.
    act(
      CHAT,
      "removePersonForm",
      [
        {
          kind: "workspace",
          as: "workspaceId",
          // The person removed: made before the probes (a probe writes nothing), a new one for each control.
          prepare: async () => (target.member = await fresh.member()),
          own: async () => {
            target.member = await fresh.member();
            return o.workspace.id;
          },
          run: (id) =>
            chat.removePersonForm(id, target.member, path, s0, form({ confirm: fresh.emailOf(target.member) })),
        },
        {
          kind: "person",
          as: "userId",
          own: fresh.member,
          run: (id) => chat.removePersonForm(o.workspace.id, id, path, s0, form({ confirm: fresh.emailOf(id), erase: "on" })),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "deleteWorkspaceForm",
      [
        {
          kind: "workspace",
          as: "workspaceId",
          own: fresh.workspace,
          run: async (id) => {
            const slug = (await db().workspace.findUnique({ where: { id }, select: { slug: true } }))?.slug;
            return chat.deleteWorkspaceForm(id, path, s0, form({ confirm: slug ?? "nowhere" }));
          },
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "confirmErasureForm",
      [
        {
          kind: "erasureRequest",
          as: "requestId",
          own: fresh.erasureRequest,
          run: (id) => chat.confirmErasureForm(o.workspace.id, id, path, s0, form({ confirm: fresh.emailOf(id) })),
        },
        {
          kind: "workspace",
          as: "workspaceId",
          prepare: async () => (target.request = await fresh.erasureRequest()),
          own: async () => {
            target.request = await fresh.erasureRequest();
            return o.workspace.id;
          },
          run: (id) =>
            chat.confirmErasureForm(id, target.request, path, s0, form({ confirm: fresh.emailOf(target.request) })),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "declineErasureForm",
      [
        {
          kind: "erasureRequest",
          as: "requestId",
          own: fresh.erasureRequest,
          run: (id) => chat.declineErasureForm(o.workspace.id, id, path, s0, form({ reason: "Probe" })),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "saveMessageRetention",
      [
        {
          kind: "workspace",
          as: "workspaceId",
          own: async () => o.workspace.id,
          run: (id) => chat.saveMessageRetention(id, path, s0, form({ days: "" })),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "exportContact",
      [
        {
          kind: "contact",
          as: "contactId",
          own: fresh.contact,
          run: (id) => chat.exportContact(id, o.workspace.id, path, s0),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "savePolicySettings",
      [
        {
          kind: "workspace",
          as: "workspaceId",
          own: async () => o.workspace.id,
          run: (id) => chat.savePolicySettings(id, path, { n: 0 }, form(anyPolicy)),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "saveTwoFactor",
      [
        {
          kind: "workspace",
          as: "workspaceId",
          own: async () => o.workspace.id,
          // "off": the admins of the matrix have no second factor, and requiring one without is refused.
          run: (id) => chat.saveTwoFactor(id, path, { n: 0 }, form({ twoFactor: "off" })),
        },
      ],
      { adminOnly: true },
    ),
    ...(["previewRules", "saveRules"] as const).map((name) =>
      act(
        CHAT,
        name,
        [
          {
            kind: "workspace",
            as: "workspaceId",
            own: async () => o.workspace.id,
            run: (id) => chat[name](id, path, { n: 0 }, form({ rules: "rules: []", reason: "Probe" })),
          },
        ],
        { adminOnly: true },
      ),
    ),
    act(
      CHAT,
      "restoreRules",
      [
        {
          kind: "workspace",
          as: "workspaceId",
          // Version 1 exists once the workspace has saved rules (as the operator, beside the matrix's callers).
          own: async () => {
            await saveRuleSet(systemActor, { workspaceId: o.workspace.id, rules: { rules: [] }, reason: "door" });
            return o.workspace.id;
          },
          run: (id) => chat.restoreRules(id, 1, path, { n: 0 }, form({ reason: "Probe" })),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "createApproverGroup",
      [
        {
          kind: "workspace",
          as: "workspaceId",
          own: async () => o.workspace.id,
          run: (id) =>
            chat.createApproverGroup(
              id,
              path,
              { n: 0 },
              form({ slug: `probe-${hex(3)}`, name: "Probe", memberIds: [] }),
            ),
        },
        {
          kind: "person",
          as: "formData memberIds",
          own: async () => o.mia.id,
          run: (id) =>
            chat.createApproverGroup(
              o.workspace.id,
              path,
              { n: 0 },
              form({ slug: `probe-${hex(3)}`, name: "Probe", memberIds: [id] }),
            ),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "editApproverGroup",
      [
        {
          kind: "workspace",
          as: "workspaceId",
          // The group exists once the operator made it (beside the matrix's callers).
          own: async () => {
            await saveApproverGroup(systemActor, {
              workspaceId: o.workspace.id,
              slug: "door",
              name: "Door",
              memberIds: [],
            });
            return o.workspace.id;
          },
          run: (id) => chat.editApproverGroup(id, "door", path, { n: 0 }, form({ name: "Probe", memberIds: [] })),
        },
        {
          kind: "person",
          as: "formData memberIds",
          own: async () => {
            await saveApproverGroup(systemActor, {
              workspaceId: o.workspace.id,
              slug: "door",
              name: "Door",
              memberIds: [],
            });
            return o.mia.id;
          },
          run: (id) =>
            chat.editApproverGroup(o.workspace.id, "door", path, { n: 0 }, form({ name: "Probe", memberIds: [id] })),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "removeApproverGroup",
      [
        {
          kind: "workspace",
          as: "workspaceId",
          // A group no rule names, made afresh by the operator (a delete uses it up).
          own: async () => {
            await saveApproverGroup(systemActor, {
              workspaceId: o.workspace.id,
              slug: "gone",
              name: "Gone",
              memberIds: [],
            });
            return o.workspace.id;
          },
          run: (id) => chat.removeApproverGroup(id, "gone", path, s0),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "decideFact",
      [{ kind: "fact", as: "factId", own: fresh.fact, run: (id) => chat.decideFact(id, "confirm", path, s0) }],
      { variant: "confirm" },
    ),
    act(
      CHAT,
      "decideFact",
      [{ kind: "fact", as: "factId", own: fresh.fact, run: (id) => chat.decideFact(id, "reject", path, s0) }],
      { variant: "reject" },
    ),
    act(
      CHAT,
      "decideFact",
      [
        {
          kind: "confirmedFact",
          as: "factId",
          own: fresh.confirmedFact,
          run: (id) => chat.decideFact(id, "retire", path, s0),
        },
      ],
      { variant: "retire" },
    ),
    act(CHAT, "reviseFact", [
      {
        kind: "confirmedFact",
        as: "factId",
        own: fresh.confirmedFact,
        run: (id) => chat.reviseFact(id, path, s0, form({ fact: "Revised" })),
      },
    ]),
    act(
      CHAT,
      "decideAgentRequest",
      [
        {
          kind: "agentRequest",
          as: "requestId",
          own: fresh.pendingRequest,
          run: (id) => chat.decideAgentRequest(id, true, path, s0),
        },
      ],
      { variant: "approve", adminOnly: true },
    ),
    act(
      CHAT,
      "decideAgentRequest",
      [
        {
          kind: "agentRequest",
          as: "requestId",
          own: fresh.pendingRequest,
          run: (id) => chat.decideAgentRequest(id, false, path, s0),
        },
      ],
      { variant: "decline", adminOnly: true },
    ),
    {
      // Takes no id: a passkey ceremony's options for the caller's own passkeys (step-up), or why there are none.
      key: `${CHAT}/messages.ts#stepUpOptions`,
      surface: "action",
      callers: PEOPLE,
      slots: [],
      lists: [(caller) => action(caller, () => chat.stepUpOptions())],
    },
    {
      // Takes no id: it hides the demo's tour for the caller, and for no one else.
      key: `${CHAT}/tour.ts#dismissTour`,
      surface: "action",
      callers: PEOPLE,
      slots: [],
      lists: [(caller) => action(caller, () => chat.dismissTour(path, s0, form({})))],
    },
    {
      // Answers nothing either way: a read marker written or not is the whole of it.
      ...act(CHAT, "markRead", []),
      slots: [
        {
          kind: "conversation",
          as: "conversationId",
          own: fresh.conversation,
          call: async (caller, id) => {
            const answer = await action(caller, () => chat.markRead(id, 1));
            const { db } = await import("@/lib/db/client");
            const read = await db().conversationRead.findFirst({
              where: { conversationId: id, userId: personOf(w, caller).id },
            });
            return { ...answer, ok: read !== null };
          },
        },
      ],
    },
    {
      // Answers the matches, or nothing for a refusal.
      ...act(CHAT, "findContactsToAdd", []),
      slots: [
        {
          kind: "workspace",
          as: "workspaceId",
          own: async () => o.workspace.id,
          call: async (caller, id) => {
            const answer = await action(caller, () => chat.findContactsToAdd(id, ""));
            return { ...answer, ok: answer.text !== "[]" };
          },
        },
      ],
    },
    act(CHAT, "startConversation", [
      {
        kind: "workspace",
        as: "workspaceId",
        own: async () => o.workspace.id,
        run: (id) => chat.startConversation(id, "probe", { n: 0 }, form({ title: "Probe" })),
      },
      {
        kind: "person",
        as: "formData userId",
        own: async () => o.mia.id,
        run: (id) => chat.startConversation(o.workspace.id, "probe", { n: 0 }, form({ title: "Probe", userId: id })),
      },
      {
        kind: "contact",
        as: "formData contactId",
        own: async () => o.carla,
        run: (id) =>
          chat.startConversation(
            o.workspace.id,
            "probe",
            { n: 0 },
            form({ title: "Probe", contactId: id, contactName: "x" }),
          ),
      },
      {
        kind: "bot",
        as: "formData botId",
        own: async () => o.helper.id,
        run: (id) => chat.startConversation(o.workspace.id, "probe", { n: 0 }, form({ title: "Probe", botId: id })),
      },
    ]),
    ...settingsPortalActionDoors(context, { action, act, form }),
  ];
}

/** An item's content digest as its card is given it; a made-up one for an id that names no item. */
async function seenOf(id: string): Promise<string> {
  const draft = isUuid(id) ? await db().draft.findUnique({ where: { id } }) : null;
  if (!draft) return "0".repeat(64);
  return approvalContentDigest({
    id: draft.id,
    conversationId: draft.conversationId,
    body: draft.body,
    blocks: draft.blocks,
    ruleSetVersion: draft.ruleSetVersion,
  });
}
