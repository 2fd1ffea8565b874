import { CORE_EVENT_TYPES, EVENT_DESCRIPTIONS, EXTENSION_EVENT_TYPES } from "@/lib/webhooks/event-types";

const GROUPS = [
  { title: "Core events", types: CORE_EVENT_TYPES },
  { title: "Extension events", types: EXTENSION_EVENT_TYPES },
];

/** The event subscription checkboxes (name="eventTypes"), grouped, each with what it means. */
export function EventTypeFields({
  checked,
  error,
  idPrefix = "event",
}: {
  checked: readonly string[];
  error?: string;
  idPrefix?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${idPrefix}-error` : `${idPrefix}-hint`}>
      <legend className="text-sm font-medium text-slate-800">Event subscriptions</legend>
      <p id={`${idPrefix}-hint`} className="mt-1 text-xs text-slate-500">
        Events POSTed to the webhook URL. <code className="font-mono">ping</code> is always sent when you test the
        endpoint.
      </p>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        {GROUPS.map((group) => (
          <div key={group.title}>
            <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.title}</p>
            <ul className="space-y-1">
              {group.types.map((type) => {
                const id = `${idPrefix}-${type.replace(/\W/g, "-")}`;
                return (
                  <li key={type}>
                    <label htmlFor={id} className="flex cursor-pointer gap-3 rounded-md px-2 py-1.5 hover:bg-slate-50">
                      <input
                        id={id}
                        type="checkbox"
                        name="eventTypes"
                        value={type}
                        defaultChecked={checked.includes(type)}
                        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
                      />
                      <span className="min-w-0">
                        <span className="block font-mono text-sm text-slate-900">{type}</span>
                        <span className="block text-xs text-slate-500">
                          {EVENT_DESCRIPTIONS[type].replace(/ \(extension\)$/, "")}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
      {error && (
        <p id={`${idPrefix}-error`} className="mt-2 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
