import fc from "fast-check";
import { MAX_BODY_BYTES } from "@/lib/limits";
import { classify, classifyString, hostileText, hostileValue } from "./hostile";
import { resolve, validValue, type OpenApiDocument, type Schema, type ValueHints } from "./openapi";
import { CROSS, labelled, plain, type Choice, type Part } from "./parts";

// The parts of a request's body, as a benign and a hostile arbitrary each (parts.ts): a JSON body from the
// operation's schema (a field replaced, unknown or missing; raw JSON, invalid UTF-8, whole bodies no parser expects,
// a size at the limit) and a multipart upload (its file, name, field, part type, framing and Content-Type).

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

export interface BodyPlan {
  bytes: Buffer;
  chunked: boolean;
  label: string | null;
}

export function jsonBodyPart(doc: OpenApiDocument, schema: Schema, hints: ValueHints): Choice<BodyPlan> {
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

export type Upload = { bytes: Buffer; contentType: string | null; label: string | null };

export function multipartPart(): Choice<Upload> {
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
