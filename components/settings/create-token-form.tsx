"use client";

import { visibleText } from "@/lib/text/hidden-characters";
import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CardBody } from "@/components/ui/card";
import { CopyField } from "@/components/ui/copy-field";
import { describedBy, Field, Input } from "@/components/ui/field";
import { WorkspaceField, type WorkspaceChoice } from "@/components/ui/workspace-field";
import { initialFormState, type CreatedToken, type FormAction, type TokenFormValues } from "@/lib/forms/form-state";
import { McpConfig } from "./mcp-config";

/** Creates a token; the token and the client configuration with it are shown once, here, until dismissed. */
export function CreateTokenForm({
  action,
  workspaces,
}: {
  action: FormAction<TokenFormValues, CreatedToken>;
  workspaces: WorkspaceChoice[];
}) {
  const [state, formAction, pending] = useActionState(action, initialFormState);
  const [dismissed, setDismissed] = useState(0);
  const created = state.result && dismissed !== state.n ? state.result : null;
  const errors = state.fieldErrors ?? {};
  if (created) {
    return (
      <div className="space-y-5 px-5 py-4" data-testid="created-token">
        <Alert
          tone="warning"
          title={`Token “${visibleText(created.name)}” created for ${visibleText(created.workspace.name)}. Copy it now: it will not be shown again.`}
        >
          It can{" "}
          {created.scopes.includes("write") ? "read and act (approve, reject, post) as you" : "read as you, not act"},
          in this workspace only.
        </Alert>
        <CopyField id="created-token-value" label="Access token" value={created.token} />
        <McpConfig configs={created.configs} idPrefix="created" />
        <Button variant="secondary" onClick={() => setDismissed(state.n)}>
          I have copied it
        </Button>
      </div>
    );
  }
  return (
    <form key={state.n} action={formAction} noValidate>
      <CardBody className="space-y-5">
        {state.error && (
          <Alert tone="danger" title="The token was not created">
            {state.error}
          </Alert>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <WorkspaceField
            id="workspaceId"
            hint="A token sees and acts in this workspace only."
            error={errors.workspaceId}
            workspaces={workspaces}
            defaultValue={state.values?.workspaceId}
          />
          <Field id="token-name" label="Name" error={errors.name} hint="Which assistant or device it is for.">
            <Input
              id="token-name"
              name="name"
              placeholder="Claude Desktop on my laptop"
              maxLength={60}
              defaultValue={state.values?.name}
              invalid={!!errors.name}
              {...describedBy("token-name", { error: errors.name, hint: true })}
            />
          </Field>
        </div>
        <label htmlFor="token-write" className="flex cursor-pointer gap-3">
          <input
            id="token-write"
            type="checkbox"
            name="write"
            defaultChecked={state.values?.write ?? false}
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
          />
          <span className="min-w-0 text-sm">
            <span className="block font-medium text-slate-900">Allow acting (write scope)</span>
            <span className="block text-slate-500">
              Approve, edit or reject drafts, decide facts and bot requests, post messages, opt out and take over
              conversations, as you. Without it the assistant can only read.
            </span>
          </span>
        </label>
        <Button type="submit" disabled={pending || workspaces.length === 0}>
          {pending ? "Creating…" : "Create token"}
        </Button>
      </CardBody>
    </form>
  );
}
