import { parseArgs } from "node:util";
import { disconnectDb } from "@/lib/db/client";
import { prepareDatabase, type ReadyDatabase } from "@/lib/db/setup";
import { env, InvalidEnvironment } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { COMMANDS, UsageError, type Command } from "./commands";
import { checkArgs } from "./commands/command";

// `npm run --silent cli -- <command>`: for admins, scripts and tests. One JSON document on stdout per command;
// errors go to stderr as one line of {"error": {code, message}} with exit 1, usage mistakes as text with exit 2.
// It finds the database exactly as the app does (DATABASE_URL, or the embedded server of DATA_DIR: found again when
// the app runs it, else started for this command and stopped after). Nothing but the result goes to stdout.

function usage(): string {
  const lines = Object.values(COMMANDS).map((command) => `  ${command.usage}`);
  return ["usage: npm run --silent cli -- <command> [flags]", "", ...lines, "", "Every command accepts --json (output is always JSON)."].join("\n");
}

function findCommand(argv: string[]): { command: Command; rest: string[] } | null {
  for (const words of [2, 1]) {
    const command = COMMANDS[argv.slice(0, words).join(" ")];
    if (command) return { command, rest: argv.slice(words) };
  }
  return null;
}

/** Resolves once the text is handed to the OS, so exiting right after cannot cut a long JSON document short. */
const emit = (stream: NodeJS.WriteStream, text: string) => new Promise<void>((resolve) => stream.write(`${text}\n`, () => resolve()));

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === "help" || argv[0] === "--help") {
    await emit(argv.length === 0 ? process.stderr : process.stdout, usage());
    return argv.length === 0 ? 2 : 0;
  }
  const found = findCommand(argv);
  if (!found) {
    await emit(process.stderr, `unknown command: ${argv.filter((word) => !word.startsWith("-")).slice(0, 2).join(" ")}\n\n${usage()}`);
    return 2;
  }
  const { command, rest } = found;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    const options = { ...command.flags, json: { type: "boolean" as const }, help: { type: "boolean" as const } };
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
    checkArgs({ positionals: parsed.positionals, flags: parsed.values });
  } catch (error) {
    await emit(process.stderr, `${(error as Error).message}\nusage: ${command.usage}`);
    return 2;
  }
  if (parsed.values.help) {
    await emit(process.stdout, `usage: ${command.usage}`);
    return 0;
  }

  let ready: ReadyDatabase | null = null;
  try {
    env(); // a bad variable stops the command before it touches anything: `invalid_environment`, naming it
    ready = await prepareDatabase();
    const result = await command.run({ positionals: parsed.positionals, flags: parsed.values });
    await emit(process.stdout, JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      await emit(process.stderr, `${error.message}\nusage: ${command.usage}`);
      return 2;
    }
    const code = error instanceof ApiError ? error.code : error instanceof InvalidEnvironment ? "invalid_environment" : "internal_error";
    // One line: database errors can span many, and scripts read stderr line by line.
    const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim();
    await emit(process.stderr, JSON.stringify({ error: { code, message } }));
    return 1;
  } finally {
    await disconnectDb().catch(() => {});
    if (ready?.embedded?.owned) await ready.embedded.stop().catch(() => {});
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  async (error: unknown) => {
    await emit(process.stderr, JSON.stringify({ error: { code: "internal_error", message: String(error) } }));
    process.exit(1);
  },
);
