/// <reference types="vite/client" />
import { createECDH, randomBytes } from "node:crypto";
import * as chatMessages from "@/app/(chat)/chat/_actions/messages";
import * as chatConversations from "@/app/(chat)/chat/_actions/conversations";
import * as chatContacts from "@/app/(chat)/chat/_actions/contacts";
import * as chatAdmin from "@/app/(chat)/chat/_actions/admin";
import * as chatMemory from "@/app/(chat)/chat/_actions/memory";
import * as chatAgentRequests from "@/app/(chat)/chat/_actions/agent-requests";
import * as settings from "@/app/(settings)/settings/_actions";
import { unsubscribeToken } from "@/lib/notifications/unsubscribe";
import * as portalBots from "@/app/(portal)/developers/_actions/bots";
import * as portalConnections from "@/app/(portal)/developers/_actions/connections";
import * as portalDeliveries from "@/app/(portal)/developers/_actions/deliveries";

/** The chat's action modules, by area; `chat.x` is any chat action, wherever it lives. */
const CHAT_ACTIONS: Record<string, Record<string, unknown>> = {
  messages: chatMessages,
  conversations: chatConversations,
  contacts: chatContacts,
  admin: chatAdmin,
  memory: chatMemory,
  "agent-requests": chatAgentRequests,
};
const chat = Object.assign({}, ...Object.values(CHAT_ACTIONS)) as typeof chatMessages &
  typeof chatConversations &
  typeof chatContacts &
  typeof chatAdmin &
  typeof chatMemory &
  typeof chatAgentRequests;
/** The file of a chat action (its door's key). */
function chatActionFile(name: string): string {
  const area = Object.entries(CHAT_ACTIONS).find(([, module]) => name in module)?.[0];
  if (!area) throw new Error(`no chat action ${name}`);
  return `app/(chat)/chat/_actions/${area}.ts`;
}
import { signToken } from "@/lib/agents/signed-link";
import { startHeartbeat } from "@/lib/health/worker-heartbeat";
import { AccessDenied } from "@/app/(portal)/developers/_lib/access-denied";
import { Alert } from "@/components/ui/alert";
import type { Fresh } from "./fresh";
import type { Caller, Kind, Person, Placement, Viewer, World } from "./world";
import { sameOriginPath } from "@/lib/http/redirect-target";

// The doors of the tenancy matrix: every route handler's method, every MCP tool, every server action, every page
// and layout, each with the ids it takes (its slots: which kind of object, and how to call the door with one) and a positive control
// (the caller's own object, which the door must serve). test/security/tenancy.int.test.ts crosses them with the
// world's probes; it also lists the doors in the code and fails on one that is missing here.

export type Surface = "rest" | "mcp" | "route" | "action" | "page";

/** A door's answer, whatever the surface: refused or not, the status and error code where there are any, and all
 * the text the caller receives (searched for canaries). */
export interface Answer {
  ok: boolean;
  status?: number;
  code?: string;
  message?: string;
  text: string;
}

export interface Slot {
  kind: Kind;
  /** What this slot's id is in the call, for failure messages (`path id`, `body.source_message_id`, ...). */
  as?: string;
  call(caller: Viewer, id: string): Promise<Answer>;
  /** An id of the caller's own that the door serves (made fresh when the door changes it); none: it serves nothing. */
  own?: () => Promise<string>;
  /** The answers the contract names per placement (status code or error code); unnamed: any refusal. */
  codes?: Partial<Record<Placement, string>>;
  /** Makes what the probes' calls need besides the probed id, before the first fingerprint is taken. */
  prepare?: () => Promise<unknown>;
  /** The contract is to ignore an id out of bounds (a page's `?contact=`): answered, but nothing of it read. */
  ignores?: boolean;
  /**
   * A foreign or hidden id answers exactly as a random one (status, code and message): the README promises it.
   * `"foreign"`: only another workspace's (an id of the caller's own workspace may be refused in other words).
   */
  same?: boolean | "foreign";
}

export interface Door {
  /** What the coverage check knows it by: `<route file>#<METHOD>`, `mcp:<tool>`, `<actions file>#<export>`. */
  key: string;
  /** Shown in the test's name, when one key has several entries (set_contact_sensitivity to high, to normal). */
  variant?: string;
  surface: Surface;
  callers: Caller[];
  slots: Slot[];
  /** Calls that take no id (lists, whoami): each answer must hold no canary hidden from its caller. */
  lists?: ((caller: Viewer) => Promise<Answer>)[];
  /** Admin-only: a plain member is refused on the own object, and the control runs as an admin. */
  adminOnly?: boolean;
  /** Tables a refusal through this door legitimately writes, as `schema.table` (and why, in a comment). */
  mayWrite?: string[];
}

// The second pattern names the dot-folder: `**` does not enter `.well-known`.
export const ROUTE_MODULES = import.meta.glob<Record<string, unknown>>(
  ["/app/**/route.{ts,tsx}", "/app/.well-known/**/route.{ts,tsx}"],
  { eager: true },
);
export const ACTION_MODULES = import.meta.glob<Record<string, unknown>>(
  ["/app/**/_actions.ts", "/app/**/_actions/*.ts"],
  { eager: true },
);

export const PAGE_MODULES = import.meta.glob<{ default: (props: Record<string, unknown>) => unknown }>(
  ["/app/**/page.tsx", "/app/**/layout.tsx", "/app/**/not-found.tsx"],
  { eager: true },
);

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, unknown>> },
) => Promise<Response> | Response;

export function routeHandler(file: string, method: string): Handler {
  const routeModule = ROUTE_MODULES[`/${file}`];
  if (!routeModule) throw new Error(`no route module ${file}`);
  const handler = routeModule[method];
  if (typeof handler !== "function") throw new Error(`${file} exports no ${method}`);
  return handler as Handler;
}

export async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: { error?: { code?: string; message?: string } } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (a file, an event stream)
  }
  return {
    ok: response.status < 400,
    status: response.status,
    code: body?.error?.code,
    message: body?.error?.message,
    text: `${[...response.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${text}`,
  };
}

/** Calls a route module's handler in-process, as Next would. */
export async function callRoute(
  file: string,
  method: string,
  url: string,
  params: Record<string, unknown>,
  init: RequestInit = {},
): Promise<Response> {
  return routeHandler(file, method)(new Request(`http://relay.test${url}`, { method, ...init }), {
    params: Promise.resolve(params),
  });
}

const hex = (n = 4) => randomBytes(n).toString("hex");

/**
 * A redirect's digest (`NEXT_REDIRECT;<type>;<target>;<status>;`), whose target must be a path on this site as the one
 * judge writes it (issue 31: lib/http/redirect-target.ts); anything else fails the door.
 */
function judgedRedirect(digest: string): string {
  const target = digest.split(";").slice(2, -2).join(";");
  if (sameOriginPath(target, "http://relay.test") !== target)
    throw new Error(`a redirect to a target the judge would not keep: ${JSON.stringify(target)}`);
  return digest;
}
const V1 = "app/api/public/v1";

/**
 * A page or layout (a React server component) called as Next would call it, and the server components it returns
 * called in turn (async function components: the ones that may read); client components are left as elements with
 * their props, which is all the data the page hands the browser. Refused: a `danger` Alert (every page's "you
 * cannot open this", the portal's AccessDenied), or notFound(). A redirect is an answer.
 */
export async function renderPage(file: string, props: Record<string, unknown>): Promise<Answer> {
  const page = PAGE_MODULES[`/${file}`]?.default;
  if (!page) throw new Error(`no page ${file}`);
  const state: { refused: boolean; message?: string } = { refused: false };
  const seen = new WeakSet<object>();
  const walk = async (node: unknown): Promise<unknown> => {
    if (node instanceof Promise) return walk(await node);
    if (Array.isArray(node)) return Promise.all(node.map(walk));
    if (!node || typeof node !== "object") return typeof node === "function" ? undefined : node;
    if (seen.has(node)) return undefined;
    seen.add(node);
    const element = node as { $$typeof?: symbol; type?: unknown; props?: Record<string, unknown> };
    if (element.$$typeof) {
      const { type, props: elementProps = {} } = element;
      const refusing = (type === Alert && elementProps.tone === "danger") || type === AccessDenied;
      if (refusing) state.refused = true;
      if (typeof type === "function" && type.constructor.name === "AsyncFunction")
        return { $el: type.name, rendered: await walk(await (type as (p: unknown) => Promise<unknown>)(elementProps)) };
      const name = typeof type === "function" ? type.name : typeof type === "string" ? type : "element";
      const walked = await walk(elementProps);
      // The first refusal's words (title and text) are the page's message: what `same` compares.
      if (refusing) state.message ??= JSON.stringify(walked);
      return { $el: name, props: walked };
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = await walk(value);
    return out;
  };
  try {
    const tree = await walk(page(props));
    return { ok: !state.refused, message: state.message, text: JSON.stringify(tree) };
  } catch (error) {
    const digest = (error as { digest?: string }).digest;
    if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT")) return { ok: true, text: judgedRedirect(digest) };
    if (typeof digest === "string" && digest.startsWith("NEXT_HTTP_ERROR_FALLBACK")) return { ok: false, text: digest };
    throw error;
  }
}

export function buildDoors(w: World, fresh: Fresh, signIn: (p: Person | null) => void): Door[] {
  const o = w.own;
  const personOf = (caller: Viewer): Person => (caller === "admin" || caller === "mcpAdmin" ? o.ana : o.ben);

  // ---- REST: the helper bot of A, by its API key ----
  const rest = async (
    method: string,
    file: string,
    url: string,
    params: Record<string, unknown>,
    body?: unknown,
    idempotent = false,
  ) => {
    const headers: Record<string, string> = { authorization: `Bearer ${o.helper.key}` };
    if (idempotent) headers["idempotency-key"] = `tenancy-${hex()}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    return answerOf(
      await callRoute(file, method, `/api/public/v1${url}`, params, {
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  };
  let waiting: Promise<string> | undefined;
  const requestForProbes = () => (waiting ??= fresh.requestToHelper());
  const CONVERSATION_RULE = { foreign: "forbidden", hidden: "forbidden", random: "not_found" } as const;
  const IDEMPOTENCY = ["public.idempotency_keys"]; // a refused request's answer is stored for its key (decision 004)
  const restConversation = (
    method: string,
    sub: string,
    options: { query?: string; body?: () => unknown; idempotent?: boolean; own?: () => Promise<string> } = {},
  ): Slot => ({
    kind: "conversation",
    as: "path id",
    codes: CONVERSATION_RULE,
    own: options.own ?? (async () => o.visible),
    call: (_, id) =>
      rest(
        method,
        `${V1}/conversations/[id]/${sub}/route.ts`,
        `/conversations/${id}/${sub}${options.query ?? ""}`,
        { id },
        options.body?.(),
        options.idempotent,
      ),
  });
  const restContact = (method: string, sub: string, query = "", body?: () => Promise<unknown>): Slot => ({
    kind: "contact",
    as: "path id",
    codes: { foreign: "forbidden", hidden: "forbidden", random: "not_found" },
    own: async () => o.carla,
    call: async (_, id) =>
      rest(
        method,
        `${V1}/contacts/[id]/${sub}/route.ts`,
        `/contacts/${id}/${sub}${query}`,
        { id },
        body && (await body()),
        method === "POST",
      ),
  });

  const restDoors: Door[] = [
    {
      key: `${V1}/me/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [() => rest("GET", `${V1}/me/route.ts`, "/me", {})],
    },
    {
      key: `${V1}/conversations/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [() => rest("GET", `${V1}/conversations/route.ts`, "/conversations?limit=200", {})],
    },
    {
      key: `${V1}/conversations/[id]/messages/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [restConversation("GET", "messages", { query: "?limit=200" })],
    },
    {
      key: `${V1}/conversations/[id]/messages/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      mayWrite: IDEMPOTENCY,
      slots: [
        restConversation("POST", "messages", {
          body: () => ({ body: "Probe" }),
          idempotent: true,
          own: fresh.conversation,
        }),
      ],
    },
    {
      key: `${V1}/conversations/[id]/drafts/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      mayWrite: IDEMPOTENCY,
      slots: [restConversation("POST", "drafts", { body: () => ({ body: "Probe draft" }), idempotent: true })],
    },
    {
      key: `${V1}/conversations/[id]/memory/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [restConversation("GET", "memory", { query: "?q=said" })],
    },
    {
      key: `${V1}/conversations/[id]/memory/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      mayWrite: IDEMPOTENCY,
      slots: [
        restConversation("POST", "memory", {
          body: () => ({ fact: "Probe fact", source_message_id: o.visibleMessage }),
          idempotent: true,
        }),
        {
          kind: "message",
          as: "body.source_message_id",
          same: true,
          codes: { foreign: "invalid_body", hidden: "invalid_body", random: "invalid_body" },
          own: async () => o.visibleMessage,
          call: (_, id) =>
            rest(
              "POST",
              `${V1}/conversations/[id]/memory/route.ts`,
              `/conversations/${o.visible}/memory`,
              { id: o.visible },
              { fact: "Probe fact", source_message_id: id },
              true,
            ),
        },
      ],
    },
    {
      key: `${V1}/messages/[id]/route.ts#PATCH`,
      surface: "rest",
      callers: ["bot"],
      slots: [
        {
          kind: "card",
          as: "path id",
          codes: { foreign: "forbidden", hidden: "forbidden", random: "not_found" },
          own: fresh.card,
          call: (_, id) =>
            rest(
              "PATCH",
              `${V1}/messages/[id]/route.ts`,
              `/messages/${id}`,
              { id },
              { blocks: [{ type: "status_block", title: "Probe", state: "done" }] },
            ),
        },
      ],
    },
    {
      key: `${V1}/contacts/[id]/facts/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      mayWrite: IDEMPOTENCY,
      slots: [
        restContact("POST", "facts", "", async () => ({
          key: "notes.probe",
          fact: "Probe",
          source_message_id: o.visibleMessage,
        })),
        {
          kind: "message",
          as: "body.source_message_id",
          same: true,
          codes: { foreign: "invalid_body", hidden: "invalid_body", random: "invalid_body" },
          own: async () => o.visibleMessage,
          call: (_, id) =>
            rest(
              "POST",
              `${V1}/contacts/[id]/facts/route.ts`,
              `/contacts/${o.carla}/facts`,
              { id: o.carla },
              { key: "notes.probe", fact: "Probe", source_message_id: id },
              true,
            ),
        },
      ],
    },
    {
      key: `${V1}/contacts/[id]/context/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [restContact("GET", "context")],
    },
    {
      key: `${V1}/contacts/[id]/search/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [restContact("GET", "search", "?q=said%20OR%20pays%20OR%20card%20OR%20gold&limit=50")],
    },
    {
      key: `${V1}/agent-requests/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [
        () => rest("GET", `${V1}/agent-requests/route.ts`, "/agent-requests?limit=200", {}),
        () => rest("GET", `${V1}/agent-requests/route.ts`, "/agent-requests?direction=incoming&limit=200", {}),
      ],
    },
    {
      key: `${V1}/agent-requests/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      mayWrite: IDEMPOTENCY,
      slots: [
        {
          kind: "botHandle",
          as: "body.to",
          same: true,
          codes: { foreign: "no_trusted_connection", hidden: "no_trusted_connection", random: "no_trusted_connection" },
          own: async () => o.ops.handle,
          call: (_, handle) =>
            rest(
              "POST",
              `${V1}/agent-requests/route.ts`,
              "/agent-requests",
              {},
              { to: handle, type: "info", question: "Probe?" },
              true,
            ),
        },
      ],
    },
    {
      key: `${V1}/agent-requests/[id]/respond/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      mayWrite: IDEMPOTENCY,
      slots: [
        {
          kind: "agentRequest",
          as: "path id",
          same: true,
          codes: { foreign: "not_found", hidden: "not_found", random: "not_found" },
          own: fresh.requestToHelper,
          call: (_, id) =>
            rest(
              "POST",
              `${V1}/agent-requests/[id]/respond/route.ts`,
              `/agent-requests/${id}/respond`,
              { id },
              { body: "Probe answer" },
              true,
            ),
        },
        {
          kind: "botUpload",
          as: "body.attachment_id",
          same: true,
          codes: { foreign: "invalid_body", hidden: "invalid_body", random: "invalid_body" },
          own: fresh.botUpload,
          prepare: requestForProbes,
          call: async (_, id) => {
            const request = await requestForProbes(); // one: a refusal leaves it waiting
            return rest(
              "POST",
              `${V1}/agent-requests/[id]/respond/route.ts`,
              `/agent-requests/${request}/respond`,
              { id: request },
              { body: "Probe answer", attachment_id: id },
              true,
            );
          },
        },
      ],
    },
    {
      key: `${V1}/attachments/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [
        async () => {
          const form = new FormData();
          form.set("file", new File([new TextEncoder().encode("probe")], "probe.pdf", { type: "application/pdf" }));
          return answerOf(
            await callRoute(
              `${V1}/attachments/route.ts`,
              "POST",
              "/api/public/v1/attachments",
              {},
              {
                headers: { authorization: `Bearer ${o.helper.key}` },
                body: form,
              },
            ),
          );
        },
      ],
    },
    {
      key: `${V1}/openapi.json/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [
        async () => answerOf(await callRoute(`${V1}/openapi.json/route.ts`, "GET", "/api/public/v1/openapi.json", {})),
      ],
    },
    // The probes of a load balancer (issue 19): unauthenticated, they name no object and tell nothing of any tenant.
    {
      key: "app/api/health/route.ts#GET",
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [async () => answerOf(await callRoute("app/api/health/route.ts", "GET", "/api/health", {}))],
    },
    {
      key: "app/api/ready/route.ts#GET",
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [
        async () => {
          // Ready once a job worker beat within a minute, and none runs beside the matrix: a beat of its own.
          const beat = await startHeartbeat(() => {});
          try {
            return answerOf(await callRoute("app/api/ready/route.ts", "GET", "/api/ready", {}));
          } finally {
            await beat.stop();
          }
        },
      ],
    },
  ];
  // The catch-alls answer every method under /api/public/v1, and anywhere else under /api, that no route serves:
  // JSON 404, whatever the id.
  const catchAlls = [
    { file: `${V1}/[...path]/route.ts`, prefix: [] as string[], base: "/api/public/v1" },
    { file: "app/api/[[...path]]/route.ts", prefix: ["chat"], base: "/api/chat" },
  ];
  for (const { file, prefix, base } of catchAlls) {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      restDoors.push({
        key: `${file}#${method}`,
        surface: "rest",
        callers: ["bot"],
        slots: [
          {
            kind: "conversation",
            as: "path segment",
            same: true,
            codes: { foreign: "not_found", hidden: "not_found", random: "not_found" },
            call: async (_, id) =>
              answerOf(
                await callRoute(
                  file,
                  method,
                  `${base}/conversations/${id}/nothing-here`,
                  { path: [...prefix, "conversations", id, "nothing-here"] },
                  { headers: { authorization: `Bearer ${o.helper.key}` } },
                ),
              ),
          },
        ],
      });
    }
  }

  // ---- MCP: Mia (a member of A, an admin of B) through her token for A; admin-only tools' controls by Ana's ----
  const mcp = (caller: Viewer, name: string, args: Record<string, unknown>) =>
    mcpRequest(caller, "tools/call", { name, arguments: args });
  const mcpRequest = async (caller: Viewer, method: string, params: Record<string, unknown>): Promise<Answer> => {
    const token = caller === "mcpAdmin" ? o.anaToken : o.miaToken;
    const response = await callRoute(
      "app/api/mcp/route.ts",
      "POST",
      "/api/mcp",
      {},
      {
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      },
    );
    const text = await response.text();
    const body = JSON.parse(text) as {
      result?: { isError?: boolean; structuredContent?: { error?: { code: string; message: string } } };
      error?: { message: string };
    };
    const error = body.result?.structuredContent?.error;
    return {
      ok: response.status < 400 && !body.error && body.result?.isError !== true,
      status: response.status,
      code: error?.code ?? (body.error || body.result?.isError ? "mcp_error" : undefined),
      message: error?.message ?? body.error?.message,
      text,
    };
  };
  const tool = (
    name: string,
    kind: Kind,
    field: string,
    own: () => Promise<string>,
    extra: Record<string, unknown> = {},
    options: { adminOnly?: boolean; variant?: string; same?: Slot["same"] } = {},
  ): Door => ({
    key: `mcp:${name}`,
    variant: options.variant,
    surface: "mcp",
    callers: ["mcp"],
    adminOnly: options.adminOnly,
    slots: [
      {
        kind,
        as: field,
        same: options.same ?? true,
        own,
        call: (caller, id) => mcp(caller, name, { [field]: id, ...extra }),
      },
    ],
  });
  const mcpList = (name: string, ...calls: Record<string, unknown>[]): Door => ({
    key: `mcp:${name}`,
    surface: "mcp",
    callers: ["mcp"],
    slots: [],
    lists: calls.map((args) => (caller: Viewer) => mcp(caller, name, args)),
  });
  const mcpDoors: Door[] = [
    mcpList("whoami", {}),
    mcpList("list_conversations", {}, { limit: 200 }),
    mcpList("find_contacts", {}, { query: "Quinn", limit: 50 }, { query: "b.test", limit: 50 }),
    mcpList("list_pending_approvals", {}),
    tool("get_conversation", "conversation", "conversation_id", async () => o.visible),
    tool("read_messages", "conversation", "conversation_id", async () => o.visible, { limit: 200 }),
    tool("post_message", "conversation", "conversation_id", fresh.conversation, { body: "Probe" }),
    tool("opt_out", "conversation", "conversation_id", fresh.conversation),
    tool("take_over_conversation", "conversation", "conversation_id", fresh.conversation),
    tool("release_conversation", "conversation", "conversation_id", fresh.conversation),
    tool("search_contact_memory", "contact", "contact_id", async () => o.carla, {
      query: "said OR pays OR card OR gold",
      limit: 50,
    }),
    tool("get_contact_context", "contact", "contact_id", async () => o.carla),
    tool("set_do_not_contact", "contact", "contact_id", fresh.contact, { do_not_contact: true }),
    tool(
      "set_contact_sensitivity",
      "contact",
      "contact_id",
      fresh.contact,
      { sensitivity: "high" },
      { variant: "high" },
    ),
    tool(
      "set_contact_sensitivity",
      "contact",
      "contact_id",
      fresh.sensitiveContact,
      { sensitivity: "normal" },
      { variant: "normal", adminOnly: true },
    ),
    tool("approve_draft", "draft", "draft_id", fresh.draft),
    tool("approve_draft", "held", "draft_id", fresh.held, { body: "Edited" }, { variant: "held" }),
    tool("reject_draft", "draft", "draft_id", fresh.draft),
    tool("reject_draft", "held", "draft_id", fresh.held, {}, { variant: "held" }),
    // A request of the token's workspace that the person may not decide is refused in words (403): the README names
    // who decides (an admin, or the asking bot's developer), not how others are answered.
    tool(
      "approve_agent_request",
      "agentRequest",
      "request_id",
      fresh.pendingRequest,
      {},
      { adminOnly: true, same: "foreign" },
    ),
    tool(
      "decline_agent_request",
      "agentRequest",
      "request_id",
      fresh.pendingRequest,
      {},
      { adminOnly: true, same: "foreign" },
    ),
    tool("confirm_fact", "fact", "fact_id", fresh.fact),
    tool("reject_fact", "fact", "fact_id", fresh.fact),
  ];

  // ---- The chat's route handlers: Ben (a member of A) and Ana (its admin), signed in ----
  const route = async (
    caller: Viewer,
    file: string,
    url: string,
    params: Record<string, unknown>,
    init: RequestInit = {},
  ) => {
    signIn(personOf(caller));
    const abort = new AbortController();
    const response = await callRoute(file, init.method ?? "GET", url, params, { ...init, signal: abort.signal });
    if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
      // An open stream: what it says first, then the person goes away.
      const reader = response.body!.getReader();
      const first = await reader.read();
      abort.abort();
      await reader.cancel().catch(() => {});
      return { ok: response.status < 400, status: response.status, text: new TextDecoder().decode(first.value) };
    }
    return answerOf(response);
  };
  const people: Caller[] = ["member", "admin"];
  const routeDoors: Door[] = [
    {
      key: "app/api/chat/attachments/[id]/route.ts#GET",
      surface: "route",
      callers: people,
      slots: [
        {
          kind: "attachment",
          as: "path id",
          same: true,
          own: fresh.attachment,
          call: (caller, id) =>
            route(caller, "app/api/chat/attachments/[id]/route.ts", `/api/chat/attachments/${id}`, { id }),
        },
      ],
    },
    {
      key: "app/api/chat/conversations/[id]/attachments/route.ts#POST",
      surface: "route",
      callers: people,
      slots: [
        {
          kind: "conversation",
          as: "path id",
          same: true,
          own: async () => o.visible,
          call: (caller, id) => {
            const form = new FormData();
            form.set("file", new File([new TextEncoder().encode("probe")], "probe.txt", { type: "text/plain" }));
            return route(
              caller,
              "app/api/chat/conversations/[id]/attachments/route.ts",
              `/api/chat/conversations/${id}/attachments`,
              { id },
              { method: "POST", body: form },
            );
          },
        },
      ],
    },
    {
      key: "app/api/chat/conversations/[id]/stream/route.ts#GET",
      surface: "route",
      callers: people,
      slots: [
        {
          kind: "conversation",
          as: "path id",
          same: true,
          own: async () => o.visible,
          call: (caller, id) =>
            route(caller, "app/api/chat/conversations/[id]/stream/route.ts", `/api/chat/conversations/${id}/stream`, {
              id,
            }),
        },
      ],
    },
    {
      key: "app/api/chat/workspaces/[id]/stream/route.ts#GET",
      surface: "route",
      callers: people,
      slots: [
        {
          kind: "workspace",
          as: "path id",
          own: async () => o.workspace.id,
          call: (caller, id) =>
            route(caller, "app/api/chat/workspaces/[id]/stream/route.ts", `/api/chat/workspaces/${id}/stream`, { id }),
        },
      ],
    },
    {
      key: "app/api/chat/push/key/route.ts#GET",
      surface: "route",
      callers: people,
      slots: [],
      lists: [(caller) => route(caller, "app/api/chat/push/key/route.ts", "/api/chat/push/key", {})],
    },
    {
      // The caller's own devices only: no endpoint of anyone else's.
      key: "app/api/chat/push/subscriptions/route.ts#GET",
      surface: "route",
      callers: people,
      slots: [],
      lists: [
        (caller) => route(caller, "app/api/chat/push/subscriptions/route.ts", "/api/chat/push/subscriptions", {}),
      ],
    },
    {
      // Subscribing a new browser takes no id. Another person's endpoint (which only moves with that browser's keys)
      // is lib/notifications/push/push.int.test.ts's: 409, nothing moved.
      key: "app/api/chat/push/subscriptions/route.ts#POST",
      surface: "route",
      callers: people,
      slots: [],
      lists: [
        (caller) => {
          const ecdh = createECDH("prime256v1");
          ecdh.generateKeys();
          const body = {
            endpoint: `https://push.tenancy.test/wp/probe-${hex()}`,
            keys: { p256dh: ecdh.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") },
          };
          return route(
            caller,
            "app/api/chat/push/subscriptions/route.ts",
            "/api/chat/push/subscriptions",
            {},
            {
              method: "POST",
              body: JSON.stringify(body),
            },
          );
        },
      ],
    },
    {
      key: "app/api/chat/push/subscriptions/route.ts#DELETE",
      surface: "route",
      callers: people,
      slots: [
        {
          kind: "pushEndpoint",
          as: "body.endpoint",
          same: true,
          own: () => fresh.pushEndpoint(o.ben),
          call: (caller, endpoint) =>
            route(
              caller,
              "app/api/chat/push/subscriptions/route.ts",
              "/api/chat/push/subscriptions",
              {},
              {
                method: "DELETE",
                body: JSON.stringify({ endpoint }),
              },
            ),
        },
      ],
    },
    {
      // The link is the permission (no session, no key): whoever holds one. Its probes are links to B's file that
      // were not issued as they are: another file's id under a genuine signature, an expired one, an altered one.
      key: "app/api/attachments/signed/[token]/route.ts#GET",
      surface: "route",
      callers: ["bot"],
      slots: [
        {
          kind: "signedLink",
          as: "path token",
          same: false,
          codes: { foreign: "forbidden", random: "forbidden" },
          own: fresh.signedLink,
          call: async (_, token) => {
            signIn(null);
            return answerOf(
              await callRoute(
                "app/api/attachments/signed/[token]/route.ts",
                "GET",
                `/api/attachments/signed/${token}`,
                { token },
              ),
            );
          },
        },
      ],
    },
    // An email's unsubscribe link is the permission (no session): whoever holds one turns that person's email off in
    // that workspace. Its probes are tokens never issued as they are (lib/notifications/unsubscribe.ts).
    ...(["GET", "POST"] as const).map((method): Door => ({
      key: `app/api/notifications/unsubscribe/[token]/route.ts#${method}`,
      surface: "route",
      callers: ["bot"],
      slots: [
        {
          kind: "unsubscribeToken",
          as: "path token",
          same: true,
          codes: { foreign: "not_found", random: "not_found" },
          own: async () => unsubscribeToken(o.ben.id, o.workspace.id),
          call: async (_, token) => {
            signIn(null);
            return answerOf(
              await callRoute(
                "app/api/notifications/unsubscribe/[token]/route.ts",
                method,
                `/api/notifications/unsubscribe/${token}`,
                { token },
                method === "POST"
                  ? {
                      body: "List-Unsubscribe=One-Click",
                      headers: { "content-type": "application/x-www-form-urlencoded" },
                    }
                  : {},
              ),
            );
          },
        },
      ],
    })),
    {
      // Each tool is a door of its own (mcpDoors); here the list of them, which quotes nothing.
      key: "app/api/mcp/route.ts#POST",
      surface: "mcp",
      callers: ["mcp"],
      slots: [],
      lists: [(caller) => mcpRequest(caller, "tools/list", {})],
    },
  ];

  // ---- Server actions, as Ben or Ana ----
  const action = async (caller: Viewer, run: () => Promise<unknown>): Promise<Answer> => {
    signIn(personOf(caller));
    try {
      const value = (await run()) as { error?: string; fieldErrors?: Record<string, string> } | undefined;
      const fieldErrors = value?.fieldErrors && Object.keys(value.fieldErrors).length ? value.fieldErrors : undefined;
      const message = value?.error ?? (fieldErrors ? Object.values(fieldErrors).join("; ") : undefined);
      return { ok: message === undefined, message, text: JSON.stringify(value ?? null) };
    } catch (error) {
      // A redirect is how addContact and startConversation answer a success.
      const digest = (error as { digest?: string }).digest;
      if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT")) return { ok: true, text: judgedRedirect(digest) };
      throw error;
    }
  };
  const form = (fields: Record<string, string | string[]>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(name, one);
    return data;
  };
  const s0 = { n: 0 };
  const CHAT = "app/(chat)/chat/_actions";
  const SETTINGS = "app/(settings)/settings/_actions.ts";
  const BOTS = "app/(portal)/developers/_actions/bots.ts";
  const CONNECTIONS = "app/(portal)/developers/_actions/connections.ts";
  const DELIVERIES = "app/(portal)/developers/_actions/deliveries.ts";
  const act = (
    file: string,
    name: string,
    slots: { kind: Kind; as: string; own: () => Promise<string>; run: (id: string) => Promise<unknown> }[],
    options: { adminOnly?: boolean; variant?: string } = {},
  ): Door => ({
    key: `${file === CHAT ? chatActionFile(name) : file}#${name}`,
    variant: options.variant,
    surface: "action",
    callers: people,
    adminOnly: options.adminOnly,
    slots: slots.map((slot) => ({
      kind: slot.kind,
      as: slot.as,
      own: slot.own,
      // What a person may not see answers like what does not exist (lib/people/access.ts): a conversation or a
      // contact, and what is reached through one (a draft, a card, a file, a fact).
      same: OUT_OF_SIGHT_IS_NOTHING.has(slot.kind),
      call: (caller, id) => action(caller, () => slot.run(id)),
    })),
  });
  const OUT_OF_SIGHT_IS_NOTHING = new Set<Kind>([
    "conversation",
    "contact",
    "draft",
    "held",
    "card",
    "fact",
    "confirmedFact",
    "attachment",
  ]);
  const path = "/chat/probe";
  const visible = async () => o.visible;
  const anyPolicy = {
    newBotThreshold: "50",
    dailyLimit: "1000",
    conversationLimit: "",
    conversationWindowSeconds: "3600",
    approvalReminderMinutes: "60",
    // Issue 31: the request rate is one of the settings; generous, so the matrix's own bots are never deferred.
    ratePerSecond: "1000",
    rateBurst: "1000",
  };
  const cursor = Buffer.from(`${new Date().toISOString()}|00000000-0000-4000-8000-000000000000`).toString("base64url");

  const actionDoors: Door[] = [
    act(CHAT, "sendMessage", [
      {
        kind: "conversation",
        as: "conversationId",
        own: visible,
        run: (id) => chat.sendMessage(id, path, s0, form({ body: "Probe" })),
      },
      {
        kind: "attachment",
        as: "formData attachmentId",
        own: () => fresh.upload(),
        run: (id) => chat.sendMessage(o.visible, path, s0, form({ body: "Probe", attachmentId: id })),
      },
    ]),
    act(CHAT, "setConsent", [
      {
        kind: "conversation",
        as: "conversationId",
        own: fresh.conversation,
        run: (id) => chat.setConsent(id, true, path, s0),
      },
    ]),
    act(CHAT, "approve", [
      { kind: "draft", as: "draftId", own: fresh.draft, run: (id) => chat.approve(id, path, s0, form({})) },
      {
        kind: "held",
        as: "draftId",
        own: fresh.held,
        run: (id) => chat.approve(id, path, s0, form({ body: "Edited", original: "x" })),
      },
    ]),
    act(CHAT, "reject", [
      { kind: "draft", as: "draftId", own: fresh.draft, run: (id) => chat.reject(id, path, s0, form({ note: "no" })) },
      { kind: "held", as: "draftId", own: fresh.held, run: (id) => chat.reject(id, path, s0, form({})) },
    ]),
    act(CHAT, "answerCard", [
      {
        kind: "card",
        as: "messageId",
        own: fresh.card,
        run: (id) => chat.answerCard(id, path, s0, form({ actionKey: "ok" })),
      },
    ]),
    act(CHAT, "setTakenOver", [
      {
        kind: "conversation",
        as: "conversationId",
        own: fresh.conversation,
        run: (id) => chat.setTakenOver(id, true, path, s0),
      },
    ]),
    act(CHAT, "setContactDoNotContact", [
      {
        kind: "contact",
        as: "contactId",
        own: fresh.contact,
        run: (id) => chat.setContactDoNotContact(id, true, path, s0),
      },
    ]),
    act(CHAT, "saveContact", [
      {
        kind: "contact",
        as: "contactId",
        own: fresh.contact,
        run: (id) => chat.saveContact(id, path, { n: 0 }, form({ name: "Probe Name", email: "", phone: "" })),
      },
    ]),
    act(CHAT, "addContact", [
      {
        kind: "workspace",
        as: "workspaceId",
        own: async () => o.workspace.id,
        run: (id) => chat.addContact(id, "probe", { n: 0 }, form({ name: `Probe ${hex(2)}`, email: "", phone: "" })),
      },
    ]),
    act(
      CHAT,
      "setSensitivity",
      [
        {
          kind: "contact",
          as: "contactId",
          own: fresh.contact,
          run: (id) => chat.setSensitivity(id, "high", path, s0),
        },
      ],
      { variant: "high" },
    ),
    act(
      CHAT,
      "setSensitivity",
      [
        {
          kind: "contact",
          as: "contactId",
          own: fresh.sensitiveContact,
          run: (id) => chat.setSensitivity(id, "normal", path, s0),
        },
      ],
      { variant: "normal", adminOnly: true },
    ),
    act(CHAT, "setBotBlocked", [
      {
        kind: "conversation",
        as: "conversationId",
        own: fresh.conversation,
        run: (id) => chat.setBotBlocked(id, o.helper.id, true, path, s0),
      },
      {
        kind: "bot",
        as: "botId",
        own: async () => o.helper.id,
        run: (id) => chat.setBotBlocked(o.visible, id, true, path, s0),
      },
    ]),
    act(CHAT, "addBot", [
      {
        kind: "conversation",
        as: "conversationId",
        own: fresh.conversation,
        run: (id) => chat.addBot(id, path, s0, form({ botId: o.ops.id })),
      },
      {
        kind: "bot",
        as: "formData botId",
        own: async () => o.ops.id,
        run: (id) => chat.addBot(o.visible, path, s0, form({ botId: id })),
      },
    ]),
    act(CHAT, "dropBot", [
      {
        kind: "conversation",
        as: "conversationId",
        own: fresh.conversation,
        run: (id) => chat.dropBot(id, o.helper.id, path, s0),
      },
      { kind: "bot", as: "botId", own: async () => o.sched.id, run: (id) => chat.dropBot(o.visible, id, path, s0) },
    ]),
    act(
      CHAT,
      "changeBotStatus",
      [
        {
          kind: "bot",
          as: "botId",
          own: fresh.bot,
          run: (id) => chat.changeBotStatus(id, "paused", path, s0, form({ reason: "probe" })),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "savePolicySettings",
      [
        {
          kind: "workspace",
          as: "workspaceId",
          own: async () => o.workspace.id,
          run: (id) => chat.savePolicySettings(id, path, { n: 0 }, form(anyPolicy)),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CHAT,
      "decideFact",
      [{ kind: "fact", as: "factId", own: fresh.fact, run: (id) => chat.decideFact(id, "confirm", path, s0) }],
      { variant: "confirm" },
    ),
    act(
      CHAT,
      "decideFact",
      [{ kind: "fact", as: "factId", own: fresh.fact, run: (id) => chat.decideFact(id, "reject", path, s0) }],
      { variant: "reject" },
    ),
    act(
      CHAT,
      "decideFact",
      [
        {
          kind: "confirmedFact",
          as: "factId",
          own: fresh.confirmedFact,
          run: (id) => chat.decideFact(id, "retire", path, s0),
        },
      ],
      { variant: "retire" },
    ),
    act(CHAT, "reviseFact", [
      {
        kind: "confirmedFact",
        as: "factId",
        own: fresh.confirmedFact,
        run: (id) => chat.reviseFact(id, path, s0, form({ fact: "Revised" })),
      },
    ]),
    act(
      CHAT,
      "decideAgentRequest",
      [
        {
          kind: "agentRequest",
          as: "requestId",
          own: fresh.pendingRequest,
          run: (id) => chat.decideAgentRequest(id, true, path, s0),
        },
      ],
      { variant: "approve", adminOnly: true },
    ),
    act(
      CHAT,
      "decideAgentRequest",
      [
        {
          kind: "agentRequest",
          as: "requestId",
          own: fresh.pendingRequest,
          run: (id) => chat.decideAgentRequest(id, false, path, s0),
        },
      ],
      { variant: "decline", adminOnly: true },
    ),
    {
      // Answers nothing either way: a read marker written or not is the whole of it.
      ...act(CHAT, "markRead", []),
      slots: [
        {
          kind: "conversation",
          as: "conversationId",
          own: fresh.conversation,
          call: async (caller, id) => {
            const answer = await action(caller, () => chat.markRead(id, 1));
            const { db } = await import("@/lib/db/client");
            const read = await db().conversationRead.findFirst({
              where: { conversationId: id, userId: personOf(caller).id },
            });
            return { ...answer, ok: read !== null };
          },
        },
      ],
    },
    {
      // Answers the matches, or nothing for a refusal.
      ...act(CHAT, "findContactsToAdd", []),
      slots: [
        {
          kind: "workspace",
          as: "workspaceId",
          own: async () => o.workspace.id,
          call: async (caller, id) => {
            const answer = await action(caller, () => chat.findContactsToAdd(id, ""));
            return { ...answer, ok: answer.text !== "[]" };
          },
        },
      ],
    },
    act(CHAT, "startConversation", [
      {
        kind: "workspace",
        as: "workspaceId",
        own: async () => o.workspace.id,
        run: (id) => chat.startConversation(id, "probe", { n: 0 }, form({ title: "Probe" })),
      },
      {
        kind: "person",
        as: "formData userId",
        own: async () => o.mia.id,
        run: (id) => chat.startConversation(o.workspace.id, "probe", { n: 0 }, form({ title: "Probe", userId: id })),
      },
      {
        kind: "contact",
        as: "formData contactId",
        own: async () => o.carla,
        run: (id) =>
          chat.startConversation(
            o.workspace.id,
            "probe",
            { n: 0 },
            form({ title: "Probe", contactId: id, contactName: "x" }),
          ),
      },
      {
        kind: "bot",
        as: "formData botId",
        own: async () => o.helper.id,
        run: (id) => chat.startConversation(o.workspace.id, "probe", { n: 0 }, form({ title: "Probe", botId: id })),
      },
    ]),

    act(SETTINGS, "createToken", [
      {
        kind: "workspace",
        as: "formData workspaceId",
        own: async () => o.workspace.id,
        run: (id) => settings.createToken({ n: 0 }, form({ workspaceId: id, name: "Probe", write: "on" })),
      },
    ]),
    act(SETTINGS, "saveNotificationSettings", [
      {
        kind: "workspace",
        as: "workspaceId",
        own: async () => o.workspace.id,
        run: (id) =>
          settings.saveNotificationSettings(
            id,
            { n: 0 },
            form({ channels: "both", quietStart: "22:00", quietEnd: "07:00", timeZone: "Europe/Lisbon" }),
          ),
      },
    ]),
    {
      ...act(SETTINGS, "revokeToken", []),
      slots: [
        {
          kind: "token",
          as: "tokenId",
          own: () => fresh.token(o.ben),
          call: (caller, id) => action(caller, () => settings.revokeToken(id, { n: 0 })),
        },
      ],
    },
    {
      ...act(SETTINGS, "revokeGrant", []),
      slots: [
        {
          kind: "grant",
          as: "grantId",
          own: () => fresh.grant(o.ben),
          call: (caller, id) => action(caller, () => settings.revokeGrant(id, { n: 0 })),
        },
      ],
    },

    act(BOTS, "registerBot", [
      {
        kind: "workspace",
        as: "formData workspaceId",
        own: async () => o.workspace.id,
        run: (id) =>
          portalBots.registerBot(
            { n: 0 },
            form({ workspaceId: id, handle: `probe-${hex(3)}`, name: "Probe", webhookUrl: "", eventTypes: [] }),
          ),
      },
    ]),
    act(
      BOTS,
      "saveBotSettings",
      [
        {
          kind: "bot",
          as: "botId",
          own: fresh.bot,
          run: (id) =>
            portalBots.saveBotSettings(
              id,
              { n: 0 },
              form({ name: "Renamed", webhookUrl: "", eventTypes: ["message.created"] }),
            ),
        },
      ],
      { adminOnly: true },
    ),
    act(
      BOTS,
      "issueKey",
      [
        {
          kind: "bot",
          as: "botId",
          own: fresh.bot,
          run: (id) => portalBots.issueKey(id, { n: 0 }, form({ name: "probe" })),
        },
      ],
      { adminOnly: true },
    ),
    act(
      BOTS,
      "revokeKey",
      [{ kind: "apiKey", as: "keyId", own: fresh.apiKey, run: (id) => portalBots.revokeKey(o.ops.id, id, { n: 0 }) }],
      { adminOnly: true },
    ),
    act(
      BOTS,
      "rotateSecret",
      [
        {
          kind: "bot",
          as: "botId",
          own: fresh.bot,
          run: (id) => portalBots.rotateSecret(id, { n: 0 }, form({ overlapMinutes: "60" })),
        },
      ],
      { adminOnly: true },
    ),
    act(
      BOTS,
      "sendPing",
      [{ kind: "bot", as: "botId", own: fresh.bot, run: (id) => portalBots.sendPing(id, { n: 0 }) }],
      { adminOnly: true },
    ),

    act(
      CONNECTIONS,
      "proposeConnectionAction",
      [
        {
          kind: "bot",
          as: "formData botId",
          own: fresh.bot,
          run: (id) =>
            portalConnections.proposeConnectionAction(
              { n: 0 },
              form({ botId: id, otherWorkspace: o.workspace.slug, otherHandle: o.helper.handle, typesToOther: "info" }),
            ),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CONNECTIONS,
      "acceptConnectionAction",
      [
        {
          kind: "connection",
          as: "connectionId",
          own: fresh.crossProposal,
          run: (id) => portalConnections.acceptConnectionAction(id, { n: 0 }),
        },
      ],
      { adminOnly: true },
    ),
    act(
      CONNECTIONS,
      "revokeConnectionAction",
      [
        {
          kind: "connection",
          as: "connectionId",
          own: fresh.liveConnection,
          run: (id) => portalConnections.revokeConnectionAction(id, { n: 0 }),
        },
      ],
      { adminOnly: true },
    ),

    act(
      DELIVERIES,
      "loadMoreDeliveries",
      [
        {
          kind: "bot",
          as: "botId",
          own: async () => o.ops.id,
          run: (id) => portalDeliveries.loadMoreDeliveries(id, {}, cursor),
        },
      ],
      { adminOnly: true },
    ),
    act(
      DELIVERIES,
      "replayFailedInRange",
      [
        {
          kind: "bot",
          as: "botId",
          own: fresh.bot,
          run: (id) =>
            portalDeliveries.replayFailedInRange(
              id,
              { n: 0 },
              form({ from: "2020-01-01T00:00", to: "2099-01-01T00:00" }),
            ),
        },
      ],
      { adminOnly: true },
    ),
    act(
      DELIVERIES,
      "replayOne",
      [
        {
          kind: "delivery",
          as: "deliveryId",
          own: fresh.delivery,
          run: (id) => portalDeliveries.replayOne(id, { n: 0 }),
        },
      ],
      { adminOnly: true },
    ),
  ];
  // ---- Pages and layouts, as Ben or Ana: what they read and hand to the browser ----
  const CHAT_WS = "app/(chat)/chat/[workspace]";
  const page = async (
    caller: Viewer,
    file: string,
    params: Record<string, unknown>,
    search: Record<string, string> = {},
  ) => {
    signIn(personOf(caller));
    return renderPage(file, { params: Promise.resolve(params), searchParams: Promise.resolve(search), children: null });
  };
  const slug = async () => o.workspace.slug;
  const pageDoor = (
    file: string,
    slots: {
      kind: Kind;
      as: string;
      own: () => Promise<string>;
      ignores?: boolean;
      same?: boolean;
      render: (caller: Viewer, id: string) => Promise<Answer>;
    }[],
    options: { adminOnly?: boolean } = {},
  ): Door => ({
    key: `${file}#default`,
    surface: "page",
    callers: people,
    adminOnly: options.adminOnly,
    slots: slots.map(({ render, ...slot }) => ({ ...slot, call: render })),
  });
  const bySlug = (file: string, search: Record<string, string> = {}, ignores = false) => ({
    kind: "workspaceSlug" as const,
    as: "path workspace",
    own: slug,
    ignores,
    render: (caller: Viewer, id: string) => page(caller, file, { workspace: id }, search),
  });
  const listPage = (file: string, ...searches: Record<string, string>[]): Door => ({
    key: `${file}#default`,
    surface: "page",
    callers: people,
    slots: [],
    lists: (searches.length ? searches : [{}]).map((search) => (caller: Viewer) => page(caller, file, {}, search)),
  });
  const pageDoors: Door[] = [
    // An assistant's connection request (OAuth consent): its uid names the provider's interaction, found only with
    // the browser's own cookie; the person's workspaces are listed to choose from. Without the cookie: expired.
    listPage("app/oauth/consent/[uid]/page.tsx"),
    pageDoor(`${CHAT_WS}/layout.tsx`, [bySlug(`${CHAT_WS}/layout.tsx`)]),
    // The workspace's home reads nothing: its layout checks the workspace.
    pageDoor(`${CHAT_WS}/page.tsx`, [bySlug(`${CHAT_WS}/page.tsx`, {}, true)]),
    pageDoor(`${CHAT_WS}/admin/page.tsx`, [bySlug(`${CHAT_WS}/admin/page.tsx`)], { adminOnly: true }),
    pageDoor(`${CHAT_WS}/approvals/page.tsx`, [bySlug(`${CHAT_WS}/approvals/page.tsx`)]),
    pageDoor(`${CHAT_WS}/contacts/page.tsx`, [
      bySlug(`${CHAT_WS}/contacts/page.tsx`),
      bySlug(`${CHAT_WS}/contacts/page.tsx`, { q: "Quinn" }),
    ]),
    pageDoor(`${CHAT_WS}/contacts/[id]/page.tsx`, [
      {
        kind: "contact",
        as: "path id",
        same: true,
        own: async () => o.carla,
        render: (caller, id) => page(caller, `${CHAT_WS}/contacts/[id]/page.tsx`, { workspace: o.workspace.slug, id }),
      },
      {
        kind: "workspaceSlug",
        as: "path workspace",
        own: slug,
        render: (caller, id) => page(caller, `${CHAT_WS}/contacts/[id]/page.tsx`, { workspace: id, id: o.carla }),
      },
    ]),
    pageDoor(`${CHAT_WS}/c/[id]/page.tsx`, [
      {
        kind: "conversation",
        as: "path id",
        same: true,
        own: async () => o.visible,
        render: (caller, id) => page(caller, `${CHAT_WS}/c/[id]/page.tsx`, { workspace: o.workspace.slug, id }),
      },
    ]),
    pageDoor(`${CHAT_WS}/new/page.tsx`, [
      bySlug(`${CHAT_WS}/new/page.tsx`),
      {
        kind: "contact",
        as: "?contact",
        own: async () => o.carla,
        ignores: true,
        render: (caller, id) =>
          page(caller, `${CHAT_WS}/new/page.tsx`, { workspace: o.workspace.slug }, { contact: id }),
      },
    ]),
    listPage("app/(chat)/chat/page.tsx"),
    listPage("app/(chat)/layout.tsx"),
    pageDoor(
      "app/(portal)/developers/bots/[id]/page.tsx",
      [
        {
          kind: "bot",
          as: "path id",
          own: fresh.bot,
          render: (caller, id) => page(caller, "app/(portal)/developers/bots/[id]/page.tsx", { id }),
        },
      ],
      { adminOnly: true },
    ),
    pageDoor(
      "app/(portal)/developers/bots/[id]/deliveries/page.tsx",
      [
        {
          kind: "bot",
          as: "path id",
          own: async () => o.ops.id,
          render: (caller, id) => page(caller, "app/(portal)/developers/bots/[id]/deliveries/page.tsx", { id }),
        },
      ],
      { adminOnly: true },
    ),
    pageDoor(
      "app/(portal)/developers/deliveries/[id]/page.tsx",
      [
        {
          kind: "delivery",
          as: "path id",
          own: fresh.delivery,
          render: (caller, id) => page(caller, "app/(portal)/developers/deliveries/[id]/page.tsx", { id }),
        },
      ],
      { adminOnly: true },
    ),
    listPage("app/(portal)/developers/page.tsx"),
    listPage("app/(portal)/developers/layout.tsx"),
    listPage("app/(portal)/developers/bots/new/page.tsx"),
    listPage("app/(portal)/developers/connections/page.tsx"),
    listPage("app/(portal)/developers/docs/page.tsx"),
    listPage("app/(settings)/layout.tsx"),
    listPage("app/(settings)/settings/page.tsx"),
    listPage("app/(settings)/settings/tokens/page.tsx"),
    listPage("app/(settings)/settings/notifications/page.tsx"),
    listPage("app/(settings)/settings/notifications/outbox/page.tsx"),
    {
      key: "app/(auth)/unsubscribe/[token]/page.tsx#default",
      surface: "page",
      callers: ["bot"],
      slots: [
        {
          kind: "unsubscribeToken",
          as: "path token",
          own: async () => unsubscribeToken(o.ben.id, o.workspace.id),
          call: (_, token) => {
            signIn(null);
            return renderPage("app/(auth)/unsubscribe/[token]/page.tsx", {
              params: Promise.resolve({ token }),
              searchParams: Promise.resolve({}),
              children: null,
            });
          },
        },
      ],
    },
    // Redirect targets (issue 31) are inputs too: hostile ones go nowhere but this site (lib/http/redirect-target.ts).
    listPage(
      "app/(auth)/sign-in/page.tsx",
      {},
      { callbackUrl: "/chat" },
      { callbackUrl: "/\t/evil.example" },
      { callbackUrl: "//evil.example" },
      { callbackUrl: "/\n/x" },
      { callbackUrl: "/\u3000/x" },
    ),
    listPage("app/page.tsx"),
    listPage("app/layout.tsx"),
    listPage("app/not-found.tsx"),
    listPage("app/(portal)/developers/not-found.tsx"),
  ];

  return [...restDoors, ...mcpDoors, ...routeDoors, ...actionDoors, ...pageDoors];
}

/** Links to B's file that were never issued as they are (a random token included). */
export function signedLinkProbes(w: World, ownLink: string): { label: string; token: string; placement: Placement }[] {
  const f = w.foreign;
  const [, expires, signature] = ownLink.split(".") as [string, string, string];
  const [, bExpires, bSignature] = f.signedToken.split(".") as [string, string, string];
  const flipped = (s: string) => `${s.slice(0, 10)}${s[10] === "A" ? "B" : "A"}${s.slice(11)}`;
  return [
    {
      label: "B's file id under the signature of the caller's own link",
      token: `${f.signedAttachment}.${expires}.${signature}`,
      placement: "foreign",
    },
    {
      label: "B's link with its expiry pushed back",
      token: `${f.signedAttachment}.${Number(bExpires) + 86_400}.${bSignature}`,
      placement: "foreign",
    },
    {
      label: "B's link with one character of its signature altered",
      token: `${f.signedAttachment}.${bExpires}.${flipped(bSignature)}`,
      placement: "foreign",
    },
    {
      label: "a genuine signature of B's file that has expired",
      token: signToken(f.signedAttachment, new Date(Date.now() - 60_000)),
      placement: "foreign",
    },
    {
      label: "a random token",
      token: `${crypto.randomUUID()}.${Math.floor(Date.now() / 1000) + 3600}.${randomBytes(32).toString("base64url")}`,
      placement: "random",
    },
  ];
}

/** Unsubscribe links never issued as they are (lib/notifications/unsubscribe.ts), and a random one. */
export function unsubscribeProbes(w: World): { label: string; token: string; placement: Placement }[] {
  const own = unsubscribeToken(w.own.ben.id, w.own.workspace.id);
  const bea = unsubscribeToken(w.foreign.bea.id, w.foreign.workspace.id);
  const [, , ownSignature] = own.split(".") as [string, string, string];
  const [, , beaSignature] = bea.split(".") as [string, string, string];
  const flipped = (s: string) => `${s.slice(0, 10)}${s[10] === "A" ? "B" : "A"}${s.slice(11)}`;
  return [
    {
      label: "B's admin and workspace under the signature of the caller's own link",
      token: `${w.foreign.bea.id}.${w.foreign.workspace.id}.${ownSignature}`,
      placement: "foreign",
    },
    {
      label: "B's admin's link with one character of its signature altered",
      token: `${w.foreign.bea.id}.${w.foreign.workspace.id}.${flipped(beaSignature)}`,
      placement: "foreign",
    },
    {
      label: "the caller's own person in B's workspace, under the caller's signature",
      token: `${w.own.ben.id}.${w.foreign.workspace.id}.${ownSignature}`,
      placement: "foreign",
    },
    {
      label: "a random token",
      token: `${crypto.randomUUID()}.${crypto.randomUUID()}.${randomBytes(32).toString("base64url")}`,
      placement: "random",
    },
  ];
}
