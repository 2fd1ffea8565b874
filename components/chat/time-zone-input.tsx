"use client";

import { useId, useSyncExternalStore, type ComponentProps } from "react";
import { Input } from "@/components/ui/field";

// A text input for an IANA time zone with the zones suggested from a <datalist> (issue 33: a contact's zone, the
// workspace's). The suggestions are the browser's own list (Intl.supportedValuesOf), read after hydration so the
// server's HTML never disagrees with it and no page carries the list in its payload; the server checks the zone
// typed against its own (lib/schemas/labels.ts, TimeZone) and says so beside the field when it does not know it.

let zones: string[] | undefined;
const browserZones = () => (zones ??= ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")]);
const noZones: string[] = [];
const unchanging = () => () => {};

/** An Input for a time zone, with the browser's zones as suggestions. */
export function TimeZoneInput(props: Omit<ComponentProps<typeof Input>, "list" | "type">) {
  const listId = useId();
  const suggestions = useSyncExternalStore(unchanging, browserZones, () => noZones);
  return (
    <>
      <Input {...props} type="text" list={listId} autoComplete="off" spellCheck={false} />
      <datalist id={listId}>
        {suggestions.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
