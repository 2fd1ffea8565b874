"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { NameWarnings } from "@/components/ui/name-warnings";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { CopyField } from "@/components/ui/copy-field";
import { describedBy, Field, Input } from "@/components/ui/field";
import { WorkspaceField, type WorkspaceChoice } from "@/components/ui/workspace-field";
import { EventTypeFields } from "./event-type-fields";
import { initialFormState, type BotFormValues, type FormAction, type RegisteredBot } from "@/lib/forms/form-state";
import { WebhookUrlWarnings } from "./webhook-url-warnings";

export function RegisterBotForm({
  action,
  workspaces,
  defaultEventTypes,
}: {
  action: FormAction<BotFormValues, RegisteredBot>;
  workspaces: WorkspaceChoice[];
  defaultEventTypes: readonly string[];
}) {
  const [state, formAction, pending] = useActionState(action, initialFormState);
  if (state.result) return <Registered bot={state.result} />;

  const values = state.values;
  const errors = state.fieldErrors ?? {};
  return (
    <form key={state.n} action={formAction} noValidate>
      <Card>
        <CardHeader
          title="Bot details"
          description="The handle is how people mention the bot (@handle) and cannot be changed later."
        />
        <CardBody className="space-y-5">
          {state.error && (
            <Alert tone="danger" title="The bot was not registered">
              {state.error}
            </Alert>
          )}
          <WorkspaceField
            id="workspaceId"
            hint="Any member of a workspace may register a bot there."
            error={errors.workspaceId}
            workspaces={workspaces}
            defaultValue={values?.workspaceId}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              id="handle"
              label="Handle"
              error={errors.handle}
              hint="3–32 characters: a letter, then lowercase letters, digits, - or _."
            >
              <div className="flex rounded-md shadow-sm">
                <span className="inline-flex items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-500">
                  @
                </span>
                <Input
                  id="handle"
                  name="handle"
                  mono
                  required
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="support-bot"
                  defaultValue={values?.handle}
                  invalid={!!errors.handle}
                  className="rounded-l-none shadow-none"
                  {...describedBy("handle", { error: errors.handle, hint: true })}
                />
              </div>
            </Field>
            <Field id="name" label="Name" error={errors.name} hint="Shown to people beside the bot's messages.">
              <Input
                id="name"
                name="name"
                required
                placeholder="Support bot"
                defaultValue={values?.name}
                invalid={!!errors.name}
                {...describedBy("name", { error: errors.name, hint: true })}
              />
            </Field>
          </div>
          <Field
            id="webhookUrl"
            label="Webhook URL"
            optional
            error={errors.webhookUrl}
            hint="Where Relay POSTs events. Must be https (http only to localhost in development)."
          >
            <Input
              id="webhookUrl"
              name="webhookUrl"
              type="url"
              mono
              inputMode="url"
              spellCheck={false}
              placeholder="https://bots.example.com/relay/webhook"
              defaultValue={values?.webhookUrl}
              invalid={!!errors.webhookUrl}
              {...describedBy("webhookUrl", { error: errors.webhookUrl, hint: true })}
            />
          </Field>
          <EventTypeFields checked={values?.eventTypes ?? defaultEventTypes} error={errors.eventTypes} />
        </CardBody>
        <CardFooter>
          <Link href="/developers" className="text-sm font-medium text-slate-600 hover:text-slate-900">
            Cancel
          </Link>
          <Button type="submit" disabled={pending}>
            {pending ? "Registering…" : "Register bot"}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}

function Registered({ bot }: { bot: RegisteredBot }) {
  return (
    <Card aria-labelledby="registered-title">
      <CardHeader
        id="registered-title"
        title={`@${bot.handle} is registered`}
        description={
          <>
            <UntrustedText text={bot.name} /> has its first API key and a webhook signing secret.
          </>
        }
      />
      <CardBody className="space-y-5">
        <WebhookUrlWarnings warnings={bot.warnings} />
        <NameWarnings warnings={bot.nameWarnings} title="Registered, but people may mistake this name" />
        <Alert tone="warning" title="Copy these now. They will not be shown again.">
          Relay keeps only a hash of the API key and encrypts the signing secret; neither can be displayed later. You
          can issue more keys and rotate the secret on the bot&apos;s page.
        </Alert>
        <CopyField id="new-api-key" label="API key" value={bot.apiKey} />
        <CopyField id="new-signing-secret" label="Signing secret" value={bot.signingSecret} />
        <p className="text-sm text-slate-600">
          Send the key as <code className="font-mono text-slate-800">Authorization: Bearer …</code> on every API
          request; check each webhook&apos;s <code className="font-mono text-slate-800">X-Service-Signature</code> with
          the signing secret.
        </p>
      </CardBody>
      <CardFooter>
        <ButtonLink href="/developers/docs" variant="secondary">
          Read the quick start
        </ButtonLink>
        <ButtonLink href={`/developers/bots/${bot.botId}`}>Go to the bot</ButtonLink>
      </CardFooter>
    </Card>
  );
}
