import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";

// The audit page's filters: a GET form, so a filtered view is a link to share and the browser's back button works.
// Every control has its label; times are UTC (what the entries' times say on hover), minutes being the input's step.

export interface AuditFilterValues {
  person: string;
  bot: string;
  kind: string;
  /** `datetime-local` values, UTC. */
  from: string;
  to: string;
  size: number;
}

export interface AuditFiltersProps {
  /** The page's path: the form's action and the Clear link. */
  path: string;
  values: AuditFilterValues;
  people: { id: string; name: string; handle: string }[];
  bots: { id: string; name: string; handle: string }[];
  kinds: string[];
  sizes: readonly number[];
  /** The field a refusal named, marked invalid and described by the refusal (`errorId`, the element saying why). */
  invalid?: string;
  errorId?: string;
}

const labelClass = "text-xs font-medium text-slate-700";

export function AuditFilters({ path, values, people, bots, kinds, sizes, invalid, errorId }: AuditFiltersProps) {
  // Every `policy.*` kind at once: the prefixes of the kinds present.
  const prefixes = [...new Set(kinds.filter((k) => k.includes(".")).map((k) => k.slice(0, k.indexOf(".") + 1)))];
  const kindOffered = [...prefixes, ...kinds].includes(values.kind) || values.kind === "";
  const filtered = Boolean(values.person || values.bot || values.kind || values.from || values.to);
  const field = (name: string) =>
    invalid === name ? { "aria-invalid": true, "aria-describedby": errorId } : ({} as Record<string, never>);
  return (
    <form
      method="get"
      action={path}
      aria-label="Filter the audit entries"
      className="grid gap-3 border-b border-slate-200 bg-slate-50/60 px-5 py-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <div>
        <label htmlFor="audit-person" className={labelClass}>
          Person
        </label>
        <Select id="audit-person" name="person" defaultValue={values.person} className="mt-1" {...field("person")}>
          <option value="">Anyone</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} (@{p.handle})
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="audit-bot" className={labelClass}>
          Bot
        </label>
        <Select id="audit-bot" name="bot" defaultValue={values.bot} className="mt-1" {...field("bot")}>
          <option value="">Any bot</option>
          {bots.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name} (@{b.handle})
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="audit-kind" className={labelClass}>
          Kind
        </label>
        <Select id="audit-kind" name="kind" defaultValue={values.kind} className="mt-1" {...field("kind")}>
          <option value="">Any kind</option>
          {!kindOffered && <option value={values.kind}>{values.kind}</option>}
          {prefixes.length > 0 && (
            <optgroup label="Every kind that starts with">
              {prefixes.map((prefix) => (
                <option key={prefix} value={prefix}>
                  {prefix}*
                </option>
              ))}
            </optgroup>
          )}
          {kinds.length > 0 && (
            <optgroup label="One kind">
              {kinds.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </optgroup>
          )}
        </Select>
      </div>
      {(["from", "to"] as const).map((name) => (
        <div key={name}>
          <label htmlFor={`audit-${name}`} className={labelClass}>
            {name === "from" ? "From" : "Until"} (UTC)
          </label>
          <Input
            id={`audit-${name}`}
            name={name}
            type="datetime-local"
            defaultValue={values[name]}
            className="mt-1"
            {...field(name)}
          />
        </div>
      ))}
      <div>
        <label htmlFor="audit-size" className={labelClass}>
          Entries per page
        </label>
        <Select id="audit-size" name="size" defaultValue={String(values.size)} className="mt-1" {...field("size")}>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit" variant="secondary">
          Show entries
        </Button>
        {filtered && (
          <Link href={path} className={buttonClasses({ variant: "ghost" })}>
            Clear filters
          </Link>
        )}
      </div>
    </form>
  );
}
