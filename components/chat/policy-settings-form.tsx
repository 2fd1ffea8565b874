"use client";

import { useActionState } from "react";
import { POLICY_BOUNDS, POLICY_DEFAULTS } from "@/lib/policy/defaults";
import type { PolicySettings } from "@/lib/schemas/workspaces";
import { Alert } from "@/components/ui/alert";
import { CardBody } from "@/components/ui/card";
import { describedBy, Field, Input, Select } from "@/components/ui/field";
import { SaveFooter } from "./save-footer";
import { TimeZoneInput } from "./time-zone-input";
import type { PolicySettingsState, PolicySettingsValues } from "@/lib/forms/form-state";

const WINDOWS: [seconds: number, label: string][] = [
  [60, "minute"],
  [300, "5 minutes"],
  [900, "15 minutes"],
  [3600, "hour"],
  [86_400, "24 hours"],
];

const count = (n: number) => n.toLocaleString("en-US");

const valuesOf = (s: PolicySettings): PolicySettingsValues => ({
  newBotThreshold: String(s.new_bot_threshold),
  dailyLimit: String(s.daily_limit),
  conversationLimit: s.conversation_limit === null ? "" : String(s.conversation_limit),
  conversationWindowSeconds: String(s.conversation_window_seconds),
  approvalReminderMinutes: String(s.approval_reminder_minutes),
  ratePerSecond: String(s.rate_per_second),
  rateBurst: String(s.rate_burst),
  timeZone: s.time_zone,
});

/** The limits every bot message in the workspace is checked against; admins change them here. */
export function PolicySettingsForm({
  settings,
  action,
}: {
  settings: PolicySettings;
  action: (state: PolicySettingsState, formData: FormData) => Promise<PolicySettingsState>;
}) {
  const [state, formAction, pending] = useActionState(action, { n: 0 });
  const v = state.values ?? valuesOf(settings);
  const windows = WINDOWS.some(([seconds]) => String(seconds) === v.conversationWindowSeconds)
    ? WINDOWS
    : [...WINDOWS, [Number(v.conversationWindowSeconds), `${v.conversationWindowSeconds} seconds`] as [number, string]];
  return (
    // Remounted after each answer so the fields show what was saved, or what was typed when it was refused.
    <form action={formAction} key={state.n}>
      <CardBody className="space-y-5">
        {state.error && <Alert tone="danger">{state.error}</Alert>}
        <Field
          id="newBotThreshold"
          label="New bots"
          hint={`A person approves each message of a bot until it has had this many sent or approved (default ${count(POLICY_DEFAULTS.newBotThreshold)}).`}
        >
          <NumberWithUnit
            name="newBotThreshold"
            max={POLICY_BOUNDS.newBotThreshold}
            value={v.newBotThreshold}
            unit="messages"
          />
        </Field>
        <Field
          id="dailyLimit"
          label="Daily limit per bot"
          hint={`Over it, a bot's messages are deferred and the bot is told when to try again (default ${count(POLICY_DEFAULTS.dailyLimit)}).`}
        >
          <NumberWithUnit
            name="dailyLimit"
            max={POLICY_BOUNDS.dailyLimit}
            value={v.dailyLimit}
            unit="messages in any 24 hours"
          />
        </Field>
        <Field
          id="ratePerSecond"
          label="Request rate per bot"
          hint={`Every API request a bot makes counts. Over it, the request is deferred and the bot is told when to try again (defaults ${count(POLICY_DEFAULTS.ratePerSecond)} a second, ${count(POLICY_DEFAULTS.rateBurst)} at once).`}
        >
          <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <Count name="ratePerSecond" id="ratePerSecond" max={POLICY_BOUNDS.ratePerSecond} value={v.ratePerSecond} />
            requests a second, in bursts of up to
            <Count
              name="rateBurst"
              max={POLICY_BOUNDS.rateBurst}
              value={v.rateBurst}
              label="Burst: requests at once"
              describedBy="ratePerSecond-hint"
            />
          </span>
        </Field>
        <Field
          id="conversationLimit"
          label="Limit per conversation"
          optional
          hint="Messages one bot may send in one conversation. Empty: no limit (the default), so bursts of status updates go out."
        >
          <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span className="w-28 shrink-0">
              <Input
                id="conversationLimit"
                name="conversationLimit"
                type="number"
                min={1}
                max={POLICY_BOUNDS.conversationLimit}
                defaultValue={v.conversationLimit}
                placeholder="none"
                aria-describedby="conversationLimit-hint"
              />
            </span>
            messages per bot every
            <span className="w-36 shrink-0">
              <Select
                name="conversationWindowSeconds"
                aria-label="Per-conversation window"
                defaultValue={v.conversationWindowSeconds}
              >
                {windows.map(([seconds, label]) => (
                  <option key={seconds} value={seconds}>
                    {label}
                  </option>
                ))}
              </Select>
            </span>
          </span>
        </Field>
        <Field
          id="approvalReminderMinutes"
          label="Reminder"
          hint={`A draft, held message or bot-to-bot request still waiting this long reminds the people who may decide it, once (default ${count(POLICY_DEFAULTS.approvalReminderMinutes)}).`}
        >
          <NumberWithUnit
            name="approvalReminderMinutes"
            max={POLICY_BOUNDS.approvalReminderMinutes}
            value={v.approvalReminderMinutes}
            unit="minutes after it started waiting"
          />
        </Field>
        <Field
          id="timeZone"
          label="Time zone"
          hint="The workspace's clock: policy rules' hours use it for a contact whose time zone is not known (default UTC)."
          error={state.fieldErrors?.timeZone}
        >
          <span className="block max-w-xs">
            <TimeZoneInput
              id="timeZone"
              name="timeZone"
              required
              defaultValue={v.timeZone}
              invalid={!!state.fieldErrors?.timeZone}
              {...describedBy("timeZone", { error: state.fieldErrors?.timeZone, hint: true })}
            />
          </span>
        </Field>
      </CardBody>
      <SaveFooter state={state} pending={pending} label="Save policy" />
    </form>
  );
}

/** A required count from 1 to `max`, with its unit after it; the field's id is its name. */
function NumberWithUnit({ name, max, value, unit }: { name: string; max: number; value: string; unit: string }) {
  return (
    <span className="flex items-center gap-2 text-sm text-slate-700">
      <Count name={name} id={name} max={max} value={value} />
      {unit}
    </span>
  );
}

/**
 * A required count from 1 to `max`. With an `id`, a Field's label names it and its hint (`<id>-hint`) describes it;
 * without one, `label` names it and `describedBy` points at the hint it shares.
 */
function Count({
  name,
  id,
  max,
  value,
  label,
  describedBy,
}: {
  name: string;
  id?: string;
  max: number;
  value: string;
  label?: string;
  describedBy?: string;
}) {
  return (
    <span className="w-28 shrink-0">
      <Input
        id={id}
        name={name}
        type="number"
        required
        min={1}
        max={max}
        defaultValue={value}
        aria-label={label}
        aria-describedby={describedBy ?? `${id}-hint`}
      />
    </span>
  );
}
