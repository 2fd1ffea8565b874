import http from "node:http";

// A signed-in person over plain HTTP, as the browser is, for tests and benchmarks that need many of them or exact
// timings: next-auth's credentials sign-in, and a page's server-sent event stream.

/** Signs in through next-auth's credentials endpoint and returns the session cookie (`name=value`). */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c?.includes("session-token"));
  if (!session) throw new Error(`sign-in failed (${res.status})`);
  return session;
}

export interface LiveEvent {
  kind: string;
  seq?: number;
  conversation_id?: string;
}

/**
 * Opens an event stream with the person's cookie; `onEvent` gets each event's data with the moment its bytes
 * arrived (performance.timeOrigin + performance.now(), comparable across processes' clocks on one machine), and
 * `onEnd` the end of the stream, however it ends. Resolves once the server answered 200; destroy the request to close.
 */
export function openStream(
  url: string,
  cookie: string,
  onEvent: (data: LiveEvent, at: number) => void,
  onEnd?: () => void,
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { Cookie: cookie, Accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const at = performance.timeOrigin + performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of frame.split("\n")) {
            if (line.startsWith("data: ")) onEvent(JSON.parse(line.slice(6)) as LiveEvent, at);
          }
        }
      });
      res.on("close", () => onEnd?.());
      resolve(req);
    });
    req.on("error", (error) => {
      reject(error);
      onEnd?.();
    });
  });
}

/**
 * The person's assistant posts a message through the MCP server (`post_message`, a personal access token), as a
 * client does in stateless Streamable HTTP: one JSON-RPC request, one JSON answer. Throws unless it was posted.
 */
export async function postThroughMcp(base: string, token: string, conversationId: string, body: string, id = 1) {
  const response = await fetch(`${base}/api/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "post_message", arguments: { conversation_id: conversationId, body } },
    }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`MCP answered ${response.status}: ${text}`);
  const answer = JSON.parse(text) as { result?: { isError?: boolean } };
  if (!answer.result || answer.result.isError) throw new Error(`post_message failed: ${text}`);
}
