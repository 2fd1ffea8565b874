import { initialFormState, type FormState } from "@/components/ui/form-state";

// What the chat's server actions answer (useActionState): the one FormState of every form
// (components/ui/form-state.ts); a chat control shows `error` beside itself and announces `done`.

export type ActionState = FormState;

export const initialActionState: ActionState = initialFormState;

/** A server action bound by the page to what it acts on, as a button runs it (ActionButton). */
export type ButtonAction = (state: ActionState) => Promise<ActionState>;

/** A server action bound by the page to what it acts on, as a form runs it. */
export type FormAction = (state: ActionState, formData: FormData) => Promise<ActionState>;
