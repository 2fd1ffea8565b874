import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

// The example bot (examples/echo-bot) as its own process, as a developer would run it: it verifies each webhook's
// signature and logs one JSON line per event, which the tests read to see what reached the bot.

export interface EchoBotProcess {
  url: string;
  lines: Record<string, unknown>[];
  /** Resolves with the first logged line that matches (already logged or still to come). */
  waitFor(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

export async function startEchoBotProcess(options: {
  relayUrl: string;
  apiKey: string;
  signingSecret: string;
}): Promise<EchoBotProcess> {
  const child: ChildProcess = spawn("npx", ["tsx", "examples/echo-bot/server.ts"], {
    env: {
      ...process.env,
      PORT: "0",
      RELAY_URL: options.relayUrl,
      RELAY_API_KEY: options.apiKey,
      RELAY_SIGNING_SECRET: options.signingSecret,
    },
    stdio: ["ignore", "pipe", "inherit"],
    // Its own process group: npx starts tsx, which starts node; stopping the group stops all three.
    detached: true,
  });
  const lines: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  createInterface({ input: child.stdout! }).on("line", (text) => {
    try {
      lines.push(JSON.parse(text) as Record<string, unknown>);
    } catch {
      return; // not one of the bot's log lines
    }
    for (const wake of waiters) wake();
  });

  const waitFor = (match: (line: Record<string, unknown>) => boolean, timeoutMs = 15_000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const found = lines.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `the echo bot logged no matching line in ${timeoutMs} ms; it logged:\n${lines.map((l) => JSON.stringify(l)).join("\n")}`,
          ),
        );
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });

  const listening = await waitFor((line) => typeof line.listening === "string", 30_000);
  return {
    url: listening.listening as string,
    lines,
    waitFor,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        process.kill(-child.pid!, "SIGTERM");
      }),
  };
}

export interface CreatedBot {
  id: string;
  handle: string;
  api_key: string;
  signing_secret: string;
}

/** A bot registered with the CLI (flags such as `--established`, `--events`), with the example bot as its webhook. */
export async function createBotWithEcho(
  cli: (...args: string[]) => unknown,
  options: { workspace: string; handle: string; name: string; relayUrl: string; flags?: string[] },
): Promise<{ bot: CreatedBot; echo: EchoBotProcess }> {
  const bot = cli(
    "bot",
    "create",
    "--workspace",
    options.workspace,
    "--handle",
    options.handle,
    "--name",
    options.name,
    ...(options.flags ?? []),
    "--json",
  ) as CreatedBot;
  const echo = await startEchoBotProcess({
    relayUrl: options.relayUrl,
    apiKey: bot.api_key,
    signingSecret: bot.signing_secret,
  });
  cli("bot", "update", bot.handle, "--webhook-url", echo.url);
  return { bot, echo };
}
