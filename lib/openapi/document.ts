import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import type { BotRouteHandler } from "@/lib/http/bot-route";
import * as me from "@/app/api/public/v1/me/route";
import * as conversations from "@/app/api/public/v1/conversations/route";
import * as messages from "@/app/api/public/v1/conversations/[id]/messages/route";
import * as message from "@/app/api/public/v1/messages/[id]/route";
import * as drafts from "@/app/api/public/v1/conversations/[id]/drafts/route";
import * as facts from "@/app/api/public/v1/contacts/[id]/facts/route";
import * as context from "@/app/api/public/v1/contacts/[id]/context/route";
import * as search from "@/app/api/public/v1/contacts/[id]/search/route";
import * as memory from "@/app/api/public/v1/conversations/[id]/memory/route";
import * as agentRequests from "@/app/api/public/v1/agent-requests/route";
import * as respond from "@/app/api/public/v1/agent-requests/[id]/respond/route";
import * as attachments from "@/app/api/public/v1/attachments/route";
import { routeConfig } from "./operation";

// The OpenAPI 3.1 document, built from the bot API's route modules: each declares its operation beside its handler
// (lib/http/bot-route.ts), with the zod schemas that validate its requests and type its replies. The modules are
// listed here in the document's order; a test fails for a route module under app/api/public/v1 that is missing.

/** The bot API's route modules, in the order the document lists their operations. */
export const ROUTE_MODULES: Record<string, Record<string, unknown>> = {
  "me/route.ts": me,
  "conversations/route.ts": conversations,
  "conversations/[id]/messages/route.ts": messages,
  "messages/[id]/route.ts": message,
  "conversations/[id]/drafts/route.ts": drafts,
  "contacts/[id]/facts/route.ts": facts,
  "contacts/[id]/context/route.ts": context,
  "contacts/[id]/search/route.ts": search,
  "conversations/[id]/memory/route.ts": memory,
  "agent-requests/route.ts": agentRequests,
  "agent-requests/[id]/respond/route.ts": respond,
  "attachments/route.ts": attachments,
};

/** Every handler of the bot API, with what it says about itself. */
export function botRouteHandlers(): BotRouteHandler[] {
  return Object.values(ROUTE_MODULES).flatMap((module) =>
    Object.values(module).filter(
      (handler): handler is BotRouteHandler => typeof handler === "function" && "route" in handler,
    ),
  );
}

export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "A bot's API key: `Authorization: Bearer amk_...`",
  });
  for (const { route } of botRouteHandlers()) registry.registerPath(routeConfig(route.operation, route));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Relay Bot API",
      version: "1.0.0",
      description: "Bots talk with people under a human approval policy. Every bot message passes one policy check.",
    },
    servers: [{ url: "/api/public/v1" }],
  });
}
