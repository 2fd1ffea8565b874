import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { blobPath, sha256Hex } from "@/lib/attachments/storage";
import { db } from "@/lib/db/client";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { api, idem } from "@/test/api/client";
import { cli, cliJson as json, spawnCli } from "@/test/cli";

// The CLI on this test file's database: in this process (runCli), and as the real `npm run --silent cli -- ...`
// where only a process shows it (help and usage, exit codes, one JSON command, the text rule's refusal).
const folder = mkdtempSync(path.join(os.tmpdir(), "relay-cli-"));
process.env.ATTACHMENTS_DIR = path.join(folder, "store"); // read once, at the first env() call, which comes later
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface World {
  workspace: { id: string; slug: string };
  people: { id: string; email: string; password: string; handle: string }[];
  contacts: { id: string; name: string }[];
  bots: { id: string; handle: string; name: string; api_key: string; signing_secret: string; established: boolean }[];
  conversations: { id: string; title: string; contact_id: string; bot_ids: string[] }[];
}

// A spawned command is a process start (npm, tsx, the domain's imports): a few seconds on a busy machine.
describe("npm run cli", { timeout: 90_000 }, () => {
  let world: World;

  it("seed --json prints a fresh demo world of the documented shape, and another call makes another", async () => {
    const { code, stdout, stderr } = await spawnCli("seed", "--json"); // one JSON command end to end
    expect(stderr).toBe("");
    expect(code).toBe(0);
    world = JSON.parse(stdout) as World;
    expect(world.workspace).toEqual({ id: expect.any(String), slug: expect.any(String) });
    expect(world.people.length).toBeGreaterThanOrEqual(2);
    for (const p of world.people)
      expect(p).toMatchObject({
        id: expect.any(String),
        email: expect.stringContaining("@"),
        password: expect.any(String),
        handle: expect.any(String),
      });
    expect(world.contacts.length).toBeGreaterThanOrEqual(2);
    expect(world.bots).toHaveLength(2);
    expect(world.bots.filter((b) => b.established)).toHaveLength(1);
    for (const b of world.bots) {
      expect(b.api_key).toMatch(/^amk_/);
      expect(b.signing_secret.length).toBeGreaterThanOrEqual(32);
      expect(world.conversations.some((c) => c.bot_ids.includes(b.id))).toBe(true);
    }
    expect(world.conversations).toHaveLength(3);
    for (const c of world.conversations) expect(world.contacts.map((x) => x.id)).toContain(c.contact_id);
    const established = world.bots.find((b) => b.established)!;
    expect(world.conversations.filter((c) => c.bot_ids.includes(established.id))).toHaveLength(2);
    // The printed key works against the API at once.
    expect((await api("GET", "/me", { key: established.api_key })).body.bot.id).toBe(established.id);

    const second = JSON.parse((await cli("seed", "--json")).stdout) as World;
    expect(second.workspace.id).not.toBe(world.workspace.id);
  });

  it("bot create prints the bot with its key once; an invalid webhook URL fails clearly and creates nothing", async () => {
    const ok = await cli(
      "bot",
      "create",
      "--workspace",
      world.workspace.slug,
      "--handle",
      "cli-made",
      "--name",
      "CLI made",
      "--established",
      "--json",
    );
    expect(ok.code).toBe(0);
    const bot = JSON.parse(ok.stdout);
    expect(bot).toMatchObject({
      handle: "cli-made",
      name: "CLI made",
      established: true,
      api_key: expect.stringMatching(/^amk_/),
    });
    expect(await db().bot.findUniqueOrThrow({ where: { id: bot.id } })).toMatchObject({
      workspaceId: world.workspace.id,
      trustedMessageCount: 50,
    });
    expect(await db().apiKey.count({ where: { id: bot.api_key_id, botId: bot.id, revokedAt: null } })).toBe(1);

    const audits = await db().auditEvent.count();
    const bad = await cli(
      "bot",
      "create",
      "--workspace",
      world.workspace.slug,
      "--handle",
      "cli-bad",
      "--name",
      "Bad",
      "--webhook-url",
      "ftp://example.com",
      "--json",
    );
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe("");
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(bad.stderr).error).toEqual({ code: "invalid_body", message: "Webhook URL must use https" });
    expect(await db().bot.count({ where: { handle: "cli-bad" } })).toBe(0);
    expect(await db().auditEvent.count()).toBe(audits);
  });

  it("bot update refuses a webhook URL to a refused address and warns of a name; deliveries show says why a delivery failed", async () => {
    // Issue 31, finding 7: this command answered 200 and every delivery then stayed pending, retried for 27 hours.
    const helper = world.bots.find((b) => b.established)!;
    const ben = world.people[1]!;
    const before = await db().bot.findUniqueOrThrow({ where: { id: helper.id } });
    const refused = await cli("bot", "update", helper.handle, "--webhook-url", "https://169.254.169.254/");
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(JSON.parse(refused.stderr).error).toEqual({
      code: "invalid_body",
      message:
        "Webhook URL's address 169.254.169.254 is a link-local (cloud metadata) address (169.254.0.0/16, RFC 3927): webhooks go only to global unicast addresses",
    });
    expect(await db().bot.findUniqueOrThrow({ where: { id: helper.id } })).toEqual(before);

    // A name is saved, and the command prints what it found (stdout's JSON; stderr stays for errors).
    expect(await json("bot", "update", helper.handle, "--webhook-url", "https://no-such-host.invalid/hook")).toMatchObject({
      webhook_url: "https://no-such-host.invalid/hook",
      changed: ["webhook_url"],
      warnings: [{ field: "webhook_url", message: expect.stringContaining("no-such-host.invalid does not resolve") }],
    });

    // A URL stored before the check: its delivery fails at its first attempt and says why.
    await db().bot.update({ where: { id: helper.id }, data: { webhookUrl: "https://169.254.169.254/latest" } });
    try {
      const conversation = world.conversations.find((c) => c.bot_ids.includes(helper.id))!;
      await json("message", "post", "--conversation", conversation.id, "--body", "Is it there?", "--as", ben.email);
      const delivery = await db().webhookDelivery.findFirstOrThrow({
        where: { botId: helper.id, eventType: "message.created" },
        orderBy: { createdAt: "desc" },
      });
      await attemptDelivery(delivery.id);
      const reason = "refused: 169.254.169.254 is a link-local (cloud metadata) address (169.254.0.0/16, RFC 3927)";
      expect(await json("deliveries", "show", delivery.id, "--as", world.people[0]!.email)).toMatchObject({
        status: "failed",
        refused: true,
        next_attempt_at: null,
        last_error: reason,
        attempts: [{ number: 1, error: reason, response_status: null }],
      });
    } finally {
      await db().bot.update({ where: { id: helper.id }, data: { webhookUrl: before.webhookUrl } });
    }
  });

  it("draft approve as a person sends the held message under the bot's label", async () => {
    const scheduler = world.bots.find((b) => !b.established)!;
    const conversation = world.conversations.find((c) => c.bot_ids.includes(scheduler.id))!;
    const held = await api("POST", `/conversations/${conversation.id}/messages`, {
      key: scheduler.api_key,
      body: { body: "Tuesday at 10?" },
      idempotencyKey: idem(),
    });
    expect(held.status).toBe(202);
    const res = await cli(
      "draft",
      "approve",
      held.body.data.approval_id,
      "--body",
      "Tuesday at 11?",
      "--as",
      world.people[0]!.email,
    );
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out.message).toMatchObject({ body: "Tuesday at 11?", sender_bot_id: scheduler.id });
    expect(out.draft).toMatchObject({ status: "approved", edited: true });
    expect(await db().draft.findUniqueOrThrow({ where: { id: held.body.data.approval_id } })).toMatchObject({
      status: "approved",
      decidedByUserId: world.people[0]!.id,
      decidedVia: "cli",
      messageId: out.message.id,
    });
    expect(await db().message.findUniqueOrThrow({ where: { id: out.message.id } })).toMatchObject({
      body: "Tuesday at 11?",
      senderBotId: scheduler.id,
      approvedByUserId: world.people[0]!.id,
    });
    const audit = await db().auditEvent.findFirstOrThrow({ where: { subjectId: held.body.data.approval_id } });
    expect(audit).toMatchObject({ via: "cli", actorId: world.people[0]!.id });

    const again = await cli("draft", "approve", held.body.data.approval_id, "--as", world.people[0]!.email);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stderr).error.code).toBe("conflict");
    const outsider = await cli("draft", "approve", held.body.data.approval_id, "--as", "nobody@example.com");
    expect(JSON.parse(outsider.stderr).error).toEqual({
      code: "not_found",
      message: "No person with email nobody@example.com",
    });
  });

  it("consent as a person: STOP by message, opt back in, a contact's opt-out", async () => {
    const [ana, ben] = world.people as [World["people"][number], World["people"][number]];
    const conversation = world.conversations[1]!;
    const helper = world.bots.find((b) => b.established)!;

    expect(
      await json("message", "post", "--conversation", conversation.id, "--body", "STOP", "--as", ben.email),
    ).toMatchObject({ consent: "opted_out", message: { body: "STOP", sender_user_id: ben.id } });
    expect(
      await db().optOut.count({ where: { userId: ben.id, conversationId: conversation.id, revokedAt: null } }),
    ).toBe(1);
    expect(
      (
        await api("POST", `/conversations/${conversation.id}/messages`, {
          key: helper.api_key,
          body: { body: "hi" },
          idempotencyKey: idem(),
        })
      ).status,
    ).toBe(409);
    expect(await json("optin", "--conversation", conversation.id, "--as", ben.email)).toMatchObject({
      opted_out: false,
      revoked: 1,
    });
    expect(
      await json("optout", "--conversation", conversation.id, "--contact", conversation.contact_id, "--as", ana.email),
    ).toMatchObject({ created: true });
    expect(
      await json("optin", "--conversation", conversation.id, "--contact", conversation.contact_id, "--as", ana.email),
    ).toMatchObject({ revoked: 1 });
  });

  it("message post --attach uploads each file and posts them on one message; --body may then be left out", async () => {
    const [ana, ben] = world.people as [World["people"][number], World["people"][number]];
    const conversation = world.conversations[0]!;
    writeFileSync(path.join(folder, "plan.pdf"), "%PDF-1.7 plan");
    writeFileSync(path.join(folder, "notes.txt"), "notes");
    const out = await json(
      "message",
      "post",
      "--conversation",
      conversation.id,
      "--attach",
      path.join(folder, "plan.pdf"),
      "--attach",
      path.join(folder, "notes.txt"),
      "--as",
      ben.email,
    );
    expect(out.message).toMatchObject({
      body: "",
      sender_user_id: ben.id,
      attachments: [
        { name: "plan.pdf", type: "application/pdf", size: 13 },
        { name: "notes.txt", type: "text/plain", size: 5 },
      ],
    });
    expect(await db().attachment.count({ where: { messageId: out.message.id, uploadedByUserId: ben.id } })).toBe(2);
    expect(existsSync(blobPath(sha256Hex(Buffer.from("%PDF-1.7 plan"))))).toBe(true);
    expect(blobPath("0".repeat(64)).startsWith(process.env.ATTACHMENTS_DIR!)).toBe(true); // this file's store

    const missing = await cli(
      "message",
      "post",
      "--conversation",
      conversation.id,
      "--attach",
      path.join(folder, "nope.pdf"),
      "--as",
      ana.email,
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no such file");
  });

  it("workspace settings sets the approvals' reminder time (notifications) with the policy's limits", async () => {
    expect(await json("workspace", "settings", world.workspace.slug, "--reminder-minutes", "30")).toMatchObject({
      approval_reminder_minutes: 30,
    });
    const refused = await cli("workspace", "settings", world.workspace.slug, "--reminder-minutes", "0");
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr).error.code).toBe("invalid_body");
    expect(
      (await db().workspaceSettings.findUniqueOrThrow({ where: { workspaceId: world.workspace.id } }))
        .approvalReminderMinutes,
    ).toBe(30);
  });

  it("take over, block, pause (admins only) and do-not-contact act as the named person", async () => {
    const [ana, ben] = world.people as [World["people"][number], World["people"][number]];
    const conversation = world.conversations[1]!;
    const helper = world.bots.find((b) => b.established)!;
    await json("conversation", "takeover", conversation.id, "--as", ana.email);
    expect((await db().conversation.findUniqueOrThrow({ where: { id: conversation.id } })).takenOverByUserId).toBe(
      ana.id,
    );
    const held = await api("POST", `/conversations/${conversation.id}/messages`, {
      key: helper.api_key,
      body: { body: "hi" },
      idempotencyKey: idem(),
    });
    expect(held.body.data.reasons).toEqual(["conversation_taken_over"]);
    const approvals = await json("approvals", "list", "--workspace", world.workspace.slug, "--as", ben.email);
    expect(approvals.data.map((a: { id: string }) => a.id)).toContain(held.body.data.approval_id);
    await json("conversation", "release", conversation.id, "--as", ben.email);
    expect(
      (await db().conversation.findUniqueOrThrow({ where: { id: conversation.id } })).takenOverByUserId,
    ).toBeNull();

    await json("bot", "block", helper.handle, "--conversation", conversation.id, "--as", ben.email);
    expect(
      await db().botBlock.count({ where: { botId: helper.id, conversationId: conversation.id, revokedAt: null } }),
    ).toBe(1);
    await json("bot", "unblock", helper.handle, "--conversation", conversation.id, "--as", ben.email);
    expect(await db().botBlock.count({ where: { botId: helper.id, revokedAt: null } })).toBe(0);

    const forbidden = await cli("bot", "pause", helper.handle, "--as", ben.email); // a member, not an admin
    expect(forbidden.code).toBe(1);
    expect(JSON.parse(forbidden.stderr).error.code).toBe("forbidden");
    expect(await json("bot", "pause", helper.handle, "--reason", "review", "--as", ana.email)).toMatchObject({
      status: "paused",
      status_reason: "review",
    });
    expect(await db().bot.findUniqueOrThrow({ where: { id: helper.id } })).toMatchObject({
      status: "paused",
      statusChangedBy: ana.id,
    });
    await json("bot", "resume", helper.handle);

    expect(await json("contact", "dnc", conversation.contact_id, "on", "--as", ben.email)).toMatchObject({
      do_not_contact: true,
    });
    expect(await db().contact.findUniqueOrThrow({ where: { id: conversation.contact_id } })).toMatchObject({
      doNotContact: true,
      doNotContactByUserId: ben.id,
    });
    expect(await db().auditEvent.count({ where: { actorId: ben.id, via: "cli" } })).toBeGreaterThanOrEqual(7);

    const ws = ["--workspace", world.workspace.slug, "--as", ben.email];
    expect(await json("contact", "create", "--name", "Eva Rossi", "--email", "eva@example.it", "--phone", "+39 06 1234", ...ws)).toMatchObject({
      name: "Eva Rossi",
      email: "eva@example.it",
      phone: "+39 06 1234",
      sensitivity: "normal",
    });
    const taken = await cli("contact", "create", "--name", "Eva Again", "--email", "EVA@example.it", ...ws);
    expect(taken.code).toBe(1);
    expect(JSON.parse(taken.stderr).error).toMatchObject({ code: "conflict", message: "Eva Rossi already has the email EVA@example.it" });
    expect(await db().contact.count({ where: { workspaceId: world.workspace.id, name: "Eva Again" } })).toBe(0);
  });

  it("export contact|person|workspace builds the archive and writes it to --out", async () => {
    const out = path.join(folder, "contact.zip");
    const contact = world.contacts[0]!;
    const built = await json("export", "contact", contact.id, "--out", out);
    expect(built).toMatchObject({ file: out, rows: { "contact.jsonl": 1 } });
    expect(existsSync(out)).toBe(true);
    const person = await json("export", "person", world.people[1]!.email, "--workspace", world.workspace.slug, "--out", path.join(folder, "p.zip"));
    expect(person.rows["person.jsonl"]).toBe(1);
    const workspace = await json("export", "workspace", world.workspace.slug, "--out", path.join(folder, "w.zip"));
    expect(workspace.rows["contacts.jsonl"]).toBeGreaterThanOrEqual(world.contacts.length);
    const missing = await cli("export", "workspace", world.workspace.slug);
    expect(missing.code).toBe(2);
  });

  it("contact erase: a member is refused, a wrong name is refused, and with --wait the contact is gone", async () => {
    const [ana, ben] = world.people as [World["people"][number], World["people"][number]];
    const made = await json("contact", "create", "--workspace", world.workspace.slug, "--name", "Erin Erased", "--as", ana.email);
    const contactId = made.id as string;
    const member = await cli("contact", "erase", contactId, "--confirm", "Erin Erased", "--as", ben.email);
    expect(member.code).toBe(1);
    const wrong = await cli("contact", "erase", contactId, "--confirm", "Erin", "--as", ana.email);
    expect(wrong.code).toBe(1);
    expect(await db().contact.count({ where: { id: contactId } })).toBe(1);
    const erased = await json("contact", "erase", contactId, "--confirm", "erin erased", "--wait", "--as", ana.email);
    expect(erased).toMatchObject({ status: "done" });
    expect(await db().contact.count({ where: { id: contactId } })).toBe(0);
    expect(await db().erasure.findFirstOrThrow({ where: { subjectId: contactId } })).toMatchObject({ status: "done" });
  });

  it("workspace delete: a member is refused, a wrong address is refused, and with --wait nothing of it is left", async () => {
    const doomed = (await json("seed", "--json")) as World;
    const [ana, ben] = doomed.people as [World["people"][number], World["people"][number]];
    const member = await cli("workspace", "delete", doomed.workspace.slug, "--confirm", doomed.workspace.slug, "--as", ben.email);
    expect(member.code).toBe(1);
    const wrong = await cli("workspace", "delete", doomed.workspace.slug, "--confirm", "nope", "--as", ana.email);
    expect(wrong.code).toBe(1);
    expect(await db().membership.count({ where: { workspaceId: doomed.workspace.id } })).toBe(2);
    const deleted = await json("workspace", "delete", doomed.workspace.slug, "--confirm", doomed.workspace.slug, "--wait");
    // Its bots have no webhook URL and no `relay listen` stream: nobody to wait for, so the job ran to its end.
    expect(deleted).toMatchObject({ accounts_erased: 2, status: "done", step: "done" });
    expect(await db().workspace.count({ where: { id: doomed.workspace.id } })).toBe(0);
    expect(await db().message.count({ where: { conversationId: { in: doomed.conversations.map((c) => c.id) } } })).toBe(0);
  }, 60_000);

  it("embeddings backfill embeds what has no vector yet and prints counts and speed; a second run has nothing to do", async () => {
    const first = await json("embeddings", "backfill", "--workspace", world.workspace.slug, "--batch", "8");
    expect(first).toEqual({
      embedded: expect.any(Number),
      messages: expect.any(Number),
      facts: expect.any(Number),
      model: "use-lite-512-int8",
      seconds: expect.any(Number),
      per_second: expect.any(Number),
    });
    expect(first.embedded).toBeGreaterThan(0);
    expect(first.embedded).toBe(first.messages + first.facts);
    expect(await db().embedding.count({ where: { workspaceId: world.workspace.id } })).toBe(first.embedded);
    expect(await json("embeddings", "backfill", "--workspace", world.workspace.slug)).toMatchObject({ embedded: 0 });
    const bad = await cli("embeddings", "backfill", "--batch", "0");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--batch must be from 1 to 1000");
  });

  it("as a process: help on stdout with 0, usage on stderr with 2, an error as one JSON line with 1", async () => {
    const nobody = ["draft", "approve", randomUUID(), "--as", "nobody@example.com"];
    const [help, bare, unknown, failed] = await Promise.all([
      spawnCli("help"),
      spawnCli(),
      spawnCli("frobnicate", "--json"),
      spawnCli(...nobody),
    ]);
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toMatch(/^usage: npm run --silent cli -- <command> \[flags\]\n\n  seed --json/);
    expect(help.stdout).toContain("\n  message post ");
    expect(bare).toEqual({ code: 2, stdout: "", stderr: help.stdout });
    expect(unknown).toEqual({ code: 2, stdout: "", stderr: `unknown command: frobnicate\n\n${help.stdout}` });
    expect(failed).toEqual({
      code: 1,
      stdout: "",
      stderr: `${JSON.stringify({ error: { code: "not_found", message: "No person with email nobody@example.com" } })}\n`,
    });
    // In this process the same command lines give the same output and codes.
    expect(await cli("help")).toEqual(help);
    expect(await cli()).toEqual(bare);
    expect(await cli("frobnicate", "--json")).toEqual(unknown);
    expect(await cli(...nobody)).toEqual(failed);
  });

  it("exits 2 with usage for a missing flag, an unknown flag or a malformed id, and changes nothing", async () => {
    const messages = await db().message.count({ where: { conversationId: world.conversations[0]!.id } });
    const missing = await cli(
      "message",
      "post",
      "--conversation",
      world.conversations[0]!.id,
      "--as",
      world.people[0]!.email,
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--body is required");
    expect(missing.stderr).toContain("usage: message post");
    const unknownFlag = await cli("optout", "--conversation", world.conversations[0]!.id, "--bogus");
    expect(unknownFlag.code).toBe(2);
    const badId = await cli("conversation", "takeover", "42", "--as", world.people[0]!.email);
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain("must be a UUID");
    expect(await db().message.count({ where: { conversationId: world.conversations[0]!.id } })).toBe(messages);
  });

  it("exits 2 naming the option for text the text rule refuses (a NUL can reach it only through JSON)", async () => {
    // A process's arguments cannot hold a NUL (and an unpaired surrogate arrives as U+FFFD): --values' JSON can.
    const args = [
      "message",
      "action",
      world.conversations[0]!.id,
      "--key",
      "ok",
      "--values",
      '{"note": "a\\u0000b"}',
      "--as",
      world.people[0]!.email,
    ];
    const refused = await spawnCli(...args);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--values note: contains a NUL character (U+0000)");
    expect(refused.stderr).toContain("usage: message action");
    expect(refused.stdout).toBe("");
    expect(await cli(...args)).toEqual(refused);
  });
});
