import { describe, expect, it } from "vitest";
import { ContactRoutingForm, contactRoutingFromForm, ConversationLabelsForm, labelsFromText, LABELS_MAX } from "./labels";

// Labels and a time zone as the chat's forms send them (issue 33): one text of labels, separated by commas or new
// lines; an empty zone is "not known".

describe("labelsFromText", () => {
  it("splits on commas and new lines, trims, and leaves out blank entries", () => {
    expect(labelsFromText(" VIP, legal hold,,\nrenewal\r\n , ")).toEqual(["VIP", "legal hold", "renewal"]);
    expect(labelsFromText("")).toEqual([]);
    expect(labelsFromText(" , \n ")).toEqual([]);
  });
});

describe("ContactRoutingForm", () => {
  it("lowercases, drops repeats and sorts the labels; an empty zone is null, a known one kept", () => {
    expect(ContactRoutingForm.parse(contactRoutingFromForm({ labels: "VIP, legal, vip", timeZone: "" }))).toEqual({
      labels: ["legal", "vip"],
      timeZone: null,
    });
    expect(ContactRoutingForm.parse(contactRoutingFromForm({ labels: "", timeZone: " Asia/Tokyo " }))).toEqual({
      labels: [],
      timeZone: "Asia/Tokyo",
    });
  });

  it("refuses an unknown zone, too many labels and a label too long, each under its field", () => {
    const issues = (labels: string, timeZone: string) =>
      ContactRoutingForm.safeParse(contactRoutingFromForm({ labels, timeZone })).error?.issues.map((issue) => [
        issue.path[0],
        issue.message,
      ]);
    expect(issues("vip", "Mars/Olympus")).toEqual([["timeZone", "must be an IANA time zone such as Europe/Berlin"]]);
    const many = Array.from({ length: LABELS_MAX + 1 }, (_, i) => `l${i}`).join(",");
    expect(issues(many, "")).toEqual([["labels", `at most ${LABELS_MAX} labels`]]);
    expect(issues("x".repeat(41), "UTC")).toEqual([["labels", "a label has at most 40 characters"]]);
  });
});

describe("ConversationLabelsForm", () => {
  it("reads labels as the contact's form does", () => {
    expect(ConversationLabelsForm.parse({ labels: labelsFromText("Escalated,legal") })).toEqual({
      labels: ["escalated", "legal"],
    });
  });
});
