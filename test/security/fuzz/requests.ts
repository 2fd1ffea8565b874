import fc from "fast-check";
import type { OpenApiDocument, Operation } from "./openapi";
import { CROSS, plain, type Choice, type Part } from "./parts";
import { jsonBodyPart, multipartPart, type BodyPlan } from "./request-body";
import {
  authPart,
  contentTypePart,
  extraHeadersPart,
  idempotencyPart,
  idPart,
  queryPart,
  type FuzzWorld,
} from "./request-head";

export type { FuzzWorld };

// From an operation of the OpenAPI document to a fast-check arbitrary of requests: valid ones, and valid ones with
// one or more parts made hostile (path id, query, key, Idempotency-Key, Content-Type, extra headers, the body as a
// value, as text, as bytes, or by its size). Every case carries labels naming its hostile parts; a case without
// hostile parts is labelled `valid`. Cases are plain data, so fast-check can replay and shrink them. The parts are
// made in request-head.ts (path ids, query, headers) and request-body.ts (JSON bodies, uploads).

export const API_PREFIX = "/api/public/v1";
/** Node's default limit on a request's head (request line and headers) is 16 KiB; cases stay under this. */
const HEAD_BUDGET = 14 * 1024;

/** What the run knows about the server's world: working keys, ids that exist, handles of real bots. */
export interface FuzzCase {
  operation: string;
  method: string;
  /** The request target after the prefix, exactly as sent (ASCII; may hold malformed percent-encoding). */
  target: string;
  headers: [string, string | Buffer][];
  body: Buffer | null;
  chunked: boolean;
  /** Which of the world's keys was sent as a Bearer token, or null when the credentials are hostile. */
  key: string | null;
  /** Every path id is plain (letters, digits, `-`, `_`): the request surely reaches the operation's route. */
  routed: boolean;
  labels: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// The whole request

type Focus = "valid" | "id" | "query" | "auth" | "idempotency" | "content-type" | "headers" | "body" | "several";

/**
 * Requests for one operation. Each request has a focus: most make one part hostile and send the rest as a
 * well-behaved bot would (so a hostile body reaches the deepest validation and the database), some make several
 * parts hostile at once, a few are entirely valid.
 */
export function requestsFor(doc: OpenApiDocument, operation: Operation, world: FuzzWorld): fc.Arbitrary<FuzzCase> {
  const pool = world.ids[operation.path.split("/")[1] ?? ""] ?? [];
  const idChoices = operation.pathParams.map(() => idPart(pool));
  const ids: Choice<Part<string>[]> = {
    benign: fc.tuple(...idChoices.map((c) => c.benign)),
    hostile: fc.tuple(...idChoices.map((c) => c.hostile)),
  };
  const query: Choice<Part<string>> = operation.query.length
    ? queryPart(doc, operation.query, world.hints)
    : { benign: fc.constant(plain("")), hostile: fc.constant(plain("")) };
  const auth = authPart(world, operation.id);
  const documentedKey = operation.headers.some((h) => h.name.toLowerCase() === "idempotency-key");
  const idempotency = idempotencyPart(documentedKey);
  const extra = extraHeadersPart();
  type Body = BodyPlan & { contentType: Part<string | null> };
  const json = operation.body && operation.body.contentType !== "multipart/form-data" ? operation.body : null;
  const upload = operation.body?.contentType === "multipart/form-data" ? multipartPart() : null;
  const jsonBody = json ? jsonBodyPart(doc, json.schema, world.hints) : null;
  const contentType = json ? contentTypePart(json.contentType) : null;
  const body = (bodyHostile: boolean, typeHostile: boolean): fc.Arbitrary<Body | null> => {
    if (upload)
      return (bodyHostile ? upload.hostile : upload.benign).map(({ bytes, contentType, label }) => ({
        bytes,
        chunked: false,
        label,
        contentType: plain(contentType),
      }));
    if (!jsonBody || !contentType) return fc.constant(null);
    return fc
      .tuple(bodyHostile ? jsonBody.hostile : jsonBody.benign, typeHostile ? contentType.hostile : contentType.benign)
      .map(([plan, type]) => ({ ...plan, contentType: type }));
  };

  const focuses: [Focus, number][] = [
    ["valid", 1],
    ["id", operation.pathParams.length ? 3 : 0],
    ["query", operation.query.length ? 3 : 0],
    ["auth", 1],
    ["idempotency", documentedKey ? 1 : 0.3],
    ["content-type", json ? 1 : 0],
    ["headers", 1],
    ["body", operation.body ? 8 : 0],
    ["several", 2],
  ];
  const focus = fc.oneof(
    CROSS,
    ...focuses
      .filter(([, weight]) => weight > 0)
      .map(([name, weight]) => ({ arbitrary: fc.constant(name), weight: weight * 10 })),
  );
  const pick = <T>(choice: Choice<T>, hostile: boolean) => (hostile ? choice.hostile : choice.benign);
  const several = fc.tuple(
    ...Array.from({ length: 7 }, () =>
      fc.oneof(CROSS, { arbitrary: fc.constant(false), weight: 7 }, { arbitrary: fc.constant(true), weight: 3 }),
    ),
  );

  return fc
    .tuple(focus, several)
    .chain(([f, random]) => {
      const hostile = (part: number, name: Focus) => f === name || (f === "several" && random[part]!);
      return fc.tuple(
        pick(ids, hostile(0, "id")),
        pick(query, hostile(1, "query")),
        pick(auth, hostile(2, "auth")),
        pick(idempotency, hostile(3, "idempotency")),
        pick(extra, hostile(4, "headers")),
        body(hostile(5, "body"), hostile(6, "content-type")),
      );
    })
    .map(([idParts, q, a, idem, more, b]) => {
      let path = operation.path;
      operation.pathParams.forEach((param, i) => (path = path.replace(`{${param.name}}`, idParts[i]!.value)));
      const target = q.value ? `${path}?${q.value}` : path;
      const headers: [string, string | Buffer][] = [];
      if (a.header !== null) headers.push(["Authorization", a.header]);
      for (const value of idem.value) headers.push(["Idempotency-Key", value]);
      if (b?.contentType.value !== null && b?.contentType.value !== undefined)
        headers.push(["Content-Type", b.contentType.value]);
      const head = headers.reduce((size, [name, value]) => size + name.length + 4 + value.length, target.length + 200);
      for (const [name, value] of more.value)
        headers.push([name, name === "X-Fuzz-Padding" ? value.slice(0, Math.max(0, HEAD_BUDGET - head)) : value]);
      const labels = [
        ...idParts.map((part) => part.label),
        q.label,
        a.label,
        idem.label,
        more.label,
        b?.label ?? null,
        b?.contentType.label ?? null,
      ].filter((label): label is string => Boolean(label));
      return {
        operation: operation.id,
        method: operation.method,
        target,
        headers,
        body: b ? b.bytes : null,
        chunked: b?.chunked ?? false,
        key: a.key,
        routed: idParts.every((part) => /^[A-Za-z0-9_-]+$/.test(part.value)),
        labels: labels.length ? labels : ["valid"],
      };
    });
}

/** One line per case for reports: method, target, headers and a body excerpt, all printable. */
export function describeCase(c: FuzzCase, limit = 300): string {
  const show = (value: string | Buffer) => {
    const text = Buffer.isBuffer(value) ? value.toString("latin1") : value;
    return JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…(${text.length} chars)` : text);
  };
  const body = c.body ? c.body.toString("utf8") : null;
  const excerpt =
    body === null
      ? "(no body)"
      : `${c.body!.length} bytes${c.chunked ? ", chunked" : ""}: ${JSON.stringify(body.length > limit ? `${body.slice(0, limit)}…` : body)}`;
  return [
    `${c.method} ${API_PREFIX}${c.target.length > limit ? `${c.target.slice(0, limit)}…` : c.target}`,
    ...c.headers.map(([name, value]) => `  ${name}: ${show(value)}`),
    `  body ${excerpt}`,
  ].join("\n");
}
