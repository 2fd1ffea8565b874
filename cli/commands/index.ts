import { botCommands } from "./bot";
import type { Command } from "./command";
import { consentCommands } from "./consent";
import { contactCommands } from "./contact";
import { conversationCommands } from "./conversation";
import { deliveryCommands } from "./delivery";
import { draftCommands } from "./draft";
import { keyCommands } from "./key";
import { messageCommands } from "./message";
import { personCommands } from "./person";
import { seedCommands } from "./seed";
import { workspaceCommands } from "./workspace";

/** Every command by its name: one word (`seed`, `optout`) or two (`bot create`). */
export const COMMANDS: Record<string, Command> = {
  ...seedCommands,
  ...workspaceCommands,
  ...personCommands,
  ...contactCommands,
  ...botCommands,
  ...keyCommands,
  ...conversationCommands,
  ...messageCommands,
  ...draftCommands,
  ...consentCommands,
  ...deliveryCommands,
};

export { UsageError, type Command } from "./command";
