"use client";

import { useActionState, useEffect, useState } from "react";
import type { NotificationSettingsView } from "@/lib/schemas/notifications";
import { Alert } from "@/components/ui/alert";
import { CardBody } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { SaveFooter } from "@/components/chat/save-footer";
import type { NotificationFormState, NotificationFormValues } from "@/lib/forms/form-state";

const CHANNELS: [value: NotificationSettingsView["channels"], label: string][] = [
  ["both", "Email and browser notifications"],
  ["email", "Email only"],
  ["push", "Browser notifications only"],
  ["none", "Nothing (I will look in the chat)"],
];

const valuesOf = (s: NotificationSettingsView): NotificationFormValues => ({
  channels: s.channels,
  quietStart: s.quiet_hours?.start ?? "",
  quietEnd: s.quiet_hours?.end ?? "",
  timeZone: s.time_zone,
});

/**
 * One workspace's notification settings: the channels, quiet hours and the time zone they are in. Until the person
 * saves once (`saved`), the zone offered is their browser's.
 */
export function NotificationSettingsForm({
  idPrefix,
  settings,
  saved,
  timeZones,
  action,
}: {
  idPrefix: string;
  settings: NotificationSettingsView;
  saved: boolean;
  timeZones: string[];
  action: (state: NotificationFormState, formData: FormData) => Promise<NotificationFormState>;
}) {
  const [state, formAction, pending] = useActionState(action, { n: 0 });
  const v = state.values ?? valuesOf(settings);
  const [zone, setZone] = useState(v.timeZone);
  useEffect(() => {
    if (saved || state.values) return;
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the browser's zone is known only after hydration
    if (browser && timeZones.includes(browser)) setZone(browser);
  }, [saved, state.values, timeZones]);
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form action={formAction} key={state.n} data-testid="notification-settings-form">
      <CardBody className="space-y-5">
        {state.error && <Alert tone="danger">{state.error}</Alert>}
        <Field
          id={id("channels")}
          label="Tell me by"
          hint="What waits for your decision, mentions of you, and bots paused or stopped. Browser notifications also need this device's permission (in the chat)."
        >
          <Select
            id={id("channels")}
            name="channels"
            defaultValue={v.channels}
            aria-describedby={`${id("channels")}-hint`}
          >
            {CHANNELS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={id("quietStart")}
          label="Quiet hours"
          optional
          hint="Nothing is sent between these times; what waited is sent when they end. Leave both empty for none."
        >
          <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            from
            <span className="w-32">
              <Input
                id={id("quietStart")}
                name="quietStart"
                type="time"
                defaultValue={v.quietStart}
                aria-describedby={`${id("quietStart")}-hint`}
              />
            </span>
            to
            <span className="w-32">
              <Input name="quietEnd" type="time" defaultValue={v.quietEnd} aria-label="Quiet hours end" />
            </span>
          </span>
        </Field>
        <Field id={id("timeZone")} label="Time zone" hint="The zone of your quiet hours.">
          <Select
            id={id("timeZone")}
            name="timeZone"
            value={zone}
            onChange={(event) => setZone(event.target.value)}
            aria-describedby={`${id("timeZone")}-hint`}
          >
            {timeZones.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
      </CardBody>
      <SaveFooter state={state} pending={pending} label="Save" />
    </form>
  );
}
