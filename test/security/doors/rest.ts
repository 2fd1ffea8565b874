import { startHeartbeat } from "@/lib/health/worker-heartbeat";
import { answerOf, callRoute, hex, type Door, type DoorContext, type Slot } from "./door";

// The REST doors: every method of every route under /api/public/v1 (the catch-all's too, and the load balancer's
// probes), called as A's `helper` bot by its API key through the route modules' handlers. The contract of
// docs/guides/bot-developers.md ("API notes", *Access*) for a bot's ids is named per slot (403 `forbidden` for another
// workspace's conversation or contact or one the bot is not in, 404 for a random one; 422 for a source message or an
// attachment out of sight; ...).

const V1 = "app/api/public/v1";

export function restDoors({ w, fresh }: DoorContext): Door[] {
  const o = w.own;
  const rest = async (
    method: string,
    file: string,
    url: string,
    params: Record<string, unknown>,
    body?: unknown,
    idempotent = false,
  ) => {
    const headers: Record<string, string> = { authorization: `Bearer ${o.helper.key}` };
    if (idempotent) headers["idempotency-key"] = `tenancy-${hex()}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    return answerOf(
      await callRoute(file, method, `/api/public/v1${url}`, params, {
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  };
  let waiting: Promise<string> | undefined;
  const requestForProbes = () => (waiting ??= fresh.requestToHelper());
  const CONVERSATION_RULE = { foreign: "forbidden", hidden: "forbidden", random: "not_found" } as const;
  const IDEMPOTENCY = ["public.idempotency_keys"]; // a refused request's answer is stored for its key (decision 004)
  const restConversation = (
    method: string,
    sub: string,
    options: { query?: string; body?: () => unknown; idempotent?: boolean; own?: () => Promise<string> } = {},
  ): Slot => ({
    kind: "conversation",
    as: "path id",
    codes: CONVERSATION_RULE,
    own: options.own ?? (async () => o.visible),
    call: (_, id) =>
      rest(
        method,
        `${V1}/conversations/[id]/${sub}/route.ts`,
        `/conversations/${id}/${sub}${options.query ?? ""}`,
        { id },
        options.body?.(),
        options.idempotent,
      ),
  });
  const restContact = (method: string, sub: string, query = "", body?: () => Promise<unknown>): Slot => ({
    kind: "contact",
    as: "path id",
    codes: { foreign: "forbidden", hidden: "forbidden", random: "not_found" },
    own: async () => o.carla,
    call: async (_, id) =>
      rest(
        method,
        `${V1}/contacts/[id]/${sub}/route.ts`,
        `/contacts/${id}/${sub}${query}`,
        { id },
        body && (await body()),
        method === "POST",
      ),
  });

  const doors: Door[] = [
    {
      key: `${V1}/me/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [() => rest("GET", `${V1}/me/route.ts`, "/me", {})],
    },
    {
      key: `${V1}/conversations/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [() => rest("GET", `${V1}/conversations/route.ts`, "/conversations?limit=200", {})],
    },
    {
      key: `${V1}/conversations/[id]/messages/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [restConversation("GET", "messages", { query: "?limit=200" })],
    },
    {
      key: `${V1}/conversations/[id]/messages/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      mayWrite: IDEMPOTENCY,
      slots: [
        restConversation("POST", "messages", {
          body: () => ({ body: "Probe" }),
          idempotent: true,
          own: fresh.conversation,
        }),
      ],
    },
    {
      key: `${V1}/conversations/[id]/messages/check/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      slots: [restConversation("POST", "messages/check", { body: () => ({ body: "Probe" }) })],
    },
    {
      key: `${V1}/conversations/[id]/drafts/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      mayWrite: IDEMPOTENCY,
      slots: [restConversation("POST", "drafts", { body: () => ({ body: "Probe draft" }), idempotent: true })],
    },
    {
      key: `${V1}/conversations/[id]/memory/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [restConversation("GET", "memory", { query: "?q=said" })],
    },
    {
      key: `${V1}/conversations/[id]/memory/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      mayWrite: IDEMPOTENCY,
      slots: [
        restConversation("POST", "memory", {
          body: () => ({ fact: "Probe fact", source_message_id: o.visibleMessage }),
          idempotent: true,
        }),
        {
          kind: "message",
          as: "body.source_message_id",
          same: true,
          codes: { foreign: "invalid_body", hidden: "invalid_body", random: "invalid_body" },
          own: async () => o.visibleMessage,
          call: (_, id) =>
            rest(
              "POST",
              `${V1}/conversations/[id]/memory/route.ts`,
              `/conversations/${o.visible}/memory`,
              { id: o.visible },
              { fact: "Probe fact", source_message_id: id },
              true,
            ),
        },
      ],
    },
    {
      key: `${V1}/messages/[id]/route.ts#PATCH`,
      surface: "rest",
      callers: ["bot"],
      slots: [
        {
          kind: "card",
          as: "path id",
          codes: { foreign: "forbidden", hidden: "forbidden", random: "not_found" },
          own: fresh.card,
          call: (_, id) =>
            rest(
              "PATCH",
              `${V1}/messages/[id]/route.ts`,
              `/messages/${id}`,
              { id },
              { blocks: [{ type: "status_block", title: "Probe", state: "done" }] },
            ),
        },
      ],
    },
    {
      key: `${V1}/contacts/[id]/facts/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      mayWrite: IDEMPOTENCY,
      slots: [
        restContact("POST", "facts", "", async () => ({
          key: "notes.probe",
          fact: "Probe",
          source_message_id: o.visibleMessage,
        })),
        {
          kind: "message",
          as: "body.source_message_id",
          same: true,
          codes: { foreign: "invalid_body", hidden: "invalid_body", random: "invalid_body" },
          own: async () => o.visibleMessage,
          call: (_, id) =>
            rest(
              "POST",
              `${V1}/contacts/[id]/facts/route.ts`,
              `/contacts/${o.carla}/facts`,
              { id: o.carla },
              { key: "notes.probe", fact: "Probe", source_message_id: id },
              true,
            ),
        },
      ],
    },
    {
      key: `${V1}/contacts/[id]/context/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [restContact("GET", "context")],
    },
    {
      key: `${V1}/contacts/[id]/search/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [restContact("GET", "search", "?q=said%20OR%20pays%20OR%20card%20OR%20gold&limit=50")],
    },
    {
      key: `${V1}/agent-requests/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [
        () => rest("GET", `${V1}/agent-requests/route.ts`, "/agent-requests?limit=200", {}),
        () => rest("GET", `${V1}/agent-requests/route.ts`, "/agent-requests?direction=incoming&limit=200", {}),
      ],
    },
    {
      key: `${V1}/agent-requests/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      mayWrite: IDEMPOTENCY,
      slots: [
        {
          kind: "botHandle",
          as: "body.to",
          same: true,
          codes: { foreign: "no_trusted_connection", hidden: "no_trusted_connection", random: "no_trusted_connection" },
          own: async () => o.ops.handle,
          call: (_, handle) =>
            rest(
              "POST",
              `${V1}/agent-requests/route.ts`,
              "/agent-requests",
              {},
              { to: handle, type: "info", question: "Probe?" },
              true,
            ),
        },
      ],
    },
    {
      key: `${V1}/agent-requests/[id]/respond/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      mayWrite: IDEMPOTENCY,
      slots: [
        {
          kind: "agentRequest",
          as: "path id",
          same: true,
          codes: { foreign: "not_found", hidden: "not_found", random: "not_found" },
          own: fresh.requestToHelper,
          call: (_, id) =>
            rest(
              "POST",
              `${V1}/agent-requests/[id]/respond/route.ts`,
              `/agent-requests/${id}/respond`,
              { id },
              { body: "Probe answer" },
              true,
            ),
        },
        {
          kind: "botUpload",
          as: "body.attachment_id",
          same: true,
          codes: { foreign: "invalid_body", hidden: "invalid_body", random: "invalid_body" },
          own: fresh.botUpload,
          prepare: requestForProbes,
          call: async (_, id) => {
            const request = await requestForProbes(); // one: a refusal leaves it waiting
            return rest(
              "POST",
              `${V1}/agent-requests/[id]/respond/route.ts`,
              `/agent-requests/${request}/respond`,
              { id: request },
              { body: "Probe answer", attachment_id: id },
              true,
            );
          },
        },
      ],
    },
    {
      key: `${V1}/attachments/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [
        async () => {
          const form = new FormData();
          form.set("file", new File([new TextEncoder().encode("probe")], "probe.pdf", { type: "application/pdf" }));
          return answerOf(
            await callRoute(
              `${V1}/attachments/route.ts`,
              "POST",
              "/api/public/v1/attachments",
              {},
              {
                headers: { authorization: `Bearer ${o.helper.key}` },
                body: form,
              },
            ),
          );
        },
      ],
    },
    // relay listen (docs/decisions/039-relay-listen.md): the bot's own stream, read for a moment from the start of
    // its last 24 hours (every delivery it has, of any conversation), and a sample sent to itself. They take no id:
    // what they show must be the bot's alone.
    {
      key: `${V1}/events/stream/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [
        async () => {
          const abort = new AbortController();
          const response = await callRoute(
            `${V1}/events/stream/route.ts`,
            "GET",
            "/api/public/v1/events/stream?after=0",
            {},
            { headers: { authorization: `Bearer ${o.helper.key}` }, signal: abort.signal },
          );
          let text = "";
          if (response.body) {
            const reader = response.body.getReader();
            const decoder = new TextDecoder();
            const until = Date.now() + 1500;
            for (;;) {
              const left = until - Date.now();
              if (left <= 0) break;
              const next = await Promise.race([
                reader.read(),
                new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
              ]);
              if (!next || next.done) break;
              text += decoder.decode(next.value, { stream: true });
            }
            abort.abort();
            await reader.cancel().catch(() => {});
            await new Promise((resolve) => setTimeout(resolve, 200)); // its lease's release lands before the next door
          }
          return {
            ok: response.status < 400,
            status: response.status,
            text: `${[...response.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${text}`,
          };
        },
      ],
    },
    {
      key: `${V1}/events/trigger/route.ts#POST`,
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [() => rest("POST", `${V1}/events/trigger/route.ts`, "/events/trigger", {}, { type: "message.created" })],
    },
    {
      key: `${V1}/openapi.json/route.ts#GET`,
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [
        async () => answerOf(await callRoute(`${V1}/openapi.json/route.ts`, "GET", "/api/public/v1/openapi.json", {})),
      ],
    },
    // The probes of a load balancer (issue 19): unauthenticated, they name no object and tell nothing of any tenant.
    {
      key: "app/api/health/route.ts#GET",
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [async () => answerOf(await callRoute("app/api/health/route.ts", "GET", "/api/health", {}))],
    },
    {
      key: "app/api/ready/route.ts#GET",
      surface: "rest",
      callers: ["bot"],
      slots: [],
      lists: [
        async () => {
          // Ready once a job worker beat within a minute, and none runs beside the matrix: a beat of its own.
          const beat = await startHeartbeat(() => {});
          try {
            return answerOf(await callRoute("app/api/ready/route.ts", "GET", "/api/ready", {}));
          } finally {
            await beat.stop();
          }
        },
      ],
    },
  ];
  // The catch-alls answer every method under /api/public/v1, and anywhere else under /api, that no route serves:
  // JSON 404, whatever the id.
  const catchAlls = [
    { file: `${V1}/[...path]/route.ts`, prefix: [] as string[], base: "/api/public/v1" },
    { file: "app/api/[[...path]]/route.ts", prefix: ["chat"], base: "/api/chat" },
  ];
  for (const { file, prefix, base } of catchAlls) {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      doors.push({
        key: `${file}#${method}`,
        surface: "rest",
        callers: ["bot"],
        slots: [
          {
            kind: "conversation",
            as: "path segment",
            same: true,
            codes: { foreign: "not_found", hidden: "not_found", random: "not_found" },
            call: async (_, id) =>
              answerOf(
                await callRoute(
                  file,
                  method,
                  `${base}/conversations/${id}/nothing-here`,
                  { path: [...prefix, "conversations", id, "nothing-here"] },
                  { headers: { authorization: `Bearer ${o.helper.key}` } },
                ),
              ),
          },
        ],
      });
    }
  }
  return doors;
}
