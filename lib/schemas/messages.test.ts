import { describe, expect, it } from "vitest";
import { PatchMessageRequest, SendMessageRequest } from "./messages";
import { CreateDraftRequest } from "./drafts";

const status = { type: "status_block", title: "Working on it", state: "working" };

describe("SendMessageRequest", () => {
  it("takes a body, or blocks with the body defaulting to the first block's title", () => {
    expect(SendMessageRequest.parse({ body: "hi" })).toEqual({ body: "hi", blocks: undefined });
    expect(SendMessageRequest.parse({ blocks: [status] }).body).toBe("Working on it");
    expect(SendMessageRequest.parse({ body: "fallback", blocks: [status] }).body).toBe("fallback");
  });

  it("needs a body without blocks; refuses blank, too long and unknown fields", () => {
    for (const input of [{}, { body: "" }, { body: "  \n " }, { body: "x".repeat(4001) }, { body: "hi", sender_user_id: "x" }, { body: "hi", kind: "system" }]) {
      expect(SendMessageRequest.safeParse(input).success).toBe(false);
    }
    expect(SendMessageRequest.safeParse({ body: "x".repeat(4000) }).success).toBe(true);
  });

  it("reports problems inside blocks under the blocks path", () => {
    const result = SendMessageRequest.safeParse({ blocks: [{ ...status, extra: 1 }] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path[0]).toBe("blocks");
  });
});

describe("PatchMessageRequest", () => {
  it("accepts status blocks only", () => {
    expect(PatchMessageRequest.safeParse({ blocks: [status] }).success).toBe(true);
    expect(PatchMessageRequest.safeParse({ blocks: [{ type: "approval_card", title: "t", actions: [{ key: "a", label: "A" }] }] }).success).toBe(false);
    expect(PatchMessageRequest.safeParse({ blocks: [] }).success).toBe(false);
    expect(PatchMessageRequest.safeParse({ blocks: [status], body: "x" }).success).toBe(false);
  });
});

describe("CreateDraftRequest", () => {
  it("requires only body; follow_up delay is 1 minute to 30 days", () => {
    expect(CreateDraftRequest.safeParse({ body: "b" }).success).toBe(true);
    expect(CreateDraftRequest.safeParse({ rationale: "r" }).success).toBe(false);
    expect(CreateDraftRequest.safeParse({ body: "b", follow_up: { body: "f", delay_minutes: 43_200 } }).success).toBe(true);
    expect(CreateDraftRequest.safeParse({ body: "b", follow_up: { body: "f", delay_minutes: 43_201 } }).success).toBe(false);
    expect(CreateDraftRequest.safeParse({ body: "b", follow_up: { body: "f", delay_minutes: 1.5 } }).success).toBe(false);
  });
});
