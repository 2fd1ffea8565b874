"use client";

import { useActionState } from "react";
import type { FormState } from "@/lib/forms/form-state";
import { Alert } from "@/components/ui/alert";
import { CardBody } from "@/components/ui/card";
import { SaveFooter } from "./save-footer";

type TwoFactorState = FormState<{ twoFactor: string; stepUp: string }>;

const MODES = [
  { value: "off", label: "Not required", hint: "People sign in as they choose; anyone may decide what they may see." },
  {
    value: "approvers",
    label: "Required to decide",
    hint: "Approving or rejecting a draft, a held message, a bot-to-bot request or a fact needs a passkey or an authenticator app on the person's account. Without one they read but do not decide.",
  },
  {
    value: "everyone",
    label: "Required of every member",
    hint: "The same, and every member without a second factor is asked to add one on every page of the workspace.",
  },
] as const;

/** Who must have a second factor in the workspace (lib/factors/enforcement.ts); admins change it here. */
export function TwoFactorForm({
  mode,
  stepUp,
  hasFactor,
  action,
}: {
  mode: string;
  /** `approvals`: every approval needs a fresh check (step-up). */
  stepUp: string;
  /** Whether the admin has a factor: requiring them without one is refused (they could no longer decide). */
  hasFactor: boolean;
  action: (state: TwoFactorState, formData: FormData) => Promise<TwoFactorState>;
}) {
  const [state, formAction, pending] = useActionState(action, { n: 0 });
  const current = state.values?.twoFactor ?? mode;
  const stepping = (state.values?.stepUp ?? stepUp) === "approvals";
  const error = state.fieldErrors?.twoFactor ?? state.fieldErrors?.stepUp ?? state.error;
  return (
    <form action={formAction} key={state.n}>
      <CardBody className="space-y-3">
        {error && <Alert tone="danger">{error}</Alert>}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Second factors</legend>
          <div className="mt-2 space-y-2">
            {MODES.map((m) => (
              <label key={m.value} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="twoFactor"
                  value={m.value}
                  defaultChecked={current === m.value}
                  className="mt-1 size-4 accent-indigo-600"
                  aria-describedby={`two-factor-${m.value}-hint`}
                />
                <span>
                  <span className="font-medium">{m.label}</span>
                  <span id={`two-factor-${m.value}-hint`} className="block text-slate-600">
                    {m.hint}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="stepUp"
            defaultChecked={stepping}
            className="mt-1 size-4 accent-indigo-600"
            aria-describedby="step-up-hint"
          />
          <span>
            <span className="font-medium">Ask for a fresh check before every approval</span>
            <span id="step-up-hint" className="block text-slate-600">
              Step-up: approving needs the person&apos;s passkey or an authenticator code within the last 5 minutes, in
              the chat; an assistant (MCP) approves only with access granted right after such a check. Changes to who
              may decide (rules, approver groups, these settings, bot keys, tokens) need one too. A rule can ask for it
              on its own holds (<code>stepUp</code>).
            </span>
          </span>
        </label>
        {!hasFactor && (
          <p className="text-sm text-slate-700">
            Your own account has no second factor yet:{" "}
            <a href="/settings/security" className="font-medium text-indigo-700 underline">
              add one in Settings → Security
            </a>{" "}
            before you require them.
          </p>
        )}
      </CardBody>
      <SaveFooter state={state} pending={pending} label="Save" />
    </form>
  );
}
