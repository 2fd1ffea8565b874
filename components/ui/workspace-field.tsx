import type { ReactNode } from "react";
import { visibleText } from "@/lib/text/hidden-characters";
import { describedBy, Field, Select } from "./field";

// The workspace picker of every form that acts in one workspace (registering a bot, creating a token, an assistant's
// consent): one labelled select, each workspace shown by its name (hidden characters as tokens) and its slug, the
// first chosen unless the form says otherwise. The bot picker of a connection groups bots under the same label.

export interface WorkspaceChoice {
  id: string;
  name: string;
  slug: string;
}

/** How a workspace is named in a picker: its name as it reads, and its slug, which cannot be mistaken. */
export function workspaceLabel(workspace: { name: string; slug: string }): string {
  return `${visibleText(workspace.name)} (${workspace.slug})`;
}

/** A labelled workspace select with its hint and its error, linked by aria-describedby. */
export function WorkspaceField({
  id,
  name = id,
  hint,
  error,
  required,
  workspaces,
  defaultValue,
}: {
  id: string;
  name?: string;
  hint: ReactNode;
  error?: string;
  required?: boolean;
  workspaces: WorkspaceChoice[];
  /** The workspace chosen (the form's last values); the first when none is. */
  defaultValue?: string;
}) {
  return (
    <Field id={id} label="Workspace" error={error} hint={hint}>
      <Select
        id={id}
        name={name}
        defaultValue={defaultValue ?? workspaces[0]?.id}
        required={required}
        invalid={!!error}
        {...describedBy(id, { error, hint: true })}
      >
        {workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspaceLabel(workspace)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
