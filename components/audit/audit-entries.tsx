import type { AuditActor, AuditLogItem } from "@/lib/audit/list-audit-log";
import { Time } from "@/components/chat/time";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { UntrustedText } from "@/components/ui/untrusted-text";
import { factText } from "./fact-text";

// The audit page's entries (issue 34 item 4): when, what kind, who, about what, its facts and its place in the chain.
// A wide table that scrolls sideways inside a named, focusable region at 390 px. Digests and ids are cut to their
// first characters; the full values are in each row's "Facts in full", where a keyboard and a screen reader reach
// them too (a title alone would keep them from both).

const ACTOR_TYPE: Record<AuditActor["type"], string> = { person: "Person", bot: "Bot", system: "System" };

export function AuditEntries({ entries }: { entries: AuditLogItem[] }) {
  return (
    <Table label="Audit entries, newest first" region="Audit entries (scrolls sideways)">
      <thead>
        <tr>
          <Th>When</Th>
          <Th>Kind</Th>
          <Th>Who</Th>
          <Th>Subject</Th>
          <Th>Facts</Th>
          <Th>Chain</Th>
        </tr>
      </thead>
      <Tbody>
        {entries.map((entry) => (
          <tr key={entry.id} className="align-top" data-testid="audit-entry">
            <Td className="text-xs whitespace-nowrap">
              <Time iso={entry.at} />
            </Td>
            <Td className="whitespace-nowrap">
              <code className="font-mono text-xs text-slate-900">{entry.kind}</code>
            </Td>
            <Td className="min-w-[10rem]">
              <Who actor={entry.actor} />
            </Td>
            <Td className="text-xs whitespace-nowrap">
              <span className="text-slate-700">{entry.subject.type}</span>
              {entry.subject.id && (
                <>
                  {" "}
                  <Short value={entry.subject.id} />
                </>
              )}
            </Td>
            <Td className="min-w-[20rem] text-xs">
              <Facts entry={entry} />
            </Td>
            <Td className="text-xs whitespace-nowrap">
              {entry.seq === null ? (
                <span className="text-slate-600 italic">not sealed yet</span>
              ) : (
                <span className="font-mono text-slate-800">seq {entry.seq}</span>
              )}
            </Td>
          </tr>
        ))}
      </Tbody>
    </Table>
  );
}

function Who({ actor }: { actor: AuditActor }) {
  const type = <span className="block text-xs text-slate-600">{ACTOR_TYPE[actor.type]}</span>;
  if (actor.type === "system") return type;
  if (actor.name === null)
    return (
      <>
        {type}
        <span className="text-xs text-slate-700">
          {actor.type === "bot" ? "a bot not in this workspace" : "someone not in this workspace"}
          {actor.id && (
            <>
              {" "}
              <Short value={actor.id} />
            </>
          )}
        </span>
      </>
    );
  return (
    <>
      {type}
      <span className="font-medium text-slate-900">
        <UntrustedText text={actor.name} />
      </span>{" "}
      {actor.handle && (
        <span className="text-xs text-slate-600">
          @<UntrustedText text={actor.handle} />
        </span>
      )}
    </>
  );
}

/** A value cut to its start, the whole in its title (for a pointer); the row's details hold it for everyone. */
function Short({ value }: { value: unknown }) {
  const text = factText(value);
  return (
    <span className="font-mono text-slate-800" title={text.cut ? text.full : undefined}>
      <UntrustedText text={text.short} />
    </span>
  );
}

function Facts({ entry }: { entry: AuditLogItem }) {
  const pairs = Object.entries(entry.facts);
  const cut =
    pairs.some(([, value]) => factText(value).cut) ||
    [entry.subject.id, entry.actor.id].some((id) => id !== null && factText(id).cut);
  return (
    <>
      {pairs.length === 0 ? (
        <span className="text-slate-600">none</span>
      ) : (
        <dl className="flex flex-wrap gap-x-3 gap-y-0.5">
          {pairs.map(([key, value]) => (
            <div key={key} className="flex min-w-0 gap-1">
              <dt className="text-slate-600">
                <UntrustedText text={key} />:
              </dt>
              <dd className="min-w-0">
                <Short value={value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {cut && (
        <details className="mt-1">
          <summary className="w-fit cursor-pointer rounded font-medium text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none">
            Facts in full <span className="sr-only">of entry {entry.id}</span>
          </summary>
          <pre className="mt-1 max-w-[28rem] font-mono text-[11px] whitespace-pre-wrap break-all text-slate-800">
            <UntrustedText
              text={JSON.stringify({ actor: entry.actor.id, subject: entry.subject.id, facts: entry.facts }, null, 2)}
            />
          </pre>
        </details>
      )}
    </>
  );
}
