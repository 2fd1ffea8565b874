import { query, transaction } from "@/lib/db/sql";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { deviceKeyOf, describeDevice } from "./device";
import { SIGN_IN_ALERT_MAX_ATTEMPTS, SIGN_IN_ALERT_TASK } from "./sign-in-alert-task";

// A sign-in's session row (docs/decisions/036-second-factors.md). next-auth's JWT carries its id; lib/auth/session.ts
// refuses a token whose row is missing or revoked. A device the person never signed in from before (its device
// cookie's hash not among their sessions) gets them an e-mail, enqueued in the same transaction as the row.

/** How a session signed in, as recorded on its row and shown on the Security page. */
export type SignInMethod =
  "password" | "password+totp" | "password+recovery_code" | "password+passkey" | "passkey" | `oauth:${string}`;

/** The methods that checked a passkey or an authenticator code: the session starts "strong" (step-up). */
export const STRONG_METHODS: readonly SignInMethod[] = ["password+totp", "password+passkey", "passkey"];

export interface StartSessionInput {
  userId: string;
  method: SignInMethod;
  userAgent: string | null;
  /** The client's address (lib/net/client-address.ts). */
  address: string;
  /** The browser's device cookie (lib/sessions/device.ts). */
  deviceToken: string;
  now?: Date;
}

const SEEN = query("sessions.deviceSeen", {
  text: `SELECT EXISTS (SELECT 1 FROM person_sessions WHERE user_id = $1 AND device_key = $2) AS seen`,
  notNull: ["seen"],
});

const INSERT = query("sessions.insert", {
  text: `INSERT INTO person_sessions (user_id, method, device, device_key, address, created_at, last_seen_at, strong_auth_at)
   VALUES ($1, $2, $3, $4, $5, $6, $6, $7) RETURNING id`,
});

/** Records a sign-in's session; returns its id and whether its device was new (an e-mail was enqueued). */
export async function startSession(input: StartSessionInput): Promise<{ sessionId: string; newDevice: boolean }> {
  const now = input.now ?? new Date();
  const deviceKey = deviceKeyOf(input.deviceToken);
  const strong = STRONG_METHODS.includes(input.method);
  return transaction(async (tx) => {
    const [seen] = await tx.query(SEEN, [input.userId, deviceKey]);
    const [row] = await tx.query(INSERT, [
      input.userId,
      input.method,
      describeDevice(input.userAgent),
      deviceKey,
      input.address.slice(0, 64),
      now,
      strong ? now : null,
    ]);
    const sessionId = row!.id;
    const newDevice = !seen!.seen;
    if (newDevice) {
      await enqueueJob(tx, {
        task: SIGN_IN_ALERT_TASK,
        payload: { session_id: sessionId },
        maxAttempts: SIGN_IN_ALERT_MAX_ATTEMPTS,
        jobKey: `${SIGN_IN_ALERT_TASK}:${sessionId}`,
      });
    }
    return { sessionId, newDevice };
  });
}
