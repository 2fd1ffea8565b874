import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import type { BotRouteHandler } from "@/lib/http/bot-route";
import * as me from "@/app/api/public/v1/me/route";
import * as conversations from "@/app/api/public/v1/conversations/route";
import * as messages from "@/app/api/public/v1/conversations/[id]/messages/route";
import * as messageCheck from "@/app/api/public/v1/conversations/[id]/messages/check/route";
import * as message from "@/app/api/public/v1/messages/[id]/route";
import * as drafts from "@/app/api/public/v1/conversations/[id]/drafts/route";
import * as facts from "@/app/api/public/v1/contacts/[id]/facts/route";
import * as context from "@/app/api/public/v1/contacts/[id]/context/route";
import * as search from "@/app/api/public/v1/contacts/[id]/search/route";
import * as memory from "@/app/api/public/v1/conversations/[id]/memory/route";
import * as agentRequests from "@/app/api/public/v1/agent-requests/route";
import * as respond from "@/app/api/public/v1/agent-requests/[id]/respond/route";
import * as attachments from "@/app/api/public/v1/attachments/route";
import * as eventStream from "@/app/api/public/v1/events/stream/route";
import * as eventTrigger from "@/app/api/public/v1/events/trigger/route";
import { env } from "@/lib/env";
import { routeConfig } from "@/lib/openapi/operation";
import { registerWebhooks } from "@/lib/openapi/webhooks";

// The OpenAPI 3.1 document, built from the bot API's route modules: each declares its operation beside its handler
// (lib/http/bot-route.ts), with the zod schemas that validate its requests and type its replies. The modules are
// listed here, beside them, in the document's order; a test fails for a route module under app/api/public/v1 that is
// missing. The parts that know no route (an operation's answers, the webhooks, the examples) are lib/openapi/.

/** The bot API's route modules, in the order the document lists their operations. */
export const ROUTE_MODULES: Record<string, Record<string, unknown>> = {
  "me/route.ts": me,
  "conversations/route.ts": conversations,
  "conversations/[id]/messages/route.ts": messages,
  "conversations/[id]/messages/check/route.ts": messageCheck,
  "messages/[id]/route.ts": message,
  "conversations/[id]/drafts/route.ts": drafts,
  "contacts/[id]/facts/route.ts": facts,
  "contacts/[id]/context/route.ts": context,
  "contacts/[id]/search/route.ts": search,
  "conversations/[id]/memory/route.ts": memory,
  "agent-requests/route.ts": agentRequests,
  "agent-requests/[id]/respond/route.ts": respond,
  "attachments/route.ts": attachments,
  "events/stream/route.ts": eventStream,
  "events/trigger/route.ts": eventTrigger,
};

/** Every handler of the bot API, with what it says about itself. */
export function botRouteHandlers(): BotRouteHandler[] {
  return Object.values(ROUTE_MODULES).flatMap((module) =>
    Object.values(module).filter(
      (handler): handler is BotRouteHandler => typeof handler === "function" && "route" in handler,
    ),
  );
}

/** The document's tags, in its order, each explained: every operation names one of these (a test checks it). */
export const TAGS = [
  { name: "Bot", description: "The bot behind the API key." },
  {
    name: "Conversations",
    description: "Conversations where a participant authorized the bot. A bot sees nothing else.",
  },
  {
    name: "Messages",
    description:
      "Sending passes the workspace's policy: sent (201), held for a person's approval (202), deferred (429) or " +
      "blocked (403). Reading is ordered by a gapless per-conversation `seq`.",
  },
  {
    name: "Drafts",
    description: "Proposals a person edits, approves or rejects; approved drafts are sent under the bot's name.",
  },
  {
    name: "Memory",
    description:
      "What the bot may know about a contact: confirmed facts (each cited), hybrid search and fact proposals that a " +
      "person confirms. The per-conversation memory is legacy.",
  },
  {
    name: "Agent requests",
    description:
      "Requests between bots over a trusted connection between two workspaces, approved by a person of the asking " +
      "side; answers may carry an uploaded file.",
  },
  {
    name: "Webhooks",
    description:
      "Signed POSTs to the bot's webhook URL. Verify the signature, deduplicate on the envelope's `id`, answer 2xx " +
      "within 15 seconds. On a laptop, stream them instead (`relay listen`) and send samples (`relay trigger`).",
  },
];

/** The document for the app served at `appUrl` (its `servers` URL is absolute, so a generated client needs no base). */
export function buildOpenApiDocument(appUrl: string = env().APP_URL) {
  const origin = appUrl.replace(/\/+$/, "");
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "A bot's API key: `Authorization: Bearer amk_...`",
  });
  for (const { route } of botRouteHandlers()) registry.registerPath(routeConfig(route.operation, route));
  registerWebhooks(registry);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Relay Bot API",
      version: "1.0.0",
      description: "Bots talk with people under a human approval policy. Every bot message passes one policy check.",
      contact: { name: "Relay developer portal", url: `${origin}/developers/docs` },
      license: { name: "Proprietary", url: `${origin}/developers/docs` },
    },
    servers: [{ url: `${origin}/api/public/v1`, description: "This Relay deployment (its APP_URL)" }],
    tags: TAGS,
  });
}
