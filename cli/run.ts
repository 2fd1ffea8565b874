import { parseArgs } from "node:util";
import { disconnectDb } from "@/lib/db/client";
import { prepareDatabase, type ReadyDatabase } from "@/lib/db/setup";
import { env, InvalidEnvironment } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { terminalJson } from "@/lib/text/terminal-json";
import { COMMANDS, JsonLines, UsageError, type Command } from "./commands";
import { checkArgs } from "./commands/command";
import { ChainBroken } from "./commands/audit";

// The CLI as a function: `npm run --silent cli -- <command>` (cli/main.ts) calls it with the process's streams and
// exits with its code; tests call it in their own process with streams of their own. One JSON document on stdout per
// command; errors go to stderr as one line of {"error": {code, message}} with code 1, usage mistakes as text with
// code 2. It finds the database exactly as the app does (DATABASE_URL, or the embedded server of DATA_DIR: found
// again when the app runs it, else started for this command and stopped after). Nothing but the result goes to
// stdout, and nothing here writes to the process's streams or exits: the caller's streams, the caller's exit.

/** Where a command's output goes: the process's streams, or a test's. */
export interface CliOutput {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

function usage(): string {
  const lines = Object.values(COMMANDS).map((command) => `  ${command.usage}`);
  return [
    "usage: npm run --silent cli -- <command> [flags]",
    "",
    ...lines,
    "",
    "Every command accepts --json (output is always JSON).",
  ].join("\n");
}

function findCommand(argv: string[]): { command: Command; rest: string[] } | null {
  for (const words of [3, 2, 1]) {
    const command = COMMANDS[argv.slice(0, words).join(" ")];
    if (command) return { command, rest: argv.slice(words) };
  }
  return null;
}

/** Resolves once the text is handed on (to the OS, for a process's stream), so an exit right after cuts nothing short. */
export const emit = (stream: NodeJS.WritableStream, text: string) =>
  new Promise<void>((resolve) => stream.write(`${text}\n`, () => resolve()));

/**
 * Runs one command line (the words after `cli --`) and resolves to its exit code: 0, 1 (an error, as JSON on
 * stderr) or 2 (a usage mistake). The database client it used stays open for the caller (the process entry closes
 * it before exiting); an embedded server it started itself is stopped before it returns.
 */
export async function runCli(argv: string[], out: CliOutput): Promise<number> {
  if (argv.length === 0 || argv[0] === "help" || argv[0] === "--help") {
    await emit(argv.length === 0 ? out.stderr : out.stdout, usage());
    return argv.length === 0 ? 2 : 0;
  }
  const found = findCommand(argv);
  if (!found) {
    await emit(
      out.stderr,
      `unknown command: ${argv
        .filter((word) => !word.startsWith("-"))
        .slice(0, 3)
        .join(" ")}\n\n${usage()}`,
    );
    return 2;
  }
  const { command, rest } = found;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    const options = { ...command.flags, json: { type: "boolean" as const }, help: { type: "boolean" as const } };
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
    checkArgs({ positionals: parsed.positionals, flags: parsed.values });
  } catch (error) {
    await emit(out.stderr, `${(error as Error).message}\nusage: ${command.usage}`);
    return 2;
  }
  if (parsed.values.help) {
    await emit(out.stdout, `usage: ${command.usage}`);
    return 0;
  }

  let ready: ReadyDatabase | null = null;
  try {
    env(); // a bad variable stops the command before it touches anything: `invalid_environment`, naming it
    ready = await prepareDatabase();
    const result = await command.run({ positionals: parsed.positionals, flags: parsed.values });
    // Names and bodies someone else wrote reach a terminal: its hidden characters are written as JSON escapes.
    if (result instanceof JsonLines) {
      for await (const line of result.lines) await emit(out.stdout, terminalJson(line));
    } else await emit(out.stdout, terminalJson(result, 2));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      await emit(out.stderr, `${error.message}\nusage: ${command.usage}`);
      return 2;
    }
    const code =
      error instanceof ApiError || error instanceof ChainBroken
        ? error.code
        : error instanceof InvalidEnvironment
          ? "invalid_environment"
          : "internal_error";
    // One line: database errors can span many, and scripts read stderr line by line.
    const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim();
    await emit(out.stderr, terminalJson({ error: { code, message } }));
    return 1;
  } finally {
    // A server started for this command goes with it, and so must every connection to it.
    if (ready?.embedded?.owned) {
      await disconnectDb().catch(() => {});
      await ready.embedded.stop().catch(() => {});
    }
  }
}
