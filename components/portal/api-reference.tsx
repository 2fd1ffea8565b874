import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { CompactHead } from "@/components/ui/table";

// Renders the OpenAPI 3.1 document (app/api/public/v1/openapi-document.ts) as readable HTML: every operation with its
// parameters, request body fields and responses, then every named schema. Only the parts of OpenAPI the document uses.

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  additionalProperties?: boolean | Schema;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface MediaContent {
  content?: Record<string, { schema?: Schema }>;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: MediaContent & { required?: boolean; description?: string };
  responses?: Record<
    string,
    MediaContent & { description?: string; headers?: Record<string, { description?: string }> }
  >;
  security?: Record<string, string[]>[];
}

export interface ApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths?: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const METHOD_STYLE: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-800",
  post: "bg-sky-100 text-sky-800",
  put: "bg-amber-100 text-amber-800",
  patch: "bg-amber-100 text-amber-800",
  delete: "bg-red-100 text-red-800",
};

export const refName = (ref: string) => ref.split("/").at(-1) ?? ref;
export const schemaAnchor = (name: string) => `schema-${name}`;
export const operationAnchor = (operation: Operation, { method, path }: { method: string; path: string }) =>
  operation.operationId ?? `${method}-${path.replace(/[^a-z0-9]+/gi, "-")}`;

/** Operations in document order, for the table of contents. */
export function operations(doc: ApiDocument) {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      path,
      method,
      operation: item[method]!,
      anchor: operationAnchor(item[method]!, { method, path }),
    })),
  );
}

/** Inline markdown of the document's descriptions: `code` only. */
function Text({ children }: { children?: string }) {
  if (!children) return null;
  return (
    <>
      {children.split(/(`[^`]+`)/).map((part, index) =>
        part.startsWith("`") && part.endsWith("`") ? (
          <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

function TypeLabel({ schema }: { schema: Schema }): ReactNode {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return (
      <a href={`#${schemaAnchor(name)}`} className="text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700">
        {name}
      </a>
    );
  }
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants && variants.every((variant) => !variant.$ref && variant.type === "object"))
    return <>one of {variants.length} objects</>;
  if (variants) {
    return (
      <>
        {variants.map((variant, index) => (
          <span key={index}>
            {index > 0 && <span className="text-slate-500"> | </span>}
            <TypeLabel schema={variant} />
          </span>
        ))}
      </>
    );
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return (
    <>
      {types.map((type, index) => (
        <span key={type}>
          {index > 0 && <span className="text-slate-500"> | </span>}
          {type === "array" && schema.items ? (
            <>
              array of <TypeLabel schema={schema.items} />
            </>
          ) : (
            type
          )}
        </span>
      ))}
      {schema.format && <span className="text-slate-500"> ({schema.format})</span>}
      {!types.length && !schema.format && "any"}
    </>
  );
}

function constraints(schema: Schema): string[] {
  const out: string[] = [];
  if (schema.enum) out.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    out.push(`length ${schema.minLength ?? 0}–${schema.maxLength ?? "∞"}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    out.push(`${schema.minimum ?? "−∞"} to ${schema.maximum ?? "∞"}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined)
    out.push(`${schema.minItems ?? 0}–${schema.maxItems ?? "∞"} items`);
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.additionalProperties === false) out.push("no other fields");
  return out;
}

interface Row {
  name: string;
  schema: Schema;
  required: boolean;
  depth: number;
}

/** Flattens an object schema into rows; inline nested objects (and arrays of them) are expanded beneath their field. */
// A nested field's indent, 1rem a level, as classes: the page's Content-Security-Policy refuses style="" attributes
// (docs/decisions/017-security-headers.md). Deeper levels than listed share the last.
const INDENTS = ["pl-3", "pl-7", "pl-11", "pl-15", "pl-19", "pl-23"] as const;
const indent = (depth: number) => INDENTS[Math.min(depth, INDENTS.length - 1)];

function fieldRows(schema: Schema, depth = 0, prefix = ""): Row[] {
  const rows: Row[] = [];
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    rows.push({ name: path, schema: child, required: schema.required?.includes(name) ?? false, depth });
    const inner = child.items && !child.items.$ref ? child.items : child;
    const suffix = inner === child.items ? "[]." : ".";
    if (!inner.$ref && inner.properties) rows.push(...fieldRows(inner, depth + 1, `${path}${suffix}`));
    for (const [index, variant] of (inner.oneOf ?? []).entries()) {
      if (variant.$ref || !variant.properties) continue;
      const tag = Object.entries(variant.properties).find(([, s]) => s.enum?.length === 1);
      const label = tag ? `${tag[0]}=${String(tag[1].enum![0])}` : `variant ${index + 1}`;
      rows.push(...fieldRows(variant, depth + 1, `${path}${suffix === "[]." ? "[]" : ""} ⟨${label}⟩.`));
    }
  }
  return rows;
}

export function SchemaFields({ schema, caption }: { schema: Schema; caption: string }) {
  if (schema.$ref && !schema.properties) {
    return (
      <p className="text-sm text-slate-600">
        <TypeLabel schema={schema} />
      </p>
    );
  }
  const rows = fieldRows(schema);
  if (!rows.length) {
    return (
      <p className="text-sm text-slate-600">
        <TypeLabel schema={schema} />
        {schema.description && (
          <>
            {" "}
            — <Text>{schema.description}</Text>
          </>
        )}
      </p>
    );
  }
  return (
    <div tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500">
      <table className="min-w-full text-sm" aria-label={caption}>
        <CompactHead columns={["Field", "Type", "Description"]} />
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.name} className="align-top">
              <td className={cn("max-w-[22rem] py-2 pr-3 [overflow-wrap:anywhere]", indent(row.depth))}>
                <code className="font-mono text-[13px] text-slate-900">{row.name}</code>
                {row.required && (
                  <span className="ml-2 text-[11px] font-semibold text-red-600 uppercase">required</span>
                )}
              </td>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-slate-600">
                <TypeLabel schema={row.schema} />
              </td>
              <td className="min-w-56 px-3 py-2 text-slate-600">
                <Text>{row.schema.description}</Text>
                {constraints(row.schema).length > 0 && (
                  <span className={cn("block text-xs text-slate-500", row.schema.description && "mt-0.5")}>
                    {constraints(row.schema).join(" · ")}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function bodySchema(content: MediaContent | undefined): Schema | undefined {
  return content?.content?.["application/json"]?.schema;
}

function Subheading({ children }: { children: ReactNode }) {
  return <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{children}</h4>;
}

export function OperationSection({
  method,
  path,
  operation,
  anchor,
  base,
  schemas,
}: {
  method: string;
  path: string;
  operation: Operation;
  anchor: string;
  base: string;
  schemas: Record<string, Schema>;
}) {
  const params = operation.parameters ?? [];
  const body = bodySchema(operation.requestBody);
  // A request body named in the components is expanded here: its fields are what a caller must write.
  const bodyFields = body?.$ref ? (schemas[refName(body.$ref)] ?? body) : body;
  return (
    <section
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="border-b border-slate-200 px-5 py-4">
        <h3 id={`${anchor}-title`} className="flex flex-wrap items-center gap-3">
          <span className={cn("rounded px-2 py-0.5 font-mono text-xs font-bold uppercase", METHOD_STYLE[method])}>
            {method}
          </span>
          <code className="font-mono text-sm font-semibold text-slate-900">
            <span className="text-slate-500">{base}</span>
            {path}
          </code>
        </h3>
        {operation.summary && (
          <p className="mt-2 text-sm text-slate-700">
            <Text>{operation.summary}</Text>
          </p>
        )}
        <div className="mt-2 flex flex-wrap gap-2">
          {operation.tags?.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
          {operation.security?.length ? <Badge tone="indigo">Bearer API key</Badge> : null}
          {operation.operationId && <Badge mono>{operation.operationId}</Badge>}
        </div>
      </header>
      <div className="space-y-5 px-5 py-4">
        {params.length > 0 && (
          <div>
            <Subheading>Parameters</Subheading>
            <div tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500">
              <table className="min-w-full text-sm" aria-label={`Parameters of ${method.toUpperCase()} ${path}`}>
                <CompactHead columns={["Name", "In", "Type", "Description"]} />
                <tbody className="divide-y divide-slate-100">
                  {params.map((param) => (
                    <tr key={`${param.in}-${param.name}`} className="align-top">
                      <td className="px-3 py-2 whitespace-nowrap">
                        <code className="font-mono text-[13px] text-slate-900">{param.name}</code>
                        {param.required && (
                          <span className="ml-2 text-[11px] font-semibold text-red-600 uppercase">required</span>
                        )}
                      </td>
                      <td className="px-3 py-2 text-slate-500">{param.in}</td>
                      <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-slate-600">
                        {param.schema ? <TypeLabel schema={param.schema} /> : "string"}
                      </td>
                      <td className="px-3 py-2 text-slate-600">
                        <Text>{param.description ?? param.schema?.description}</Text>
                        {param.schema && constraints(param.schema).length > 0 && (
                          <span className="block text-xs text-slate-500">{constraints(param.schema).join(" · ")}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
        {body && (
          <div>
            <Subheading>
              Request body{operation.requestBody?.required ? " (required)" : ""} · application/json
              {body.$ref && <span className="font-mono normal-case"> · {refName(body.$ref)}</span>}
            </Subheading>
            <SchemaFields schema={bodyFields!} caption={`Request body of ${method.toUpperCase()} ${path}`} />
          </div>
        )}
        <div>
          <Subheading>Responses</Subheading>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {Object.entries(operation.responses ?? {}).map(([status, response]) => {
              const schema = bodySchema(response);
              const tone = status.startsWith("2") ? "green" : status.startsWith("4") ? "yellow" : "red";
              return (
                <li
                  key={status}
                  className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-baseline sm:gap-3"
                >
                  <Badge tone={tone} mono className="w-fit">
                    {status}
                  </Badge>
                  <span className="min-w-0 flex-1 text-slate-700">
                    <Text>{response.description}</Text>
                  </span>
                  {schema && (
                    <span className="font-mono text-xs text-slate-500">
                      <TypeLabel schema={schema} />
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}

export function SchemaSection({ name, schema }: { name: string; schema: Schema }) {
  return (
    <section id={schemaAnchor(name)} aria-labelledby={`${schemaAnchor(name)}-title`} className="scroll-mt-24">
      <h3 id={`${schemaAnchor(name)}-title`} className="mb-2 font-mono text-sm font-semibold text-slate-900">
        {name}
      </h3>
      {schema.description && (
        <p className="mb-2 text-sm text-slate-600">
          <Text>{schema.description}</Text>
        </p>
      )}
      {schema.oneOf ? (
        <p className="text-sm text-slate-600">
          One of{" "}
          <span className="font-mono text-xs">
            <TypeLabel schema={schema} />
          </span>
        </p>
      ) : (
        <SchemaFields schema={schema} caption={`Fields of ${name}`} />
      )}
    </section>
  );
}
