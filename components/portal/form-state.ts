// What the portal's server actions answer to their forms (useActionState). `n` counts submissions: forms key on
// it so the values a person typed come back after an error (React resets a form once its action finishes).

export interface FormState<Values, Result = undefined> {
  n: number;
  /** A message for the whole form (an error not tied to one field). */
  error?: string;
  fieldErrors?: Partial<Record<keyof Values & string, string>>;
  values?: Values;
  result?: Result;
}

export const initialFormState: FormState<never, never> = { n: 0 };

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
