import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { env } from "@/lib/env";
import { sendMessage } from "@/lib/messages/send-message";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { after, runDeliveries, runFanOuts } from "@/test/notifications";
import { captureLog } from "@/test/log-lines";
import { OUTBOX_PATH } from "./email/send-email";
import { listOutbox } from "./list-outbox";
import { listNotifications } from "./list-notifications";
import { COALESCING } from "./schedule";

// Without SMTP_URL (the embedded default), notification emails are kept in a local outbox that each person reads in
// their settings, and the server log says where.

let world: SeededWorld;
const log = captureLog();

beforeAll(async () => {
  world = await seedWorld();
});
afterAll(() => log.stop());

describe("the local outbox", () => {
  it("keeps the email, both parts and its links, for its person only; the log names the page to read it", async () => {
    expect(env().SMTP_URL).toBeUndefined();
    const bot = (await authenticateBot(world.bots[1]!.api_key))!; // new: held
    const t0 = new Date();
    const held = await sendMessage(bot, {
      conversationId: world.conversations[0]!.id,
      input: {
        body: "Shall I refund <b>Carla</b>?",
        blocks: undefined,
      },
    });
    if (held.status !== "pending_approval") throw new Error("expected a hold");
    await runFanOuts(t0);
    await runDeliveries("email", after(t0, COALESCING.email.gatherMs));

    const ana = person(world.people[0]!.id, "web");
    const ben = person(world.people[1]!.id, "web");
    const { smtp, emails } = await listOutbox(ana);
    expect(smtp).toBe(false);
    expect(emails).toHaveLength(1);
    const [email] = emails as [(typeof emails)[number]];
    expect(email).toMatchObject({
      to: world.people[0]!.email,
      subject: `Held message from Scheduler (@${world.bots[1]!.handle}) in “Order #1042 with Carla”`,
      workspace: { slug: world.workspace.slug },
      items: [
        {
          title: expect.stringContaining("Held message from Scheduler"),
          body: "Shall I refund <b>Carla</b>?",
          path: `/chat/${world.workspace.slug}/c/${world.conversations[0]!.id}#draft-${held.approvalId}`,
        },
      ],
    });
    expect(email.text).toContain(`Open: ${env().APP_URL}/chat/${world.workspace.slug}/c/`);
    const row = await db().emailOutbox.findUniqueOrThrow({ where: { id: email.id } });
    expect(row.htmlBody).toContain("Shall I refund &lt;b&gt;Carla&lt;/b&gt;?");

    // Ben has his own; neither sees the other's.
    const bens = await listOutbox(ben);
    expect(bens.emails.map((e) => e.to)).toEqual([world.people[1]!.email]);
    expect(bens.emails[0]!.id).not.toBe(email.id);

    // One JSON line each, naming the person and the page.
    const kept = log.lines().filter((l) => String(l.msg).startsWith("SMTP_URL is not set"));
    expect(kept.map((l) => l.outbox)).toEqual([`${env().APP_URL}${OUTBOX_PATH}`, `${env().APP_URL}${OUTBOX_PATH}`]);
    expect(kept.map((l) => l.to)).toContain(world.people[0]!.email);
    // The chat lists what each was told (the approvals page), their own only; a stranger is refused.
    const told = await listNotifications(ana, world.workspace.id);
    expect(told).toEqual([
      expect.objectContaining({ kind: "approval", body: "Shall I refund <b>Carla</b>?", path: email.items[0]!.path }),
    ]);
    expect((await listNotifications(ben, world.workspace.id)).map((n) => n.id)).not.toContain(told[0]!.id);
    const stranger = await seedWorld();
    await expect(listNotifications(person(stranger.people[0]!.id, "web"), world.workspace.id)).rejects.toMatchObject({
      code: "not_found",
    });
    // Kept in the outbox means sent: nothing waits for another try.
    expect(await db().notification.count({ where: { subjectId: held.approvalId, emailStatus: "sent" } })).toBe(2);
  });
});
