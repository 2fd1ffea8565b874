import * as me from "@/app/api/public/v1/me/route";
import * as conversations from "@/app/api/public/v1/conversations/route";
import * as messages from "@/app/api/public/v1/conversations/[id]/messages/route";
import * as drafts from "@/app/api/public/v1/conversations/[id]/drafts/route";
import * as message from "@/app/api/public/v1/messages/[id]/route";
import * as facts from "@/app/api/public/v1/contacts/[id]/facts/route";
import * as context from "@/app/api/public/v1/contacts/[id]/context/route";
import * as search from "@/app/api/public/v1/contacts/[id]/search/route";
import * as memory from "@/app/api/public/v1/conversations/[id]/memory/route";
import * as agentRequests from "@/app/api/public/v1/agent-requests/route";
import * as respond from "@/app/api/public/v1/agent-requests/[id]/respond/route";
import * as attachments from "@/app/api/public/v1/attachments/route";
import * as unknown from "@/app/api/public/v1/[...path]/route";

// Calls the real route handlers in-process, as Next would: a Request in, a Response out, real database behind.
// (The Playwright suite in e2e/ does the same over HTTP against the built server.)

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response> | Response;

const routes: {
  pattern: RegExp;
  module: Record<string, unknown>;
  params: (m: RegExpMatchArray) => Record<string, string | string[]>;
}[] = [
  { pattern: /^\/me$/, module: me, params: () => ({}) },
  { pattern: /^\/conversations$/, module: conversations, params: () => ({}) },
  { pattern: /^\/conversations\/([^/]+)\/messages$/, module: messages, params: (m) => ({ id: m[1]! }) },
  { pattern: /^\/conversations\/([^/]+)\/drafts$/, module: drafts, params: (m) => ({ id: m[1]! }) },
  { pattern: /^\/messages\/([^/]+)$/, module: message, params: (m) => ({ id: m[1]! }) },
  { pattern: /^\/contacts\/([^/]+)\/facts$/, module: facts, params: (m) => ({ id: m[1]! }) },
  { pattern: /^\/contacts\/([^/]+)\/context$/, module: context, params: (m) => ({ id: m[1]! }) },
  { pattern: /^\/contacts\/([^/]+)\/search$/, module: search, params: (m) => ({ id: m[1]! }) },
  { pattern: /^\/conversations\/([^/]+)\/memory$/, module: memory, params: (m) => ({ id: m[1]! }) },
  { pattern: /^\/agent-requests$/, module: agentRequests, params: () => ({}) },
  { pattern: /^\/agent-requests\/([^/]+)\/respond$/, module: respond, params: (m) => ({ id: m[1]! }) },
  { pattern: /^\/attachments$/, module: attachments, params: () => ({}) },
  { pattern: /^\/(.*)$/, module: unknown, params: (m) => ({ path: m[1]!.split("/") }) },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are inspected freely
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function api(
  method: string,
  path: string,
  options: {
    key?: string | null;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    idempotencyKey?: string;
  } = {},
): Promise<ApiResponse> {
  const [pathname, search = ""] = path.split("?");
  const route = routes.find((r) => r.pattern.test(pathname!))!;
  const handler = route.module[method] as Handler | undefined;
  if (!handler) throw new Error(`no ${method} handler for ${path}`);
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const request = new Request(`http://relay.test/api/public/v1${pathname}${search ? `?${search}` : ""}`, {
    method,
    headers,
    body,
  });
  const response = await handler(request, { params: Promise.resolve(route.params(pathname!.match(route.pattern)!)) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

let counter = 0;
/** A fresh Idempotency-Key. */
export const idem = () => `test-${Date.now()}-${++counter}`;
