import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TableReader } from "../fingerprint";
import type { SeededWorld } from "@/lib/seed/seed-world";
import { ensureEmbeddedPostgres, embeddedUrl, freePort } from "@/lib/db/embedded";
import { builtServerCli as cli, demoCredentials, startBuiltServer } from "@/scripts/built-server";
import { sendRaw } from "./raw-http";
import { API_PREFIX, type FuzzWorld } from "./requests";

// The fuzz's server: the BUILT app (`npm run build` first), started as `npm start` starts it, on a fresh embedded
// database in its own data folder and on a free port, with no job worker (RUN_WORKER=false), so that nothing but
// the fuzz's own requests writes to the database while it watches. Then a world with something to aim at: the
// demo's two bots connected for agent requests, a conversation opted out, a small daily limit, a bot message with a
// status block, an upload, and agent requests waiting for an answer.

/** lib/db/setup.ts's EMBEDDED_DATABASE, not imported: that module pulls in Prisma's client, which Playwright cannot load. */
const EMBEDDED_DATABASE = "relay";

export interface FuzzServer {
  port: number;
  dataDir: string;
  databaseUrl: string;
  seeded: SeededWorld;
  log(): string;
  stop(): Promise<void>;
}

export async function startFuzzServer(dataDir: string): Promise<FuzzServer> {
  if (!existsSync(path.join(".next", "BUILD_ID")))
    throw new Error("no build: run `npm run build` first (the fuzz runs against the built server)");
  const port = await freePort();
  const server = await startBuiltServer({
    port,
    dataDir,
    env: {
      // Configured as in production (decision 023): next-auth's origin is APP_URL's, whatever Host a request says.
      APP_URL: `http://localhost:${port}`,
      RUN_WORKER: "false",
      // The fuzz's runner is the one proxy in front (run.ts): the bots and the attacker get addresses of their own.
      TRUST_PROXY_HOPS: "1",
      ALLOW_LOOPBACK_WEBHOOKS: "true",
    },
    ready: async () =>
      (await sendRaw(port, { method: "GET", target: `${API_PREFIX}/openapi.json`, headers: [] }, 5_000)).status === 200,
  });
  const embedded = await ensureEmbeddedPostgres(path.join(dataDir, "postgres"));
  return {
    port,
    dataDir,
    databaseUrl: embeddedUrl({ port: embedded.port, database: EMBEDDED_DATABASE, socketDir: embedded.socketDir }),
    seeded: demoCredentials(dataDir),
    log: server.log,
    stop: server.stop,
  };
}

/** A plain node-postgres connection to the server's database, as the fingerprint's `Sql`. */
export async function connect(databaseUrl: string): Promise<{ sql: TableReader; end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    sql: {
      unchecked: async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[],
    },
    end: () => client.end(),
  };
}

async function api(
  server: FuzzServer,
  key: string,
  method: string,
  target: string,
  body?: unknown,
): Promise<{ status: number; json: { data?: unknown } }> {
  const headers: [string, string][] = [["Authorization", `Bearer ${key}`]];
  if (method !== "GET") headers.push(["Idempotency-Key", `setup-${Math.random().toString(36).slice(2)}`]);
  let bytes: Buffer | null = null;
  if (body instanceof Buffer) {
    bytes = body;
    headers.push(["Content-Type", "multipart/form-data; boundary=setup"]);
  } else if (body !== undefined) {
    bytes = Buffer.from(JSON.stringify(body));
    headers.push(["Content-Type", "application/json"]);
  }
  const res = await sendRaw(server.port, { method, target: `${API_PREFIX}${target}`, headers, body: bytes });
  const json = JSON.parse(res.body.toString("utf8")) as { data?: unknown };
  if (res.status >= 300)
    throw new Error(`setup: ${method} ${target} answered ${res.status} ${res.body.toString("utf8")}`);
  return { status: res.status, json };
}

/** Builds the world the fuzz aims at, through the CLI and the API, and says what it knows about it. */
export async function prepareWorld(server: FuzzServer): Promise<FuzzWorld> {
  const { seeded, dataDir } = server;
  const [ana] = seeded.people;
  const [helper, scheduler] = seeded.bots as [SeededWorld["bots"][number], SeededWorld["bots"][number]];
  const [withBoth, withHelper, withScheduler] = seeded.conversations as [
    SeededWorld["conversations"][number],
    SeededWorld["conversations"][number],
    SeededWorld["conversations"][number],
  ];
  const types = "availability,document,info,schedule_proposal";
  await cli(
    dataDir,
    "connection",
    "propose",
    "--bot",
    scheduler.handle,
    "--to",
    helper.handle,
    "--to-workspace",
    seeded.workspace.slug,
    "--outgoing",
    types,
    "--incoming",
    types,
    "--as",
    ana!.email,
  );
  await cli(dataDir, "optout", "--conversation", withScheduler.id, "--as", ana!.email);
  // A small rolling budget: the full run uses it up, so deferred sends (429) are tried too. A request rate the fuzz's
  // one-at-a-time requests never reach (it is checked on its own: run.ts, protocol checks).
  await cli(dataDir, "workspace", "settings", seeded.workspace.slug, "--daily-limit", "150", "--rate-per-second", "1000", "--rate-burst", "1000");

  const status = await api(server, helper.api_key, "POST", `/conversations/${withHelper.id}/messages`, {
    blocks: [{ type: "status_block", title: "Import", state: "working" }],
  });
  const upload = await api(
    server,
    helper.api_key,
    "POST",
    "/attachments",
    Buffer.from(
      '--setup\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--setup--\r\n',
    ),
  );
  const requests: string[] = [];
  for (let i = 0; i < 5; i++) {
    const asked = await api(server, scheduler.api_key, "POST", "/agent-requests", {
      to: helper.handle,
      type: "info",
      question: `Question ${i}?`,
    });
    requests.push((asked.json.data as { id: string }).id);
  }
  const messages: string[] = [(status.json.data as { id: string }).id];
  for (const conversation of [withBoth, withHelper]) {
    const list = await api(server, helper.api_key, "GET", `/conversations/${conversation.id}/messages`);
    messages.push(...(list.json.data as { id: string }[]).map((m) => m.id));
  }

  return {
    keys: { [helper.handle]: helper.api_key, [scheduler.handle]: scheduler.api_key },
    // The new bot (every send held, 202) for most operations; the established one where its own things are aimed at.
    preferredKey: (operationId) =>
      ["updateMessage", "respondToAgentRequest", "uploadAttachment"].includes(operationId)
        ? helper.handle
        : scheduler.handle,
    ids: {
      conversations: seeded.conversations.map((c) => c.id),
      contacts: seeded.contacts.map((c) => c.id),
      messages,
      "agent-requests": requests,
    },
    hints: {
      uuids: [...messages, (upload.json.data as { id: string }).id, ...requests],
      byName: {
        to: [helper.handle, `@${helper.handle}`, scheduler.handle],
        key: ["billing.pay_day", "contact.preferred_time", "consent.marketing"],
        attachment_id: [(upload.json.data as { id: string }).id],
      },
    },
  };
}
