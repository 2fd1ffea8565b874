import type { ContactFactView, ContactFacts } from "@/lib/memory/list-contact-facts";
import { Badge } from "@/components/ui/badge";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { visibleText } from "@/lib/text/hidden-characters";
import { ActionButton } from "./action-button";
import type { ButtonAction, FormAction } from "@/lib/forms/form-state";
import { EditFactForm } from "./edit-fact-form";
import { Time } from "./time";

/** What a person does with a fact: confirm it (replacing or keeping the facts of its key), reject or retire it. */
export type FactDecision = "confirm" | "confirm_keep" | "reject" | "retire";

/** The panel's server actions, bound to the page by the page: each call gives the action for one fact. */
export interface FactActions {
  decide: (factId: string, decision: FactDecision) => ButtonAction;
  revise: (factId: string) => FormAction<unknown>;
}

/**
 * What is known about a contact, beside the conversation: candidates bots proposed (confirm, or reject), confirmed
 * facts (edit, retire) and their history, each with its source message. Only confirmed facts reach bots. Facts are
 * bots' words: shown as UntrustedText.
 */
export function ContactFactsPanel({
  facts,
  workspaceSlug,
  actions,
}: {
  facts: ContactFacts;
  workspaceSlug: string;
  actions: FactActions;
}) {
  const confirmedByKey = new Map<string, ContactFactView[]>();
  for (const f of facts.confirmed) confirmedByKey.set(f.key, [...(confirmedByKey.get(f.key) ?? []), f]);
  const sourceHref = (f: ContactFactView) =>
    f.source ? `/chat/${workspaceSlug}/c/${f.source.conversation_id}#m-${f.source.seq}` : null;

  return (
    <div className="mt-3 min-w-0 space-y-3" data-testid="contact-facts">
      {facts.candidates.length > 0 && (
        <div>
          <p className="text-xs font-semibold text-amber-800">Proposed by bots: confirm what is true</p>
          <ul className="mt-1.5 space-y-2">
            {facts.candidates.map((f) => {
              const current = (confirmedByKey.get(f.key) ?? []).filter((c) => c.fact !== f.fact);
              return (
                <li
                  key={f.id}
                  className="rounded-md border border-amber-200 bg-amber-50/60 p-2"
                  data-testid="fact-candidate"
                >
                  <FactLine fact={f} href={sourceHref(f)} />
                  <div className="mt-1.5 flex flex-wrap gap-1.5">
                    <ActionButton action={actions.decide(f.id, "confirm")} variant="primary">
                      {current.length ? "Confirm (replaces)" : "Confirm"}
                    </ActionButton>
                    {current.length > 0 && (
                      <ActionButton action={actions.decide(f.id, "confirm_keep")}>Keep both</ActionButton>
                    )}
                    <ActionButton action={actions.decide(f.id, "reject")} variant="danger-ghost">
                      Reject
                    </ActionButton>
                  </div>
                  {current.length > 0 && (
                    <p className="mt-1 text-xs text-slate-500">
                      Now confirmed:{" "}
                      {current.map((c, i) => (
                        <span key={c.id}>
                          {i > 0 && ", "}“<UntrustedText text={c.fact} />”
                        </span>
                      ))}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {facts.confirmed.length > 0 ? (
        <ul className="space-y-2">
          {facts.confirmed.map((f) => (
            <li key={f.id} className="rounded-md border border-slate-200 p-2" data-testid="fact-confirmed">
              <FactLine fact={f} href={sourceHref(f)} />
              {(confirmedByKey.get(f.key)?.length ?? 0) > 1 && <Badge tone="red">conflicts with another fact</Badge>}
              <div className="mt-1 flex flex-wrap items-start gap-1.5">
                <EditFactForm fact={f.fact} action={actions.revise(f.id)} />
                <ActionButton action={actions.decide(f.id, "retire")} variant="ghost">
                  Retire
                </ActionButton>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        facts.candidates.length === 0 && <p className="text-xs text-slate-500">Nothing confirmed yet.</p>
      )}
      {facts.history.length > 0 && (
        <details className="text-xs text-slate-600">
          <summary className="cursor-pointer font-medium">History ({facts.history.length})</summary>
          <ul className="mt-1.5 space-y-1.5">
            {facts.history.map((f) => (
              <li key={f.id} className="wrap-anywhere">
                <span className="font-mono text-slate-500">
                  <UntrustedText text={f.key} />
                </span>{" "}
                “<UntrustedText text={f.fact} />” — {f.status.replace("_", " ")}
                {f.decided_by && (
                  <>
                    {" by "}
                    <UntrustedText text={f.decided_by.name} />
                  </>
                )}
                {f.decided_at && (
                  <>
                    {" · "}
                    <Time iso={f.decided_at} />
                  </>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function FactLine({ fact, href }: { fact: ContactFactView; href: string | null }) {
  return (
    <div className="min-w-0 text-sm">
      <p className="font-mono text-[11px] text-slate-500">
        <UntrustedText text={fact.key} />
      </p>
      <p className="whitespace-pre-wrap text-slate-900" data-testid="fact-text">
        <UntrustedText text={fact.fact} />
      </p>
      <p className="mt-0.5 text-[11px] text-slate-500">
        {fact.proposed_by ? (
          <>
            {fact.proposed_by.type === "bot" ? "Bot" : "Person"} @<UntrustedText text={fact.proposed_by.handle} />
          </>
        ) : (
          "Unknown"
        )}
        {fact.status === "confirmed" && fact.decided_by && (
          <>
            {" · confirmed by "}
            <UntrustedText text={fact.decided_by.name} />
          </>
        )}
        {href && (
          <>
            {" · "}
            <a
              href={href}
              className="text-indigo-700 hover:underline"
              title={fact.source?.excerpt && visibleText(fact.source.excerpt)}
            >
              source
            </a>
          </>
        )}
        {fact.source_elsewhere && " · from a conversation you do not take part in"}
        {!fact.source && !fact.source_elsewhere && " · source deleted"}
      </p>
    </div>
  );
}
