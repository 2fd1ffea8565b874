import fc from "fast-check";
import { MAX_BODY_BYTES } from "@/lib/limits";
import { classify, classifyString, hostileString, hostileText, hostileValue } from "./hostile";
import {
  resolve,
  validValue,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type Schema,
  type ValueHints,
} from "./openapi";

// From an operation of the OpenAPI document to a fast-check arbitrary of requests: valid ones, and valid ones with
// one or more parts made hostile (path id, query, key, Idempotency-Key, Content-Type, extra headers, the body as a
// value, as text, as bytes, or by its size). Every case carries labels naming its hostile parts; a case without
// hostile parts is labelled `valid`. Cases are plain data, so fast-check can replay and shrink them.

/** Shrinking may fall back to the first (most benign) option of a `oneof`, so a counterexample loses its noise. */
const CROSS = { withCrossShrink: true };

export const API_PREFIX = "/api/public/v1";
/** Node's default limit on a request's head (request line and headers) is 16 KiB; cases stay under this. */
const HEAD_BUDGET = 14 * 1024;

/** What the run knows about the server's world: working keys, ids that exist, handles of real bots. */
export interface FuzzWorld {
  keys: Record<string, string>;
  /** The key each operation mostly uses (others are used too). */
  preferredKey: (operationId: string) => string;
  /** Ids by the first segment of a path: `conversations`, `contacts`, `messages`, `agent-requests`. */
  ids: Record<string, string[]>;
  hints: ValueHints;
}

/** An Idempotency-Key the runner makes unique per request (so that a case replays the same way when shrunk). */
export const FRESH = "<fresh>";

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

interface Part<T> {
  value: T;
  label: string | null;
}
const plain = <T>(value: T): Part<T> => ({ value, label: null });

/** Each part of a request as a benign arbitrary (what a well-behaved bot sends) and a hostile one. */
interface Choice<T> {
  benign: fc.Arbitrary<T>;
  hostile: fc.Arbitrary<T>;
}
const labelled = <T>(value: T, label: string): Part<T> => ({ value, label });

// ---------------------------------------------------------------------------------------------------------------
// Encoding

/** Percent-encodes text as UTF-8 (a lone surrogate is written as its three-byte form: invalid UTF-8 on purpose). */
export function percentEncode(text: string): string {
  let out = "";
  for (const ch of text) {
    if (/^[A-Za-z0-9\-._~]$/.test(ch)) {
      out += ch;
      continue;
    }
    const code = ch.codePointAt(0)!;
    const bytes =
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        : [...Buffer.from(ch, "utf8")];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  }
  return out;
}

const decodes = (segment: string) => {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
};

// ---------------------------------------------------------------------------------------------------------------
// Path ids

const HOSTILE_IDS = [
  "not-a-uuid",
  ".",
  "%2e%2e",
  "%2F",
  "%00",
  "%ff",
  "%",
  "%zz",
  "%c0%ae",
  "%ED%A0%80",
  "1",
  "-1",
  "9".repeat(100),
  "'%20OR%201=1--",
  "null",
  "undefined",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "%7B%7D",
  "%20",
];

function idPart(pool: string[]): Choice<Part<string>> {
  const known = pool.length ? fc.constantFrom(...pool) : fc.uuid();
  const variant = fc
    .tuple(
      known,
      fc.constantFrom(
        "upper",
        "braces",
        "no-dashes",
        "suffix",
        "nul-suffix",
        "space-prefix",
        "urn",
        "truncated",
        "trailing-slash",
      ),
    )
    .map(([id, how]) => {
      switch (how) {
        case "upper":
          return id.toUpperCase();
        case "braces":
          return `%7B${id}%7D`;
        case "no-dashes":
          return id.replaceAll("-", "");
        case "suffix":
          return `${id}x`;
        case "nul-suffix":
          return `${id}%00`;
        case "space-prefix":
          return `%20${id}`;
        case "urn":
          return `urn:uuid:${id}`;
        case "truncated":
          return id.slice(0, -1);
        default:
          return `${id}/`;
      }
    });
  const encoded = hostileText.map(percentEncode);
  const long = fc.integer({ min: 37, max: 2000 }).map((n) => "a".repeat(n));
  const hostile = fc.oneof(
    CROSS,
    { arbitrary: fc.uuid().map((id) => labelled(id, "id:random-uuid")), weight: 2 },
    { arbitrary: variant.map((id) => labelled(id, "id:uuid-variant")), weight: 2 },
    {
      arbitrary: fc
        .constantFrom(...HOSTILE_IDS)
        .map((id) => labelled(id, decodes(id) ? "id:hostile" : "id:malformed-percent")),
      weight: 2,
    },
    {
      arbitrary: encoded.map((id) =>
        labelled(id, decodes(id) ? `id:${classifyString(decodeURIComponent(id))}` : "id:malformed-percent"),
      ),
      weight: 2,
    },
    { arbitrary: long.map((id) => labelled(id, "id:long")), weight: 1 },
  );
  return { benign: known.map((id) => plain(id)), hostile };
}

// ---------------------------------------------------------------------------------------------------------------
// Query

const HOSTILE_QUERY = [
  "",
  "-1",
  "0",
  "201",
  "1000000",
  "1.5",
  "1e3",
  "0x10",
  "%205",
  "%2B5",
  "9".repeat(400),
  "NaN",
  "Infinity",
  "null",
  "true",
  "%00",
  "%ff",
  "%",
  "%zz",
  "%ED%A0%80",
  "[]",
];

function queryPart(doc: OpenApiDocument, params: Parameter[], hints: ValueHints): Choice<Part<string>> {
  const valid = (param: Parameter) =>
    validValue(doc, param.schema, hints, param.name).map((value) =>
      plain(`${param.name}=${percentEncode(String(value))}`),
    );
  const benignOne = (param: Parameter): fc.Arbitrary<Part<string> | null> =>
    fc.oneof(CROSS, { arbitrary: fc.constant(null), weight: 4 }, { arbitrary: valid(param), weight: 3 });
  const hostileOne = (param: Parameter): fc.Arbitrary<Part<string>> =>
    fc.oneof(
      CROSS,
      fc
        .constantFrom(...HOSTILE_QUERY)
        .map((raw) =>
          labelled(`${param.name}=${raw}`, `q.${param.name}:${decodes(raw) ? "hostile" : "malformed-percent"}`),
        ),
      hostileString
        .filter((text) => text.length <= 1500)
        .map((text) => labelled(`${param.name}=${percentEncode(text)}`, `q.${param.name}:${classifyString(text)}`)),
      fc
        .tuple(valid(param), fc.constantFrom("1", "500", "-5"))
        .map(([first, second]) => labelled(`${first.value}&${param.name}=${second}`, `q.${param.name}:repeated`)),
    );
  const extra = fc
    .constantFrom("unknown=1", "limit[]=1", "__proto__[x]=1", "a=%ff", "=", "&&", "q", "cursor=")
    .map((raw) => labelled(raw, decodes(raw) ? "q:extra" : "q:malformed-percent"));
  const join = (parts: (Part<string> | null)[]): Part<string> => {
    const present = parts.filter((part): part is Part<string> => part !== null);
    const labels = present.map((part) => part.label).filter(Boolean);
    return { value: present.map((part) => part.value).join("&"), label: labels.length ? labels.join(",") : null };
  };
  const benign = fc.tuple(...params.map(benignOne)).map(join);
  // One parameter made hostile (the others as a bot sends them), or an extra one.
  const hostile = fc
    .tuple(fc.nat(params.length), fc.tuple(...params.map(benignOne)), fc.tuple(...params.map(hostileOne)), extra)
    .map(([which, good, bad, more]) =>
      join(which < params.length ? good.map((part, i) => (i === which ? bad[i]! : part)) : [...good, more]),
    );
  return { benign, hostile };
}

// ---------------------------------------------------------------------------------------------------------------
// Headers

type Auth = { header: string | Buffer | null; key: string | null; label: string | null };

function authPart(world: FuzzWorld, operationId: string): Choice<Auth> {
  const preferred = world.preferredKey(operationId);
  const others = Object.keys(world.keys).filter((name) => name !== preferred);
  const good = (name: string) => ({ header: `Bearer ${world.keys[name]}`, key: name, label: null });
  const key = world.keys[preferred]!;
  const hostile = fc.constantFrom<string | Buffer | null>(
    null,
    "",
    "Bearer",
    "Bearer ",
    `Basic ${Buffer.from("user:pass").toString("base64")}`,
    `Bearer ${key}x`,
    `Bearer ${key.slice(0, -1)}`,
    `Bearer ${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`,
    `Bearer amk_${"A".repeat(38)}`,
    `Bearer ${key} ${key}`,
    `Bearer ${"a".repeat(4000)}`,
    `Token ${key}`,
    Buffer.from(`Bearer amk_\u00e9\u00e9\u00e9`, "latin1"),
    Buffer.from(`Bearer ${key}\u00ff`, "latin1"),
  );
  return {
    benign: fc.oneof(
      CROSS,
      { arbitrary: fc.constant<Auth>(good(preferred)), weight: 12 },
      ...others.map((name) => ({ arbitrary: fc.constant<Auth>(good(name)), weight: 3 })),
      { arbitrary: fc.constant<Auth>({ header: `bearer   ${key}  `, key: preferred, label: null }), weight: 1 },
    ),
    hostile: hostile.map((header): Auth => ({ header, key: null, label: "auth:hostile" })),
  };
}

const IDEMPOTENCY_VALUES: (string | Buffer)[] = [
  "",
  "k".repeat(64),
  "k".repeat(65),
  "k".repeat(2000),
  "  spaced  ",
  "fuzz-shared-key",
  Buffer.from("cl\u00e9-\u{1F642}", "utf8"),
  Buffer.from("\u00ff\u00fe", "latin1"),
  "%00",
];

function idempotencyPart(documented: boolean): Choice<Part<(string | Buffer)[]>> {
  if (!documented)
    return { benign: fc.constant(plain([])), hostile: fc.constant(labelled([FRESH], "idem:undocumented")) };
  return {
    benign: fc.constant(plain([FRESH])),
    hostile: fc.oneof(
      CROSS,
      fc.constantFrom(...IDEMPOTENCY_VALUES).map((value) => labelled([value], "idem:hostile")),
      fc.constant(labelled([FRESH, FRESH], "idem:duplicated")),
      fc.constant(labelled<(string | Buffer)[]>([], "idem:absent")),
    ),
  };
}

const HOSTILE_CONTENT_TYPES = [
  null,
  "",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "application/xml",
  "application/json, text/html",
  "a".repeat(1000),
];

function contentTypePart(expected: string): Choice<Part<string | null>> {
  return {
    benign: fc.constant(plain<string | null>(expected)),
    hostile: fc.constantFrom(...HOSTILE_CONTENT_TYPES).map((value) => labelled(value, "content-type:hostile")),
  };
}

const EXTRA_HEADERS: [string, string][] = [
  ["Host", "evil.example"],
  ["X-Forwarded-Host", "evil.example"],
  ["X-Forwarded-For", "127.0.0.1, 10.0.0.1"],
  ["X-Forwarded-Proto", "gopher"],
  ["Origin", "https://evil.example"],
  ["Accept", "text/html"],
  ["Accept-Encoding", "gzip, deflate, br"],
  ["Cookie", "next-auth.session-token=junk; __Host-x=1"],
  ["Expect", "100-continue"],
  ["X-Request-Id", "chosen-by-the-caller"],
  ["X-Middleware-Subrequest", "middleware:middleware:middleware:middleware:middleware"],
  ["Range", "bytes=0-1"],
];

function extraHeadersPart(): Choice<Part<[string, string][]>> {
  return {
    benign: fc.constant(plain<[string, string][]>([])),
    hostile: fc.oneof(
      CROSS,
      {
        arbitrary: fc
          .subarray(EXTRA_HEADERS, { minLength: 1, maxLength: 3 })
          .map((headers) => labelled(headers, "headers:extra")),
        weight: 2,
      },
      {
        arbitrary: fc
          .integer({ min: 1000, max: 12_000 })
          .map((n) => labelled<[string, string][]>([["X-Fuzz-Padding", "p".repeat(n)]], "headers:huge")),
        weight: 1,
      },
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// JSON bodies

type Json = unknown;
type Path = (string | number)[];

/** Every path into a JSON value (objects' keys, arrays' items), the root excluded. */
export function pathsOf(value: Json, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...pathsOf(item, [...prefix, i])]);
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  return [];
}

/** A copy of `value` with the node at `path` replaced (or a property added when the path's last key is missing). */
export function replaceAt(value: Json, path: Path, replacement: Json): Json {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaceAt(item, rest, replacement) : item));
  const record = { ...(value as Record<string, Json>) };
  Object.defineProperty(record, head as string, {
    value: replaceAt(record[head as string], rest, replacement),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return record;
}

/** `blocks[].title`: a path with its array indices dropped, for labels. */
const coarse = (path: Path) =>
  path
    .map((part) => (typeof part === "number" ? "[]" : `.${part}`))
    .join("")
    .replace(/^\./, "") || "(root)";

/** Places where a value can go: every existing path, and each top-level property the schema knows. */
function placesIn(doc: OpenApiDocument, schema: Schema, value: Json): Path[] {
  const known = Object.keys(resolve(doc, schema).properties ?? {}).map((key) => [key]);
  const existing = pathsOf(value);
  const seen = new Set(existing.map((path) => JSON.stringify(path)));
  return [...existing, ...known.filter((path) => !seen.has(JSON.stringify(path)))];
}

const MARKER = "FUZZ_MARKER_7f3c";

/** JSON text of `value` with the node at `path` written as `raw` bytes instead (any bytes: deep JSON, bad UTF-8 ...). */
function withRawAt(value: Json, path: Path, raw: Buffer): Buffer {
  const text = JSON.stringify(replaceAt(value, path, MARKER));
  const [before, after] = text.split(`"${MARKER}"`) as [string, string | undefined];
  if (after === undefined) return Buffer.from(text);
  return Buffer.concat([Buffer.from(before), raw, Buffer.from(after)]);
}

/** JSON text that JSON.stringify never writes: deep nesting, numbers past a double, duplicate keys, escapes. */
const rawJson = fc.oneof(
  CROSS,
  fc
    .integer({ min: 100, max: 120_000 })
    .map((depth) => ({ kind: "deep-array", text: "[".repeat(depth) + "]".repeat(depth) })),
  fc
    .integer({ min: 100, max: 40_000 })
    .map((depth) => ({ kind: "deep-object", text: '{"a":'.repeat(depth) + "1" + "}".repeat(depth) })),
  fc.constantFrom(
    { kind: "number-literal", text: "123456789012345678901234567890" },
    { kind: "number-literal", text: "1E400" },
    { kind: "number-literal", text: "-0" },
    { kind: "number-literal", text: "0.0000000000000000000000000000001" },
    { kind: "escaped-nul", text: '"a\\u0000b"' },
    { kind: "escaped-surrogate", text: '"\\ud800"' },
    { kind: "escaped-surrogate", text: '"\\udfff\\ud800"' },
    { kind: "duplicate-keys", text: '{"type":"status_block","type":"approval_card","title":"t","state":"done"}' },
    { kind: "invalid-json", text: "NaN" },
    { kind: "invalid-json", text: "'single'" },
    { kind: "invalid-json", text: '"unterminated' },
  ),
);

const INVALID_UTF8 = [
  { kind: "0xff", bytes: [0xff] },
  { kind: "truncated-sequence", bytes: [0xc3] },
  { kind: "bad-continuation", bytes: [0xc3, 0x28] },
  { kind: "surrogate-as-utf8", bytes: [0xed, 0xa0, 0x80] },
  { kind: "overlong", bytes: [0xc0, 0xaf] },
  { kind: "past-10ffff", bytes: [0xf4, 0x90, 0x80, 0x80] },
  { kind: "lone-continuation", bytes: [0x80] },
];

const WHOLE_BODIES = [
  { kind: "empty", text: "" },
  { kind: "blank", text: "  \n" },
  { kind: "truncated", text: '{"body":' },
  { kind: "truncated", text: "{" },
  { kind: "null", text: "null" },
  { kind: "array", text: "[]" },
  { kind: "string", text: '"hello"' },
  { kind: "number", text: "42" },
  { kind: "comment", text: '// hi\n{"body":"x"}' },
  { kind: "two-documents", text: '{"body":"x"} {"body":"y"}' },
  { kind: "trailing-garbage", text: '{"body":"x"}garbage' },
  { kind: "bom", text: '\ufeff{"body":"x"}' },
  { kind: "unterminated-deep", text: "[".repeat(50_000) },
  { kind: "proto", text: '{"__proto__":{"body":"polluted"},"body":"x"}' },
];

const UNKNOWN_FIELDS = [
  "sender_bot_id",
  "sender_user_id",
  "status",
  "id",
  "seq",
  "workspace_id",
  "bot_id",
  "admin",
  "__proto__",
  "constructor",
  "",
];

interface BodyPlan {
  bytes: Buffer;
  chunked: boolean;
  label: string | null;
}

function jsonBodyPart(doc: OpenApiDocument, schema: Schema, hints: ValueHints): Choice<BodyPlan> {
  const valid = validValue(doc, schema, hints);
  const at = (value: Json, index: number) => {
    const places = placesIn(doc, schema, value);
    return places.length ? places[index % places.length]! : ["body"];
  };
  const json = (value: Json, label: string | null): BodyPlan => ({
    bytes: Buffer.from(JSON.stringify(value) ?? "null"),
    chunked: false,
    label,
  });

  const replaced = fc.tuple(valid, fc.nat(), hostileValue).map(([value, index, hostile]) => {
    const path = at(value, index);
    return json(replaceAt(value, path, hostile), `body:${coarse(path)}<-${classify(hostile)}`);
  });
  const unknown = fc
    .tuple(valid, fc.oneof(CROSS, fc.constantFrom(...UNKNOWN_FIELDS), fc.string({ maxLength: 10 })), hostileValue)
    .filter(([value]) => value !== null && typeof value === "object" && !Array.isArray(value))
    .map(([value, key, extra]) => json(replaceAt(value, [key], extra), "body:unknown-field"));
  const missing = fc.tuple(valid, fc.nat()).map(([value, index]) => {
    const record = { ...(value as Record<string, Json>) };
    const keys = Object.keys(record);
    if (keys.length) delete record[keys[index % keys.length]!];
    return json(record, "body:missing-field");
  });
  const wrongRoot = hostileValue.map((value) => json(value, `body:root<-${classify(value)}`));
  const raw = fc.tuple(valid, fc.nat(), rawJson).map(([value, index, { kind, text }]) => {
    const path = at(value, index);
    return { bytes: withRawAt(value, path, Buffer.from(text)), chunked: false, label: `body:raw-${kind}` };
  });
  const badUtf8 = fc.tuple(valid, fc.nat(), fc.constantFrom(...INVALID_UTF8)).map(([value, index, { kind, bytes }]) => {
    const path = at(value, index);
    const raw = Buffer.concat([Buffer.from('"ok'), Buffer.from(bytes), Buffer.from('ok"')]);
    return { bytes: withRawAt(value, path, raw), chunked: false, label: `body:invalid-utf8-${kind}` };
  });
  const whole = fc
    .constantFrom(...WHOLE_BODIES)
    .map(({ kind, text }) => ({ bytes: Buffer.from(text), chunked: false, label: `body:whole-${kind}` }));
  const duplicateKey = fc.tuple(valid, hostileValue).map(([value, hostile]) => {
    const text = JSON.stringify(value) ?? "{}";
    const key = Object.keys((value as Record<string, Json>) ?? {})[0] ?? "body";
    const spliced =
      text.endsWith("}") && text !== "{}"
        ? `${text.slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(hostile) ?? "null"}}`
        : text;
    return { bytes: Buffer.from(spliced), chunked: false, label: "body:duplicate-key" };
  });
  const sized = fc
    .tuple(
      valid,
      fc.constantFrom(-1, 0, 1),
      fc.constantFrom("trailing-space", "long-field", "padding-field"),
      fc.boolean(),
    )
    .map(([value, delta, how, chunked]) => ({
      bytes: sizedBody(value, MAX_BODY_BYTES + delta, how),
      chunked,
      label: `body:size${delta === 0 ? "=" : delta < 0 ? "-1" : "+1"}`,
    }));

  const hostile = fc.oneof(
    CROSS,
    { arbitrary: replaced, weight: 8 },
    { arbitrary: unknown, weight: 2 },
    { arbitrary: missing, weight: 1 },
    { arbitrary: wrongRoot, weight: 1 },
    { arbitrary: raw, weight: 2 },
    { arbitrary: badUtf8, weight: 2 },
    { arbitrary: whole, weight: 1 },
    { arbitrary: duplicateKey, weight: 1 },
    { arbitrary: sized, weight: 2 },
  );
  return { benign: valid.map((value) => json(value, null)), hostile };
}

/** A JSON body of exactly `size` bytes built around `value`: spaces after it, a long field, or an unknown field. */
export function sizedBody(value: Json, size: number, how: "trailing-space" | "long-field" | "padding-field"): Buffer {
  const record = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, Json>) : {};
  const fill = (key: string) => {
    const empty = Buffer.byteLength(JSON.stringify({ ...record, [key]: "" }));
    return Buffer.from(JSON.stringify({ ...record, [key]: "x".repeat(Math.max(0, size - empty)) }));
  };
  if (how === "long-field") return fill(Object.keys(record).find((key) => typeof record[key] === "string") ?? "body");
  if (how === "padding-field") return fill("padding");
  const text = JSON.stringify(value) ?? "null";
  return Buffer.from(text + " ".repeat(Math.max(0, size - Buffer.byteLength(text))));
}

// ---------------------------------------------------------------------------------------------------------------
// Multipart uploads

const FILE_NAMES = [
  "notes.txt",
  "report.pdf",
  "../../etc/passwd",
  "a\u0000b.txt",
  "\u202etxt.exe",
  "con",
  ".htaccess",
  "x".repeat(1000),
  "f\u00e9\u{1F642}.png",
  "a\r\nX-Injected: 1",
];
const PART_TYPES = [
  "text/plain",
  "application/octet-stream",
  "text/html",
  "image/svg+xml",
  "application/x-msdownload",
  "",
];

type Upload = { bytes: Buffer; contentType: string | null; label: string | null };

function multipartPart(): Choice<Upload> {
  const content = fc.oneof(
    CROSS,
    {
      arbitrary: fc.uint8Array({ minLength: 1, maxLength: 2048 }).map((bytes) => plain(Buffer.from(bytes))),
      weight: 6,
    },
    { arbitrary: fc.constant(labelled(Buffer.alloc(0), "upload:empty-file")), weight: 1 },
    {
      arbitrary: fc
        .integer({ min: 100_000, max: 400_000 })
        .map((n) => labelled(Buffer.alloc(n, 0x61), "upload:big-file")),
      weight: 1,
    },
  );
  const name = fc.oneof(
    CROSS,
    { arbitrary: fc.constant(plain<string | null>("notes.txt")), weight: 6 },
    {
      arbitrary: fc.constantFrom<string | null>(...FILE_NAMES, null).map((n) => labelled(n, "upload:file-name")),
      weight: 2,
    },
    {
      arbitrary: hostileText.map((n) => labelled<string | null>(n, `upload:file-name-${classifyString(n)}`)),
      weight: 2,
    },
  );
  const field = fc.oneof(
    CROSS,
    { arbitrary: fc.constant(plain("file")), weight: 9 },
    { arbitrary: fc.constantFrom("files", "File", "", "file[]").map((f) => labelled(f, "upload:field")), weight: 1 },
  );
  const type = fc.oneof(
    CROSS,
    { arbitrary: fc.constant(plain("text/plain")), weight: 6 },
    { arbitrary: fc.constantFrom(...PART_TYPES).map((t) => labelled(t, "upload:part-type")), weight: 2 },
  );
  const shape = fc.oneof(
    CROSS,
    { arbitrary: fc.constant(plain("well-formed")), weight: 8 },
    {
      arbitrary: fc
        .constantFrom("no-final-boundary", "wrong-boundary", "no-boundary-param", "garbage", "two-files", "header-only")
        .map((s) => labelled(s, `upload:${s}`)),
      weight: 2,
    },
  );
  const contentType = fc.oneof(
    CROSS,
    { arbitrary: fc.constant(plain<string | null>("multipart")), weight: 9 },
    {
      arbitrary: fc
        .constantFrom<string | null>(
          null,
          "application/json",
          "text/plain",
          "multipart/mixed; boundary=b",
          "MULTIPART/FORM-DATA;boundary=fuzzboundary",
        )
        .map((t) => labelled(t, "content-type:hostile")),
      weight: 1,
    },
  );
  const build = ([c, n, f, t, s, ct]: [
    Part<Buffer>,
    Part<string | null>,
    Part<string>,
    Part<string>,
    Part<string>,
    Part<string | null>,
  ]): Upload => {
    const boundary = "fuzzboundary";
    const disposition = `Content-Disposition: form-data; name="${f.value}"${n.value === null ? "" : `; filename="${n.value}"`}`;
    const part = Buffer.concat([
      Buffer.from(`--${boundary}\r\n${disposition}\r\nContent-Type: ${t.value}\r\n\r\n`, "utf8"),
      c.value,
      Buffer.from("\r\n"),
    ]);
    const end = Buffer.from(`--${boundary}--\r\n`);
    let bytes: Buffer;
    switch (s.value) {
      case "no-final-boundary":
        bytes = part;
        break;
      case "garbage":
        bytes = Buffer.from("this is not a multipart body");
        break;
      case "two-files":
        bytes = Buffer.concat([part, part, end]);
        break;
      case "header-only":
        bytes = Buffer.from(`--${boundary}\r\n${disposition}\r\n`);
        break;
      default:
        bytes = Buffer.concat([part, end]);
    }
    const header =
      ct.value === "multipart"
        ? s.value === "wrong-boundary"
          ? "multipart/form-data; boundary=other"
          : s.value === "no-boundary-param"
            ? "multipart/form-data;"
            : `multipart/form-data; boundary=${boundary}`
        : ct.value;
    const labels = [c.label, n.label, f.label, t.label, s.label, ct.label].filter(Boolean);
    return { bytes, contentType: header, label: labels.length ? labels.join(",") : null };
  };
  const benign = fc
    .uint8Array({ minLength: 1, maxLength: 2048 })
    .map((bytes) =>
      build([
        plain(Buffer.from(bytes)),
        plain("notes.txt"),
        plain("file"),
        plain("text/plain"),
        plain("well-formed"),
        plain("multipart"),
      ]),
    );
  const hostile = fc
    .tuple(content, name, field, type, shape, contentType)
    .map(build)
    .filter((upload) => upload.label !== null);
  return { benign, hostile };
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
