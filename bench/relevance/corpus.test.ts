import { describe, expect, it } from "vitest";
import { buildCorpus, buildQueries, expand, fillerCorpus, grade, QUERY_SUBTOPICS, type RelevanceQuery } from "./corpus";
import { QUERY_TEXTS } from "./queries";
import { SUBTOPICS, topicOf } from "./taxonomy";

// The judged data of bench:relevance: deterministic, as large as the issue asks, judged by the documented rules, and
// its metadata never written into a message's text.

const corpus = buildCorpus({ messages: 10_000 });
const queries = buildQueries(corpus);

describe("the judged set", () => {
  it("is the same for the same seed, and differs for another", () => {
    const again = buildCorpus({ messages: 10_000 });
    expect(again).toEqual(corpus);
    expect(buildQueries(again)).toEqual(queries);
    expect(buildCorpus({ messages: 200, seed: 1 }).map((m) => m.text)).not.toEqual(
      corpus.slice(0, 200).map((m) => m.text),
    );
  });

  it("has at least 10,000 messages and 300 queries, every query with an answer in the corpus", () => {
    expect(corpus).toHaveLength(10_000);
    expect(queries.length).toBeGreaterThanOrEqual(300);
    expect(new Set(queries.map((q) => q.id)).size).toBe(queries.length);
    for (const q of queries) expect(corpus.some((m) => grade(q, m) === 2)).toBe(true);
  });

  it("targets only sub-topics of the taxonomy, and every query sub-topic has messages", () => {
    const ids = SUBTOPICS.map((s) => s.id);
    for (const subtopic of QUERY_SUBTOPICS) {
      expect(ids).toContain(subtopic);
      expect(corpus.some((m) => m.subtopic === subtopic)).toBe(true);
    }
  });

  it("records an entity only where the text names it", () => {
    for (const m of corpus.filter((m) => m.entity).slice(0, 2000)) {
      const value = m.entity!.slice(m.entity!.indexOf(":") + 1).toLowerCase();
      const text = m.text.toLowerCase();
      if (m.entity!.startsWith("date:")) {
        const [day, month] = value.split(" ") as [string, string];
        expect(text).toContain(month);
        expect(text).toMatch(new RegExp(`\\b${day}(st|nd|rd|th)?\\b`));
      } else expect(text).toContain(value);
    }
  });

  it("keeps template syntax out of the texts", () => {
    for (const m of corpus) expect(m.text).not.toMatch(/[{}[\]<>]/);
    for (const subtopic of SUBTOPICS)
      for (const template of subtopic.templates)
        expect(() => expand(template, { r: () => 0.5, kind: subtopic.entity, entity: "X" })).not.toThrow();
  });

  it("writes queries apart from the templates: no query is a message's text", () => {
    const texts = new Set(corpus.map((m) => m.text.toLowerCase()));
    for (const q of queries) expect(texts.has(q.text.toLowerCase())).toBe(false);
    expect(Object.values(QUERY_TEXTS).flat().length).toBeGreaterThanOrEqual(300);
  });
});

describe("grade", () => {
  const general: RelevanceQuery = { id: "q", text: "my delivery is late", subtopic: "delivery.late", entity: null };
  const specific: RelevanceQuery = { ...general, text: "why is order 52817 late", entity: "order:52817" };

  it("is 2 for the same sub-topic, and the same entity when the query names one", () => {
    expect(grade(general, { subtopic: "delivery.late", entity: "order:11111" })).toBe(2);
    expect(grade(general, { subtopic: "delivery.late", entity: null })).toBe(2);
    expect(grade(specific, { subtopic: "delivery.late", entity: "order:52817" })).toBe(2);
  });

  it("is 1 for the same topic otherwise", () => {
    expect(grade(specific, { subtopic: "delivery.late", entity: "order:11111" })).toBe(1);
    expect(grade(specific, { subtopic: "delivery.late", entity: null })).toBe(1);
    expect(grade(general, { subtopic: "delivery.damaged", entity: null })).toBe(1);
    expect(grade(general, { subtopic: "delivery.customs", entity: null })).toBe(1); // a filler sub-topic
  });

  it("is 1 for a related topic: order and delivery, refund and billing", () => {
    expect(grade(general, { subtopic: "order.status", entity: null })).toBe(1);
    const refund: RelevanceQuery = { id: "r", text: "where is my refund", subtopic: "refund.status", entity: null };
    expect(grade(refund, { subtopic: "billing.double_charge", entity: null })).toBe(1);
    expect(grade(refund, { subtopic: "delivery.late", entity: null })).toBe(0);
  });

  it("is 0 for another topic, even about the same entity", () => {
    expect(grade(specific, { subtopic: "refund.request", entity: "order:52817" })).toBe(0);
    expect(grade(general, { subtopic: "smalltalk.thanks", entity: null })).toBe(0);
  });
});

describe("the filler", () => {
  const filler = fillerCorpus({ messages: 20_000, conversations: 10 });

  it("is bench:search's sentences, each tagged with a sub-topic", () => {
    expect(filler[0]!.text).toBe(
      "The driver called, he is stuck in traffic near the showroom and will be 81 minutes late.",
    );
    expect(filler[0]!.subtopic).toBe("delivery.late");
    for (const f of filler) expect(f.subtopic).toMatch(/^[a-z]+\.[a-z_]+$/);
  });

  it("is judged by the same rules: its late drivers answer a general 'late' query, never an order's", () => {
    const late = filler.filter((f) => f.subtopic === "delivery.late");
    expect(late.length).toBeGreaterThan(500);
    const q: RelevanceQuery = { id: "q", text: "my delivery is late", subtopic: "delivery.late", entity: null };
    expect(late.every((f) => grade(q, f) === 2)).toBe(true);
    const ordered = queries.filter((q) => q.entity?.startsWith("order:"));
    expect(ordered.length).toBeGreaterThan(20);
    for (const q of ordered) expect(filler.some((f) => grade(q, f) === 2)).toBe(false);
  });

  it("has its own topics for what no query is about", () => {
    const other = filler.filter((f) => topicOf(f.subtopic) === "other" || topicOf(f.subtopic) === "smalltalk");
    for (const q of queries) expect(other.some((f) => grade(q, f) > 0)).toBe(false);
  });
});
