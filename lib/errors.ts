import type { LimitState } from "@/lib/limits";

// One error type and one table (docs/api-contract.md#errors). Services throw ApiError(code); the
// route wrapper turns it into `{error: {code, message, reasons?, retry_after?, request_id}}` with the status below.

export const ERROR_STATUS = {
  invalid_json: 400,
  idempotency_key_required: 400,
  unauthorized: 401,
  forbidden: 403,
  policy_blocked: 403,
  no_trusted_connection: 403,
  type_not_allowed: 403,
  workspace_suspended: 403,
  not_found: 404,
  method_not_allowed: 405,
  opted_out: 409,
  idempotency_key_reused: 409,
  idempotency_request_in_progress: 409,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_body: 422,
  invalid_blocks: 422,
  deferred: 429,
  too_many_attempts: 429,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ApiErrorExtras {
  reasons?: string[];
  /**
   * The input field the refusal is about, in the API's own names (`webhook_url`, `event_types`): a form shows the
   * message beside that field. Not part of the API's error body.
   */
  field?: string;
  /** Seconds; also sent as the Retry-After header. */
  retryAfter?: number;
  /** The bot's limits as the refusal left them (a send's daily count): the RateLimit header, not the body. */
  limits?: LimitState[];
}

export class ApiError extends Error {
  readonly status: number;
  /**
   * Work the error's cause asks for once the transaction it was thrown in is over (rolled back, its connection back
   * in the pool): a refused send's record, written on a connection of its own (lib/messages/send-message.ts).
   */
  afterTransaction?: () => Promise<void>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extras: ApiErrorExtras = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }

  toBody(requestId: string) {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.extras.reasons ? { reasons: this.extras.reasons } : {}),
        ...(this.extras.retryAfter !== undefined ? { retry_after: this.extras.retryAfter } : {}),
        request_id: requestId,
      },
    };
  }
}

export const notFound = (what: string) => new ApiError("not_found", `${what} not found`);
export const forbidden = (message: string) => new ApiError("forbidden", message);
