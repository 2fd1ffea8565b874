// A typed client for every operation of Relay's bot API (docs/api-contract.md). It needs nothing but Node's
// built-ins (global `fetch`, `FormData`, `Blob`; Node 20+).
//
// Names: one method per operation, named by the operation's `operationId` in the OpenAPI document (so the SDK and a
// generated client say the same thing), plus `paginate*` for the three lists. Casing: everything that travels on
// the wire keeps the API's snake_case (request bodies, answers, query parameters, RelayApiError's fields); what is
// the SDK's own (methods, constructor and per-call options) is camelCase. The types come from api-types.ts,
// generated from the document (`npm run sdk:types`): nothing here restates a schema.
//
// Retries are safe by construction: every create (POST) carries an Idempotency-Key, a random UUID unless the caller
// gives one, and the SAME key goes with every retry of that call, so a retry after a lost answer replays the first
// result instead of sending twice. It waits out 429 for as long as Retry-After says (up to a cap), retries 5xx and
// network errors with exponential backoff (0.5 s, 1 s, 2 s, ...), and never retries any other 4xx. Every answer's
// RateLimit header (the bot's limit closest to running out) is kept as `rateLimit`; with `pace`, the client waits
// before a request the last answer said would be refused, instead of taking the 429.

import { randomUUID } from "node:crypto";
import type { components, operations } from "./api-types.js";

// ---- Types, named from the generated ones ----

type Schemas = components["schemas"];
type OperationId = keyof operations;
/** The JSON answer of operation `K` with status `S`. */
type Answer<K extends OperationId, S extends number> =
  operations[K]["responses"] extends Record<S, { content: { "application/json": infer Body } }> ? Body : never;
/** The JSON request body of operation `K`. */
type RequestBody<K extends OperationId> = operations[K] extends {
  requestBody: { content: { "application/json": infer Body } };
}
  ? Body
  : never;
/** The query parameters of operation `K`. */
type Query<K extends OperationId> = NonNullable<operations[K]["parameters"]["query"]>;

export type Bot = Schemas["Bot"];
export type Conversation = Schemas["Conversation"];
export type Message = Schemas["Message"];
export type MessageKind = Message["kind"];
export type MessageAttachment = Schemas["MessageAttachment"];
export type ApprovalCard = Schemas["ApprovalCard"];
export type FormCard = Schemas["FormCard"];
export type FormInput = FormCard["inputs"][number];
export type StatusBlock = Schemas["StatusBlock"];
/** Blocks are strictly validated: an unknown field anywhere answers 422 `invalid_blocks`. */
export type Block = Schemas["Block"];
export type Draft = Schemas["Draft"];
export type Fact = Schemas["Fact"];
export type ContextPack = Schemas["ContextPack"];
export type SearchHit = Schemas["SearchHit"];
/** A file this bot uploaded (POST /attachments), to answer an agent request with. */
export type BotAttachment = Schemas["BotAttachment"];
/** A question one bot asked another over a trusted connection. */
export type AgentRequest = Schemas["AgentRequest"];
export type AgentRequestType = AgentRequest["type"];
export type AgentRequestStatus = AgentRequest["status"];
/** The error codes of the API, each with one HTTP status. */
export type ErrorCode = Schemas["Error"]["error"]["code"];

export type ConversationList = Answer<"listConversations", 200>;
export type MessageList = Answer<"listMessages", 200>;
export type AgentRequestList = Answer<"listAgentRequests", 200>;
export type SearchResults = Answer<"searchContact", 200>;
export type FactList = Answer<"readConversationMemory", 200>;

/** 201: sent (`status: "sent"`, the message). */
export type SentMessage = Answer<"sendMessage", 201>["data"];
/** 202: held until a person approves (`approval_id` is the draft they decide on; `draft.approved` follows by webhook). */
export type HeldMessage = Answer<"sendMessage", 202>["data"];
/** The answer to a send, as the API gives it: narrow on `status`. */
export type SendMessageResult = SentMessage | HeldMessage;

export type SendMessageRequest = RequestBody<"sendMessage">;
/** What a send would answer now (`POST .../messages/check`): narrow on `outcome`. */
export type MessageCheck = Answer<"checkMessage", 200>["data"];
export type UpdateMessageRequest = RequestBody<"updateMessage">;
export type CreateDraftRequest = RequestBody<"createDraft">;
export type ProposeFactRequest = RequestBody<"proposeFact">;
export type WriteConversationMemoryRequest = RequestBody<"writeConversationMemory">;
export type CreateAgentRequestRequest = RequestBody<"createAgentRequest">;
export type RespondToAgentRequestRequest = RequestBody<"respondToAgentRequest">;

/** `POST /events/trigger`: the sample's delivery. */
export type TriggeredEvent = Answer<"triggerEvent", 202>["data"];
export type TriggerEventRequest = RequestBody<"triggerEvent">;
/** What a `delivery` event of the bot's event stream carries: a delivery to POST to a local URL as it is. */
export type StreamedDelivery = Schemas["StreamedDelivery"];
/** What the stream's first event, `ready`, carries. */
export type StreamReady = Schemas["StreamReady"];
export type StreamEventsParams = Query<"streamEvents">;

/** How to open the event stream: where to resume, and how to stop it. */
export interface StreamEventsOptions {
  /** The `id` of the last event received: the stream resumes after it (sent as `Last-Event-ID`). */
  lastEventId?: string;
  /** Aborting it closes the stream. */
  signal?: AbortSignal;
}

export type ListConversationsParams = Query<"listConversations">;
export type ListMessagesParams = Query<"listMessages">;
export type ListAgentRequestsParams = Query<"listAgentRequests">;
export type GetContextPackParams = Query<"getContextPack">;
export type SearchContactParams = Query<"searchContact">;
export type ReadConversationMemoryParams = Query<"readConversationMemory">;

/** A file to upload: its bytes (or a Blob), the name it is stored under, and its MIME type. */
export interface UploadFile {
  /** A Blob, bytes (a Buffer from `readFile` will do) or text. */
  data: Blob | ArrayBuffer | Uint8Array | string;
  name: string;
  /** Default: the Blob's own type, else `application/octet-stream`. */
  type?: string;
}

// ---- Errors ----

/** Codes the client itself gives when there is no API error to report. */
export type ClientErrorCode = "network_error" | "invalid_response" | `http_${number}`;

/**
 * Any answer that is not a success, with the fields of `{"error": {code, message, reasons?, retry_after?,
 * request_id}}` as the API names them. A request that got no answer (connection refused, reset, timeout) is
 * `status: 0, code: "network_error"` with the underlying error as `cause`; an error answer that is not JSON (a
 * proxy's page) is `code: "http_<status>"`.
 */
export class RelayApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  /** Policy reason codes on 403 `policy_blocked` and 429 `deferred` (e.g. `secrets_detected`, `rate_limit_day`). */
  readonly reasons?: string[];
  /** Seconds to wait, from Retry-After (or the body's `retry_after`). */
  readonly retry_after?: number;
  /** The answer's request id (body or X-Request-Id): quote it when you ask for help. */
  readonly request_id?: string;

  constructor(
    fields: {
      status: number;
      code: ErrorCode | ClientErrorCode;
      message: string;
      reasons?: string[];
      retry_after?: number;
      request_id?: string;
    },
    options?: { cause?: unknown },
  ) {
    super(fields.message, options);
    this.name = "RelayApiError";
    this.status = fields.status;
    this.code = fields.code;
    this.reasons = fields.reasons;
    this.retry_after = fields.retry_after;
    this.request_id = fields.request_id;
  }
}

// ---- Rate limits ----

/**
 * An answer's `RateLimit` header (draft-ietf-httpapi-ratelimit-headers): of the bot's limits this request counted
 * against, the one closest to running out. `policy` is its name (`second`: the request rate; `day`: the rolling day of
 * messages; `conversation`), `remaining` the requests left, `resetSeconds` when more are free (when the API said).
 */
export interface RateLimitState {
  policy: string;
  remaining: number;
  resetSeconds?: number;
}

/** The `RateLimit` header's first item, or undefined when absent or not in its syntax (ignored, as the draft says). */
export function parseRateLimit(value: string | null): RateLimitState | undefined {
  const match = /^\s*"([^"\\]*)"((?:;[a-z][a-z0-9*_.-]*=[^;,]*)*)\s*(?:,|$)/.exec(value ?? "");
  if (!match) return undefined;
  const parameters = new Map([...match[2]!.matchAll(/;([a-z][a-z0-9*_.-]*)=([^;,]*)/g)].map((m) => [m[1]!, m[2]!]));
  const remaining = parameters.get("r");
  if (remaining === undefined || !/^\d+$/.test(remaining)) return undefined;
  const reset = parameters.get("t");
  return {
    policy: match[1]!,
    remaining: Number(remaining),
    ...(reset !== undefined && /^\d+$/.test(reset) ? { resetSeconds: Number(reset) } : {}),
  };
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
  /**
   * Wait instead of being refused: when the last answer said no request is left (`RateLimit: ...;r=0;t=N`), wait those
   * N seconds (up to `maxRetryAfterSeconds`) before the next request. Default false: 429 `deferred` answers are still
   * waited out (`Retry-After`), one attempt each.
   */
  pace?: boolean;
}

export interface CreateOptions {
  /**
   * At most 64 characters. Default: a random UUID per call (the same on each of its retries). Give one derived from
   * what caused the call (e.g. `reply-<event id>`) to stay safe across your own restarts too.
   */
  idempotencyKey?: string;
}

interface Call {
  method: "GET" | "POST" | "PATCH";
  path: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  json?: unknown;
  form?: FormData;
  /** Creates only; undefined sends none. */
  idempotencyKey?: string;
}

export class RelayClient {
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxRetries: number;
  private readonly maxRetryAfterSeconds: number;
  private readonly timeoutMs: number;
  private lastRateLimit: RateLimitState | undefined;
  /** Epoch ms before which, with `pace`, no request is sent (the last answer had none left). */
  private pausedUntil = 0;

  constructor(private readonly options: RelayClientOptions) {
    if (!options?.baseUrl) throw new TypeError("RelayClient: baseUrl is required, e.g. https://relay.example.com");
    if (!options.apiKey) throw new TypeError("RelayClient: apiKey is required (the bot's amk_... key)");
    this.base = `${options.baseUrl.replace(/\/+$/, "")}/api/public/v1`;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.maxRetries = options.maxRetries ?? 3;
    this.maxRetryAfterSeconds = options.maxRetryAfterSeconds ?? 60;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** The last answer's `RateLimit` (undefined before the first answer, or when it carried none). */
  get rateLimit(): RateLimitState | undefined {
    return this.lastRateLimit;
  }

  // -- The bot --

  /** `GET /me`: the bot this key belongs to. */
  async getMe(): Promise<Bot> {
    return (await this.call<Answer<"getMe", 200>>({ method: "GET", path: "/me" })).body.bot;
  }

  // -- Conversations and messages --

  /** `GET /conversations`: one page of the conversations the bot is authorized in, newest activity first. */
  async listConversations(params: ListConversationsParams = {}): Promise<ConversationList> {
    return (await this.call<ConversationList>({ method: "GET", path: "/conversations", query: params })).body;
  }

  /** Every conversation from `params.cursor` on (all by default), fetching pages of `params.limit` as it goes. */
  paginateConversations(params: ListConversationsParams = {}): AsyncGenerator<Conversation, void, undefined> {
    return paginate(params.cursor, (cursor) => this.listConversations({ ...params, cursor }));
  }

  /**
   * `GET /conversations/{id}/messages`: messages in ascending `seq` after `after_seq` (exclusive). `cursor`, when
   * given, wins over `after_seq`. Poll by passing `next_after_seq` back.
   */
  async listMessages(conversationId: string, params: ListMessagesParams = {}): Promise<MessageList> {
    return (
      await this.call<MessageList>({
        method: "GET",
        path: `/conversations/${enc(conversationId)}/messages`,
        query: params,
      })
    ).body;
  }

  /** Every message after `params.after_seq` (or `params.cursor`) that exists now, in ascending `seq`. */
  paginateMessages(conversationId: string, params: ListMessagesParams = {}): AsyncGenerator<Message, void, undefined> {
    return paginate(params.cursor, (cursor) => this.listMessages(conversationId, { ...params, cursor }));
  }

  /**
   * `POST /conversations/{id}/messages` (body, blocks, or both). Resolves with the answer's `data` for 201
   * (`status: "sent"`) and 202 (`status: "pending_approval"`, held for a person); a blocked (403), refused
   * (409 `opted_out`), invalid (422) or still-deferred (429) send is thrown as RelayApiError.
   */
  async sendMessage(
    conversationId: string,
    body: SendMessageRequest,
    options: CreateOptions = {},
  ): Promise<SendMessageResult> {
    const answer = await this.call<Answer<"sendMessage", 201> | Answer<"sendMessage", 202>>({
      method: "POST",
      path: `/conversations/${enc(conversationId)}/messages`,
      json: body,
      idempotencyKey: keyOf(options),
    });
    return answer.body.data;
  }

  /**
   * `POST /conversations/{id}/messages/check`: what would happen to this message, without sending it. The send's
   * verdict and reasons (`rule:<slug>` for a workspace rule), its HTTP status, and who would approve a held one.
   * Writes nothing and counts against no message limit.
   */
  async checkMessage(conversationId: string, body: SendMessageRequest): Promise<MessageCheck> {
    const answer = await this.call<Answer<"checkMessage", 200>>({
      method: "POST",
      path: `/conversations/${enc(conversationId)}/messages/check`,
      json: body,
    });
    return answer.body.data;
  }

  /** `PATCH /messages/{id}`: replaces a sent message's status blocks (the only edit allowed after sending). */
  async updateMessage(messageId: string, body: UpdateMessageRequest): Promise<Message> {
    return (
      await this.call<Answer<"updateMessage", 200>>({
        method: "PATCH",
        path: `/messages/${enc(messageId)}`,
        json: body,
      })
    ).body.data;
  }

  /** `POST /conversations/{id}/drafts`: a draft that a person edits, approves or rejects in the chat. */
  async createDraft(conversationId: string, body: CreateDraftRequest, options: CreateOptions = {}): Promise<Draft> {
    return (
      await this.call<Answer<"createDraft", 201>>({
        method: "POST",
        path: `/conversations/${enc(conversationId)}/drafts`,
        json: body,
        idempotencyKey: keyOf(options),
      })
    ).body.data;
  }

  // -- Memory --

  /** `POST /contacts/{id}/facts`: proposes a fact about a contact (a candidate until a person confirms it). */
  async proposeFact(contactId: string, body: ProposeFactRequest, options: CreateOptions = {}): Promise<Fact> {
    return (
      await this.call<Answer<"proposeFact", 201>>({
        method: "POST",
        path: `/contacts/${enc(contactId)}/facts`,
        json: body,
        idempotencyKey: keyOf(options),
      })
    ).body.data;
  }

  /** `GET /contacts/{id}/context`: the contact's confirmed facts, each cited, within a token budget. */
  async getContextPack(contactId: string, params: GetContextPackParams = {}): Promise<ContextPack> {
    return (
      await this.call<Answer<"getContextPack", 200>>({
        method: "GET",
        path: `/contacts/${enc(contactId)}/context`,
        query: params,
      })
    ).body.data;
  }

  /** `GET /contacts/{id}/search`: messages and facts about the contact that match `q`, best first. */
  async searchContact(contactId: string, params: SearchContactParams): Promise<SearchResults> {
    return (
      await this.call<SearchResults>({ method: "GET", path: `/contacts/${enc(contactId)}/search`, query: params })
    ).body;
  }

  /** `GET /conversations/{id}/memory` (legacy): candidate and confirmed facts of the conversation. */
  async readConversationMemory(conversationId: string, params: ReadConversationMemoryParams = {}): Promise<FactList> {
    return (
      await this.call<FactList>({ method: "GET", path: `/conversations/${enc(conversationId)}/memory`, query: params })
    ).body;
  }

  /** `POST /conversations/{id}/memory` (legacy): proposes a fact about the conversation's contact. */
  async writeConversationMemory(
    conversationId: string,
    body: WriteConversationMemoryRequest,
    options: CreateOptions = {},
  ): Promise<Fact> {
    return (
      await this.call<Answer<"writeConversationMemory", 201>>({
        method: "POST",
        path: `/conversations/${enc(conversationId)}/memory`,
        json: body,
        idempotencyKey: keyOf(options),
      })
    ).body.data;
  }

  // -- Agent requests --

  /**
   * `POST /agent-requests`: asks another bot (by handle) over a trusted connection. Resolves with the request:
   * `awaiting_response`, or `pending_approval` when a person must approve it first.
   */
  async createAgentRequest(body: CreateAgentRequestRequest, options: CreateOptions = {}): Promise<AgentRequest> {
    return (
      await this.call<Answer<"createAgentRequest", 201>>({
        method: "POST",
        path: "/agent-requests",
        json: body,
        idempotencyKey: keyOf(options),
      })
    ).body.data;
  }

  /** `GET /agent-requests`: one page of requests to (`incoming`) and from (`outgoing`) this bot, newest first. */
  async listAgentRequests(params: ListAgentRequestsParams = {}): Promise<AgentRequestList> {
    return (await this.call<AgentRequestList>({ method: "GET", path: "/agent-requests", query: params })).body;
  }

  /** Every agent request matching `params`, newest first, fetching pages as it goes. */
  paginateAgentRequests(params: ListAgentRequestsParams = {}): AsyncGenerator<AgentRequest, void, undefined> {
    return paginate(params.cursor, (cursor) => this.listAgentRequests({ ...params, cursor }));
  }

  /**
   * `POST /agent-requests/{id}/respond`: answers a request addressed to this bot, once. `attachment_id` is the `id`
   * of an upload of this bot (`uploadAttachment`).
   */
  async respondToAgentRequest(
    agentRequestId: string,
    body: RespondToAgentRequestRequest,
    options: CreateOptions = {},
  ): Promise<AgentRequest> {
    return (
      await this.call<Answer<"respondToAgentRequest", 200>>({
        method: "POST",
        path: `/agent-requests/${enc(agentRequestId)}/respond`,
        json: body,
        idempotencyKey: keyOf(options),
      })
    ).body.data;
  }

  /**
   * `POST /attachments` (multipart/form-data, field `file`): stores a file to answer an agent request with. No
   * idempotency key: a retried upload stores one more copy, which nobody sees unless the bot answers with it.
   */
  async uploadAttachment(file: UploadFile): Promise<BotAttachment> {
    const type =
      file.type ?? (file.data instanceof Blob && file.data.type ? file.data.type : "application/octet-stream");
    const form = new FormData();
    // A Uint8Array (a Buffer too) may view shared or larger memory: its bytes are copied into a Blob of their own.
    const part = file.data instanceof Uint8Array ? new Uint8Array(file.data) : file.data;
    form.append("file", new Blob([part], { type }), file.name);
    return (await this.call<Answer<"uploadAttachment", 201>>({ method: "POST", path: "/attachments", form })).body.data;
  }

  // -- Events: relay listen and relay trigger --

  /**
   * `POST /events/trigger`: sends the bot a realistic sample of an event type (any type, subscribed or not) the way
   * real events go, to its webhook URL and to any open event stream; marked `X-Relay-Test: true`. No idempotency
   * key: each call sends one more sample.
   */
  async triggerEvent(body: TriggerEventRequest): Promise<TriggeredEvent> {
    return (await this.call<Answer<"triggerEvent", 202>>({ method: "POST", path: "/events/trigger", json: body })).body
      .data;
  }

  /**
   * `GET /events/stream`: opens the bot's event stream (server-sent events) and resolves with the open answer, whose
   * body is the stream; `listen` (listen.ts) reads it, forwards each delivery and reconnects. One attempt: a refusal
   * throws RelayApiError, as any call's; a lost connection is the reader's to retry.
   */
  async streamEvents(params: StreamEventsParams = {}, options: StreamEventsOptions = {}): Promise<Response> {
    const url = new URL(`${this.base}/events/stream`);
    for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.apiKey}`,
      Accept: "text/event-stream",
    };
    if (options.lastEventId !== undefined) headers["Last-Event-ID"] = options.lastEventId;
    let response: Response;
    try {
      response = await this.fetchImpl(url, { method: "GET", headers, signal: options.signal });
    } catch (cause) {
      throw new RelayApiError(
        { status: 0, code: "network_error", message: `GET ${url.pathname}: ${String(cause)}` },
        { cause },
      );
    }
    this.noteRateLimit(response);
    if (!response.ok) throw await readError(response);
    return response;
  }

  private async call<T>(call: Call): Promise<{ status: number; body: T }> {
    const url = new URL(this.base + call.path);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.apiKey}`,
      Accept: "application/json",
    };
    // A form sets its own Content-Type (with the boundary) and is sent again as is on a retry.
    if (call.json !== undefined) headers["Content-Type"] = "application/json";
    // Fixed before the first attempt, so every retry carries the same key.
    if (call.idempotencyKey !== undefined) headers["Idempotency-Key"] = call.idempotencyKey;
    const body = call.form ?? (call.json === undefined ? undefined : JSON.stringify(call.json));

    for (let attempt = 0; ; attempt++) {
      if (this.options.pace) {
        const wait = this.pausedUntil - Date.now();
        if (wait > 0) await this.sleep(Math.min(wait, this.maxRetryAfterSeconds * 1000));
      }
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

      this.noteRateLimit(response);
      if (response.ok) {
        try {
          return { status: response.status, body: (await response.json()) as T };
        } catch (cause) {
          throw new RelayApiError(
            {
              status: response.status,
              code: "invalid_response",
              message: "The answer is not JSON",
              request_id: requestIdOf(response),
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
      if (response.status === 429 && error.retry_after !== undefined) {
        // A deferral longer than we are willing to block for is the caller's to schedule (e.g. a job queue).
        if (error.retry_after > this.maxRetryAfterSeconds) throw error;
        await this.sleep(error.retry_after * 1000);
      } else {
        await this.sleep(backoffMs(attempt));
      }
    }
  }

  private noteRateLimit(response: Response) {
    const state = parseRateLimit(response.headers.get("ratelimit"));
    if (!state) return;
    this.lastRateLimit = state;
    this.pausedUntil = state.remaining === 0 && state.resetSeconds ? Date.now() + state.resetSeconds * 1000 : 0;
  }
}

/** Follows `next_cursor` from `start` until it is null (or a page comes back empty), yielding each item. */
async function* paginate<T>(
  start: string | undefined,
  page: (cursor: string | undefined) => Promise<{ data: T[]; next_cursor: string | null }>,
): AsyncGenerator<T, void, undefined> {
  let cursor = start;
  for (;;) {
    const { data, next_cursor } = await page(cursor);
    yield* data;
    // An empty page with a cursor would ask for the same thing again: stop rather than loop.
    if (next_cursor === null || data.length === 0) return;
    cursor = next_cursor;
  }
}

const enc = encodeURIComponent;

const keyOf = (options: CreateOptions) => options.idempotencyKey ?? randomUUID();

/** 0.5 s, 1 s, 2 s, 4 s ... */
const backoffMs = (attempt: number) => 500 * 2 ** attempt;

const requestIdOf = (response: Response) => response.headers.get("x-request-id") ?? undefined;

async function readError(response: Response): Promise<RelayApiError> {
  type ErrorBody = {
    error?: { code?: ErrorCode; message?: string; reasons?: string[]; retry_after?: number; request_id?: string };
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
    retry_after: parseRetryAfter(response.headers.get("retry-after")) ?? error.retry_after,
    request_id: error.request_id ?? requestIdOf(response),
  });
}

/** Retry-After is either whole seconds or an HTTP date (RFC 9110 10.2.3). */
function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
