import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { FormTextRefused } from "@/app/_lib/form-text";
import { refusedForm } from "./form-errors";

// A refusal reaches the form field it names (ApiError's `field`, in the API's names), never by its wording.
describe("refusedForm", () => {
  const values = { webhookUrl: "http://x", name: "Bot" };
  const fields = ["name", "webhookUrl", "eventTypes"];

  it("puts a refusal beside the field it names, the API's name read as the form's", () => {
    const error = new ApiError("invalid_body", "Webhook URL must use https", { field: "webhook_url" });
    expect(refusedForm(error, { n: 1, values, fields })).toEqual({
      n: 1,
      values,
      fieldErrors: { webhookUrl: "Webhook URL must use https" },
    });
  });

  it("answers for the whole form when the field is not one of the form's, or none is named", () => {
    const handle = new ApiError("conflict", "Bot handle @x is taken", { field: "handle" });
    expect(refusedForm(handle, { n: 2, values, fields })).toEqual({ n: 2, values, error: "Bot handle @x is taken" });
    // Words alone name nothing: a message that mentions a field is still the form's.
    const worded = new ApiError("invalid_body", "The name is required");
    expect(refusedForm(worded, { n: 3, values, fields })).toEqual({ n: 3, values, error: "The name is required" });
  });

  it("shows the text rule's refusal beside its field", () => {
    expect(refusedForm(new FormTextRefused("name", "holds a NUL"), { n: 4, values, fields })).toEqual({
      n: 4,
      values,
      fieldErrors: { name: "This field holds a NUL" },
    });
  });

  it("throws on what is not a refusal", () => {
    expect(() => refusedForm(new Error("bug"), { n: 5, values, fields })).toThrow("bug");
  });
});
