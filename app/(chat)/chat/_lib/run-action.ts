import "server-only";
import { refresh } from "next/cache";
import { currentActor } from "@/lib/auth/current-actor";
import { ApiError } from "@/lib/errors";
import type { FormState } from "@/lib/forms/form-state";

// The chat's actions, by area (messages, conversations, contacts, memory, agent requests, admin): each reads its
// form, calls one domain function as the signed-in person (who may do what is the domain's business) and answers
// with a refusal in words or a short confirmation. Pages update by themselves (the conversation's live stream);
// refresh() also re-renders this person's page at once. Forms are read inside the refusal's reach: a text that breaks
// the text rule (app/_lib/form-text.ts) is answered like any other refusal.

export async function run(
  state: { n: number },
  callbackPath: string,
  work: (actor: Awaited<ReturnType<typeof currentActor>>) => Promise<string | void>,
): Promise<FormState<never>> {
  const actor = await currentActor(callbackPath);
  const n = state.n + 1;
  try {
    const done = await work(actor);
    refresh();
    return { n, done: done ?? undefined };
  } catch (error) {
    if (error instanceof ApiError) return { n, error: error.message };
    throw error;
  }
}

/** A refusal of a form's text before anything else: the form keeps what it had. */
export function refusedText(n: number, error: unknown): { n: number; error: string } {
  if (error instanceof ApiError) return { n, error: error.message };
  throw error;
}
