import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { createBot } from "@/lib/bots/create-bot";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { sendMessage } from "@/lib/messages/send-message";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { startWorker } from "@/jobs/worker";
import { startPushService } from "@/test/push-service";
import {
  after,
  deliveryJobs,
  queued,
  runDeliveries,
  runFanOuts,
  startSmtpReceiver,
  type Mail,
} from "@/test/notifications";
import { COALESCING, DELIVER_TASK } from "./schedule";
import { updateNotificationSettings } from "./settings";
import { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe";
import * as unsubscribeRoute from "@/app/api/notifications/unsubscribe/[token]/route";

// Notification email against a real SMTP server (smtp-server, on a free port), parsed with mailparser: its content
// (text and HTML parts, headers, links), coalescing, per-person settings, one-click unsubscribe, never the actor, and
// the real job worker end to end. The jobs run on a clock the test sets (test/notifications.ts), but for the last.

const smtp = await startSmtpReceiver();
// Read at the first env() call, which comes later (as lib/attachments/attachments.int.test.ts does for its folder).
process.env.SMTP_URL = smtp.url;
process.env.EMAIL_FROM = "Relay Test <notify@relay.example>";
process.env.APP_URL = "https://relay.example";

let world: SeededWorld;
let newBot: BotPrincipal; // the seed's "scheduler": new, so everything it sends is held
const ana = () => world.people[0]!; // admin
const ben = () => world.people[1]!; // member
const conversation = () => world.conversations[0]!.id; // both people and the new bot take part

beforeAll(async () => {
  world = await seedWorld();
  newBot = (await authenticateBot(world.bots[1]!.api_key))!;
});
afterAll(async () => {
  await smtp.close();
  delete process.env.SMTP_URL;
  delete process.env.EMAIL_FROM;
  delete process.env.APP_URL;
});
beforeEach(async () => {
  smtp.mails.length = 0;
  await db().$executeRawUnsafe(`DELETE FROM graphile_worker._private_jobs`);
  await db().notification.deleteMany({});
  await db().notificationSettings.deleteMany({});
});

async function hold(body: string) {
  const result = await sendMessage(newBot, { conversationId: conversation(), input: { body, blocks: undefined } });
  if (result.status !== "pending_approval") throw new Error(`expected a hold, got ${result.status}`);
  return result.approvalId;
}

const to = (mail: Mail) => mail.envelopeTo[0];
const mailTo = (email: string) => smtp.mails.filter((m) => to(m) === email);

describe("a held message, by email", () => {
  it("tells each person who may decide it in one email: text and HTML parts, one-click unsubscribe, links to the approval", async () => {
    const t0 = new Date();
    const id = await hold('Refund <script>alert("x")</script> & "more" \u202Eevil.exe for Carla');
    await runFanOuts(t0);
    const jobs = await deliveryJobs("email");
    expect(jobs.map((j) => j.run_at.getTime())).toEqual([1, 2].map(() => t0.getTime() + COALESCING.email.gatherMs));
    expect(await runDeliveries("email", after(t0, COALESCING.email.gatherMs))).toHaveLength(2);

    expect(smtp.mails.map(to).sort()).toEqual([ana().email, ben().email].sort());
    const mail = mailTo(ben().email)[0]!;
    const { parsed } = mail;
    expect(parsed.from?.text).toBe('"Relay Test" <notify@relay.example>');
    expect(parsed.subject).toBe(`Held message from Scheduler (@${world.bots[1]!.handle}) in “Order #1042 with Carla”`);
    const link = `https://relay.example/chat/${world.workspace.slug}/c/${conversation()}#draft-${id}`;

    // Plain text: the bot's words as data (its direction override shown as a token), the link, why, how to stop.
    expect(parsed.text).toContain('“Refund <script>alert("x")</script> & "more" [U+202E]evil.exe for Carla”');
    expect(parsed.text).toContain(`Open: ${link}`);
    expect(parsed.text).toContain("nothing is approved or sent until you do");
    expect(parsed.text).toContain("https://relay.example/settings/notifications");

    // HTML: everything the bot wrote is escaped; the link opens the approval (after sign-in), and approves nothing.
    const html = String(parsed.html);
    expect(html).not.toContain("<script>");
    expect(html).toContain(
      "Refund &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;more&quot; [U+202E]evil.exe",
    );
    expect(html).not.toContain("\u202E");
    expect(html).toContain(`href="${link}"`);
    expect(html).not.toMatch(/href="[^"]*approve/i);

    // RFC 8058: the one-click header pair, with a signed token for this person and workspace.
    const head = mail.raw.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " "); // unfolded (RFC 5322)
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1];
    const token = /^<https:\/\/relay\.example\/api\/notifications\/unsubscribe\/([^>]+)>$/.exec(
      header("List-Unsubscribe") ?? "",
    )?.[1];
    expect(token && readUnsubscribeToken(token)).toEqual({ userId: ben().id, workspaceId: world.workspace.id });
    expect(header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(header("Auto-Submitted")).toBe("auto-generated");
    expect(parsed.text).toContain(`https://relay.example/unsubscribe/${token}`);

    const rows = await db().notification.findMany({ where: { subjectId: id } });
    expect(rows.map((r) => [r.userId, r.kind, r.emailStatus]).sort()).toEqual(
      [
        [ana().id, "approval", "sent"],
        [ben().id, "approval", "sent"],
      ].sort(),
    );
    // Push is another channel, on its own (shorter) window: scheduled, still pending here.
    expect((await deliveryJobs("push")).map((j) => j.run_at.getTime())).toEqual(
      [1, 2].map(() => t0.getTime() + COALESCING.push.gatherMs),
    );
  });

  it("coalesces a burst of 100 holds into one email per person listing them all; the next one waits for the 5-minute gap", async () => {
    const t0 = new Date();
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) ids.push(await hold(`Burst message ${i + 1}`));
    expect((await queued("notify")).length).toBe(100); // one fan-out per hold, committed with it
    await runFanOuts(t0);
    // One delivery job per person and channel, whatever the burst, due at the end of the gather window.
    const email = await deliveryJobs("email");
    expect(email).toHaveLength(2);
    expect(email.every((j) => j.run_at.getTime() === t0.getTime() + COALESCING.email.gatherMs)).toBe(true);
    await runDeliveries("email", after(t0, COALESCING.email.gatherMs));

    expect(mailTo(ben().email)).toHaveLength(1);
    const [mail] = mailTo(ben().email) as [Mail];
    const { name } = await db().workspace.findUniqueOrThrow({ where: { id: world.workspace.id } });
    expect(mail.parsed.subject).toBe(`100 new notifications in ${name}`);
    for (const id of ids) expect(mail.parsed.text).toContain(`#draft-${id}`);
    expect(mail.parsed.text).not.toContain("more:");

    // The 101st, a minute later: due when the gap since the last email is over, not before.
    const later = after(t0, 60_000);
    const last = await hold("One more");
    await runFanOuts(later);
    const sentAt = after(t0, COALESCING.email.gatherMs);
    const next = await deliveryJobs("email");
    expect(next.map((j) => j.run_at.getTime())).toEqual([1, 2].map(() => sentAt.getTime() + COALESCING.email.gapMs));
    expect(await runDeliveries("email", after(later, 60_000))).toEqual([]); // not due yet
    await runDeliveries("email", after(sentAt, COALESCING.email.gapMs));
    const second = mailTo(ben().email)[1]!;
    expect(second.parsed.text).toContain(`#draft-${last}`);
    expect(second.parsed.text).not.toContain("Burst message");
    expect(mailTo(ben().email)).toHaveLength(2);
  });

  it("a delivery job that runs early (a job made beside a running one) defers itself to the end of the gap", async () => {
    const t0 = new Date();
    await hold("First");
    await runFanOuts(t0);
    await runDeliveries("email", after(t0, COALESCING.email.gatherMs));
    await hold("Second");
    await runFanOuts(after(t0, 10_000));
    const { deliverNotifications } = await import("./deliver");
    const early = await deliverNotifications(
      { userId: ben().id, workspaceId: world.workspace.id, channel: "email" },
      after(t0, 20_000),
    );
    expect(early).toEqual({
      status: "deferred",
      until: after(t0, COALESCING.email.gatherMs + COALESCING.email.gapMs),
    });
    expect(mailTo(ben().email)).toHaveLength(1);
  });

  it("what was decided before its email went out is left out; an email with nothing left is not sent", async () => {
    const t0 = new Date();
    const id = await hold("Decided quickly");
    await runFanOuts(t0);
    const { approveDraft } = await import("@/lib/drafts/approve-draft");
    await approveDraft(person(ana().id, "web"), { draftId: id });
    expect(await runDeliveries("email", after(t0, COALESCING.email.gatherMs))).toEqual([
      expect.objectContaining({ status: "nothing" }),
      expect.objectContaining({ status: "nothing" }),
    ]);
    expect(smtp.mails).toEqual([]);
    expect((await db().notification.findMany({ where: { subjectId: id } })).map((r) => r.emailStatus)).toEqual([
      "skipped",
      "skipped",
    ]);
  });

  it("an SMTP failure fails the job, to be retried, and loses nothing", async () => {
    const t0 = new Date();
    await hold("Retry me");
    await runFanOuts(t0);
    smtp.failNext(1);
    const [first] = (await deliveryJobs("email")).filter(
      (j) => (j.payload as { user_id: string }).user_id === ben().id,
    );
    const { deliverNotifications } = await import("./deliver");
    const target = { userId: ben().id, workspaceId: world.workspace.id, channel: "email" as const };
    await expect(deliverNotifications(target, first!.run_at)).rejects.toThrow(/451|Try again later/);
    expect(await db().notification.count({ where: { userId: ben().id, emailStatus: "pending" } })).toBe(1);
    expect(await deliverNotifications(target, after(first!.run_at, 3000))).toMatchObject({ status: "sent", count: 1 });
    expect(mailTo(ben().email)).toHaveLength(1);
  });
});

describe("settings", () => {
  it("push only or none: no email; the rows say skipped and no email job is queued", async () => {
    const t0 = new Date();
    const settings = { quiet_hours: null, time_zone: "UTC" };
    await updateNotificationSettings(person(ben().id, "web"), {
      workspaceId: world.workspace.id,
      change: { channels: "push", ...settings },
    });
    await updateNotificationSettings(person(ana().id, "web"), {
      workspaceId: world.workspace.id,
      change: { channels: "none", ...settings },
    });
    const id = await hold("Nobody by email");
    await runFanOuts(t0);
    expect(await deliveryJobs("email")).toEqual([]);
    expect((await deliveryJobs("push")).map((j) => (j.payload as { user_id: string }).user_id)).toEqual([ben().id]);
    const rows = await db().notification.findMany({ where: { subjectId: id }, orderBy: { userId: "asc" } });
    expect(Object.fromEntries(rows.map((r) => [r.userId, [r.emailStatus, r.pushStatus]]))).toEqual({
      [ana().id]: ["skipped", "skipped"],
      [ben().id]: ["skipped", "pending"],
    });
    await runDeliveries("email", after(t0, 3600_000));
    expect(smtp.mails).toEqual([]);
  });

  it("a channel turned off after an event was scheduled: the job finds it off and sends nothing", async () => {
    const t0 = new Date();
    await hold("Turned off meanwhile");
    await runFanOuts(t0);
    await updateNotificationSettings(person(ben().id, "web"), {
      workspaceId: world.workspace.id,
      change: {
        channels: "push",
        quiet_hours: null,
        time_zone: "UTC",
      },
    });
    await runDeliveries("email", after(t0, COALESCING.email.gatherMs));
    expect(smtp.mails.map(to)).toEqual([ana().email]);
  });

  it("quiet hours defer the email to their end, in the person's time zone", async () => {
    // A clock at 23:30 in Lisbon (UTC+0 in winter, +1 in summer: the zone decides), quiet from 22:00 to 07:30.
    const lisbon = (iso: string) => {
      const guess = new Date(`${iso}Z`);
      const offset = Number(
        new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Lisbon", timeZoneName: "shortOffset" })
          .formatToParts(guess)
          .find((p) => p.type === "timeZoneName")!
          .value.replace("GMT", "") || "0",
      );
      return new Date(guess.getTime() - offset * 3600_000);
    };
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const t0 = lisbon(`${day}T23:30:00`);
    await updateNotificationSettings(person(ben().id, "web"), {
      workspaceId: world.workspace.id,
      change: {
        channels: "email",
        quiet_hours: { start: "22:00", end: "07:30" },
        time_zone: "Europe/Lisbon",
      },
    });
    await hold("At night");
    await runFanOuts(t0);
    const benJob = (await deliveryJobs("email")).find((j) => (j.payload as { user_id: string }).user_id === ben().id)!;
    const nextDay = new Date(new Date(`${day}T12:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
    expect(benJob.run_at).toEqual(lisbon(`${nextDay}T07:30:00`));
    // Ana has no quiet hours: hers goes out now.
    await runDeliveries("email", after(t0, COALESCING.email.gatherMs));
    expect(smtp.mails.map(to)).toEqual([ana().email]);
    // A delivery job run inside the quiet hours (say it was scheduled before they were set) defers itself.
    const { deliverNotifications } = await import("./deliver");
    expect(
      await deliverNotifications(
        { userId: ben().id, workspaceId: world.workspace.id, channel: "email" },
        after(t0, 60_000),
      ),
    ).toEqual({ status: "deferred", until: lisbon(`${nextDay}T07:30:00`) });
    await runDeliveries("email", lisbon(`${nextDay}T07:30:00`));
    expect(smtp.mails.map(to)).toEqual([ana().email, ben().email]);
  });

  it("quiet hours hold back push too; push waits its own shorter window", async () => {
    const t0 = new Date();
    const hhmm = (t: Date) => t.toISOString().slice(11, 16);
    const quietEnd = after(t0, 2 * 3600_000);
    await updateNotificationSettings(person(ben().id, "web"), {
      workspaceId: world.workspace.id,
      change: {
        channels: "push",
        quiet_hours: { start: hhmm(after(t0, -3600_000)), end: hhmm(quietEnd) },
        time_zone: "UTC",
      },
    });
    await hold("Buzz me later");
    await runFanOuts(t0);
    const push = await deliveryJobs("push");
    const byUser = Object.fromEntries(
      push.map((j) => [(j.payload as { user_id: string }).user_id, j.run_at.getTime()]),
    );
    const endOfMinute = Math.floor(quietEnd.getTime() / 60_000) * 60_000;
    expect(byUser).toEqual({ [ana().id]: t0.getTime() + COALESCING.push.gatherMs, [ben().id]: endOfMinute });
  });

  it("quiet hours removed: what waited for their end goes out at once", async () => {
    const t0 = new Date();
    const hhmm = (t: Date) => t.toISOString().slice(11, 16);
    const me = person(ben().id, "web");
    await updateNotificationSettings(me, {
      workspaceId: world.workspace.id,
      change: {
        channels: "email",
        quiet_hours: { start: hhmm(after(t0, -3600_000)), end: hhmm(after(t0, 2 * 3600_000)) },
        time_zone: "UTC",
      },
    });
    await hold("Waiting for the morning");
    await runFanOuts(t0);
    const waiting = (await deliveryJobs("email")).find((j) => (j.payload as { user_id: string }).user_id === ben().id)!;
    expect(waiting.run_at.getTime()).toBeGreaterThan(after(t0, 3600_000).getTime());
    await updateNotificationSettings(me, {
      workspaceId: world.workspace.id,
      change: {
        channels: "email",
        quiet_hours: null,
        time_zone: "UTC",
      },
    });
    const moved = (await deliveryJobs("email")).find((j) => (j.payload as { user_id: string }).user_id === ben().id)!;
    expect(moved.run_at.getTime()).toBeLessThanOrEqual(Date.now());
    await runDeliveries("email", after(new Date(), COALESCING.email.gatherMs));
    expect(mailTo(ben().email)).toHaveLength(1);
  });

  it("a person changes only their own settings, in a workspace they belong to; bad input changes nothing", async () => {
    const outsider = await seedWorld();
    const me = person(ben().id, "web");
    await expect(
      updateNotificationSettings(person(outsider.people[0]!.id, "web"), {
        workspaceId: world.workspace.id,
        change: {
          channels: "none",
          quiet_hours: null,
          time_zone: "UTC",
        },
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    for (const bad of [
      { channels: "sms", quiet_hours: null, time_zone: "UTC" },
      { channels: "both", quiet_hours: { start: "22:00", end: "22:00" }, time_zone: "UTC" },
      { channels: "both", quiet_hours: { start: "25:00", end: "07:00" }, time_zone: "UTC" },
      { channels: "both", quiet_hours: null, time_zone: "Mars/Olympus" },
      { channels: "both", quiet_hours: null, time_zone: "UTC", extra: 1 },
    ]) {
      await expect(
        updateNotificationSettings(me, {
          workspaceId: world.workspace.id,
          change: bad as Parameters<typeof updateNotificationSettings>[1]["change"],
        }),
      ).rejects.toMatchObject({ code: "invalid_body" });
    }
    expect(await db().notificationSettings.count()).toBe(0);
    expect(
      await updateNotificationSettings(me, {
        workspaceId: world.workspace.id,
        change: {
          channels: "email",
          quiet_hours: { start: "21:15", end: "06:00" },
          time_zone: "america/new_york",
        },
      }),
    ).toEqual({
      workspace_id: world.workspace.id,
      email: true,
      push: false,
      channels: "email",
      quiet_hours: { start: "21:15", end: "06:00" },
      time_zone: "America/New_York",
    });
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  const call = (method: "GET" | "POST", token: string, query = "") =>
    unsubscribeRoute[method](
      new Request(`https://relay.example/api/notifications/unsubscribe/${token}${query}`, {
        method,
        ...(method === "POST"
          ? { body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded" } }
          : {}),
      }),
      { params: Promise.resolve({ token }) },
    );

  it("a GET changes nothing (it leads to the confirmation page); a one-click POST turns email off for that person and workspace", async () => {
    const t0 = new Date();
    await hold("Before unsubscribing");
    await runFanOuts(t0);
    const token = unsubscribeToken(ben().id, world.workspace.id);

    const get = await call("GET", token);
    expect(get.status).toBe(303);
    expect(get.headers.get("location")).toBe(`/unsubscribe/${token}`);
    expect(await db().notificationSettings.count()).toBe(0);

    const post = await call("POST", token);
    expect(post.status).toBe(200);
    expect(await post.json()).toEqual({ data: { email: "off", changed: true } });
    expect(await db().notificationSettings.findMany()).toEqual([
      expect.objectContaining({ userId: ben().id, workspaceId: world.workspace.id, email: false, push: true }),
    ]);
    // What waited for Ben's next email is not sent; Ana's is.
    await runDeliveries("email", after(t0, COALESCING.email.gatherMs));
    expect(smtp.mails.map(to)).toEqual([ana().email]);
    // The confirmation page's button comes back to the page; a second POST changes nothing.
    const again = await call("POST", token, "?from=page");
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/unsubscribe/${token}?done=1`);
    expect(await db().auditEvent.count({ where: { action: "notifications.email_unsubscribed" } })).toBe(1);
  });

  it("an altered, foreign-made or malformed token is 404 and changes nothing", async () => {
    const token = unsubscribeToken(ben().id, world.workspace.id);
    const [u, w, sig] = token.split(".") as [string, string, string];
    const flipped = `${sig.slice(0, 5)}${sig[5] === "A" ? "B" : "A"}${sig.slice(6)}`;
    for (const bad of [
      `${u}.${w}.${flipped}`,
      `${ana().id}.${w}.${sig}`, // Ben's signature under Ana's id
      `${u}.${w}`,
      "not-a-token",
      `${u}.${w}.${sig}.x`,
    ]) {
      for (const method of ["GET", "POST"] as const) {
        const response = await call(method, bad);
        expect(response.status, `${method} ${bad}`).toBe(404);
        expect((await response.json()).error.code).toBe("not_found");
      }
    }
    expect(await db().notificationSettings.count()).toBe(0);
  });
});

describe("never the person who caused the event", () => {
  it("a mention tells the member named, not its author; a bot's own text names no one", async () => {
    const t0 = new Date();
    await postPersonMessage(person(ana().id, "web"), {
      conversationId: conversation(),
      body: `@${ana().handle} and @${ben().handle}: look`,
    });
    await runFanOuts(t0);
    await runDeliveries("email", after(t0, COALESCING.email.gatherMs));
    expect(smtp.mails.map(to)).toEqual([ben().email]);
    expect(smtp.mails[0]!.parsed.subject).toBe("Ana Lima mentioned you in “Order #1042 with Carla”");
  });

  it("an admin pausing a bot tells its other managers (the member who registered it), not themselves", async () => {
    const t0 = new Date();
    const { bot } = await createBot(person(ben().id, "web"), {
      workspaceId: world.workspace.id,
      handle: `bens-${Date.now().toString(36)}`,
      name: "Ben's bot",
      webhookUrl: null,
    });
    await setBotStatus(person(ana().id, "web"), { botId: bot.id, status: "paused", reason: "Too chatty" });
    await runFanOuts(t0);
    await setBotStatus(person(ana().id, "web"), { botId: bot.id, status: "active" }); // resuming tells no one
    await runFanOuts(t0);
    await runDeliveries("email", after(t0, COALESCING.email.gatherMs));
    expect(smtp.mails.map(to)).toEqual([ben().email]);
    expect(smtp.mails[0]!.parsed.subject).toBe(`Ana Lima paused Ben's bot (@${bot.handle})`);
    expect(smtp.mails[0]!.parsed.text).toContain("Reason: Too chatty");
    // Stopped and resumed again before its job ran: by then it is not true any more, and nobody is told.
    await setBotStatus(person(ana().id, "web"), { botId: bot.id, status: "stopped" });
    await setBotStatus(person(ana().id, "web"), { botId: bot.id, status: "active" });
    await runFanOuts(after(t0, 1000));
    expect(await db().notification.count({ where: { subjectId: bot.id } })).toBe(1);
  });
});

describe("the real job worker", () => {
  it("a held message's email reaches the SMTP server seconds after its commit; push failing is retried like any channel", async () => {
    // Every member's one device answers 500: the push service is down for them.
    const pushService = await startPushService();
    const members = await db().membership.findMany({ where: { workspaceId: world.workspace.id } });
    for (const member of members) {
      const { subscription } = pushService.browser(500);
      await db().pushSubscription.create({
        data: { userId: member.userId, endpoint: subscription.endpoint, ...subscription.keys },
      });
    }
    const worker = await startWorker({ databaseUrl: process.env.DATABASE_URL!, concurrency: 4 });
    try {
      const committed = Date.now();
      const id = await hold("Through the worker");
      const mails = await smtp.waitFor(2, 20_000);
      expect(mails.every((m) => m.parsed.text?.includes(`#draft-${id}`))).toBe(true);
      expect(Math.max(...mails.map((m) => m.at)) - committed).toBeLessThan(COALESCING.email.gatherMs + 5_000);
      // The push service answers 500: pushToPerson throws, and the job waits for its retry.
      const deadline = Date.now() + 10_000;
      let push = await deliveryJobs("push");
      while (!(push.length === 2 && push.every((j) => j.attempts >= 1)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        push = await deliveryJobs("push");
      }
      expect(push).toHaveLength(2);
      for (const job of push) {
        expect(job.attempts).toBeGreaterThanOrEqual(1);
        expect(job.last_error).toContain("Web Push failed for 1 device(s)");
      }
      expect(pushService.deliveries.filter((d) => d.problem === null).length).toBeGreaterThanOrEqual(2);
      expect(await db().notification.count({ where: { subjectId: id, pushStatus: "pending" } })).toBe(2);
      // The email jobs finish (their rows marked sent as they commit); the push jobs stay for their retries.
      while ((await deliveryJobs("email")).length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await queued(DELIVER_TASK)).map((j) => j.key?.split(":")[1])).toEqual(["push", "push"]);
      expect(await db().notification.count({ where: { subjectId: id, emailStatus: "sent" } })).toBe(2);
    } finally {
      await worker.stop();
      await db().pushSubscription.deleteMany({ where: { endpoint: { startsWith: pushService.origin } } });
      await pushService.close();
    }
  });
});
