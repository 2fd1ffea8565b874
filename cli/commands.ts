import { createBot } from "@/lib/bots/create-bot";
import { issueApiKey, revokeApiKey } from "@/lib/bots/issue-api-key";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { optIn, optOut } from "@/lib/consent/set-opt-out";
import { createContact } from "@/lib/contacts/create-contact";
import { setDoNotContact } from "@/lib/contacts/set-do-not-contact";
import { authorizeBot, removeBot } from "@/lib/conversations/authorize-bot";
import { blockBot, unblockBot } from "@/lib/conversations/block-bot";
import { createConversation } from "@/lib/conversations/create-conversation";
import { release, takeOver } from "@/lib/conversations/take-over";
import { db } from "@/lib/db/client";
import { approveDraft, rejectDraft } from "@/lib/drafts/approve-draft";
import { listPendingApprovals } from "@/lib/drafts/list-pending-approvals";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { createPerson } from "@/lib/people/create-person";
import { seedWorld } from "@/lib/seed/seed-world";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { setWorkspaceStatus, type WorkspaceStatus } from "@/lib/workspaces/set-workspace-status";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { actorFrom, botByHandle, personByEmail, required, requirePerson, UsageError, wholeNumber, workspaceBySlug } from "./resolve";

// Every command: a name, its flags, a one-line usage, and a function of the parsed arguments that calls the same
// domain functions as the app and returns what to print as JSON.

export interface Args {
  positionals: string[];
  flags: Record<string, string | boolean | string[] | undefined>;
}

type Flag = { type: "string" | "boolean"; multiple?: boolean };
export interface Command {
  usage: string;
  flags: Record<string, Flag>;
  run(args: Args): Promise<unknown>;
}

const str = (args: Args, name: string) => args.flags[name] as string | undefined;
const list = (args: Args, name: string) => (args.flags[name] as string[] | undefined) ?? [];
const S: Flag = { type: "string" };
const M: Flag = { type: "string", multiple: true };
const B: Flag = { type: "boolean" };

export const COMMANDS: Record<string, Command> = {
  seed: {
    usage: "seed --json",
    flags: { "webhook-url": S },
    run: (args) => seedWorld({ webhookUrl: str(args, "webhook-url") ?? null }),
  },

  "workspace create": {
    usage: "workspace create --slug SLUG --name NAME",
    flags: { slug: S, name: S },
    run: async (args) => {
      const ws = await createWorkspace({ slug: required(str(args, "slug"), "--slug"), name: required(str(args, "name"), "--name") });
      return { id: ws.id, slug: ws.slug, name: ws.name, status: ws.status };
    },
  },
  "workspace status": {
    usage: "workspace status SLUG active|restricted|suspended [--as EMAIL]",
    flags: { as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(args.positionals[0]);
      return setWorkspaceStatus(await actorFrom(str(args, "as")), ws.id, required(args.positionals[1], "the status") as WorkspaceStatus);
    },
  },
  "workspace settings": {
    usage: "workspace settings SLUG [--daily-limit N] [--new-bot-threshold N] [--conversation-limit N|off] [--conversation-window-seconds N] [--as EMAIL]",
    flags: { as: S, "daily-limit": S, "new-bot-threshold": S, "conversation-limit": S, "conversation-window-seconds": S },
    run: async (args) => {
      const ws = await workspaceBySlug(args.positionals[0]);
      const limit = str(args, "conversation-limit");
      return updatePolicySettings(await actorFrom(str(args, "as")), ws.id, {
        dailyLimit: wholeNumber(str(args, "daily-limit"), "--daily-limit"),
        newBotThreshold: wholeNumber(str(args, "new-bot-threshold"), "--new-bot-threshold"),
        conversationLimit: limit === "off" ? null : wholeNumber(limit, "--conversation-limit"),
        conversationWindowSeconds: wholeNumber(str(args, "conversation-window-seconds"), "--conversation-window-seconds"),
      });
    },
  },

  "person create": {
    usage: "person create --workspace SLUG --email EMAIL --name NAME --handle HANDLE --password PASSWORD [--role admin|member]",
    flags: { workspace: S, email: S, name: S, handle: S, password: S, role: S },
    run: async (args) => {
      const ws = await workspaceBySlug(str(args, "workspace"));
      const role = str(args, "role") ?? "member";
      if (role !== "admin" && role !== "member") throw new UsageError("--role must be admin or member");
      const user = await createPerson({
        workspaceId: ws.id,
        email: required(str(args, "email"), "--email"),
        name: required(str(args, "name"), "--name"),
        handle: required(str(args, "handle"), "--handle"),
        password: required(str(args, "password"), "--password"),
        role,
      });
      return { id: user.id, email: user.email, handle: user.handle, name: user.name, role };
    },
  },

  "contact create": {
    usage: "contact create --workspace SLUG --name NAME [--email EMAIL] [--sensitivity normal|high] --as EMAIL",
    flags: { workspace: S, name: S, email: S, sensitivity: S, as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(str(args, "workspace"));
      const sensitivity = str(args, "sensitivity") ?? "normal";
      if (sensitivity !== "normal" && sensitivity !== "high") throw new UsageError("--sensitivity must be normal or high");
      const contact = await createContact(await requirePerson(str(args, "as")), { workspaceId: ws.id, name: required(str(args, "name"), "--name"), email: str(args, "email"), sensitivity });
      return { id: contact.id, name: contact.name, email: contact.email, sensitivity: contact.sensitivity };
    },
  },
  "contact dnc": {
    usage: "contact dnc CONTACT_ID on|off --as EMAIL",
    flags: { as: S },
    run: async (args) => {
      const value = args.positionals[1];
      if (value !== "on" && value !== "off") throw new UsageError("say on or off");
      return setDoNotContact(await requirePerson(str(args, "as")), required(args.positionals[0], "CONTACT_ID"), value === "on");
    },
  },

  "bot create": {
    usage: "bot create --workspace SLUG --handle HANDLE --name NAME [--webhook-url URL] [--established] [--as EMAIL] --json",
    flags: { workspace: S, handle: S, name: S, "webhook-url": S, established: B, as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(str(args, "workspace"));
      const established = Boolean(args.flags.established);
      const created = await createBot(await actorFrom(str(args, "as")), {
        workspaceId: ws.id,
        handle: required(str(args, "handle"), "--handle"),
        name: required(str(args, "name"), "--name"),
        webhookUrl: str(args, "webhook-url") ?? null,
        established,
      });
      const { bot } = created;
      return { id: bot.id, handle: bot.handle, name: bot.name, workspace_id: bot.workspaceId, webhook_url: bot.webhookUrl, api_key: created.apiKey, api_key_id: created.apiKeyId, signing_secret: created.signingSecret, established };
    },
  },
  ...Object.fromEntries(
    (["pause", "stop", "resume"] as const).map((verb) => [
      `bot ${verb}`,
      {
        usage: `bot ${verb} HANDLE [--reason TEXT] [--as EMAIL]`,
        flags: { reason: S, as: S },
        run: async (args: Args) => {
          const bot = await botByHandle(args.positionals[0]);
          const status = verb === "pause" ? "paused" : verb === "stop" ? "stopped" : "active";
          return setBotStatus(await actorFrom(str(args, "as")), bot.id, status, str(args, "reason"));
        },
      } satisfies Command,
    ]),
  ),
  ...Object.fromEntries(
    ([["block", blockBot], ["unblock", unblockBot], ["authorize", authorizeBot], ["remove", removeBot]] as const).map(([verb, action]) => [
      `bot ${verb}`,
      {
        usage: `bot ${verb} HANDLE --conversation ID --as EMAIL`,
        flags: { conversation: S, as: S },
        run: async (args: Args) => {
          const bot = await botByHandle(args.positionals[0]);
          const result = await action(await requirePerson(str(args, "as")), required(str(args, "conversation"), "--conversation"), bot.id);
          return "authorization" in result ? { conversation_id: result.authorization.conversationId, bot_id: bot.id, authorized: true, created: result.created } : result;
        },
      } satisfies Command,
    ]),
  ),

  "key create": {
    usage: "key create --bot HANDLE [--name NAME] [--scope memory:sensitive ...] [--as EMAIL]",
    flags: { bot: S, name: S, scope: M, as: S },
    run: async (args) => {
      const bot = await botByHandle(str(args, "bot"));
      return issueApiKey(await actorFrom(str(args, "as")), bot.id, { name: str(args, "name"), scopes: list(args, "scope") });
    },
  },
  "key revoke": {
    usage: "key revoke KEY_ID [--as EMAIL]",
    flags: { as: S },
    run: async (args) => revokeApiKey(await actorFrom(str(args, "as")), required(args.positionals[0], "KEY_ID")),
  },

  "conversation create": {
    usage: "conversation create --workspace SLUG --as EMAIL [--title TITLE] [--contact ID ...] [--person EMAIL ...] [--bot HANDLE ...]",
    flags: { workspace: S, as: S, title: S, contact: M, person: M, bot: M },
    run: async (args) => {
      const ws = await workspaceBySlug(str(args, "workspace"));
      const actor = await requirePerson(str(args, "as"));
      const userIds = await Promise.all(list(args, "person").map(async (email) => (await personByEmail(email)).userId));
      const botIds = await Promise.all(list(args, "bot").map(async (handle) => (await botByHandle(handle)).id));
      const conversation = await createConversation(actor, { workspaceId: ws.id, title: str(args, "title") ?? null, userIds, contactIds: list(args, "contact"), botIds });
      return { id: conversation.id, title: conversation.title, workspace_id: conversation.workspaceId, bot_ids: botIds, contact_ids: list(args, "contact") };
    },
  },
  "conversation takeover": {
    usage: "conversation takeover ID --as EMAIL",
    flags: { as: S },
    run: async (args) => takeOver(await requirePerson(str(args, "as")), required(args.positionals[0], "the conversation ID")),
  },
  "conversation release": {
    usage: "conversation release ID --as EMAIL",
    flags: { as: S },
    run: async (args) => release(await requirePerson(str(args, "as")), required(args.positionals[0], "the conversation ID")),
  },

  "message post": {
    usage: "message post --conversation ID --body TEXT --as EMAIL",
    flags: { conversation: S, body: S, as: S },
    run: async (args) => postPersonMessage(await requirePerson(str(args, "as")), required(str(args, "conversation"), "--conversation"), required(str(args, "body"), "--body")),
  },

  "draft approve": {
    usage: "draft approve ID [--body TEXT] --as EMAIL",
    flags: { body: S, as: S },
    run: async (args) => approveDraft(await requirePerson(str(args, "as")), required(args.positionals[0], "the draft ID"), { body: str(args, "body") }),
  },
  "draft reject": {
    usage: "draft reject ID [--note TEXT] --as EMAIL",
    flags: { note: S, as: S },
    run: async (args) => rejectDraft(await requirePerson(str(args, "as")), required(args.positionals[0], "the draft ID"), str(args, "note")),
  },
  "approvals list": {
    usage: "approvals list --workspace SLUG --as EMAIL",
    flags: { workspace: S, as: S },
    run: async (args) => {
      const ws = await workspaceBySlug(str(args, "workspace"));
      return { data: await listPendingApprovals(await requirePerson(str(args, "as")), ws.id) };
    },
  },

  optout: {
    usage: "optout --conversation ID --as EMAIL [--contact ID] [--everywhere]",
    flags: { conversation: S, as: S, contact: S, everywhere: B },
    run: async (args) =>
      optOut(await requirePerson(str(args, "as")), required(str(args, "conversation"), "--conversation"), { contactId: str(args, "contact"), everywhere: Boolean(args.flags.everywhere) }),
  },
  optin: {
    usage: "optin --conversation ID --as EMAIL [--contact ID]",
    flags: { conversation: S, as: S, contact: S },
    run: async (args) => optIn(await requirePerson(str(args, "as")), required(str(args, "conversation"), "--conversation"), { contactId: str(args, "contact") }),
  },

  "policy decisions": {
    usage: "policy decisions --workspace SLUG [--limit N]",
    flags: { workspace: S, limit: S },
    run: async (args) => {
      const ws = await workspaceBySlug(str(args, "workspace"));
      const rows = await db().policyDecision.findMany({ where: { workspaceId: ws.id }, orderBy: { createdAt: "desc" }, take: wholeNumber(str(args, "limit"), "--limit") ?? 50 });
      return { data: rows.map((r) => ({ id: r.id, bot_id: r.botId, conversation_id: r.conversationId, mode: r.mode, outcome: r.outcome, reasons: r.reasons, excerpt: r.excerpt, created_at: r.createdAt.toISOString() })) };
    },
  },
};
