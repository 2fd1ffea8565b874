import { ROUTE_MODULES } from "@/app/api/public/v1/openapi-document";
import * as unknown from "@/app/api/public/v1/[...path]/route";

// Calls the real route handlers in-process, as Next would: a Request in, a Response out, real database behind.
// (The Playwright suite in e2e/ does the same over HTTP against the built server.)

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response> | Response;

// Each bot route module by the pattern of its path ("conversations/[id]/messages/route.ts"), then the catch-all.
const routes: {
  pattern: RegExp;
  module: Record<string, unknown>;
  params: (m: RegExpMatchArray) => Record<string, string | string[]>;
}[] = [
  ...Object.entries(ROUTE_MODULES).map(([file, module]) => ({
    pattern: new RegExp(`^/${file.replace(/\/route\.ts$/, "").replace("[id]", "([^/]+)")}$`),
    module,
    params: (m: RegExpMatchArray): Record<string, string> => (m[1] === undefined ? {} : { id: m[1] }),
  })),
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
