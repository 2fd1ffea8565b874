"use client";

import { useActionState } from "react";
import { AGENT_REQUEST_TYPES } from "@/lib/schemas/agent-requests";
import { visibleText } from "@/lib/text/hidden-characters";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { describedBy, Field, Input, Select } from "@/components/ui/field";
import { workspaceLabel } from "@/components/ui/workspace-field";
import { REQUEST_TYPE_LABELS } from "./connection-types";
import {
  initialFormState,
  type ConnectionFormValues,
  type FormAction,
  type ProposedConnection,
} from "@/lib/forms/form-state";

export interface OwnBot {
  id: string;
  handle: string;
  name: string;
  workspace: { slug: string; name: string };
}

/** Propose a trusted connection: one of your bots, the other bot by workspace slug and handle, types each way. */
export function ProposeConnectionForm({
  action,
  bots,
}: {
  action: FormAction<ConnectionFormValues, ProposedConnection>;
  bots: OwnBot[];
}) {
  const [state, formAction, pending] = useActionState(action, initialFormState);
  const values = state.values;
  const errors = state.fieldErrors ?? {};
  const workspaces = [...new Map(bots.map((bot) => [bot.workspace.slug, bot.workspace])).values()];
  return (
    <form key={state.n} action={formAction} noValidate>
      <Card aria-labelledby="propose-title">
        <CardHeader
          id="propose-title"
          title="Propose a connection"
          description="Between one of your workspace's bots and another bot. Across workspaces, an admin of the other workspace accepts it before any request travels."
        />
        <CardBody className="space-y-5">
          {state.error && (
            <Alert tone="danger" title="The connection was not proposed">
              {state.error}
            </Alert>
          )}
          {state.result && (
            <Alert tone="success" title={state.result.state === "active" ? "Connected" : "Proposed"}>
              {state.result.state === "active"
                ? `Your bot and ${state.result.other} can now ask each other what you allowed.`
                : `An admin of ${visibleText(state.result.workspace)} must accept before ${state.result.other} and your bot can ask each other anything.`}
            </Alert>
          )}
          <Field id="botId" label="Your bot" error={errors.botId}>
            <Select
              id="botId"
              name="botId"
              defaultValue={values?.botId ?? bots[0]?.id}
              invalid={!!errors.botId}
              {...describedBy("botId", { error: errors.botId })}
            >
              {workspaces.map((workspace) => (
                <optgroup key={workspace.slug} label={workspaceLabel(workspace)}>
                  {bots
                    .filter((bot) => bot.workspace.slug === workspace.slug)
                    .map((bot) => (
                      <option key={bot.id} value={bot.id}>
                        @{bot.handle} · {visibleText(bot.name)}
                      </option>
                    ))}
                </optgroup>
              ))}
            </Select>
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              id="otherWorkspace"
              label="Other bot's workspace"
              error={errors.otherWorkspace}
              hint="Its slug, e.g. acme-support. Your own workspace's slug connects two of your bots."
            >
              <Input
                id="otherWorkspace"
                name="otherWorkspace"
                mono
                required
                autoComplete="off"
                spellCheck={false}
                defaultValue={values?.otherWorkspace}
                invalid={!!errors.otherWorkspace}
                {...describedBy("otherWorkspace", { error: errors.otherWorkspace, hint: true })}
              />
            </Field>
            <Field id="otherHandle" label="Other bot's handle" error={errors.otherHandle}>
              <div className="flex rounded-md shadow-sm">
                <span className="inline-flex items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-500">
                  @
                </span>
                <Input
                  id="otherHandle"
                  name="otherHandle"
                  mono
                  required
                  autoComplete="off"
                  spellCheck={false}
                  defaultValue={values?.otherHandle}
                  invalid={!!errors.otherHandle}
                  className="rounded-l-none shadow-none"
                  {...describedBy("otherHandle", { error: errors.otherHandle })}
                />
              </div>
            </Field>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TypeChoices
              name="typesToOther"
              legend="Your bot may ask the other bot for"
              checked={values?.typesToOther ?? ["availability", "info"]}
              error={errors.typesToOther}
            />
            <TypeChoices
              name="typesFromOther"
              legend="The other bot may ask yours for"
              checked={values?.typesFromOther ?? []}
            />
          </div>
          <label htmlFor="requiresApproval" className="flex cursor-pointer gap-3">
            <input
              id="requiresApproval"
              type="checkbox"
              name="requiresApproval"
              defaultChecked={values?.requiresApproval ?? true}
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
            />
            <span>
              <span className="block text-sm font-medium text-slate-800">A person approves each request first</span>
              <span className="block text-xs text-slate-500">
                Requests wait in the asking workspace&apos;s approvals inbox before they reach the other bot. New
                bots&apos; requests always wait.
              </span>
            </span>
          </label>
        </CardBody>
        <CardFooter>
          <Button type="submit" disabled={pending || bots.length === 0}>
            {pending ? "Proposing…" : "Propose connection"}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}

function TypeChoices({
  name,
  legend,
  checked,
  error,
}: {
  name: string;
  legend: string;
  checked: string[];
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <ul className="mt-2 space-y-1">
        {AGENT_REQUEST_TYPES.map((type) => {
          const id = `${name}-${type}`;
          return (
            <li key={type}>
              <label
                htmlFor={id}
                className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1 hover:bg-slate-50"
              >
                <input
                  id={id}
                  type="checkbox"
                  name={name}
                  value={type}
                  defaultChecked={checked.includes(type)}
                  className="size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
                />
                <span className="text-sm text-slate-800">{REQUEST_TYPE_LABELS[type]}</span>
                <span className="font-mono text-xs text-slate-500">{type}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={`${name}-error`} className="mt-1.5 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
