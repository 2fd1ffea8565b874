import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { buildOpenApiDocument } from "./openapi-document";

// The document is generated from the zod schemas; a maintained validator checks it against the OpenAPI 3.1 schema.

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; operationId: string }>>;
  components: { schemas: Record<string, { additionalProperties?: unknown; properties?: Record<string, unknown> }> };
};

describe("OpenAPI document", () => {
  const doc = buildOpenApiDocument() as unknown as Doc;

  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator["validate"]>[0]);
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2));
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(doc.openapi).toBe("3.1.0");
  });

  it("documents every route with every status it answers", () => {
    const expected: Record<string, Record<string, string[]>> = {
      "/me": { get: ["200", "401", "429"] },
      "/conversations": { get: ["200", "401", "403", "422", "429"] },
      "/conversations/{id}/messages": {
        get: ["200", "401", "403", "404", "422", "429"],
        post: ["201", "202", "400", "401", "403", "404", "409", "413", "422", "429"],
      },
      "/conversations/{id}/messages/check": { post: ["200", "400", "401", "403", "404", "413", "422", "429"] },
      "/messages/{id}": { patch: ["200", "400", "401", "403", "404", "413", "422", "429"] },
      "/conversations/{id}/drafts": { post: ["201", "400", "401", "403", "404", "409", "413", "422", "429"] },
      "/contacts/{id}/facts": { post: ["201", "400", "401", "403", "404", "409", "413", "422", "429"] },
      "/contacts/{id}/context": { get: ["200", "401", "403", "404", "422", "429"] },
      "/contacts/{id}/search": { get: ["200", "401", "403", "404", "422", "429"] },
      "/conversations/{id}/memory": {
        get: ["200", "401", "403", "404", "422", "429"],
        post: ["201", "400", "401", "403", "404", "409", "413", "422", "429"],
      },
      "/agent-requests": {
        get: ["200", "401", "403", "422", "429"],
        post: ["201", "400", "401", "403", "409", "413", "422", "429"],
      },
      "/agent-requests/{id}/respond": { post: ["200", "400", "401", "403", "404", "409", "413", "422", "429"] },
      "/attachments": { post: ["201", "401", "403", "413", "415", "422", "429"] },
      "/events/stream": { get: ["200", "401", "403", "422", "429"] },
      "/events/trigger": { post: ["202", "400", "401", "403", "409", "413", "422", "429"] },
    };
    for (const [path, methods] of Object.entries(expected)) {
      for (const [method, statuses] of Object.entries(methods)) {
        const operation = doc.paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(Object.keys(operation!.responses).sort()).toEqual(statuses.sort());
      }
    }
  });

  it("says on every operation but GET /me that a stopped bot is refused", () => {
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const forbidden = operation.responses["403"] as { description: string } | undefined;
        if (operation.operationId === "getMe") expect(forbidden).toBeUndefined();
        else expect(forbidden?.description, `${method} ${path}`).toContain("bot_stopped");
      }
    }
  });

  it("documents 429 too_many_attempts with Retry-After wherever a key is checked", () => {
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!("401" in operation.responses)) continue;
        const tooMany = operation.responses["429"] as { description: string; headers: Record<string, unknown> };
        expect(tooMany.description, `${method} ${path}`).toContain("too_many_attempts");
        expect(tooMany.headers, `${method} ${path}`).toHaveProperty("Retry-After");
      }
    }
  });

  it("marks the legacy conversation memory deprecated", () => {
    const memory = doc.paths["/conversations/{id}/memory"] as unknown as Record<string, { deprecated?: boolean }>;
    expect(memory.get?.deprecated).toBe(true);
    expect(memory.post?.deprecated).toBe(true);
  });

  it("documents search hits as untrusted data with a citation", () => {
    expect(Object.keys(doc.components.schemas.SearchHit?.properties ?? {}).sort()).toEqual([
      "citation",
      "id",
      "kind",
      "score",
      "text",
      "untrusted",
    ]);
    expect(Object.keys(doc.components.schemas.SearchCitation?.properties ?? {}).sort()).toEqual([
      "conversation_id",
      "excerpt",
      "message_id",
      "seq",
    ]);
  });

  it("carries the strictness of the request schemas", () => {
    expect(doc.components.schemas.SendMessageRequest?.additionalProperties).toBe(false);
    expect(doc.components.schemas.StatusBlock?.additionalProperties).toBe(false);
    expect(Object.keys(doc.components.schemas.Message?.properties ?? {})).toEqual(
      expect.arrayContaining(["id", "seq", "kind", "body", "sender_user_id", "sender_bot_id", "created_at", "blocks"]),
    );
  });
});

describe("the document's sources", () => {
  it("are every route module of the bot API (but the catch-all and the document itself)", async () => {
    const { readdirSync } = await import("node:fs");
    const { ROUTE_MODULES } = await import("./openapi-document");
    const root = "app/api/public/v1";
    const found = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith("route.ts"))
      .filter((file) => !file.startsWith("[...path]") && !file.startsWith("openapi.json"))
      .sort();
    expect(Object.keys(ROUTE_MODULES).sort()).toEqual(found);
  });
});

describe("the document explains itself", () => {
  const doc = buildOpenApiDocument("https://relay.example/") as unknown as {
    info: { license?: { name: string }; contact?: { url: string } };
    servers: { url: string }[];
    tags: { name: string; description: string }[];
    paths: Record<string, Record<string, { tags: string[]; description?: string; summary: string }>>;
    components: { schemas: Record<string, { enum?: string[] }> };
  };

  it("names an absolute server URL from APP_URL, so a generated client needs no base URL", () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: "https://relay.example/api/public/v1" })]);
    expect((buildOpenApiDocument("http://localhost:3000") as unknown as typeof doc).servers[0]!.url).toBe(
      "http://localhost:3000/api/public/v1",
    );
    expect(doc.info.contact?.url).toBe("https://relay.example/developers/docs");
    expect(doc.info.license?.name).toBeTruthy();
  });

  it("describes every operation, and every tag it uses", () => {
    const described = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.description?.length, `${method} ${path}`).toBeGreaterThan(operation.summary.length);
        for (const tag of operation.tags) expect(described.get(tag), `${method} ${path}: ${tag}`).toBeTruthy();
      }
  });

  it("describes every parameter of every operation", () => {
    type Parameter = { name: string; in: string; description?: string } | { $ref: string };
    const full = doc as unknown as {
      paths: Record<string, Record<string, unknown> & { parameters?: Parameter[] }>;
      components: { parameters?: Record<string, Parameter> };
    };
    // A parameter may be a $ref to components.parameters; path-level ones apply to every operation of the path.
    const resolve = (parameter: Parameter) =>
      "$ref" in parameter
        ? full.components.parameters?.[parameter.$ref.replace("#/components/parameters/", "")]
        : parameter;
    const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
    const seen: string[] = [];
    const undescribed: string[] = [];
    for (const [path, item] of Object.entries(full.paths))
      for (const method of methods) {
        const operation = item[method] as { parameters?: Parameter[] } | undefined;
        if (!operation) continue;
        for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
          const parameter = resolve(raw);
          const name = parameter && "name" in parameter ? `${parameter.in} ${parameter.name}` : JSON.stringify(raw);
          seen.push(`${method} ${path}: ${name}`);
          if (!(parameter && "name" in parameter && parameter.description?.trim())) undescribed.push(seen.at(-1)!);
        }
      }
    expect(undescribed).toEqual([]);
    // It checked what it should: the pages' parameters and every kind of `{id}` are among them.
    expect(seen).toEqual(
      expect.arrayContaining([
        "get /conversations: query limit",
        "get /conversations: query cursor",
        "get /conversations/{id}/messages: query after_seq",
        "get /conversations/{id}/messages: path id",
        "patch /messages/{id}: path id",
        "get /contacts/{id}/context: path id",
        "post /agent-requests/{id}/respond: path id",
        "post /agent-requests: header Idempotency-Key",
        "get /events/stream: query after",
        "get /events/stream: header Last-Event-ID",
      ]),
    );
  });

  it("lists every code of the code->status table as Error.code's enum", async () => {
    const { ERROR_STATUS } = await import("@/lib/errors");
    expect(doc.components.schemas.ErrorCode?.enum).toEqual(Object.keys(ERROR_STATUS));
  });
});
