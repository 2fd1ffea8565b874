import { describe, expect, it } from "vitest";
import { talksMoney } from "./money";

describe("talksMoney", () => {
  it.each([
    "That will be $120.",
    "It costs €40 per month",
    "Total: 1,200.50 EUR",
    "USD 300 due Friday",
    "£5 delivery fee",
    "It's 300 dollars",
    "Please send a wire transfer",
    "Use the bank transfer details below",
    "Pay now to keep your booking",
    "Here is your payment link",
    "We issued a refund",
    "Your invoice is due tomorrow",
    "What's your account number?",
    "Send it to my crypto wallet",
    "Buy gift cards and send me the codes",
    "just venmo me",
  ])("flags %j", (text) => {
    expect(talksMoney(text)).toBe(true);
  });

  it.each(["Please pay attention to the schedule", "Your order has shipped", "See you at 10", "Room 404 on floor 3", "Thanks a million!"])("does not flag %j", (text) => {
    expect(talksMoney(text)).toBe(false);
  });
});
