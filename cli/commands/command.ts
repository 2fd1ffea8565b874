import { isUuid } from "@/lib/ids";
import { describePath, findHostileText } from "@/lib/text/hostile-text";

// What every command is: a usage line, the flags parseArgs knows, and a function of the parsed arguments that
// calls the domain and returns what to print as JSON. Usage mistakes throw UsageError (exit 2), never ApiError.

export interface Args {
  positionals: string[];
  flags: Record<string, string | boolean | (string | boolean)[] | undefined>;
}

export interface Flag {
  type: "string" | "boolean";
  multiple?: boolean;
}

export interface Command {
  usage: string;
  flags: Record<string, Flag>;
  run(args: Args): Promise<unknown>;
}

export const S: Flag = { type: "string" };
export const M: Flag = { type: "string", multiple: true };
export const B: Flag = { type: "boolean" };

export class UsageError extends Error {}

/** A command's result printed as JSON lines, one value per line as it comes (a stream, not one document). */
export class JsonLines {
  constructor(readonly lines: AsyncIterable<unknown>) {}
}

export const str = (args: Args, name: string) => args.flags[name] as string | undefined;
export const list = (args: Args, name: string) => (args.flags[name] as string[] | undefined) ?? [];
export const bool = (args: Args, name: string) => args.flags[name] === true;

/**
 * The text rule (lib/text/hostile-text.ts) over everything typed, once, as the arguments are parsed: a NUL or an
 * unpaired surrogate is a usage mistake naming its option (exit 2), before anything is looked up or stored.
 */
export function checkArgs(args: Args): void {
  args.positionals.forEach((value, i) => refuseText(value, `argument ${i + 1}`));
  for (const [name, value] of Object.entries(args.flags)) refuseText(value, `--${name}`);
}

/** The same rule over a value read from an option (a JSON document): the refusal names the option and the path. */
export function refuseText(value: unknown, what: string): void {
  const found = findHostileText(value);
  if (!found) return;
  const path = describePath(found.path);
  const where = !path ? what : path.startsWith("[") ? `${what}${path}` : `${what} ${path}`;
  throw new UsageError(`${where}: ${found.inKey ? "this field name " : ""}${found.problem}`);
}

export function required(value: string | undefined, what: string): string {
  if (value === undefined || value === "") throw new UsageError(`${what} is required`);
  return value;
}

/** An id the user typed: malformed ones are a usage mistake, said plainly rather than as a database error. */
export function id(value: string | undefined, what: string): string {
  const given = required(value, what);
  if (!isUuid(given)) throw new UsageError(`${what} must be a UUID, got "${given}"`);
  return given;
}

export interface OneOfOptions<T extends string> {
  choices: readonly T[];
  /** What the value is, in the usage error. */
  what: string;
}

export function oneOf<T extends string>(value: string | undefined, { choices, what }: OneOfOptions<T>): T {
  const given = required(value, what);
  if (!(choices as readonly string[]).includes(given)) throw new UsageError(`${what} must be one of ${choices.join(", ")}, got "${given}"`);
  return given as T;
}

export function wholeNumber(value: string | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n)) throw new UsageError(`${what} must be a whole number, got "${value}"`);
  return n;
}

/** Runs a file operation; a failure is a usage error naming the file (`label`): "no such file", or the system's words. */
export async function fileOp<T>(op: () => Promise<T>, { label }: { label: string }): Promise<T> {
  try {
    return await op();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${label}: ${code === "ENOENT" ? "no such file" : (error as Error).message}`);
  }
}
