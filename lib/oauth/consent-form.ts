import { ApiError } from "@/lib/errors";
import { EXPIRED_MESSAGE, ExpiredConsent, type ConsentDecision } from "./consent";

/** The consent form's fields: `decision` (allow | deny), `workspace` (an id), `write` (on when kept). */
export function readForm(form: FormData): ConsentDecision {
  const decision = form.get("decision");
  if (decision === "deny") return { allow: false };
  if (decision !== "allow") throw new ApiError("invalid_body", "decision must be allow or deny");
  const workspaceId = form.get("workspace");
  if (typeof workspaceId !== "string" || workspaceId === "") throw new ApiError("invalid_body", "Choose a workspace");
  return { allow: true, workspaceId, write: form.get("write") === "on" };
}

/**
 * Why an answer was not recorded, as the consent page says it (`?problem=<key>`): the decision route sends a browser
 * back to the page with a key, never with text of the request's, so the page says only what Relay wrote.
 */
export const CONSENT_PROBLEMS = {
  form: "Choose Allow or Deny, and a workspace to allow it in.",
  workspace: "That workspace is not one of yours: choose one from the list.",
  cross_site: "That answer did not come from this page, so it was not recorded. Answer here if you meant to.",
  expired: EXPIRED_MESSAGE,
  step_up: "That workspace asks for a fresh check before you give an assistant access: confirm it is you below, then Allow again.",
  failed: "Relay could not record your answer. Try again, or go back to your assistant and connect again.",
} as const;
export type ConsentProblem = keyof typeof CONSENT_PROBLEMS;

/** The page's text for a `problem` query value, or null for none or an unknown one. */
export function consentProblem(value: unknown): string | null {
  return typeof value === "string" && Object.hasOwn(CONSENT_PROBLEMS, value)
    ? CONSENT_PROBLEMS[value as ConsentProblem]
    : null;
}

/** The key for a refused answer: a form Relay did not write, a workspace not the person's, an expired request, or other. */
export function problemOf(error: unknown): ConsentProblem {
  if (!(error instanceof ApiError)) return "failed";
  if (error instanceof ExpiredConsent) return "expired";
  if (error.code === "invalid_body") return "form";
  if (error.code === "not_found") return "workspace";
  if (error.extras.reasons?.includes("step_up_required")) return "step_up";
  if (error.code === "forbidden") return "cross_site";
  return "failed";
}
