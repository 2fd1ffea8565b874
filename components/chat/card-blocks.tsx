"use client";

import { useActionState, useId, useState, type ComponentProps, type ReactNode } from "react";
import type { Block } from "@/lib/schemas/blocks";
import type { CardResponse } from "@/lib/messages/message-view";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { visibleText } from "@/lib/text/hidden-characters";
import { initialActionState, type ActionState } from "@/lib/forms/form-state";
import { Time } from "./time";
import { TEXT_INPUT_MAX } from "@/lib/limits";

type ApprovalCard = Extract<Block, { type: "approval_card" }>;
type FormCard = Extract<Block, { type: "form_card" }>;
type CardAction = (state: ActionState, formData: FormData) => Promise<ActionState>;

// Interactive cards of a bot's message. A card is answered once: the answer (who, what, when) replaces the controls
// for everyone, and the bot hears it as a signed `message.received` webhook. Every text a bot wrote in a card is shown
// as UntrustedText (or, where only a string fits, with its direction controls made visible).

export function ApprovalCardView({
  card,
  answer,
  action,
  disabled,
}: {
  card: ApprovalCard;
  answer: CardResponse | undefined;
  action: CardAction | null;
  disabled?: boolean;
}) {
  const [state, formAction, pending] = useActionState(action ?? (async (s: ActionState) => s), initialActionState);
  const titleId = useId();
  const chosen = answer && card.actions.find((a) => a.key === answer.action_key);
  return (
    <section
      aria-labelledby={titleId}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 shadow-xs"
      data-testid="approval-card"
    >
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        <UntrustedText text={card.title} />
      </h3>
      {card.fields.length > 0 && (
        <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          {card.fields.map((field, i) => (
            <div key={i} className="contents">
              <dt className="min-w-0 text-slate-500">
                <UntrustedText text={field.label} />
              </dt>
              <dd className="min-w-0 whitespace-pre-wrap text-slate-900">
                <UntrustedText text={field.value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {answer ? (
        <AnswerLine
          answer={answer}
          className="mt-3 flex flex-wrap items-center gap-1.5 text-sm text-slate-700"
          data-testid="card-answer"
        >
          chose{" "}
          <strong>
            <UntrustedText text={chosen?.label ?? answer.action_key} />
          </strong>
        </AnswerLine>
      ) : (
        <form action={formAction} className="mt-3 flex flex-wrap gap-2">
          {card.actions.map((a) => (
            <Button
              key={a.key}
              type="submit"
              name="actionKey"
              value={a.key}
              size="sm"
              variant={a.style === "primary" ? "primary" : a.style === "danger" ? "danger" : "secondary"}
              disabled={pending || disabled || !action}
            >
              <UntrustedText text={a.label} />
            </Button>
          ))}
        </form>
      )}
      <CardError message={state.error} />
    </section>
  );
}

export function FormCardView({
  card,
  answer,
  action,
  disabled,
}: {
  card: FormCard;
  answer: CardResponse | undefined;
  action: CardAction | null;
  disabled?: boolean;
}) {
  const [state, formAction, pending] = useActionState(action ?? (async (s: ActionState) => s), initialActionState);
  // What the person typed is held here: a refused answer keeps it (React resets a form's uncontrolled fields).
  const [typed, setTyped] = useState<Record<string, string>>({});
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 shadow-xs"
      data-testid="form-card"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        <UntrustedText text={card.title} />
      </h3>
      {answer ? (
        <div className="mt-2 text-sm text-slate-700" data-testid="card-answer">
          <AnswerLine answer={answer} className="flex flex-wrap items-center gap-1.5">
            sent{" "}
            {card.submit.label.toLowerCase() === "submit" ? (
              "the form"
            ) : (
              <>
                “<UntrustedText text={card.submit.label} />”
              </>
            )}
          </AnswerLine>
          <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1">
            {card.inputs.map((input) => (
              <div key={input.name} className="contents">
                <dt className="min-w-0 text-slate-500">
                  <UntrustedText text={input.label} />
                </dt>
                <dd className="min-w-0 text-slate-900">{shown(input, answer.values[input.name])}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : (
        <form action={formAction} className="mt-2 space-y-3">
          <input type="hidden" name="actionKey" value={card.submit.key} />
          {card.inputs.map((input) => {
            const inputId = `${id}-${input.name}`;
            const common = {
              id: inputId,
              name: `input:${input.name}`,
              value: typed[input.name] ?? "",
              onChange: (event: { target: { value: string } }) =>
                setTyped((fields) => ({ ...fields, [input.name]: event.target.value })),
              required: input.required ?? false,
              disabled: pending || disabled || !action,
            };
            return (
              <div key={input.name}>
                <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
                  <UntrustedText text={input.label} />
                  {!input.required && <span className="ml-1.5 text-xs font-normal text-slate-500">optional</span>}
                </label>
                <div className="mt-1">
                  {input.type === "select" ? (
                    <Select {...common}>
                      <option value="" disabled={input.required}>
                        Choose…
                      </option>
                      {input.options.map((option) => (
                        <option key={option.value} value={option.value}>
                          {visibleText(option.label)}
                        </option>
                      ))}
                    </Select>
                  ) : input.type === "number" ? (
                    <Input {...common} type="number" inputMode="decimal" step="any" min={input.min} max={input.max} />
                  ) : input.type === "date" ? (
                    <Input {...common} type="date" />
                  ) : (
                    <Input
                      {...common}
                      type="text"
                      placeholder={input.placeholder && visibleText(input.placeholder)}
                      maxLength={input.max_length ?? TEXT_INPUT_MAX}
                    />
                  )}
                </div>
              </div>
            );
          })}
          <Button type="submit" size="sm" disabled={pending || disabled || !action}>
            <UntrustedText text={card.submit.label} />
          </Button>
        </form>
      )}
      <CardError message={state.error} />
    </section>
  );
}

/** Who answered a card, what they did (the children) and when: the same line under either kind of card. */
function AnswerLine({
  answer,
  children,
  ...props
}: { answer: CardResponse; children: ReactNode } & Omit<ComponentProps<"p">, "children">) {
  return (
    <p {...props}>
      <span aria-hidden className="text-emerald-600">
        ✓
      </span>
      <span>
        <strong>
          @<UntrustedText text={answer.handle} />
        </strong>{" "}
        {children}
      </span>
      <Time iso={answer.at} className="text-xs text-slate-500" />
    </p>
  );
}

function CardError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-2 text-xs font-medium text-red-600">
      {message}
    </p>
  );
}

function shown(input: FormCard["inputs"][number], value: string | number | undefined) {
  if (value === undefined || value === "") return <span className="text-slate-500">—</span>;
  const text =
    input.type === "select" ? (input.options.find((o) => o.value === value)?.label ?? String(value)) : String(value);
  return <UntrustedText text={text} />;
}
