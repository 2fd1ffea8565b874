import { describe, expect, it } from "vitest";
import { evaluatePolicy } from "./evaluate";
import type { PolicyMode, PolicySnapshot } from "./types";

// The policy engine as a pure function: every reason code, the order of verdicts, and what each mode applies.

const NOW = new Date("2026-11-22T12:00:00Z");

type Overrides = {
  mode?: PolicyMode;
  content?: string[];
  workspace?: Partial<PolicySnapshot["workspace"]>;
  bot?: Partial<PolicySnapshot["bot"]>;
  settings?: Partial<PolicySnapshot["settings"]>;
  conversation?: Partial<PolicySnapshot["conversation"]>;
  usage?: Partial<PolicySnapshot["usage"]>;
};

/** An established bot in an active workspace sending plain text: sent, unless a test changes something. */
function snapshot(o: Overrides = {}): PolicySnapshot {
  return {
    mode: o.mode ?? "send",
    now: NOW,
    content: o.content ?? ["Your order has shipped."],
    workspace: { status: "active", ...o.workspace },
    bot: { status: "active", trustedMessageCount: 50, ...o.bot },
    settings: { newBotThreshold: 50, dailyLimit: 1000, conversationLimit: null, ...o.settings },
    conversation: { takenOver: false, botBlocked: false, doNotContact: false, optedOut: false, ...o.conversation },
    usage: { dayCount: 10, dayFreesAt: null, conversationCount: 0, conversationFreesAt: null, ...o.usage },
  };
}

const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe("evaluatePolicy", () => {
  it("sends an established bot's ordinary message", () => {
    expect(evaluatePolicy(snapshot())).toEqual({ outcome: "sent", reasons: [] });
  });

  describe("blocked (403)", () => {
    it.each([
      ["workspace_suspended", { workspace: { status: "suspended" as const } }],
      ["workspace_restricted", { workspace: { status: "restricted" as const } }],
      ["bot_stopped", { bot: { status: "stopped" as const } }],
      ["blocked_by_participant", { conversation: { botBlocked: true } }],
      ["do_not_contact", { conversation: { doNotContact: true } }],
      ["secrets_detected", { content: ["here is my key sk_live_4eC39HqLyjWDarjtT1zdp7dc"] }],
    ])("%s", (reason, overrides) => {
      expect(evaluatePolicy(snapshot(overrides))).toEqual({ outcome: "blocked", reasons: [reason] });
    });

    it("lists every block reason, and only block reasons, when holds and opt-outs match too", () => {
      const verdict = evaluatePolicy(
        snapshot({
          workspace: { status: "suspended" },
          bot: { status: "stopped", trustedMessageCount: 0 },
          conversation: { doNotContact: true, optedOut: true, takenOver: true },
          usage: { dayCount: 5000, dayFreesAt: later(60) },
        }),
      );
      expect(verdict).toEqual({ outcome: "blocked", reasons: ["workspace_suspended", "bot_stopped", "do_not_contact"] });
    });

    it("finds a secret in any text of the message, a card's included", () => {
      expect(evaluatePolicy(snapshot({ content: ["Card", "Login", "password: hunter2hunter2"] })).outcome).toBe("blocked");
    });
  });

  it("refuses (409 opted_out) before deferring or holding", () => {
    const verdict = evaluatePolicy(snapshot({ conversation: { optedOut: true, takenOver: true }, usage: { dayCount: 1000, dayFreesAt: later(10) } }));
    expect(verdict).toEqual({ outcome: "refused", reasons: ["opted_out"] });
  });

  describe("deferred (429)", () => {
    it("rate_limit_day with the seconds until the window frees, rounded up", () => {
      const verdict = evaluatePolicy(snapshot({ usage: { dayCount: 1000, dayFreesAt: new Date(NOW.getTime() + 3599_400) } }));
      expect(verdict).toEqual({ outcome: "deferred", reasons: ["rate_limit_day"], retryAfterSeconds: 3600 });
    });

    it("rate_limit_conversation only where the workspace sets a limit", () => {
      expect(evaluatePolicy(snapshot({ usage: { conversationCount: 500 } })).outcome).toBe("sent");
      const verdict = evaluatePolicy(
        snapshot({ settings: { conversationLimit: { max: 5, windowSeconds: 60 } }, usage: { conversationCount: 5, conversationFreesAt: later(42) } }),
      );
      expect(verdict).toEqual({ outcome: "deferred", reasons: ["rate_limit_conversation"], retryAfterSeconds: 42 });
    });

    it("lists both limits and waits for the later one; never less than 1 s", () => {
      const both = evaluatePolicy(
        snapshot({
          settings: { dailyLimit: 3, conversationLimit: { max: 1, windowSeconds: 60 } },
          usage: { dayCount: 3, dayFreesAt: later(10), conversationCount: 1, conversationFreesAt: later(50) },
        }),
      );
      expect(both).toEqual({ outcome: "deferred", reasons: ["rate_limit_day", "rate_limit_conversation"], retryAfterSeconds: 50 });
      const now = evaluatePolicy(snapshot({ settings: { dailyLimit: 3 }, usage: { dayCount: 3, dayFreesAt: NOW } }));
      expect(now).toMatchObject({ outcome: "deferred", retryAfterSeconds: 1 });
    });

    it("defers before holding", () => {
      expect(evaluatePolicy(snapshot({ bot: { trustedMessageCount: 0 }, usage: { dayCount: 1000, dayFreesAt: later(5) } })).outcome).toBe("deferred");
    });
  });

  describe("held (202)", () => {
    it.each([
      ["new_bot", { bot: { trustedMessageCount: 49 } }],
      ["sensitive_money", { content: ["The deposit is $250, payable today."] }],
      ["bot_paused", { bot: { status: "paused" as const } }],
      ["conversation_taken_over", { conversation: { takenOver: true } }],
    ])("%s", (reason, overrides) => {
      expect(evaluatePolicy(snapshot(overrides))).toEqual({ outcome: "held", reasons: [reason] });
    });

    it("a bot is new until its trusted count reaches the workspace's threshold", () => {
      expect(evaluatePolicy(snapshot({ bot: { trustedMessageCount: 50 } })).outcome).toBe("sent");
      expect(evaluatePolicy(snapshot({ bot: { trustedMessageCount: 50 }, settings: { newBotThreshold: 100 } })).reasons).toEqual(["new_bot"]);
    });

    it("lists every hold reason together", () => {
      const verdict = evaluatePolicy(
        snapshot({ bot: { trustedMessageCount: 0, status: "paused" }, content: ["Wire transfer €40 please"], conversation: { takenOver: true } }),
      );
      expect(verdict).toEqual({ outcome: "held", reasons: ["new_bot", "sensitive_money", "bot_paused", "conversation_taken_over"] });
    });
  });

  describe("modes", () => {
    const everything: Overrides = {
      bot: { trustedMessageCount: 0, status: "paused" },
      conversation: { takenOver: true },
      content: ["Refund of $20"],
      usage: { dayCount: 1000, dayFreesAt: later(100) },
    };

    it("approved: a person's approval answers holds and is not rate-limited, but blocks and opt-outs still apply", () => {
      expect(evaluatePolicy(snapshot({ ...everything, mode: "approved" }))).toEqual({ outcome: "sent", reasons: [] });
      expect(evaluatePolicy(snapshot({ ...everything, mode: "approved", conversation: { optedOut: true } })).outcome).toBe("refused");
      expect(evaluatePolicy(snapshot({ ...everything, mode: "approved", conversation: { doNotContact: true } }))).toEqual({ outcome: "blocked", reasons: ["do_not_contact"] });
    });

    it("draft: only blocks and opt-outs", () => {
      expect(evaluatePolicy(snapshot({ ...everything, mode: "draft" })).outcome).toBe("sent");
      expect(evaluatePolicy(snapshot({ mode: "draft", conversation: { optedOut: true } })).outcome).toBe("refused");
      expect(evaluatePolicy(snapshot({ mode: "draft", bot: { status: "stopped" } })).outcome).toBe("blocked");
    });

    it("edit: only blocks (an edit is not a new message)", () => {
      expect(evaluatePolicy(snapshot({ ...everything, mode: "edit", conversation: { optedOut: true } })).outcome).toBe("sent");
      expect(evaluatePolicy(snapshot({ mode: "edit", content: ["token ghp_abcdefghijklmnopqrstuvwxyz0123456789"] }))).toEqual({ outcome: "blocked", reasons: ["secrets_detected"] });
    });
  });
});
