import { saveContactRouting, setContactDoNotContact, setSensitivity } from "@/app/(chat)/chat/_actions/contacts";
import {
  addBot,
  dropBot,
  saveConversationLabels,
  setBotBlocked,
  setTakenOver,
} from "@/app/(chat)/chat/_actions/conversations";
import { decideFact, reviseFact } from "@/app/(chat)/chat/_actions/memory";
import { setConsent } from "@/app/(chat)/chat/_actions/messages";
import type { ContactControlActions } from "@/components/chat/contact-controls";
import type { FactActions } from "@/components/chat/contact-facts";
import type { ConversationActions } from "@/components/chat/conversation-details";

// The chat's server actions bound to what a page shows, for the components that act on several things of it (a
// conversation's bots and contacts, a contact's facts). Components never import actions (docs/decisions/033): the
// page passes them in, each bound to its subject and to the page's path, which the action refreshes and signs in to.

/** The controls of one contact (components/chat/contact-controls.tsx). */
export const contactActions = (contactId: string, path: string): ContactControlActions => ({
  setDoNotContact: (on) => setContactDoNotContact.bind(null, contactId, on, path),
  setSensitivity: (sensitivity) => setSensitivity.bind(null, contactId, sensitivity, path),
});

/** What a person does with the facts of a contact (components/chat/contact-facts.tsx). */
export const factActions = (path: string): FactActions => ({
  decide: (factId, decision) => decideFact.bind(null, factId, decision, path),
  revise: (factId) => reviseFact.bind(null, factId, path),
});

/** The controls beside one conversation, its contacts' included (components/chat/conversation-details.tsx). */
export const conversationActions = (conversationId: string, path: string): ConversationActions => ({
  setTakenOver: (on) => setTakenOver.bind(null, conversationId, on, path),
  setOptedOut: (optedOut) => setConsent.bind(null, conversationId, optedOut, path),
  setBotBlocked: (botId, blocked) => setBotBlocked.bind(null, conversationId, botId, blocked, path),
  dropBot: (botId) => dropBot.bind(null, conversationId, botId, path),
  addBot: addBot.bind(null, conversationId, path),
  contact: (contactId) => contactActions(contactId, path),
  facts: factActions(path),
  setLabels: saveConversationLabels.bind(null, conversationId, path),
  setContactRouting: (contactId) => saveContactRouting.bind(null, contactId, path),
});
