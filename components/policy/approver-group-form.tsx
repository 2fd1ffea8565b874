"use client";

import { useActionState, useId } from "react";
import { Alert } from "@/components/ui/alert";
import { SaveRow } from "@/components/chat/save-footer";
import { describedBy, Field, Input } from "@/components/ui/field";
import { UntrustedText } from "@/components/ui/untrusted-text";
import type { ApproverGroupValues, FormAction, FormState } from "@/lib/forms/form-state";

// A named approver group's form on the rules page (issue 33): a new group's slug, name and people, or an existing
// group's name and people (its slug is what rules name, so it stays). The people are the workspace's, as checkboxes;
// the group is exactly those ticked. A refusal (a slug in use or malformed, a change the rules in force could not
// live with, naming the rule and field) is shown beside its field, with what was typed and ticked kept.

export interface GroupPerson {
  userId: string;
  name: string;
  handle: string;
}

/** Makes a group (without `group`) or changes one. */
export function ApproverGroupForm({
  group,
  people,
  action,
}: {
  group?: { slug: string; name: string; memberIds: string[] };
  people: GroupPerson[];
  action: FormAction<ApproverGroupValues>;
}) {
  const [state, formAction, pending] = useActionState<FormState<ApproverGroupValues>, FormData>(action, { n: 0 });
  const id = useId();
  const v = state.values ?? { slug: group?.slug ?? "", name: group?.name ?? "", memberIds: group?.memberIds ?? [] };
  const ticked = new Set(v.memberIds);
  const errors = state.fieldErrors ?? {};
  return (
    // Remounted after each answer so the fields show what was saved, or what was typed when it was refused.
    <form action={formAction} key={state.n} className="space-y-4" data-testid={`group-form-${group?.slug ?? "new"}`}>
      {state.error && <Alert tone="danger">{state.error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        {!group && (
          <Field
            id={`${id}-slug`}
            label="Slug"
            hint="What rules name it by: lowercase letters, digits and dashes, e.g. finance."
            error={errors.slug}
          >
            <Input
              id={`${id}-slug`}
              name="slug"
              required
              maxLength={64}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              mono
              autoComplete="off"
              spellCheck={false}
              defaultValue={v.slug}
              invalid={!!errors.slug}
              {...describedBy(`${id}-slug`, { error: errors.slug, hint: true })}
            />
          </Field>
        )}
        <Field id={`${id}-name`} label="Name" hint="For people, e.g. Finance." error={errors.name}>
          <Input
            id={`${id}-name`}
            name="name"
            required
            maxLength={100}
            defaultValue={v.name}
            invalid={!!errors.name}
            {...describedBy(`${id}-name`, { error: errors.name, hint: true })}
          />
        </Field>
      </div>
      <fieldset aria-describedby={errors.memberIds ? `${id}-members-error` : `${id}-members-hint`}>
        <legend className="text-sm font-medium text-slate-800">Members</legend>
        <p id={`${id}-members-hint`} className="mt-0.5 text-xs text-slate-500">
          Exactly the people ticked. A group a rule names must keep at least as many as the rule asks approvals of.
        </p>
        <ul className="mt-2 grid max-h-64 gap-1 overflow-y-auto sm:grid-cols-2">
          {people.map((person) => (
            <li key={person.userId}>
              <label className="flex min-w-0 items-center gap-2 rounded px-1 py-1 text-sm text-slate-800 hover:bg-slate-50">
                <input
                  type="checkbox"
                  name="memberIds"
                  value={person.userId}
                  defaultChecked={ticked.has(person.userId)}
                  className="size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus:ring-2 focus:ring-indigo-500/40"
                />
                <span className="min-w-0 wrap-anywhere">
                  <UntrustedText text={person.name} />{" "}
                  <span className="text-slate-500">
                    @<UntrustedText text={person.handle} />
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {errors.memberIds && (
          <p id={`${id}-members-error`} className="mt-1.5 text-xs font-medium text-red-600">
            {errors.memberIds}
          </p>
        )}
      </fieldset>
      <SaveRow pending={pending} done={state.error ? undefined : state.done} variant={group ? "secondary" : "primary"}>
        {group ? `Save ${group.slug}` : "Make group"}
      </SaveRow>
    </form>
  );
}
