import { z } from "zod";
import { plainText } from "./common";
import { TEXT_INPUT_MAX } from "@/lib/limits";

// Interactive blocks (docs/api-contract.md#blocks), strictly validated: an unknown field anywhere is refused (422
// `invalid_blocks`). Values the first specification left open are decided here and listed there.

const Key = plainText().regex(/^[A-Za-z0-9_.:-]{1,64}$/, "must be 1-64 letters, digits or _ . : -");
const Title = plainText().trim().min(1, "must not be empty").max(200);
const Label = plainText().trim().min(1, "must not be empty").max(80);

const uniqueBy = <T>(items: T[], key: (item: T) => string) => new Set(items.map(key)).size === items.length;

export const ActionStyle = z.enum(["primary", "secondary", "danger"]);

export const ApprovalCard = z
  .strictObject({
    type: z.literal("approval_card"),
    title: Title,
    fields: z
      .array(z.strictObject({ label: plainText().trim().min(1).max(100), value: plainText().max(1000) }))
      .max(20)
      .default([]),
    actions: z
      .array(z.strictObject({ key: Key, label: Label, style: ActionStyle.default("secondary") }))
      .min(1, "needs at least one action")
      .max(5)
      .refine((actions) => uniqueBy(actions, (a) => a.key), "action keys must be unique within a card"),
  })
  .meta({ id: "ApprovalCard" });

const InputName = plainText().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, "must start with a letter: letters, digits, _");
const inputBase = { name: InputName, label: Label, required: z.boolean().optional() };

export const FormInput = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("date"), ...inputBase }),
  z.strictObject({
    type: z.literal("select"),
    ...inputBase,
    options: z
      .array(z.strictObject({ value: plainText().min(1).max(200), label: plainText().trim().min(1).max(200) }))
      .min(1, "a select needs at least one option")
      .max(50)
      .refine((options) => uniqueBy(options, (o) => o.value), "option values must be unique"),
  }),
  z.strictObject({ type: z.literal("text"), ...inputBase, placeholder: plainText().max(200).optional(), max_length: z.number().int().min(1).max(TEXT_INPUT_MAX).optional() }),
  z.strictObject({ type: z.literal("number"), ...inputBase, min: z.number().optional(), max: z.number().optional() }),
]);

export const FormCard = z
  .strictObject({
    type: z.literal("form_card"),
    title: Title,
    submit: z.strictObject({ key: Key, label: Label }),
    inputs: z
      .array(FormInput)
      .min(1, "a form needs at least one input")
      .max(20)
      .refine((inputs) => uniqueBy(inputs, (i) => i.name), "input names must be unique within a form"),
  })
  .meta({ id: "FormCard" });

export const StatusState = z.enum(["queued", "working", "done", "failed"]);

export const StatusBlock = z
  .strictObject({ type: z.literal("status_block"), title: Title, state: StatusState })
  .meta({ id: "StatusBlock" });

export const Block = z.discriminatedUnion("type", [ApprovalCard, FormCard, StatusBlock]).meta({ id: "Block" });

export const Blocks = z.array(Block).min(1, "send at least one block, or leave blocks out").max(10, "at most 10 blocks");

export type Block = z.output<typeof Block>;
export type StatusBlock = z.output<typeof StatusBlock>;

/** Every text a person sees in the blocks: the policy engine reads these like the body. */
export function blockTexts(blocks: Block[]): string[] {
  return blocks.flatMap((block): string[] => {
    switch (block.type) {
      case "approval_card":
        return [block.title, ...block.fields.flatMap((f) => [f.label, f.value]), ...block.actions.map((a) => a.label)];
      case "form_card":
        return [
          block.title,
          block.submit.label,
          ...block.inputs.flatMap((input) => [
            input.label,
            ...(input.type === "select" ? input.options.map((o) => o.label) : []),
            ...(input.type === "text" && input.placeholder ? [input.placeholder] : []),
          ]),
        ];
      case "status_block":
        return [block.title];
    }
  });
}
