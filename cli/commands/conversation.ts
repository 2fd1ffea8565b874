import { setConversationLabels } from "@/lib/conversations/set-conversation-labels";
import { createConversation } from "@/lib/conversations/create-conversation";
import { release, takeOver } from "@/lib/conversations/take-over";
import { id, list, M, S, str, type Command } from "./command";
import { botByHandle, personByEmail, requirePerson, workspaceBySlug } from "./resolve";

export const conversationCommands: Record<string, Command> = {
  "conversation create": {
    usage: "conversation create --workspace SLUG --as EMAIL [--title TITLE] [--contact ID ...] [--person EMAIL ...] [--bot HANDLE ...]",
    flags: { workspace: S, as: S, title: S, contact: M, person: M, bot: M },
    run: async (args) => {
      const contactIds = list(args, "contact").map((contact) => id(contact, "--contact"));
      const actor = await requirePerson(str(args, "as"));
      const ws = await workspaceBySlug(str(args, "workspace"));
      const userIds = await Promise.all(list(args, "person").map(async (email) => (await personByEmail(email)).userId));
      const botIds = await Promise.all(list(args, "bot").map(async (handle) => (await botByHandle(handle)).id));
      const conversation = await createConversation(actor, { workspaceId: ws.id, title: str(args, "title") ?? null, userIds, contactIds, botIds });
      return {
        id: conversation.id,
        workspace_id: conversation.workspaceId,
        title: conversation.title,
        user_ids: [...new Set([actor.userId, ...userIds])],
        contact_ids: contactIds,
        bot_ids: botIds,
      };
    },
  },
  "conversation takeover": {
    usage: "conversation takeover ID --as EMAIL",
    flags: { as: S },
    run: async (args) => {
      const conversationId = id(args.positionals[0], "the conversation ID");
      return takeOver(await requirePerson(str(args, "as")), conversationId);
    },
  },
  "conversation release": {
    usage: "conversation release ID --as EMAIL",
    flags: { as: S },
    run: async (args) => {
      const conversationId = id(args.positionals[0], "the conversation ID");
      return release(await requirePerson(str(args, "as")), conversationId);
    },
  },
  "conversation labels": {
    usage: "conversation labels ID [--label TEXT]... --as EMAIL",
    flags: { label: M, as: S },
    run: async (args) => {
      const conversationId = id(args.positionals[0], "the conversation ID");
      const labels = list(args, "label").filter((label) => label.trim() !== "");
      return setConversationLabels(await requirePerson(str(args, "as")), { conversationId, labels });
    },
  },
};
