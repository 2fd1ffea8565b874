import { initialFormState, type FormState } from "@/components/ui/form-state";

// What the chat's server actions answer (useActionState): the one FormState of every form
// (components/ui/form-state.ts); a chat control shows `error` beside itself and announces `done`.

export type ActionState = FormState;

export const initialActionState: ActionState = initialFormState;
