/// <reference types="vite/client" />
import { randomBytes } from "node:crypto";
import { sameOriginPath } from "@/lib/http/redirect-target";
import type { Fresh } from "../fresh";
import type { Caller, Kind, Person, Placement, Viewer, World } from "../world";

// What a door of the tenancy matrix is (its slots, its answer), what each surface's doors are built from, and what
// more than one surface uses to call a door in-process: the route, action and page modules as Vite lists them (the
// code's doors, which test/security/tenancy.int.test.ts checks are all listed), a route handler called as Next
// calls it, its response read as an answer, a redirect's target judged. The doors themselves are in one module per
// surface beside this one: rest.ts, mcp.ts, routes.ts, actions.ts, pages.ts.

export type Surface = "rest" | "mcp" | "route" | "action" | "page";

/** A door's answer, whatever the surface: refused or not, the status and error code where there are any, and all
 * the text the caller receives (searched for canaries). */
export interface Answer {
  ok: boolean;
  status?: number;
  code?: string;
  message?: string;
  text: string;
}

export interface Slot {
  kind: Kind;
  /** What this slot's id is in the call, for failure messages (`path id`, `body.source_message_id`, ...). */
  as?: string;
  call(caller: Viewer, id: string): Promise<Answer>;
  /** An id of the caller's own that the door serves (made fresh when the door changes it); none: it serves nothing. */
  own?: () => Promise<string>;
  /** The answers the contract names per placement (status code or error code); unnamed: any refusal. */
  codes?: Partial<Record<Placement, string>>;
  /** Makes what the probes' calls need besides the probed id, before the first fingerprint is taken. */
  prepare?: () => Promise<unknown>;
  /** The contract is to ignore an id out of bounds (a page's `?contact=`): answered, but nothing of it read. */
  ignores?: boolean;
  /**
   * A foreign or hidden id answers exactly as a random one (status, code and message): docs/guides/people-and-admins.md
   * ("People's chat", *Access*) promises it. `"foreign"`: only another workspace's (an id of the caller's own workspace
   * may be refused in other words).
   */
  same?: boolean | "foreign";
}

export interface Door {
  /** What the coverage check knows it by: `<route file>#<METHOD>`, `mcp:<tool>`, `<actions file>#<export>`. */
  key: string;
  /** Shown in the test's name, when one key has several entries (set_contact_sensitivity to high, to normal). */
  variant?: string;
  surface: Surface;
  callers: Caller[];
  slots: Slot[];
  /** Calls that take no id (lists, whoami): each answer must hold no canary hidden from its caller. */
  lists?: ((caller: Viewer) => Promise<Answer>)[];
  /** Admin-only: a plain member is refused on the own object, and the control runs as an admin. */
  adminOnly?: boolean;
  /** Tables a refusal through this door legitimately writes, as `schema.table` (and why, in a comment). */
  mayWrite?: string[];
}

/** What each surface's doors are built from: the world (read once beforeAll built it), the maker of fresh objects
 * for the positive controls that use theirs up, and the session's switch (the person signed in, or nobody). */
export interface DoorContext {
  w: World;
  fresh: Fresh;
  /** Signs `p` in for the next call; with `sessionId`, in that browser session of theirs (step-up reads it). */
  signIn: (p: Person | null, sessionId?: string) => void;
}

/** The chat's, the settings' and the portal's callers: Ben (a member of A) and Ana (its admin). */
export const PEOPLE: Caller[] = ["member", "admin"];

/** The person a caller of the chat, the settings or the portal is: Ana for an admin, Ben for a member. */
export const personOf = (w: World, caller: Viewer): Person =>
  caller === "admin" || caller === "mcpAdmin" ? w.own.ana : w.own.ben;

// The code's doors as Vite lists them: every route module, module of server actions, page, layout and not-found
// under app/. The second pattern names the dot-folder: `**` does not enter `.well-known`.
export const ROUTE_MODULES = import.meta.glob<Record<string, unknown>>(
  ["/app/**/route.{ts,tsx}", "/app/.well-known/**/route.{ts,tsx}"],
  { eager: true },
);
export const ACTION_MODULES = import.meta.glob<Record<string, unknown>>(
  ["/app/**/_actions.ts", "/app/**/_actions/*.ts"],
  { eager: true },
);

export const PAGE_MODULES = import.meta.glob<{ default: (props: Record<string, unknown>) => unknown }>(
  ["/app/**/page.tsx", "/app/**/layout.tsx", "/app/**/not-found.tsx"],
  { eager: true },
);

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, unknown>> },
) => Promise<Response> | Response;

export function routeHandler(file: string, method: string): Handler {
  const routeModule = ROUTE_MODULES[`/${file}`];
  if (!routeModule) throw new Error(`no route module ${file}`);
  const handler = routeModule[method];
  if (typeof handler !== "function") throw new Error(`${file} exports no ${method}`);
  return handler as Handler;
}

export async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: { error?: { code?: string; message?: string } } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (a file, an event stream)
  }
  return {
    ok: response.status < 400,
    status: response.status,
    code: body?.error?.code,
    message: body?.error?.message,
    text: `${[...response.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${text}`,
  };
}

/** Calls a route module's handler in-process, as Next would. */
export async function callRoute(
  file: string,
  method: string,
  url: string,
  params: Record<string, unknown>,
  init: RequestInit = {},
): Promise<Response> {
  return routeHandler(file, method)(new Request(`http://relay.test${url}`, { method, ...init }), {
    params: Promise.resolve(params),
  });
}

export const hex = (n = 4) => randomBytes(n).toString("hex");

/**
 * A redirect's digest (`NEXT_REDIRECT;<type>;<target>;<status>;`), whose target must be a path on this site as the one
 * judge writes it (issue 31: lib/http/redirect-target.ts); anything else fails the door.
 */
export function judgedRedirect(digest: string): string {
  const target = digest.split(";").slice(2, -2).join(";");
  if (sameOriginPath(target, "http://relay.test") !== target)
    throw new Error(`a redirect to a target the judge would not keep: ${JSON.stringify(target)}`);
  return digest;
}

/** How an action's door is made and called (doors/actions.ts makes it; the settings' and portal's doors use it). */
export interface ActionKit {
  /** Calls an action as the caller's person: a form error is a refusal, a redirect a success. */
  action(caller: Viewer, run: () => Promise<unknown>): Promise<Answer>;
  /** The door of the action `name` of `file`, each slot called through `action`. */
  act(
    file: string,
    name: string,
    slots: {
      kind: Kind;
      as: string;
      own: () => Promise<string>;
      run: (id: string) => Promise<unknown>;
      prepare?: () => Promise<unknown>;
    }[],
    options?: { adminOnly?: boolean; variant?: string },
  ): Door;
  /** A form's fields as FormData (a field given a list: once per value). */
  form(fields: Record<string, string | string[]>): FormData;
}
