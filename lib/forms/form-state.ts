import type { NameWarning } from "@/lib/text/name-warnings";

// What a server action answers to its form (useActionState), in the chat, settings and the portal alike, and what
// each form's fields are as typed. The actions build these answers in one place (app/_lib/action.ts, `formAction`);
// the components read them. Here, in lib, because both sides import them: components never import app, and the
// builder reads the session, so it cannot live where components may reach. Plain data, no React.

/**
 * One answer to a form. `n` counts submissions: a component tells a fresh answer from the last one, and forms key on
 * it so the values a person typed come back after a refusal (React resets a form once its action finishes).
 */
export interface FormState<Values = Record<string, never>, Result = undefined> {
  n: number;
  /** The refusal in words, for the whole form (or the control that caused it). */
  error?: string;
  /** Refusals beside the fields they are about: the fields a form shows errors beside (`formAction`'s `fields`). */
  fieldErrors?: Partial<Record<keyof Values & string, string>>;
  /** What was typed, given back with every refusal once the form was read (and after a success, where a form says). */
  values?: Values;
  result?: Result;
  /** A short confirmation to announce ("Sent", "Approved"). */
  done?: string;
}

export const initialFormState: FormState<never, never> = { n: 0 };

/** A form's action as its component holds it: bound to what it acts on, called by useActionState. */
export type FormAction<Values, Result = undefined> = (
  state: FormState<Values, Result>,
  formData: FormData,
) => Promise<FormState<Values, Result>>;

/**
 * What a chat control answers (a button, or a small form that keeps its own fields, as the composer and a draft's
 * edit do): its refusal, shown beside it, or a confirmation to announce. Its values are given back like any form's;
 * such a control has no use for them, so they are typed as nothing in particular.
 */
export type ActionState = FormState<unknown>;

export const initialActionState: ActionState = initialFormState;

/** A chat control's action, bound by the page to what it acts on, as a button runs it (ActionButton). */
export type ButtonAction = (state: ActionState) => Promise<ActionState>;

// ---- The chat

/** A contact's details (the contact page, and a new contact). */
export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
}

/** A refused save answers with what was typed, so nothing is lost. */
export type ContactFormState = FormState<ContactFormValues>;

/** A new conversation, as chosen. */
export interface NewConversationValues {
  title: string;
  userIds: string[];
  /** Each with its name, so a refused form shows them again. */
  contacts: { id: string; name: string }[];
  newContactName: string;
  botIds: string[];
}

/** The answer to a refused form: the refusal, and what the person had entered, so nothing they chose is lost. */
export type NewConversationState = FormState<NewConversationValues>;

/** The workspace's policy settings as typed (the action reads them with policySettingsFromForm). */
export interface PolicySettingsValues {
  newBotThreshold: string;
  dailyLimit: string;
  conversationLimit: string;
  conversationWindowSeconds: string;
  approvalReminderMinutes: string;
  ratePerSecond: string;
  rateBurst: string;
  /** The workspace's IANA time zone (issue 33): policy rules' windows read it when a contact's is not known. */
  timeZone: string;
}

/** A refused save answers with what was typed, so nothing is lost. */
export type PolicySettingsState = FormState<PolicySettingsValues>;

/** What policy rules read of a contact, as typed (issue 33): its labels in one text, and its time zone ("": not known). */
/** A workspace's retention of messages as typed: days, or empty to keep every message. */
export interface MessageRetentionValues {
  days: string;
}

/** What cannot be undone (erasing a contact, deleting a workspace): its name, typed again to confirm. */
export interface TypedConfirmValues {
  confirm: string;
}

/** An admin removes a person: their e-mail typed again, and whether what they wrote is erased too. */
export interface RemovePersonValues {
  confirm: string;
  erase: string;
}

/** An admin declines a person's request to be erased, saying why. */
export interface DeclineErasureValues {
  reason: string;
}

export interface ContactRoutingValues {
  labels: string;
  timeZone: string;
}

/** A conversation's labels as typed (issue 33), in one text. */
export interface ConversationLabelsValues {
  labels: string;
}

// ---- Settings

export interface TokenFormValues {
  workspaceId: string;
  name: string;
  write: boolean;
}

export interface CreatedToken {
  token: string;
  name: string;
  prefix: string;
  scopes: string[];
  workspace: { slug: string; name: string };
  /** The MCP client configurations with this token filled in (lib/mcp/client-config.ts). */
  configs: { claudeDesktop: string; streamableHttp: string; claudeCode: string };
}

/** One workspace's notification settings as typed (the action reads them with notificationSettingsFromForm). */
export interface NotificationFormValues {
  channels: string;
  quietStart: string;
  quietEnd: string;
  timeZone: string;
}

export type NotificationFormState = FormState<NotificationFormValues>;

// ---- The developer portal

export interface BotFormValues {
  workspaceId?: string;
  handle?: string;
  name: string;
  webhookUrl: string;
  eventTypes: string[];
}

export interface RegisteredBot {
  botId: string;
  handle: string;
  name: string;
  apiKey: string;
  signingSecret: string;
  /** What was saved but will not work yet: the webhook URL's name (lib/webhooks/validate-webhook-url.ts). */
  warnings: string[];
  /** What the person should know about the name they chose (issue 31): shown right after saving. */
  nameWarnings: NameWarning[];
}

export interface SavedSettings {
  changed: string[];
  /** As RegisteredBot's: said after every save that gives a webhook URL with such a name. */
  warnings: string[];
}

export interface KeyFormValues {
  name: string;
  scopes: string[];
}

export interface IssuedKey {
  key: string;
  name: string;
  prefix: string;
}

export interface RotatedSecret {
  signingSecret: string;
  previousExpiresAt: string | null;
}

export interface PingResult {
  delivery_id: string;
  event_id: string;
  status: "succeeded" | "failed";
  response_status: number | null;
  duration_ms: number;
  error: string | null;
}

export interface ReplayRangeValues {
  from: string;
  to: string;
}

export interface ConnectionFormValues {
  botId: string;
  otherWorkspace: string;
  otherHandle: string;
  typesToOther: string[];
  typesFromOther: string[];
  requiresApproval: boolean;
}

export interface ProposedConnection {
  id: string;
  state: "pending" | "active" | "revoked";
  other: string;
  workspace: string;
}

/** The policy rules editor's fields (issue 33): the rule set as YAML or JSON, and why it changes. */
export interface RulesFormValues {
  rules: string;
  reason: string;
}

/** A named approver group as typed (issue 33): its slug (a new group's; fixed once made), its name, its people's ids. */
export interface ApproverGroupValues {
  slug: string;
  name: string;
  memberIds: string[];
}
