import { Badge } from "@/components/ui/badge";
import { UntrustedText } from "@/components/ui/untrusted-text";

// What the workspace's policy rules read beside a message (issue 33; docs/decisions/034-policy-rules.md): the labels
// people put on a contact or a conversation, and a contact's time zone. Shown to everyone who sees the contact or
// the conversation; only admins change them (./routing-forms.tsx).

/** Labels as badges, or a word saying there are none. */
export function LabelBadges({ labels, label }: { labels: string[]; label: string }) {
  if (labels.length === 0) return <span className="text-slate-500">No labels</span>;
  return (
    <ul className="inline-flex flex-wrap gap-1.5" aria-label={label}>
      {labels.map((name) => (
        <li key={name}>
          <Badge tone="indigo">
            <UntrustedText text={name} />
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** A contact's labels and time zone, as rules read them. */
export function ContactRoutingView({ labels, timeZone }: { labels: string[]; timeZone: string | null }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1.5 text-sm">
      <dt className="text-slate-500">Labels</dt>
      <dd className="min-w-0">
        <LabelBadges labels={labels} label="Contact labels" />
      </dd>
      <dt className="text-slate-500">Time zone</dt>
      <dd className="min-w-0 wrap-anywhere text-slate-800">
        {timeZone ? (
          <UntrustedText text={timeZone} />
        ) : (
          <span className="text-slate-500">Not known: rules use the workspace&apos;s time zone</span>
        )}
      </dd>
    </dl>
  );
}
