import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import { describe, expect, it } from "vitest";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import { ErrorBody } from "@/lib/schemas/common";
import { webhookEnvelope } from "@/lib/schemas/webhook-events";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import { botRouteHandlers, buildOpenApiDocument } from "@/app/api/public/v1/openapi-document";
import { WEBHOOK_EXAMPLES } from "./examples";
import { isStreamAnswer, routeConfig, type JsonAnswer, type StreamAnswer } from "./operation";

// Every request and every answer of the document has an example, and each example is valid under the zod schema it
// illustrates, strictly (a field the schema does not name fails, as the replies are checked under test:
// lib/http/bot-route.ts); an error example's code answers the status it is listed under.

/** Parses the example and demands nothing was dropped on the way: the schema names every field it holds. */
function expectValid(schema: z.ZodType, example: unknown, where: string, strict = true) {
  expect(example, `${where}: no example`).toBeDefined();
  const parsed = schema.safeParse(example);
  expect(parsed.success, `${where}: ${parsed.error?.message}`).toBe(true);
  if (strict)
    expect(
      isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), example),
      `${where}: holds fields its schema does not name`,
    ).toBe(true);
}

describe("the document's examples", () => {
  for (const handler of botRouteHandlers()) {
    const config = routeConfig(handler.route.operation, handler.route);
    const name = handler.route.operation.operationId;

    it(`${name}: every answer has a valid example`, () => {
      for (const [status, answer] of Object.entries(config.responses as Record<string, JsonAnswer | StreamAnswer>)) {
        const where = `${name} ${status}`;
        if (isStreamAnswer(answer)) {
          // An event stream's example is one of its events.
          const { schema, example } = answer.content["text/event-stream"];
          expectValid(schema, example, where);
          continue;
        }
        const media = answer.content["application/json"];
        if (media.schema === ErrorBody) {
          const examples = Object.entries(media.examples ?? {});
          expect(examples.length, `${where}: no error example`).toBeGreaterThan(0);
          for (const [key, { value }] of examples) {
            expectValid(ErrorBody, value, `${where} ${key}`);
            const code = (value as { error: { code: ErrorCode } }).error.code;
            expect(ERROR_STATUS[code], `${where}: ${code}`).toBe(Number(status));
          }
        } else expectValid(media.schema, media.example, where);
      }
    });

    it(`${name}: its request body, if any, has a valid example`, () => {
      const content = config.request?.body?.content as Record<string, { schema: z.ZodType; example: unknown }>;
      if (!content) return;
      for (const [type, media] of Object.entries(content))
        // Request schemas may transform (a send's body defaults to its first block's title): valid is enough.
        expectValid(media.schema, media.example, `${name} ${type}`, false);
    });
  }

  it("gives every webhook event a valid envelope example, as the document carries it", () => {
    const doc = buildOpenApiDocument("https://relay.example") as unknown as {
      webhooks: Record<string, { post: { requestBody: { content: { "application/json": { example: unknown } } } } }>;
    };
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) {
      expectValid(webhookEnvelope(type), WEBHOOK_EXAMPLES[type], type);
      expect(doc.webhooks[type]!.post.requestBody.content["application/json"].example).toEqual(WEBHOOK_EXAMPLES[type]);
    }
  });

  it("fails an example with a field its schema does not name (the check can fail)", () => {
    const example = { ...(WEBHOOK_EXAMPLES.ping as object), extra: 1 };
    const parsed = webhookEnvelope("ping").safeParse(example);
    expect(parsed.success).toBe(true);
    expect(isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), example)).toBe(false);
  });
});
