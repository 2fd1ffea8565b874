import { ApiError } from "@/lib/errors";

// One rule for every text that enters Relay (issue 16), whatever the door: the bot API's bodies and query strings,
// MCP tool arguments, people's forms, the CLI, and a last net under every SQL statement. A string is refused when it
// contains U+0000 (PostgreSQL cannot store it in text or jsonb) or is not well-formed UTF-16 (an unpaired surrogate:
// not a Unicode character at all; a text column would silently turn it into U+FFFD, a jsonb one refuses it). Both
// checks are native (`indexOf`, `isWellFormed`), so the rule costs next to nothing per string.
//
// Nothing is cleaned up silently: a caller learns which field was refused and why, and changes what it sends.

export const NUL_PROBLEM = "contains a NUL character (U+0000)";
export const SURROGATE_PROBLEM = "contains an unpaired surrogate (not valid Unicode)";

/** What is wrong with one string under the rule, in words; null when it may enter. */
export function textProblem(text: string): string | null {
  if (text.indexOf("\u0000") !== -1) return NUL_PROBLEM;
  if (!text.isWellFormed()) return SURROGATE_PROBLEM;
  return null;
}

export type PathPart = string | number;

export interface HostileText {
  /** Where, from the walked value: `["blocks", 0, "title"]`; empty when the value itself is the string. */
  path: PathPart[];
  /** True when the offending string is an object's key (a field name), not a value. */
  inKey: boolean;
  problem: string;
}

interface Frame {
  value: unknown;
  key: PathPart | undefined;
  parent: Frame | undefined;
}

/**
 * The first string (in document order) that breaks the rule, anywhere in a parsed input: strings, arrays and plain
 * objects, object keys included. Other objects (dates, buffers, class instances) hold no text that enters and are
 * not entered. The walk keeps its own stack, so a deeply nested JSON body cannot overflow the call stack.
 */
export function findHostileText(value: unknown): HostileText | null {
  if (typeof value === "string") {
    const problem = textProblem(value);
    return problem ? { path: [], inKey: false, problem } : null;
  }
  if (value === null || typeof value !== "object") return null;
  const stack: Frame[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length) {
    const frame = stack.pop()!;
    const current = frame.value;
    if (typeof current === "string") {
      const problem = textProblem(current);
      if (problem) return { path: pathOf(frame), inKey: false, problem };
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: i, parent: frame });
      continue;
    }
    if (!isPlainObject(current)) continue;
    const keys = Object.keys(current);
    for (const key of keys) {
      const problem = textProblem(key);
      if (problem) return { path: [...pathOf(frame), key], inKey: true, problem };
    }
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      stack.push({ value: (current as Record<string, unknown>)[key], key, parent: frame });
    }
  }
  return null;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function pathOf(frame: Frame): PathPart[] {
  const path: PathPart[] = [];
  for (let at: Frame | undefined = frame; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/**
 * A path as people read it: `blocks[0].fields[1].label`. A key that is not a plain word is quoted as JSON
 * (`["ti\u0000tle"]`), so the path itself never carries a NUL or a lone surrogate into a message.
 */
export function describePath(path: readonly PathPart[]): string {
  return path.reduce<string>((text, part) => {
    if (typeof part === "number") return `${text}[${part}]`;
    if (!IDENTIFIER.test(part)) return `${text}[${JSON.stringify(part)}]`;
    return text ? `${text}.${part}` : part;
  }, "");
}

/** One line: `body: contains a NUL character (U+0000)`, or for a key `blocks[0]["a\u0000"]: this field name ...`. */
export function describeHostileText(found: HostileText, root?: string): string {
  const where = describePath(found.path) || root || "the text";
  return found.inKey ? `${where}: this field name ${found.problem}` : `${where}: ${found.problem}`;
}

/**
 * The last net, under every SQL statement (lib/db/sql.ts) and every Prisma operation (lib/db/client.ts): a value
 * that breaks the rule is refused with 422 `invalid_body` before it reaches PostgreSQL (which would answer an error,
 * a 500, or store U+FFFD in its place). The doors above refuse first, naming the field; this only catches a door
 * that was missed, so its message cannot name one.
 */
export function refuseHostileValues(values: readonly unknown[]): void {
  for (const value of values) {
    if (value === null || (typeof value !== "string" && typeof value !== "object")) continue;
    const found = findHostileText(value);
    if (found) throw new ApiError("invalid_body", `A text ${found.problem}, which Relay does not accept`);
  }
}

/**
 * The first `max` UTF-16 units of a text, one fewer when the cut would split a surrogate pair (an emoji), so a
 * stored excerpt or preview never holds half a character (which the rule, rightly, would refuse).
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
