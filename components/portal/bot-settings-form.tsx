"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { describedBy, Field, Input } from "@/components/ui/field";
import { EventTypeFields } from "./event-type-fields";
import { initialFormState, type BotFormValues, type FormAction, type SavedSettings } from "@/lib/forms/form-state";
import { WebhookUrlWarnings } from "./webhook-url-warnings";

export function BotSettingsForm({
  action,
  initial,
}: {
  action: FormAction<BotFormValues, SavedSettings>;
  initial: BotFormValues;
}) {
  const [state, formAction, pending] = useActionState(action, initialFormState);
  const values = state.values ?? initial;
  const errors = state.fieldErrors ?? {};
  return (
    <form key={state.n} action={formAction} noValidate aria-labelledby="settings-title">
      <Card>
        <CardHeader
          id="settings-title"
          title="Settings"
          description="The bot's display name, where its webhooks go and which events it receives."
        />
        <CardBody className="space-y-5">
          {state.error && (
            <Alert tone="danger" title="Not saved">
              {state.error}
            </Alert>
          )}
          {state.result && (
            <Alert tone="success">
              {state.result.changed.length
                ? "Settings saved."
                : "Nothing to save: the settings were already like this."}
            </Alert>
          )}
          {state.result && <WebhookUrlWarnings warnings={state.result.warnings} />}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="settings-name" label="Name" error={errors.name}>
              <Input
                id="settings-name"
                name="name"
                required
                defaultValue={values.name}
                invalid={!!errors.name}
                {...describedBy("settings-name", { error: errors.name })}
              />
            </Field>
            <Field
              id="settings-webhookUrl"
              label="Webhook URL"
              optional
              error={errors.webhookUrl}
              hint="Leave empty to stop webhooks. Must be https, to a public address."
            >
              <Input
                id="settings-webhookUrl"
                name="webhookUrl"
                type="url"
                mono
                spellCheck={false}
                placeholder="https://bots.example.com/relay/webhook"
                defaultValue={values.webhookUrl}
                invalid={!!errors.webhookUrl}
                {...describedBy("settings-webhookUrl", { error: errors.webhookUrl, hint: true })}
              />
            </Field>
          </div>
          <EventTypeFields idPrefix="settings-event" checked={values.eventTypes} error={errors.eventTypes} />
        </CardBody>
        <CardFooter>
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : "Save settings"}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
