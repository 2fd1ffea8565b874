import { expect, test } from "@playwright/test";
import { demoWorld, idem } from "../fixtures";

// The chat's live stream over real HTTP: a signed-in person's open stream hears a bot's message, a held message
// and a card response, each at its commit; signed-out requests are refused.

test("a person's open stream hears the conversation's changes as they commit", async ({ playwright, baseURL }) => {
  const world = demoWorld();
  const [helper, scheduler] = world.bots;
  const conversationId = world.conversations[0]!.id; // both demo bots are in it
  const person = await playwright.request.newContext({ baseURL });
  const { csrfToken } = (await (await person.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const signIn = await person.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: world.people[0]!.email, password: world.people[0]!.password, json: "true" },
    maxRedirects: 0,
  });
  expect([200, 302]).toContain(signIn.status());

  const cookies = (await person.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const controller = new AbortController();
  const response = await fetch(`${baseURL}/api/chat/conversations/${conversationId}/stream`, { headers: { cookie: cookies }, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const reader = response.body!.getReader();
  const events: { kind: string; seq?: number }[] = [];
  const reading = (async () => {
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += new TextDecoder().decode(value);
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of frame.split("\n")) if (line.startsWith("data: ")) events.push(JSON.parse(line.slice(6)));
      }
    }
  })();

  const post = (key: string, data: object) =>
    person.post(`/api/public/v1/conversations/${conversationId}/messages`, { headers: { authorization: `Bearer ${key}`, "idempotency-key": idem() }, data });
  const sent = await post(helper!.api_key, { body: "Live from the bot" });
  expect(sent.status()).toBe(201);
  const seq = ((await sent.json()) as { data: { seq: number } }).data.seq;
  expect((await post(scheduler!.api_key, { body: "Held until a person says so" })).status()).toBe(202);

  await expect.poll(() => events, { timeout: 5000 }).toEqual(expect.arrayContaining([{ conversation_id: conversationId, kind: "message", seq }, { conversation_id: conversationId, kind: "draft" }]));
  controller.abort();
  await reading;

  const signedOut = await fetch(`${baseURL}/api/chat/conversations/${conversationId}/stream`);
  expect(signedOut.status).toBe(401);
  await person.dispose();
});
