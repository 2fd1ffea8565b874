import fc from "fast-check";
import { classifyString, hostileString, hostileText } from "./hostile";
import { validValue, type OpenApiDocument, type Parameter, type ValueHints } from "./openapi";
import { CROSS, decodes, labelled, percentEncode, plain, type Choice, type Part } from "./parts";

/** What the generators draw from: the keys, and ids of objects the seeded world holds. */
export interface FuzzWorld {
  keys: Record<string, string>;
  /** The key each operation mostly uses (others are used too). */
  preferredKey: (operationId: string) => string;
  /** Ids by the first segment of a path: `conversations`, `contacts`, `messages`, `agent-requests`. */
  ids: Record<string, string[]>;
  hints: ValueHints;
}

// The parts of a request's head, each as a benign and a hostile arbitrary (parts.ts): the path ids, the query, the
// key, the Idempotency-Key, the Content-Type and other headers. requests.ts puts them together with a body.

/** An Idempotency-Key the runner makes unique per request (so that a case replays the same way when shrunk). */
export const FRESH = "<fresh>";

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

export function idPart(pool: string[]): Choice<Part<string>> {
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

export function queryPart(doc: OpenApiDocument, params: Parameter[], hints: ValueHints): Choice<Part<string>> {
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

export type Auth = { header: string | Buffer | null; key: string | null; label: string | null };

export function authPart(world: FuzzWorld, operationId: string): Choice<Auth> {
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

export function idempotencyPart(documented: boolean): Choice<Part<(string | Buffer)[]>> {
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

export function contentTypePart(expected: string): Choice<Part<string | null>> {
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

export function extraHeadersPart(): Choice<Part<[string, string][]>> {
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
