// A typed client for Relay's bot API (docs/api-contract.md). It needs nothing but a global `fetch` (Node 18+).
//
// Retries are safe by construction: every create (POST) carries an Idempotency-Key, a random UUID unless the caller
// gives one, and the SAME key goes with every retry of that call, so a retry after a lost answer replays the first
// result instead of sending twice. It waits out 429 for as long as Retry-After says (up to a cap), retries 5xx and
// network errors with exponential backoff (0.5 s, 1 s, 2 s, ...), and never retries any other 4xx.

import type { components } from "./api-types.js";

// ---- Resources as returned (docs/api-contract.md#resources): generated from the OpenAPI document (sdk/api-types.ts, `npm run sdk:types`) ----

type Schemas = components["schemas"];

export type Bot = Schemas["Bot"];
export type Conversation = Schemas["Conversation"];
export type Message = Schemas["Message"];
export type MessageKind = Message["kind"];
export type MessageAttachment = Schemas["MessageAttachment"];
/** The 201 answer to a send. */
export type SentMessage = Schemas["SentMessage"]["data"];
export type ApprovalCard = Schemas["ApprovalCard"];
export type FormCard = Schemas["FormCard"];
export type FormInput = FormCard["inputs"][number];
export type StatusBlock = Schemas["StatusBlock"];
/** Blocks are strictly validated: an unknown field anywhere answers 422 `invalid_blocks`. */
export type Block = Schemas["Block"];
export type Draft = Schemas["Draft"];
/** A question one bot asked another over a trusted connection. */
export type AgentRequest = Schemas["AgentRequest"];
export type AgentRequestType = AgentRequest["type"];
export type AgentRequestStatus = AgentRequest["status"];
/** The error codes of the API, each with one HTTP status. */
export type ErrorCode = Schemas["Error"]["error"]["code"];

export interface Page<T> {
  data: T[];
  /** Null at the end. */
  next_cursor: string | null;
}

export type MessagePage = Schemas["MessageList"];

/** The 202 answer to a send: held until a person approves (`approval_id` is the draft they decide on). */
type HeldMessage = Schemas["HeldMessage"]["data"];

/** 201 sent, or 202 held for a person's approval (`draft.approved` arrives by webhook when they approve). */
export type SendResult =
  { status: "sent"; message: SentMessage } | { status: "pending_approval"; approvalId: string; reasons: string[] };

// ---- Errors ----

/**
 * Any answer that is not a success, parsed from `{"error": {code, message, reasons?, retry_after?, request_id}}`.
 * A request that got no answer (connection refused, reset, timeout) is `status: 0, code: "network_error"` with the
 * underlying error as `cause`.
 */
export class RelayApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Policy reason codes on 403 `policy_blocked` and 429 `deferred` (e.g. `secrets_detected`, `rate_limit_day`). */
  readonly reasons?: string[];
  /** Seconds to wait, from Retry-After (or the body's `retry_after`). */
  readonly retryAfter?: number;
  readonly requestId?: string;

  constructor(
    fields: {
      status: number;
      code: string;
      message: string;
      reasons?: string[];
      retryAfter?: number;
      requestId?: string;
    },
    options?: { cause?: unknown },
  ) {
    super(fields.message, options);
    this.name = "RelayApiError";
    this.status = fields.status;
    this.code = fields.code;
    this.reasons = fields.reasons;
    this.retryAfter = fields.retryAfter;
    this.requestId = fields.requestId;
  }
}

// ---- The client ----

export interface RelayClientOptions {
  /** Where Relay runs, e.g. `https://relay.example.com` (the client adds `/api/public/v1`). */
  baseUrl: string;
  /** The bot's key, `amk_...`. */
  apiKey: string;
  fetch?: typeof fetch;
  /** Retries after the first attempt (for 429, 5xx and network errors). Default 3. */
  maxRetries?: number;
  /** The longest Retry-After the client waits out; when a 429 asks for longer it is thrown at once. Default 60. */
  maxRetryAfterSeconds?: number;
  /** Per attempt; a timed-out attempt counts as a network error (and is retried with the same key). Default 30 s. */
  timeoutMs?: number;
  /** How to wait between attempts (tests pass a recorder). */
  sleep?: (ms: number) => Promise<void>;
}

export interface CreateOptions {
  /** At most 64 characters. Give one derived from your own event (e.g. `reply-<event id>`) to dedupe across restarts. */
  idempotencyKey?: string;
}

interface Call {
  method: "GET" | "POST" | "PATCH";
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  idempotencyKey?: string;
}

export class RelayClient {
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxRetries: number;
  private readonly maxRetryAfterSeconds: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: RelayClientOptions) {
    this.base = `${options.baseUrl.replace(/\/+$/, "")}/api/public/v1`;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.maxRetries = options.maxRetries ?? 3;
    this.maxRetryAfterSeconds = options.maxRetryAfterSeconds ?? 60;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** `GET /me`: the bot this key belongs to. */
  async me(): Promise<Bot> {
    const { body } = await this.call<{ bot: Bot }>({ method: "GET", path: "/me" });
    return body.bot;
  }

  /** Conversations the bot is authorized in, newest activity first. */
  async listConversations(params: { limit?: number; cursor?: string } = {}): Promise<Page<Conversation>> {
    return (await this.call<Page<Conversation>>({ method: "GET", path: "/conversations", query: params })).body;
  }

  /** Messages in ascending `seq`, after `after_seq` (exclusive). `cursor`, when given, wins over `after_seq`. */
  async listMessages(
    conversationId: string,
    params: { after_seq?: number; limit?: number; cursor?: string } = {},
  ): Promise<MessagePage> {
    return (
      await this.call<MessagePage>({
        method: "GET",
        path: `/conversations/${enc(conversationId)}/messages`,
        query: params,
      })
    ).body;
  }

  /**
   * Sends a message (body, blocks, or both). Resolves for 201 and 202; a blocked (403), refused (409 `opted_out`),
   * invalid (422) or still-deferred (429) send is thrown as RelayApiError.
   */
  async sendMessage(
    conversationId: string,
    input: { body?: string; blocks?: Block[] },
    options: CreateOptions = {},
  ): Promise<SendResult> {
    const { body } = await this.call<{ data: SentMessage | HeldMessage }>({
      method: "POST",
      path: `/conversations/${enc(conversationId)}/messages`,
      body: input,
      idempotencyKey: options.idempotencyKey ?? crypto.randomUUID(),
    });
    const data = body.data;
    // 201 answers the message (`status: "sent"`), 202 the approval it waits for (docs/api-contract.md#verdicts).
    if (data.status === "pending_approval") {
      return { status: "pending_approval", approvalId: data.approval_id, reasons: data.reasons };
    }
    return { status: "sent", message: data };
  }

  /** Proposes a draft that a person edits, approves or rejects in the chat. */
  async createDraft(
    conversationId: string,
    input: { body: string; rationale?: string; follow_up?: { body: string; delay_minutes: number } },
    options: CreateOptions = {},
  ): Promise<Draft> {
    const { body } = await this.call<{ data: Draft }>({
      method: "POST",
      path: `/conversations/${enc(conversationId)}/drafts`,
      body: input,
      idempotencyKey: options.idempotencyKey ?? crypto.randomUUID(),
    });
    return body.data;
  }

  /**
   * Asks another bot (by handle) over a trusted connection. Resolves with the request: `awaiting_response`, or
   * `pending_approval` when a person must approve it first. No connection, a type it does not allow, or a suspended
   * workspace are thrown as RelayApiError (403 `no_trusted_connection`, `type_not_allowed`, `workspace_suspended`).
   */
  async createAgentRequest(
    input: { to: string; type: AgentRequestType; question: string },
    options: CreateOptions = {},
  ): Promise<AgentRequest> {
    const { body } = await this.call<{ data: AgentRequest }>({
      method: "POST",
      path: "/agent-requests",
      body: input,
      idempotencyKey: options.idempotencyKey ?? crypto.randomUUID(),
    });
    return body.data;
  }

  /** Requests to (`incoming`) and from (`outgoing`) this bot, newest first. */
  async listAgentRequests(
    params: { direction?: "incoming" | "outgoing"; status?: AgentRequestStatus; limit?: number; cursor?: string } = {},
  ): Promise<Page<AgentRequest>> {
    return (await this.call<Page<AgentRequest>>({ method: "GET", path: "/agent-requests", query: params })).body;
  }

  /** Answers a request addressed to this bot, once; `attachment_id` is an upload of this bot (POST /attachments). */
  async respondToAgentRequest(
    requestId: string,
    input: { body: string; attachment_id?: string },
    options: CreateOptions = {},
  ): Promise<AgentRequest> {
    const { body } = await this.call<{ data: AgentRequest }>({
      method: "POST",
      path: `/agent-requests/${enc(requestId)}/respond`,
      body: input,
      idempotencyKey: options.idempotencyKey ?? crypto.randomUUID(),
    });
    return body.data;
  }

  /** Replaces a sent message's status blocks (the only edit allowed after sending). */
  async updateMessage(messageId: string, input: { blocks: StatusBlock[] }): Promise<Message> {
    return (await this.call<{ data: Message }>({ method: "PATCH", path: `/messages/${enc(messageId)}`, body: input }))
      .body.data;
  }

  private async call<T>(call: Call): Promise<{ status: number; body: T }> {
    const url = new URL(this.base + call.path);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.apiKey}`,
      Accept: "application/json",
    };
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    // Fixed before the first attempt, so every retry carries the same key.
    if (call.idempotencyKey !== undefined) headers["Idempotency-Key"] = call.idempotencyKey;
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.fetchImpl(url, {
          method: call.method,
          headers,
          body,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (cause) {
        // No answer: the request may or may not have reached Relay. The idempotency key makes a retry safe.
        const error = new RelayApiError(
          { status: 0, code: "network_error", message: `${call.method} ${url.pathname}: ${String(cause)}` },
          { cause },
        );
        if (attempt >= this.maxRetries) throw error;
        await this.sleep(backoffMs(attempt));
        continue;
      }

      if (response.ok) {
        try {
          return { status: response.status, body: (await response.json()) as T };
        } catch (cause) {
          throw new RelayApiError(
            {
              status: response.status,
              code: "invalid_response",
              message: "The answer is not JSON",
              requestId: requestIdOf(response),
            },
            { cause },
          );
        }
      }

      const error = await readError(response);
      // 409 idempotency_request_in_progress: the first try of this very call (same key) is still running, e.g.
      // after a dropped connection. Waiting and asking again returns its result, never a second send.
      const inProgress = response.status === 409 && error.code === "idempotency_request_in_progress";
      const retryable = response.status === 429 || response.status >= 500 || inProgress;
      if (!retryable || attempt >= this.maxRetries) throw error;
      if (response.status === 429 && error.retryAfter !== undefined) {
        // A deferral longer than we are willing to block for is the caller's to schedule (e.g. a job queue).
        if (error.retryAfter > this.maxRetryAfterSeconds) throw error;
        await this.sleep(error.retryAfter * 1000);
      } else {
        await this.sleep(backoffMs(attempt));
      }
    }
  }
}

const enc = encodeURIComponent;

/** 0.5 s, 1 s, 2 s, 4 s ... */
const backoffMs = (attempt: number) => 500 * 2 ** attempt;

const requestIdOf = (response: Response) => response.headers.get("x-request-id") ?? undefined;

async function readError(response: Response): Promise<RelayApiError> {
  type ErrorBody = {
    error?: { code?: string; message?: string; reasons?: string[]; retry_after?: number; request_id?: string };
  };
  let parsed: ErrorBody = {};
  try {
    parsed = (await response.json()) as ErrorBody;
  } catch {
    // Not JSON (a proxy's error page, say): described by the status alone.
  }
  const error = parsed.error ?? {};
  return new RelayApiError({
    status: response.status,
    code: error.code ?? `http_${response.status}`,
    message: error.message ?? `HTTP ${response.status} ${response.statusText}`.trim(),
    reasons: error.reasons,
    retryAfter: parseRetryAfter(response.headers.get("retry-after")) ?? error.retry_after,
    requestId: error.request_id ?? requestIdOf(response),
  });
}

/** Retry-After is either whole seconds or an HTTP date (RFC 9110 10.2.3). */
function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
