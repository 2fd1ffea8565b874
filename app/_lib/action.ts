import "server-only";
import { refresh, revalidatePath } from "next/cache";
import type { z } from "zod";
import { currentActor } from "@/lib/auth/current-actor";
import { ApiError } from "@/lib/errors";
import type { FormState } from "@/lib/forms/form-state";
import type { PersonActor } from "@/lib/people/actor";
import { invalidForm, refusedForm } from "./form-errors";
import { actionText, readForm, type FormReader } from "./form-text";
import { redirectInApp } from "./redirect";

// The one shell of every server action (docs/decisions/030-form-actions.md). A form's action, in this order: the
// signed-in person (a signed-out one is sent to sign in and back to `path`); the submission counted (`n`); the
// arguments the page bound that are text, then the form, read under the text rule (app/_lib/form-text.ts); the
// resource's schema (lib/schemas/); one domain function as the person; a refusal (ApiError, the schema's issues,
// the text rule's) answered in words beside its field or for the form, with what was typed given back; after a
// success, the page rendered again or the next one opened (redirectInApp). Who may do what is the domain's business.
// Nothing else happens here: no throttle (no action counts attempts against a limit; sign-in and credentials do,
// docs/decisions/016-throttling.md), no logging, no second reading of the form.

type Empty = Record<string, never>;

/** What an action's work answers after a success. */
export interface Success<Values, Result> {
  /** A short confirmation to announce ("Sent", "Saved"). */
  done?: string;
  result?: Result;
  /** The fields after a success, where the form shows them again (otherwise it starts from the page's data). */
  values?: Values;
  /** The page to open next, judged like every redirect; the current one is not rendered again then. */
  redirect?: string;
  /** A layout the next page shares with this one, rendered again first (a workspace's conversation list). */
  revalidateLayout?: string;
}

type Parsed<Values, Schema> = Schema extends z.ZodType ? z.output<Schema> : Values;

export interface FormActionSpec<Values, Schema extends z.ZodType | undefined, Result> {
  /** The page the person acts on: signed out, they sign in and come back here. */
  path: string;
  /** Arguments the page bound that are used as text rather than looked up (a slug), under the text rule first. */
  args?: Record<string, string>;
  /** The fields as typed, read under the text rule; given back with every refusal, so nothing typed is lost. */
  read?: (form: FormReader) => Values;
  /** The resource's schema (lib/schemas/): checked before anything is done, its first issue answered in words. */
  schema?: Schema;
  /** What the schema reads, when it is not the values as typed (numbers from text, the ids of chosen items). */
  schemaInput?: (values: Values) => unknown;
  /** The fields the form shows a refusal beside; any other refusal is the form's one message. */
  fields?: readonly (keyof Values & string)[];
  /** The work: one domain function as the person, with the schema's output (or the values) and the values typed. */
  run: (actor: PersonActor, input: Parsed<Values, Schema>, values: Values) => Promise<Success<Values, Result> | void>;
  /** false where the answer is all the page shows after a success (a new bot's credentials). */
  refresh?: false;
  /**
   * A refusal that says the page is out of date (the item changed since it was drawn): the page is rendered again,
   * the refusal beside what it now shows.
   */
  refreshWhenRefused?: (error: ApiError) => boolean;
}

/**
 * A form's action, as the page binds it: the arguments `define` takes, then the previous answer (only its count is
 * read) and the form. A button's form sends nothing, and a caller may leave the form out.
 */
export type BoundFormAction<Bound extends unknown[], Values, Result> = (
  ...args: [...bound: Bound, state: { n: number }, formData?: FormData]
) => Promise<FormState<Values, Result>>;

/**
 * Builds a form's server action. `define` takes the arguments the page binds (ids, the page's path) and says what
 * the action is; its parameters are the action's first ones, so it declares them all, with types and no defaults.
 *
 *     export const rotateSecret = formAction((botId: string) => ({
 *       path: `/developers/bots/${botId}`,
 *       read: (form) => ({ overlapMinutes: form.text("overlapMinutes") }),
 *       schema: SigningSecretRotationForm,
 *       fields: ["overlapMinutes"],
 *       run: async (actor, { overlapMinutes }) => ({ result: await rotateSigningSecret(actor, { botId, overlapMinutes }) }),
 *     }));
 *
 * The page binds it (`rotateSecret.bind(null, bot.id)`); the form's component calls it through useActionState.
 */
export function formAction<
  Bound extends unknown[],
  Values = Empty,
  Schema extends z.ZodType | undefined = undefined,
  Result = undefined,
>(define: (...bound: Bound) => FormActionSpec<Values, Schema, Result>): BoundFormAction<Bound, Values, Result> {
  const arity = define.length;
  return async (...args) => {
    if (args.length !== arity + 1 && args.length !== arity + 2)
      throw new Error(`A form action bound to ${arity} arguments was called with ${args.length}`);
    const spec = define(...(args.slice(0, arity) as Bound));
    const state = args[arity] as { n: number };
    const formData = args[arity + 1];
    const actor = await currentActor(spec.path);
    const n = state.n + 1;
    const fields = spec.fields ?? [];
    let values: Values | undefined;
    let success: Success<Values, Result> | void;
    try {
      holdToTextRule(spec.args);
      if (spec.read) values = spec.read(readForm(formData instanceof FormData ? formData : new FormData()));
      let input: unknown = values;
      if (spec.schema) {
        const parsed = spec.schema.safeParse(spec.schemaInput ? spec.schemaInput(values as Values) : values);
        if (!parsed.success) return invalidForm(parsed.error, { n, values, fields });
        input = parsed.data;
      }
      // Without `read` there are no values: such an action's work takes only the actor and the bound arguments.
      success = await spec.run(actor, input as Parsed<Values, Schema>, values as Values);
    } catch (error) {
      // A refusal for want of a fresh check (step-up) renders the page again, so its "Confirm it's you" shows.
      if (error instanceof ApiError && (spec.refreshWhenRefused?.(error) || error.extras.reasons?.includes("step_up_required")))
        refresh();
      return refusedForm(error, { n, values, fields });
    }
    const { redirect, revalidateLayout, ...answer } = success ?? {};
    if (redirect !== undefined) {
      if (revalidateLayout !== undefined) revalidatePath(revalidateLayout, "layout");
      redirectInApp(redirect);
    }
    if (spec.refresh !== false) refresh();
    return { n, ...answer };
  };
}

export interface PlainActionSpec<T> {
  /** As a form action's. */
  path: string;
  /** As a form action's: arguments used as text, under the text rule first. */
  args?: Record<string, string>;
  run: (actor: PersonActor) => Promise<T>;
  /** The answer to a refusal (ApiError, the text rule's), which such an action gives in its own terms. */
  refused: (error: ApiError) => T;
}

/**
 * Builds a server action a component calls itself with plain arguments and whose answer is data, not a form's state
 * ("Load more", contact suggestions, a read marker): the same person, text rule and refusals as a form's, and no
 * refresh (it changes nothing on the page but what it answers).
 */
export function plainAction<Bound extends unknown[], T>(
  define: (...bound: Bound) => PlainActionSpec<T>,
): (...bound: Bound) => Promise<T> {
  return async (...bound) => {
    const spec = define(...bound);
    const actor = await currentActor(spec.path);
    return refusedAs(spec.refused, async () => {
      holdToTextRule(spec.args);
      return spec.run(actor);
    });
  };
}

/** Runs `work`; a refusal (ApiError) is answered by `refused`, anything else thrown on. */
async function refusedAs<T>(refused: (error: ApiError) => T, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) return refused(error);
    throw error;
  }
}

function holdToTextRule(args: Record<string, string> | undefined) {
  for (const [name, value] of Object.entries(args ?? {})) actionText(String(value), name);
}

export interface PublicActionSpec<T> {
  run: () => Promise<T>;
  /** The answer to a refusal (ApiError), in the action's own terms. */
  refused: (error: ApiError) => T;
}

/**
 * A server action of a page where nobody is signed in yet (the sign-in page's passkey options): no person, so none
 * is asked for; a refusal is answered in its own terms, anything else thrown on. Its limits are its own (the domain
 * function's, per address).
 */
export function publicAction<Bound extends unknown[], T>(
  define: (...bound: Bound) => PublicActionSpec<T>,
): (...bound: Bound) => Promise<T> {
  return async (...bound) => {
    const spec = define(...bound);
    return refusedAs(spec.refused, spec.run);
  };
}
