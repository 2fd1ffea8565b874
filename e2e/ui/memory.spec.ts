import { expect, test } from "@playwright/test";
import { demoWorld, idem } from "../fixtures";

// Contact memory in the browser: a bot proposes a fact citing a message, a person confirms it beside the
// conversation, and only then does it reach the bot's context pack, cited.

const world = demoWorld();
const [ana] = world.people;

test("a bot's proposed fact waits for a person; once confirmed it is in the bot's context pack, cited", async ({
  page,
}) => {
  const bot = world.bots[0]!; // the established helper: authorized in "Order #1042 with Carla"
  const conversation = world.conversations[0]!;
  const auth = { authorization: `Bearer ${bot.api_key}` };
  const posted = await page.request.post(`/api/public/v1/conversations/${conversation.id}/messages`, {
    headers: { ...auth, "idempotency-key": idem() },
    data: { body: "Carla says she always pays invoices on the 5th of the month." },
  });
  expect(posted.status()).toBe(201);
  const source = ((await posted.json()) as { data: { id: string; seq: number } }).data;
  const proposed = await page.request.post(`/api/public/v1/contacts/${conversation.contact_id}/facts`, {
    headers: { ...auth, "idempotency-key": idem() },
    data: { fact: "Pays invoices on the 5th", key: "billing.pay_day", source_message_id: source.id },
  });
  expect(proposed.status()).toBe(201);
  const before = (await (
    await page.request.get(`/api/public/v1/contacts/${conversation.contact_id}/context`, { headers: auth })
  ).json()) as { data: { items: unknown[] } };
  expect(before.data.items).toEqual([]);

  await page.goto(`/chat/${world.workspace.slug}/c/${conversation.id}`);
  await page.getByLabel("Email").fill(ana!.email);
  await page.getByLabel("Password").fill(ana!.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const panel = page.getByRole("complementary", { name: "Conversation details" });
  const candidate = panel.getByTestId("fact-candidate").filter({ hasText: "Pays invoices on the 5th" });
  await expect(candidate).toContainText(`Bot @${bot.handle}`);
  await expect(candidate.getByRole("link", { name: "source" })).toHaveAttribute(
    "href",
    new RegExp(`#m-${source.seq}$`),
  );
  await candidate.getByRole("button", { name: "Confirm" }).click();
  await expect(panel.getByTestId("fact-confirmed").filter({ hasText: "Pays invoices on the 5th" })).toContainText(
    `confirmed by ${ana!.name}`,
  );

  const after = (await (
    await page.request.get(`/api/public/v1/contacts/${conversation.contact_id}/context?format=compact`, {
      headers: auth,
    })
  ).json()) as {
    data: { format: string; items: { key: string; fact: string; citations: { message_id: string; seq: number }[] }[] };
  };
  expect(after.data.format).toBe("compact");
  expect(after.data.items).toEqual([
    expect.objectContaining({
      key: "billing.pay_day",
      fact: "Pays invoices on the 5th",
      citations: [expect.objectContaining({ message_id: source.id, seq: source.seq })],
    }),
  ]);
});

test("a member marks a contact sensitive and the bot loses its memory at once; only an admin lowers it", async ({
  browser,
}) => {
  const ben = world.people[1]!;
  const bot = world.bots[0]!; // its key has no memory:sensitive scope
  const conversation = world.conversations[0]!;
  const contact = world.contacts.find((c) => c.id === conversation.contact_id)!;
  const readContext = (page: import("@playwright/test").Page) =>
    page.request.get(`/api/public/v1/contacts/${contact.id}/context`, {
      headers: { authorization: `Bearer ${bot.api_key}` },
    });

  async function signedIn(who: { email: string; password: string }) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`/chat/${world.workspace.slug}/c/${conversation.id}`);
    await page.getByLabel("Email").fill(who.email);
    await page.getByLabel("Password").fill(who.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    return page.getByRole("complementary", { name: "Conversation details" });
  }

  const asBen = await signedIn(ben);
  expect((await readContext(asBen.page())).status()).toBe(200);
  await asBen.getByRole("button", { name: "Mark sensitive" }).click();
  await expect(asBen.getByText("sensitive", { exact: true })).toBeVisible();
  await expect(asBen).toContainText(`Only bots whose key may read sensitive memory see what we know about ${contact.name}`);
  await expect(asBen.getByRole("button", { name: "Lower sensitivity" })).toHaveCount(0);
  expect((await readContext(asBen.page())).status()).toBe(403);

  const asAna = await signedIn(ana!);
  await asAna.getByRole("button", { name: "Lower sensitivity" }).click();
  await expect(asAna.getByRole("button", { name: "Mark sensitive" })).toBeVisible();
  expect((await readContext(asAna.page())).status()).toBe(200);
});
