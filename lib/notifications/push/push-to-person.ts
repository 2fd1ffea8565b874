// The seam between the notification core and the Web Push channel (issue 18). The core decides who is told what and
// when; this sends one coalesced notification to every device a person subscribed, and forgets the devices the push
// service no longer knows (404/410). Built on its own branch; this signature is the contract both sides build on.

export interface PushPayload {
  /** The notification's title, e.g. "Ticket Bot waits for your approval". */
  title: string;
  /** One or two lines: what waits, and how many more. */
  body: string;
  /** A path inside the app that opens the exact approval, e.g. `/chat/<conversationId>?approval=<draftId>`. */
  url: string;
  /** Notifications with the same tag replace each other on a device (one per workspace and kind, say). */
  tag: string;
}

export interface PushOutcome {
  /** Devices the push service accepted the message for. */
  sent: number;
  /** Subscriptions removed because the push service answered 404 or 410. */
  removed: number;
}

export async function pushToPerson(userId: string, payload: PushPayload): Promise<PushOutcome> {
  void userId;
  void payload;
  throw new Error("Web Push is not built yet (issue 18)");
}
