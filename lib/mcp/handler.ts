import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { bearerToken } from "@/lib/bots/authenticate-bot";
import { ApiError } from "@/lib/errors";
import { clientAddress } from "@/lib/net/client-address";
import { appOrigin, foreignOrigin } from "@/lib/http/same-origin";
import { guardCredential } from "@/lib/throttle/guard-credential";
import { authenticateOAuthToken } from "@/lib/oauth/authenticate-oauth-token";
import { protectedResourceMetadataUrl } from "@/lib/oauth/resource-metadata";
import { authenticatePersonalToken, type TokenPrincipal } from "@/lib/tokens/authenticate-token";
import { PERSONAL_TOKEN_PREFIX } from "@/lib/tokens/personal-token";
import { createMcpServer } from "./server";
import { MAX_BODY_BYTES } from "@/lib/limits";

// POST /api/mcp: the MCP Streamable HTTP transport, stateless (a fresh server and transport per request, no
// session ids), answering JSON rather than an SSE stream: every tool is a single request and response. The
// person's credential comes as `Authorization: Bearer ...`: a personal access token (`rpt_...`) or an OAuth access
// token minted for this server by Relay's authorization server (lib/oauth). Missing, malformed, unknown, revoked or
// for another resource: 401 with WWW-Authenticate (RFC 6750) naming the protected resource metadata (RFC 9728), from
// which an MCP client finds the authorization server, before any MCP message is read. A presented token passes the credential throttle
// (lib/throttle/guard-credential.ts): while the caller's address is locked, 429 with Retry-After before any lookup.
// GET (a server-to-client stream) and DELETE (ending a
// session) have nothing to do without sessions: 405, which the transport spec allows and clients expect.

const challenge = () => `Bearer realm="relay-mcp", resource_metadata="${protectedResourceMetadataUrl()}"`;

/** The JSON-RPC error code of a refusal by the credential throttle (server-defined range). */
export const TOO_MANY_ATTEMPTS_RPC_CODE = -32029;

function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  data?: Record<string, unknown>,
) {
  return Response.json(
    { jsonrpc: "2.0", error: { code, message, ...(data ? { data } : {}) }, id: null },
    { status, headers },
  );
}

/**
 * The MCP transport spec: servers MUST validate Origin (DNS rebinding: a page on another site that reaches this server
 * through a name it controls). A request whose Origin is present and is not the app's own (APP_URL) is refused with
 * 403 before anything else; clients that send no Origin (assistants, IDEs, the CLI bridges) are not affected.
 */
export function refusedOrigin(request: Request): Response | null {
  const origin = foreignOrigin(request.headers);
  if (origin === null) return null;
  return jsonRpcError(
    403,
    -32000,
    `Origin ${JSON.stringify(origin)} is not allowed: only ${appOrigin()} may call this server from a browser`,
  );
}

export async function handleMcpPost(request: Request): Promise<Response> {
  const refused = refusedOrigin(request);
  if (refused) return refused;
  const token = bearerToken(request.headers.get("authorization"));
  let principal: TokenPrincipal | null = null;
  let refusal = "The access token is unknown, malformed or revoked";
  const authenticate = async (presented: string) => {
    if (presented.startsWith(PERSONAL_TOKEN_PREFIX)) return authenticatePersonalToken(presented);
    const result = await authenticateOAuthToken(presented);
    if ("refused" in result) refusal = result.refused;
    return "principal" in result ? result.principal : null;
  };
  try {
    // No token at all is not a guess: only a presented one is throttled.
    principal = token
      ? await guardCredential(clientAddress(request.headers), {
          kind: "access_token",
          lookup: () => authenticate(token),
        })
      : null;
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "too_many_attempts")) throw error;
    const retryAfter = error.extras.retryAfter!;
    return jsonRpcError(
      429,
      TOO_MANY_ATTEMPTS_RPC_CODE,
      error.message,
      { "Retry-After": String(retryAfter) },
      {
        code: error.code,
        retry_after: retryAfter,
      },
    );
  }
  if (!principal) {
    const header = token ? `${challenge()}, error="invalid_token", error_description="${refusal}"` : challenge();
    const message = token
      ? refusal
      : "Missing access token: sign in through your MCP client (OAuth), or send Authorization: Bearer <personal access token> (create one in Relay's settings)";
    return jsonRpcError(401, -32001, message, { "WWW-Authenticate": header });
  }
  const server = createMcpServer(principal);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request, {
      authInfo: {
        token: token!,
        clientId: principal.tokenId,
        scopes: principal.scopes,
        extra: { userId: principal.actor.userId, workspaceId: principal.workspaceId },
      },
    });
  } finally {
    // The JSON response is complete once handleRequest resolves: nothing is left to stream.
    await server.close();
  }
}

export function mcpMethodNotAllowed(request: Request): Response {
  return (
    refusedOrigin(request) ??
    jsonRpcError(405, -32000, "Method not allowed: this server is stateless; send MCP messages with POST", {
      Allow: "POST",
    })
  );
}
