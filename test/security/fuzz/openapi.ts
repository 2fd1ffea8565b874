import fc from "fast-check";

// The served OpenAPI document as the fuzz reads it: its operations (path, query and header parameters, request
// body, documented statuses), a fast-check arbitrary of VALID values for a JSON schema (the part of JSON Schema the
// document uses: $ref, oneOf, enum, type, string bounds, pattern, uuid, numbers, arrays, objects), and a matcher
// that checks a value against a schema (error bodies and successful answers).

/** Shrinking may fall back to the first (most benign) option of a `oneof`, so a counterexample loses its noise. */
const CROSS = { withCrossShrink: true };

export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, Schema> };
}

interface RawOperation {
  operationId: string;
  parameters?: { name: string; in: "path" | "query" | "header"; required?: boolean; schema: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: Schema;
}

export interface Operation {
  id: string;
  method: string;
  /** The template, e.g. `/conversations/{id}/messages`, relative to the server's `/api/public/v1`. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  body: { contentType: string; schema: Schema } | null;
  /** Documented statuses and the schema of each one's JSON body. */
  responses: Map<number, Schema | null>;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const params = (where: string) =>
        (raw.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema }));
      const [contentType, media] = Object.entries(raw.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        id: raw.operationId,
        method: method.toUpperCase(),
        path,
        pathParams: params("path"),
        query: params("query"),
        headers: params("header"),
        body: contentType && media ? { contentType, schema: media.schema } : null,
        responses: new Map(
          Object.entries(raw.responses).map(([status, response]) => [
            Number(status),
            response.content?.["application/json"]?.schema ?? null,
          ]),
        ),
      });
    }
  }
  return operations;
}

export function resolve(doc: OpenApiDocument, schema: Schema): Schema {
  let current = schema;
  while (current.$ref) {
    const name = current.$ref.replace("#/components/schemas/", "");
    const target = doc.components.schemas[name];
    if (!target) throw new Error(`unknown $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

const typesOf = (schema: Schema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** Hints for valid values the schema alone cannot know: ids that exist, handles of real bots. */
export interface ValueHints {
  /** Ids for `format: uuid` strings (mixed with random uuids). */
  uuids?: string[];
  /** Values for a property of this name (mixed with what the schema generates). */
  byName?: Record<string, unknown[]>;
}

/** Valid values for `schema` (the document's rules; the server may still refuse some, e.g. text of spaces only). */
export function validValue(
  doc: OpenApiDocument,
  schema: Schema,
  hints: ValueHints = {},
  name?: string,
): fc.Arbitrary<unknown> {
  const s = resolve(doc, schema);
  const named = name ? hints.byName?.[name] : undefined;
  const plain = plainValidValue(doc, s, hints);
  return named?.length
    ? fc.oneof(CROSS, { arbitrary: fc.constantFrom(...named), weight: 3 }, { arbitrary: plain, weight: 1 })
    : plain;
}

function plainValidValue(doc: OpenApiDocument, s: Schema, hints: ValueHints): fc.Arbitrary<unknown> {
  if (s.oneOf ?? s.anyOf)
    return fc.oneof(CROSS, ...(s.oneOf ?? s.anyOf)!.map((option) => validValue(doc, option, hints)));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(CROSS, ...types.map((type) => plainValidValue(doc, { ...s, type }, hints)));
  switch (types[0]) {
    case "string":
      return validString(s, hints);
    case "integer":
      return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 });
    case "number":
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(validValue(doc, s.items ?? {}, hints), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
      });
    case "object":
    default: {
      const properties = s.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [key, validValue(doc, child, hints, key)]),
      );
      const required = (s.required ?? []).filter((key) => key in properties);
      const record = fc.record(model, { requiredKeys: required });
      // An object of optional properties only gets at least one: the document cannot say "body or blocks" (sendMessage).
      return required.length || !Object.keys(properties).length
        ? record
        : record.filter((value) => Object.keys(value).length > 0);
    }
  }
}

/** Text with at least one visible character, within the schema's bounds (counted as the server counts: UTF-16). */
function validString(s: Schema, hints: ValueHints): fc.Arbitrary<string> {
  if (s.format === "uuid") {
    const random = fc.uuid();
    return hints.uuids?.length
      ? fc.oneof(CROSS, { arbitrary: fc.constantFrom(...hints.uuids), weight: 3 }, { arbitrary: random, weight: 1 })
      : random;
  }
  if (s.format === "date-time") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  const fits = (text: string) => text.length >= min && text.length <= max;
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  const words = fc
    .array(
      fc.constantFrom(
        "Tuesday",
        "at",
        "10",
        "order",
        "#1042",
        "shipped",
        "café",
        "naïve",
        "ok",
        "Renewal",
        "?",
        "日本語",
        "🙂",
      ),
      { minLength: 1, maxLength: 8 },
    )
    .map((parts) => parts.join(" "));
  const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: Math.min(max, 40) });
  const atMax = fc.constant("y".repeat(max));
  return fc
    .oneof({ arbitrary: words, weight: 4 }, { arbitrary: text, weight: 2 }, { arbitrary: atMax, weight: 1 })
    .map((value) => (value.length < min ? value.padEnd(min, "z") : value))
    .filter((value) => fits(value) && value.trim().length > 0);
}

/** Problems of `value` against `schema` (empty: it matches), each as `path: what`. */
export function mismatches(doc: OpenApiDocument, schema: Schema, value: unknown, path = "$"): string[] {
  const s = resolve(doc, schema);
  if (s.oneOf ?? s.anyOf) {
    const options = (s.oneOf ?? s.anyOf)!.map((option) => mismatches(doc, option, value, path));
    const matching = options.filter((problems) => problems.length === 0).length;
    if (s.oneOf && matching > 1) return [`${path}: matches ${matching} of oneOf`];
    return matching > 0
      ? []
      : [`${path}: matches none of ${s.oneOf ? "oneOf" : "anyOf"} (${options.map((o) => o[0]).join(" | ")})`];
  }
  if (s.allOf) return s.allOf.flatMap((part) => mismatches(doc, part, value, path));
  if (s.const !== undefined && value !== s.const) return [`${path}: is not ${JSON.stringify(s.const)}`];
  if (s.enum && !s.enum.includes(value))
    return [`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`];
  const types = typesOf(s);
  if (types.length && !types.some((type) => isOfType(value, type)))
    return [`${path}: ${JSON.stringify(value)?.slice(0, 60)} is not ${types.join(" or ")}`];
  const problems: string[] = [];
  if (typeof value === "string") {
    if (s.minLength !== undefined && value.length < s.minLength) problems.push(`${path}: shorter than ${s.minLength}`);
    if (s.maxLength !== undefined && [...value].length > s.maxLength)
      problems.push(`${path}: longer than ${s.maxLength}`);
    if (s.pattern && !new RegExp(s.pattern, "u").test(value)) problems.push(`${path}: does not match ${s.pattern}`);
    if (s.format === "uuid" && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
      problems.push(`${path}: not a uuid`);
    if (s.format === "date-time" && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value))
      problems.push(`${path}: not a date-time`);
  }
  if (typeof value === "number") {
    if (s.minimum !== undefined && value < s.minimum) problems.push(`${path}: below ${s.minimum}`);
    if (s.maximum !== undefined && value > s.maximum) problems.push(`${path}: above ${s.maximum}`);
  }
  if (Array.isArray(value)) {
    if (s.minItems !== undefined && value.length < s.minItems) problems.push(`${path}: fewer than ${s.minItems} items`);
    if (s.maxItems !== undefined && value.length > s.maxItems) problems.push(`${path}: more than ${s.maxItems} items`);
    if (s.items) value.forEach((item, i) => problems.push(...mismatches(doc, s.items!, item, `${path}[${i}]`)));
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of s.required ?? []) if (!(key in record)) problems.push(`${path}.${key}: missing`);
    for (const [key, child] of Object.entries(record)) {
      const property = s.properties?.[key];
      if (property) problems.push(...mismatches(doc, property, child, `${path}.${key}`));
      else if (s.additionalProperties === false) problems.push(`${path}.${key}: not allowed`);
    }
  }
  return problems;
}

function isOfType(value: unknown, type: string): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return value !== null && typeof value === "object" && !Array.isArray(value);
    default:
      return true;
  }
}
