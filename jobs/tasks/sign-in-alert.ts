import type { Task } from "graphile-worker";
import { sendSignInAlert } from "@/lib/sessions/sign-in-alert";

/** graphile-worker task `sign_in_alert`: e-mails a person about a sign-in from a new device; retried on failure. */
export const signInAlertTask: Task = async (payload) => {
  await sendSignInAlert(String((payload as { session_id: unknown }).session_id));
};
