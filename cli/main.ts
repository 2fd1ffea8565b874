import { parseArgs } from "node:util";
import { disconnectDb } from "@/lib/db/client";
import { prepareDatabase, type ReadyDatabase } from "@/lib/db/setup";
import { ApiError } from "@/lib/errors";
import { COMMANDS, type Command } from "./commands";
import { UsageError } from "./resolve";

// `npm run --silent cli -- <command>`: for admins, scripts and tests. Prints one JSON document on stdout; errors
// go to stderr as {"error": {code, message}} with exit 1 (2 for a usage error). Uses the same database as the app:
// DATABASE_URL, or the embedded server of DATA_DIR (found again if the app runs it, else started for this command).

function usage(): string {
  return ["usage: npm run --silent cli -- <command> [flags]", "", ...Object.values(COMMANDS).map((c) => `  ${c.usage}`)].join("\n");
}

function findCommand(argv: string[]): { name: string; command: Command; rest: string[] } | null {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(" ");
    const command = COMMANDS[name];
    if (command) return { name, command, rest: argv.slice(words) };
  }
  return null;
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === "help" || argv[0] === "--help") {
    process.stdout.write(`${usage()}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  const found = findCommand(argv);
  if (!found) {
    process.stderr.write(`unknown command: ${argv.slice(0, 2).join(" ")}\n\n${usage()}\n`);
    return 2;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: found.rest, options: { ...found.command.flags, json: { type: "boolean" } }, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nusage: ${found.command.usage}\n`);
    return 2;
  }

  let ready: ReadyDatabase | null = null;
  try {
    ready = await prepareDatabase();
    const result = await found.command.run({ positionals: parsed.positionals, flags: parsed.values });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\nusage: ${found.command.usage}\n`);
      return 2;
    }
    const code = error instanceof ApiError ? error.code : "internal_error";
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${JSON.stringify({ error: { code, message } })}\n`);
    return 1;
  } finally {
    await disconnectDb().catch(() => {});
    if (ready?.embedded?.owned) await ready.embedded.stop().catch(() => {});
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
