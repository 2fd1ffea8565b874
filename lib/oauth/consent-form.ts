import { ApiError } from "@/lib/errors";
import type { ConsentDecision } from "./consent";

/** The consent form's fields: `decision` (allow | deny), `workspace` (an id), `write` (on when kept). */
export function readForm(form: FormData): ConsentDecision {
  const decision = form.get("decision");
  if (decision === "deny") return { allow: false };
  if (decision !== "allow") throw new ApiError("invalid_body", "decision must be allow or deny");
  const workspaceId = form.get("workspace");
  if (typeof workspaceId !== "string" || workspaceId === "") throw new ApiError("invalid_body", "Choose a workspace");
  return { allow: true, workspaceId, write: form.get("write") === "on" };
}
