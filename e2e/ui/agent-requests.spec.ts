import { expect, test } from "@playwright/test";
import { cli, demoWorld, idem } from "../fixtures";
import { createBotWithEcho, type EchoBotProcess } from "../echo-bot-process";

// Bot-to-bot requests end to end: two example bot processes, a trusted connection that asks a person to approve
// each request, the approval in the chat's inbox, the answer, and both webhooks verified by the bots themselves.

const world = demoWorld();
const [ana] = world.people;
const suffix = Date.now().toString(36);
const EVENTS =
  "message.created,message.received,conversation.bot_added,draft.approved,agent_request.created,agent_request.answered";
const echoes: EchoBotProcess[] = [];
test.afterAll(async () => {
  await Promise.all(echoes.map((echo) => echo.stop()));
});

async function botWithEcho(handle: string, name: string, relayUrl: string) {
  const created = await createBotWithEcho(cli, {
    workspace: world.workspace.slug,
    handle,
    name,
    relayUrl,
    flags: ["--established", "--events", EVENTS],
  });
  echoes.push(created.echo);
  return created;
}

test("one bot asks another; a person approves it in the inbox; the other bot answers; the asker hears the answer", async ({
  page,
  baseURL,
}, testInfo) => {
  const asker = await botWithEcho(`e2e-asker-${suffix}`, "Front Desk", baseURL!);
  const answerer = await botWithEcho(`e2e-answerer-${suffix}`, "Calendar", baseURL!);
  cli(
    "connection",
    "propose",
    "--bot",
    asker.bot.handle,
    "--to",
    answerer.bot.handle,
    "--to-workspace",
    world.workspace.slug,
    "--outgoing",
    "availability,info",
    "--requires-approval",
    "--as",
    ana!.email,
  );

  // The inbox is open before the bot asks: the request arrives live, with the Approvals count.
  await page.goto(`/chat/${world.workspace.slug}/approvals`);
  await page.getByLabel("Email").fill(ana!.email);
  await page.getByLabel("Password").fill(ana!.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();
  await expect(page.locator("[data-workspace-live=live]")).toHaveCount(1);
  const badge = page.getByTestId("approvals-count");
  const waitingBefore = (await badge.count()) ? Number(await badge.textContent()) : 0;

  const asked = await page.request.post("/api/public/v1/agent-requests", {
    headers: { authorization: `Bearer ${asker.bot.api_key}`, "idempotency-key": idem() },
    data: { to: answerer.bot.handle, type: "availability", question: "Is Tuesday 10:00 free for a kitchen visit?" },
  });
  expect(asked.status()).toBe(201);
  const request = ((await asked.json()) as { data: { id: string; status: string; reasons: string[] } }).data;
  expect(request).toMatchObject({ status: "pending_approval", reasons: ["approval_required"] });
  const notAllowed = await page.request.post("/api/public/v1/agent-requests", {
    headers: { authorization: `Bearer ${asker.bot.api_key}`, "idempotency-key": idem() },
    data: { to: answerer.bot.handle, type: "document", question: "Send the contract" },
  });
  expect(notAllowed.status()).toBe(403);
  expect(((await notAllowed.json()) as { error: { code: string } }).error.code).toBe("type_not_allowed");

  const card = page.locator(`[data-request-id="${request.id}"]`);
  await expect(card).toContainText("Is Tuesday 10:00 free for a kitchen visit?");
  await expect(card).toContainText("The trusted connection asks a person to approve each request");
  await expect(badge).toHaveText(String(waitingBefore + 1));
  await page.screenshot({ path: testInfo.outputPath("agent-request-inbox.png"), fullPage: true });
  await card.getByRole("button", { name: "Approve and send" }).click();
  await expect(card).toHaveCount(0);
  if (waitingBefore === 0) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText(String(waitingBefore));

  const answered = await answerer.echo.waitFor(
    (line) => line.event === "agent_request.created" && line.replied === true,
  );
  expect(answered.status).toBe("answered");
  const heard = await asker.echo.waitFor((line) => line.event === "agent_request.answered");
  expect(heard.data).toMatchObject({
    agent_request: {
      id: request.id,
      status: "answered",
      response: { body: "Echo: Is Tuesday 10:00 free for a kitchen visit?" },
    },
  });
});
