import { seededRandom } from "../lib";

// The filler of bench:search (issue 5): varied chat sentences from a seeded grammar of 16 templates (names,
// products, places, amounts, order codes; "ok" and "see you Friday" repeat, as in real chat). bench:relevance
// (issue 36) adds the same sentences to its judged set, and judges them too: each template carries the topic and
// sub-topic it is about, in the taxonomy of bench/relevance/taxonomy.ts (`other.*` where no query is about it).

const NAMES = [
  "Carla",
  "Ana",
  "Ben",
  "Dev",
  "Marta",
  "Jonas",
  "Inês",
  "Farid",
  "Grace",
  "Hiro",
  "the courier",
  "accounts",
  "her assistant",
  "the warehouse team",
];
const PRODUCTS = [
  "oak chairs",
  "glass panels",
  "the standing desks",
  "floor lamps",
  "the blue sofa",
  "kitchen tiles",
  "office curtains",
  "spare hinges",
  "the walnut table",
  "bookshelves",
  "LED strips",
  "the showroom samples",
];
const PLACES = [
  "Lisbon",
  "Porto",
  "the depot",
  "the showroom",
  "Madrid",
  "the Leeds office",
  "the loading bay",
  "her new flat",
];
const DAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "next week",
  "the end of the month",
  "tomorrow morning",
  "the 5th",
  "the 20th",
];
/** What a filler template is about: a sub-topic of bench/relevance/taxonomy.ts, `other.*` for none of them. */
export interface FillerTag {
  subtopic: string;
}

const TEMPLATES: { tag: FillerTag; make: (r: () => number, pick: <T>(xs: T[]) => T) => string }[] = [
  {
    tag: { subtopic: "delivery.schedule" },
    make: (r, p) => `${p(NAMES)} asked whether the ${p(PRODUCTS)} can be delivered to ${p(PLACES)} by ${p(DAYS)}.`,
  },
  {
    tag: { subtopic: "billing.unpaid" },
    make: (r, p) =>
      `Invoice INV-${10000 + Math.floor(r() * 89999)} for ${p(PRODUCTS)} is still open; ${p(NAMES)} promised to pay on ${p(DAYS)}.`,
  },
  {
    tag: { subtopic: "delivery.damaged" },
    make: (r, p) => `The ${p(PRODUCTS)} arrived at ${p(PLACES)} with ${1 + Math.floor(r() * 9)} damaged boxes.`,
  },
  {
    tag: { subtopic: "appointment.reschedule" },
    make: (r, p) => `Can we move the meeting with ${p(NAMES)} to ${p(DAYS)}? The room at ${p(PLACES)} is booked.`,
  },
  {
    tag: { subtopic: "product.quote" },
    make: (r, p) =>
      `${p(NAMES)} wants a quote for ${2 + Math.floor(r() * 200)} ${p(PRODUCTS)}, delivered to ${p(PLACES)}.`,
  },
  {
    tag: { subtopic: "smalltalk.followup" },
    make: (r, p) => `Thanks, I'll check with ${p(NAMES)} and get back to you before ${p(DAYS)}.`,
  },
  {
    tag: { subtopic: "order.status" },
    make: (r, p) =>
      `Order #${1000 + Math.floor(r() * 9000)} was split: half the ${p(PRODUCTS)} ship ${p(DAYS)}, the rest later.`,
  },
  {
    tag: { subtopic: "refund.request" },
    make: (r, p) => `${p(NAMES)} complained that the ${p(PRODUCTS)} were the wrong colour and wants a refund.`,
  },
  {
    tag: { subtopic: "delivery.customs" },
    make: (r, p) => `Reminder: customs paperwork for the ${p(PRODUCTS)} going to ${p(PLACES)} is due ${p(DAYS)}.`,
  },
  {
    tag: { subtopic: "delivery.late" },
    make: (r, p) =>
      `The driver called, he is stuck in traffic near ${p(PLACES)} and will be ${5 + Math.floor(r() * 90)} minutes late.`,
  },
  {
    tag: { subtopic: "other.contract" },
    make: (r, p) => `Please send the signed contract for the ${p(PRODUCTS)} to ${p(NAMES)} by email.`,
  },
  {
    tag: { subtopic: "other.discount" },
    make: (r, p) =>
      `${p(NAMES)} said the discount of ${5 + Math.floor(r() * 20)}% applies only if they order before ${p(DAYS)}.`,
  },
  {
    tag: { subtopic: "product.stock" },
    make: (r, p) => `Is the ${p(PRODUCTS)} in stock at ${p(PLACES)}, or do we need to reorder from the supplier?`,
  },
  { tag: { subtopic: "smalltalk.ack" }, make: () => `ok` },
  { tag: { subtopic: "smalltalk.bye" }, make: (r, p) => `Sounds good, see you ${p(DAYS)}!` },
  {
    tag: { subtopic: "other.holiday" },
    make: (r, p) => `${p(NAMES)} is on holiday until ${p(DAYS)}; ask ${p(NAMES)} about the ${p(PRODUCTS)} instead.`,
  },
];

/** `count` filler sentences with what each is about; the same seed gives the same sentences. */
export function taggedSentences(count: number, seed: number): { text: string; tag: FillerTag }[] {
  const r = seededRandom(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  return Array.from({ length: count }, () => {
    const template = TEMPLATES[Math.floor(r() * TEMPLATES.length)]!;
    return { text: template.make(r, pick), tag: template.tag };
  });
}

/** `count` filler sentences (bench:search's data). */
export function sentences(count: number, seed: number): string[] {
  return taggedSentences(count, seed).map((s) => s.text);
}
