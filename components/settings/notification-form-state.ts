// What the notification settings form's server action answers (FormState of components/ui/form-state.ts).

import type { FormState } from "@/components/ui/form-state";

/** The fields as typed (the action parses them with notificationSettingsFromForm). */
export interface NotificationFormValues {
  channels: string;
  quietStart: string;
  quietEnd: string;
  timeZone: string;
}

export type NotificationFormState = FormState<NotificationFormValues>;
