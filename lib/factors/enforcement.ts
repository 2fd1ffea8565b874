import { recordAuditSql } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { query, sql as poolSql, transaction, type Sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { requireAdminOrSystem, type Actor, type PersonActor } from "@/lib/people/actor";
import { hasFactorSql } from "./has-factor";
import { requireStepUpToChange } from "./step-up-gate";

// Workspaces that require a second factor (issue 34 item 2; docs/decisions/037-enforcement-and-step-up.md). An admin
// sets `two_factor` to `approvers` (whoever decides must have one) or `everyone` (every member is also asked to add
// one on every page of the workspace until they do). Either way a member without a factor reads but does not decide:
// approving or rejecting a draft or held message is refused (403, reason `second_factor_required`) and the item
// keeps waiting. A factor is a passkey or a confirmed authenticator app; recovery codes are a way back, not a factor.

export const TWO_FACTOR_MODES = ["off", "approvers", "everyone"] as const;
export type TwoFactorMode = (typeof TWO_FACTOR_MODES)[number];

const STANDING = query("factors.standing", {
  text: `SELECT COALESCE((SELECT two_factor FROM workspace_settings WHERE workspace_id = $1), 'off') AS mode,
       COALESCE((SELECT step_up FROM workspace_settings WHERE workspace_id = $1), 'off') AS step_up,
       ${hasFactorSql("$2")} AS has_factor`,
  notNull: ["mode", "step_up", "has_factor"],
});

const REQUIRED_ANYWHERE = query("factors.requiredAnywhere", {
  text: `SELECT EXISTS (
     SELECT 1 FROM memberships m JOIN workspace_settings s ON s.workspace_id = m.workspace_id
      WHERE m.user_id = $1 AND s.two_factor <> 'off') AS required`,
  notNull: ["required"],
});

/** What a workspace requires of a person, and whether they have a factor. */
export async function twoFactorStanding(
  { workspaceId, userId }: { workspaceId: string; userId: string },
  client: Sql = poolSql(),
): Promise<TwoFactorStanding> {
  const [row] = await client.query(STANDING, [workspaceId, userId]);
  const mode = (TWO_FACTOR_MODES as readonly string[]).includes(row!.mode) ? (row!.mode as TwoFactorMode) : "off";
  return {
    mode,
    stepUp: row!.step_up === "approvals" ? "approvals" : "off",
    hasFactor: row!.has_factor,
    mayDecide: mode === "off" || row!.has_factor,
  };
}

export interface TwoFactorStanding {
  mode: TwoFactorMode;
  /** `approvals`: every approval in the workspace needs step-up (lib/factors/step-up-gate.ts). */
  stepUp: "off" | "approvals";
  hasFactor: boolean;
  mayDecide: boolean;
}

/** Refuses a decision by a person without a factor in a workspace that requires one (in the decision's transaction). */
export async function requireFactorToDecide(
  actor: PersonActor,
  { sql, workspaceId }: { sql: Sql; workspaceId: string },
): Promise<TwoFactorStanding> {
  const standing = await twoFactorStanding({ workspaceId, userId: actor.userId }, sql);
  if (!standing.mayDecide) throw secondFactorRequired();
  return standing;
}

export const secondFactorRequired = () =>
  new ApiError(
    "forbidden",
    "This workspace requires a second factor to decide: add a passkey or an authenticator app in Settings → Security",
    { reasons: ["second_factor_required"] },
  );

/** Whether a workspace of `userId`'s requires two factors: removing their last one is then refused (removeFactor). */
export async function requiresTwoFactors(userId: string): Promise<boolean> {
  const [row] = await poolSql().query(REQUIRED_ANYWHERE, [userId]);
  return row?.required ?? false;
}

const NEEDS_ENROLMENT = query("factors.needsEnrolment", {
  text: `SELECT (EXISTS (
     SELECT 1 FROM memberships m JOIN workspace_settings s ON s.workspace_id = m.workspace_id
      WHERE m.user_id = $1 AND s.two_factor = 'everyone') AND NOT ${hasFactorSql("$1")}) AS needs`,
  notNull: ["needs"],
});

/**
 * Whether `userId` is led through enrolment after signing in: a workspace of theirs requires a second factor of
 * `everyone`, and they have none (app/(auth)/sign-in/continue/page.tsx sends them to Settings → Security).
 */
export async function needsEnrolment(userId: string): Promise<boolean> {
  const [row] = await poolSql().query(NEEDS_ENROLMENT, [userId]);
  return row?.needs ?? false;
}

export const STEP_UP_MODES = ["off", "approvals"] as const;

/** Sets what is given ($2, $3: null leaves it as it is). */
const SET_POLICY = query("factors.setPolicy", {
  text: `INSERT INTO workspace_settings (workspace_id, two_factor, step_up)
  VALUES ($1, COALESCE($2::text, 'off'), COALESCE($3::text, 'off'))
  ON CONFLICT (workspace_id) DO UPDATE
    SET two_factor = COALESCE($2::text, workspace_settings.two_factor),
        step_up = COALESCE($3::text, workspace_settings.step_up),
        updated_at = now()
  RETURNING two_factor, step_up`,
});

export interface SecondFactorPolicy {
  /** Who must have a second factor to decide. */
  twoFactor?: string;
  /** `approvals`: every approval needs a fresh passkey or authenticator check (step-up). */
  stepUp?: string;
}

/**
 * An admin sets what the workspace requires: who must have a second factor, and whether every approval needs a
 * fresh check. Requiring either without a factor of one's own is refused: the admin would lose the right to decide
 * (and to change this back) at once. Audited, and so in the audit chain.
 */
export async function setSecondFactorPolicy(
  actor: Actor,
  { workspaceId, policy }: { workspaceId: string; policy: SecondFactorPolicy },
) {
  const id = requireUuid(workspaceId, "Workspace");
  const { twoFactor, stepUp } = policy;
  if (twoFactor !== undefined && !(TWO_FACTOR_MODES as readonly string[]).includes(twoFactor))
    throw new ApiError("invalid_body", `Two factors: one of ${TWO_FACTOR_MODES.join(", ")}`, { field: "two_factor" });
  if (stepUp !== undefined && !(STEP_UP_MODES as readonly string[]).includes(stepUp))
    throw new ApiError("invalid_body", `Step-up: one of ${STEP_UP_MODES.join(", ")}`, { field: "step_up" });
  await requireAdminOrSystem(actor, { client: db(), workspaceId: id });
  // Turning step-up off needs a fresh check while it is on; turning it on does not (it asks nothing yet).
  await requireStepUpToChange(actor, id);
  const requiring = (twoFactor !== undefined && twoFactor !== "off") || stepUp === "approvals";
  if (actor.type === "person" && requiring) {
    const { hasFactor } = await twoFactorStanding({ workspaceId: id, userId: actor.userId });
    if (!hasFactor)
      throw new ApiError(
        "conflict",
        "Add a second factor to your own account first (Settings → Security): without one you could no longer decide",
        { field: twoFactor !== undefined && twoFactor !== "off" ? "two_factor" : "step_up" },
      );
  }
  return transaction(async (tx) => {
    const [row] = await tx.query(SET_POLICY, [id, twoFactor ?? null, stepUp ?? null]);
    await recordAuditSql(tx, {
      workspaceId: id,
      actor,
      action: "workspace.second_factors_set",
      subjectType: "workspace",
      subjectId: id,
      data: { two_factor: row!.two_factor, step_up: row!.step_up },
    });
    return {
      workspace_id: id,
      two_factor: row!.two_factor as TwoFactorMode,
      step_up: row!.step_up as "off" | "approvals",
    };
  });
}
