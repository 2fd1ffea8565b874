// The portal's forms: their values and results. What an action answers is the one FormState of every form
// (components/ui/form-state.ts).

import type { FormState } from "@/components/ui/form-state";
import type { NameWarning } from "@/lib/text/name-warnings";

export { initialFormState, type FormState } from "@/components/ui/form-state";

export type FormAction<Values, Result = undefined> = (
  state: FormState<Values, Result>,
  formData: FormData,
) => Promise<FormState<Values, Result>>;

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
