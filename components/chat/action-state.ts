// What the chat's server actions answer (useActionState): `n` counts submissions so a component can tell a fresh
// answer from the last one; `error` is the refusal in words, shown beside the control that caused it.

export interface ActionState {
  n: number;
  error?: string;
  /** A short confirmation to announce ("Sent", "Approved"). */
  done?: string;
}

export const initialActionState: ActionState = { n: 0 };
