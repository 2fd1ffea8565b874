import net from "node:net";

// A raw HTTP/1.1 client for the fuzz: it writes exactly the bytes it is given (invalid UTF-8, duplicate headers,
// any Content-Type, a Content-Length that is right or chunked framing), which fetch and node:http refuse or fix up.
// One connection per request (`Connection: close`), so every request stands alone and a broken one cannot poison
// the next.

export interface RawRequest {
  method: string;
  /** The request target exactly as sent, e.g. `/api/public/v1/conversations/%ff/messages?limit=-1`. ASCII only. */
  target: string;
  /**
   * In order; duplicates allowed. Values are written as bytes (a string as UTF-8, a Buffer as is). A `Host` here
   * replaces the connection's own (a client chooses its Host header: the fuzz names another site's).
   */
  headers: [string, string | Buffer][];
  body?: Buffer | null;
  /** Send the body with `Transfer-Encoding: chunked` instead of a Content-Length. */
  chunked?: boolean;
}

export interface RawResponse {
  status: number;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  ms: number;
}

export function encodeRequest(request: RawRequest, host: string): Buffer {
  const ownHost = request.headers.some(([name]) => name.toLowerCase() === "host");
  const lines: Buffer[] = [
    Buffer.from(`${request.method} ${request.target} HTTP/1.1\r\n${ownHost ? "" : `Host: ${host}\r\n`}`, "latin1"),
  ];
  for (const [name, value] of request.headers) {
    lines.push(
      Buffer.concat([
        Buffer.from(`${name}: `, "latin1"),
        Buffer.isBuffer(value) ? value : Buffer.from(value, "utf8"),
        Buffer.from("\r\n"),
      ]),
    );
  }
  const body = request.body ?? null;
  if (body && request.chunked) {
    lines.push(Buffer.from("Transfer-Encoding: chunked\r\n"));
  } else if (body || request.method === "POST" || request.method === "PATCH" || request.method === "PUT") {
    lines.push(Buffer.from(`Content-Length: ${body?.length ?? 0}\r\n`));
  }
  lines.push(Buffer.from("Connection: close\r\n\r\n"));
  if (body && request.chunked) {
    const chunk = 64 * 1024;
    for (let at = 0; at < body.length; at += chunk) {
      const part = body.subarray(at, at + chunk);
      lines.push(Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n"));
    }
    lines.push(Buffer.from("0\r\n\r\n"));
  } else if (body) {
    lines.push(body);
  }
  return Buffer.concat(lines);
}

/** The bytes from the final answer on: interim ones (`100 Continue` to `Expect: 100-continue`) come first, skipped. */
function finalAnswer(bytes: Buffer): Buffer {
  while (/^HTTP\/1\.[01] 1\d\d /.test(bytes.subarray(0, 16).toString("latin1"))) {
    const interim = bytes.indexOf("\r\n\r\n");
    if (interim < 0) break;
    bytes = bytes.subarray(interim + 4);
  }
  return bytes;
}

/** Parses a whole HTTP/1.1 response (status line, headers, a body framed by Content-Length, chunks or close). */
export function parseResponse(answer: Buffer): Omit<RawResponse, "ms"> {
  const bytes = finalAnswer(answer);
  const end = bytes.indexOf("\r\n\r\n");
  if (end < 0)
    throw new Error(`incomplete response head: ${JSON.stringify(bytes.subarray(0, 200).toString("latin1"))}`);
  const [statusLine, ...headerLines] = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "")?.[1]);
  if (!status) throw new Error(`not an HTTP response: ${JSON.stringify(statusLine)}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  let body = bytes.subarray(end + 4);
  if (/\bchunked\b/i.test(headers["transfer-encoding"] ?? "")) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf("\r\n", at);
      if (lineEnd < 0) throw new Error("truncated chunked body");
      const size = parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
      if (!Number.isFinite(size)) throw new Error("bad chunk size");
      if (size === 0) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  } else if (headers["content-length"] !== undefined) {
    body = body.subarray(0, Number(headers["content-length"]));
  }
  return { status, headers, body };
}

/** Sends one request on a fresh connection and reads the whole answer (the server closes after it). */
export function sendRaw(port: number, request: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let streaming = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      // An event stream (GET /events/stream) never ends by itself: its answer is the head and the first event, then
      // the connection is closed as a client going away closes it.
      if (!streaming && isEventStream(Buffer.concat(chunks))) {
        streaming = true;
        setTimeout(() => socket.destroy(), 50);
      }
    });
    // A server may answer (413, 431) and close before reading the whole request: the write then fails with EPIPE or
    // ECONNRESET, but the answer is already in; only a connection that ends without one is an error.
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0) return reject(new Error("the server closed the connection without an answer"));
      try {
        const parsed = streaming ? parseStreamStart(bytes) : parseResponse(bytes);
        resolve({ ...parsed, ms: performance.now() - started });
      } catch (error) {
        reject(error as Error);
      }
    });
    socket.on("connect", () => socket.write(encodeRequest(request, `127.0.0.1:${port}`)));
  });
}

/** A 2xx `text/event-stream` answer whose head and first event (its blank line) are in. */
export function isEventStream(answer: Buffer): boolean {
  const bytes = finalAnswer(answer);
  const end = bytes.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const head = bytes.subarray(0, end).toString("latin1");
  return /^HTTP\/1\.[01] 2\d\d /.test(head) && /\r\ncontent-type:\s*text\/event-stream/i.test(head) &&
    bytes.subarray(end + 4).includes("\n\n");
}

/** The head of an event stream and the part of its body that came, de-chunked as far as it is complete. */
function parseStreamStart(answer: Buffer): Omit<RawResponse, "ms"> {
  const bytes = finalAnswer(answer);
  const end = bytes.indexOf("\r\n\r\n");
  // The head alone, given an empty last chunk so that the parser reads it whole whatever the framing.
  const { status, headers } = parseResponse(Buffer.concat([bytes.subarray(0, end + 4), Buffer.from("0\r\n\r\n")]));
  let rest = bytes.subarray(end + 4);
  if (!/\bchunked\b/i.test(headers["transfer-encoding"] ?? "")) return { status, headers, body: rest };
  const parts: Buffer[] = [];
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    if (lineEnd < 0) break;
    const size = parseInt(rest.subarray(0, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0 || rest.length < lineEnd + 2 + size) break;
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.subarray(lineEnd + 2 + size + 2);
  }
  return { status, headers, body: Buffer.concat(parts) };
}
