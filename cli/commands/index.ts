import { agentRequestCommands } from "./agent-request";
import { auditCommands } from "./audit";
import { botCommands } from "./bot";
import type { Command } from "./command";
import { consentCommands } from "./consent";
import { contactCommands } from "./contact";
import { connectionCommands } from "./connection";
import { conversationCommands } from "./conversation";
import { deliveryCommands } from "./delivery";
import { draftCommands } from "./draft";
import { embeddingsCommands } from "./embeddings";
import { exportCommands } from "./export";
import { keyCommands } from "./key";
import { listenCommands } from "./listen";
import { messageCommands } from "./message";
import { personCommands } from "./person";
import { policyCommands } from "./policy";
import { securityCommands } from "./security";
import { seedCommands } from "./seed";
import { tokenCommands } from "./token";
import { workspaceCommands } from "./workspace";

/** Every command by its name: one word (`seed`, `optout`), two (`bot create`) or three (`policy rules export`). */
export const COMMANDS: Record<string, Command> = {
  ...seedCommands,
  ...workspaceCommands,
  ...policyCommands,
  ...personCommands,
  ...contactCommands,
  ...exportCommands,
  ...botCommands,
  ...keyCommands,
  ...conversationCommands,
  ...messageCommands,
  ...draftCommands,
  ...consentCommands,
  ...deliveryCommands,
  ...listenCommands,
  ...embeddingsCommands,
  ...connectionCommands,
  ...agentRequestCommands,
  ...tokenCommands,
  ...securityCommands,
  ...auditCommands,
};

export { JsonLines, UsageError, type Command } from "./command";
