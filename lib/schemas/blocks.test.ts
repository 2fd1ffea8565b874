import { describe, expect, it } from "vitest";
import { Block, Blocks, blockTexts } from "./blocks";

const approval = { type: "approval_card", title: "Refund?", fields: [{ label: "Order", value: "#1042" }], actions: [{ key: "yes", label: "Yes", style: "primary" }, { key: "no", label: "No", style: "danger" }] };
const form = {
  type: "form_card",
  title: "Book a visit",
  submit: { key: "book", label: "Book" },
  inputs: [
    { type: "date", name: "day", label: "Day", required: true },
    { type: "select", name: "slot", label: "Slot", options: [{ value: "am", label: "Morning" }, { value: "pm", label: "Afternoon" }] },
    { type: "text", name: "note", label: "Note", placeholder: "Anything else?", max_length: 200 },
    { type: "number", name: "people", label: "People", min: 1, max: 8 },
  ],
};
const status = { type: "status_block", title: "Booking", state: "working" };

const fails = (value: unknown) => expect(Block.safeParse(value).success).toBe(false);

describe("blocks", () => {
  it("accepts the three kinds, with every input type", () => {
    for (const block of [approval, form, status]) expect(Block.parse(block)).toMatchObject({ type: block.type });
  });

  it("defaults an action's style to secondary and fields to []", () => {
    const parsed = Block.parse({ type: "approval_card", title: "t", actions: [{ key: "a", label: "A" }] });
    expect(parsed).toEqual({ type: "approval_card", title: "t", fields: [], actions: [{ key: "a", label: "A", style: "secondary" }] });
  });

  it("refuses an unknown field at every level", () => {
    fails({ ...status, color: "red" });
    fails({ ...approval, footer: "x" });
    fails({ ...approval, actions: [{ key: "a", label: "A", url: "https://x" }] });
    fails({ ...approval, fields: [{ label: "a", value: "b", inline: true }] });
    fails({ ...form, submit: { key: "k", label: "L", style: "primary" } });
    fails({ ...form, inputs: [{ type: "date", name: "d", label: "D", default: "today" }] });
    fails({ ...form, inputs: [{ type: "select", name: "s", label: "S", options: [{ value: "v", label: "V", selected: true }] }] });
    fails({ ...form, inputs: [{ type: "date", name: "d", label: "D", options: [{ value: "v", label: "V" }] }] });
  });

  it("refuses unknown types, styles, states and input types", () => {
    fails({ type: "carousel", title: "x" });
    fails({ ...approval, actions: [{ key: "a", label: "A", style: "neon" }] });
    fails({ ...status, state: "exploded" });
    fails({ ...form, inputs: [{ type: "file", name: "f", label: "F" }] });
  });

  it("refuses duplicates and empties", () => {
    fails({ ...approval, actions: [{ key: "a", label: "A" }, { key: "a", label: "B" }] });
    fails({ ...approval, actions: [] });
    fails({ ...form, inputs: [{ type: "date", name: "d", label: "D" }, { type: "date", name: "d", label: "E" }] });
    fails({ ...form, inputs: [] });
    fails({ ...form, inputs: [{ type: "select", name: "s", label: "S", options: [] }] });
    fails({ ...status, title: "   " });
    fails({ ...status, title: "x".repeat(201) });
  });

  it("allows 1 to 10 blocks", () => {
    expect(Blocks.safeParse([]).success).toBe(false);
    expect(Blocks.safeParse(Array(10).fill(status)).success).toBe(true);
    expect(Blocks.safeParse(Array(11).fill(status)).success).toBe(false);
  });

  it("blockTexts returns every text a person sees", () => {
    const texts = blockTexts(Blocks.parse([approval, form, status]));
    expect(texts).toEqual(expect.arrayContaining(["Refund?", "Order", "#1042", "Yes", "No", "Book a visit", "Book", "Day", "Morning", "Afternoon", "Anything else?", "People", "Booking"]));
  });
});
