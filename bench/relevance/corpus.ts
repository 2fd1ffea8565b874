import { seededRandom } from "../lib";
import { taggedSentences } from "../search/filler";
import { QUERY_TEXTS } from "./queries";
import { sameSubject, SUBTOPICS, type EntityKind, type Subtopic } from "./taxonomy";

// The judged data of bench:relevance (issue 36), generated deterministically from the hand-written templates
// (taxonomy.ts) and queries (queries.ts): the same seed always gives the same messages, queries and grades, so only
// the generator and its sources are committed (bench/relevance/README.md).
//
// Messages come in episodes: a customer and the business exchange one to three messages about one sub-topic and,
// for most sub-topics, one entity (an order, an invoice, an appointment date, a plan, a product, a store). Each
// message carries its sub-topic and the entity its text names: metadata the benchmark keeps beside the message, never
// in its text. Grades (`grade`): 2 when the message is about the query's sub-topic and, if the query names an
// entity, names the same one; 1 when it is about the same topic (or a related one) otherwise; 0 for everything else.

export const CORPUS_SEED = 36;
export const FILLER_SEED = 42; // bench:search's

export interface MessageMeta {
  /** `topic.name`, from taxonomy.ts (or the filler's tags). */
  subtopic: string;
  /** `kind:value` of the entity the text names (e.g. `order:52817`), or null. */
  entity: string | null;
}

export interface CorpusMessage extends MessageMeta {
  text: string;
  /** Which of the set's conversations it belongs to (0-based). */
  conversation: number;
  /** Where it falls in the set's time span, from 0 (oldest) to 1 (newest). */
  at: number;
}

export interface RelevanceQuery {
  id: string;
  text: string;
  subtopic: string;
  /** `kind:value`, or null for a query about the sub-topic in general. */
  entity: string | null;
}

// ---- values --------------------------------------------------------------------------------------------------

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const PLANS = ["Basic", "Plus", "Pro", "Team", "Family"];
const PRODUCTS = [
  "espresso machine",
  "burr grinder",
  "milk frother",
  "gooseneck kettle",
  "pour-over dripper",
  "cold brew maker",
  "coffee scale",
  "moka pot",
  "French press",
  "bean hopper",
];
const BRANCHES = ["Kingsway", "Riverside", "Old Town", "Harbour Street", "Market Square", "Northgate"];
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const AGENTS = ["Sam", "Priya", "Tom", "Lena", "Marco"];
const COURIERS = ["DPD", "Evri", "DHL", "UPS", "the courier"];
const TIMES = ["9:30", "10am", "11:00", "12:15", "2pm", "14:30", "4:45"];

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

/** A fresh value of an entity kind: what the metadata records (the canonical form). */
function newEntity(kind: EntityKind, r: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  switch (kind) {
    case "order":
      return String(40000 + Math.floor(r() * 60000));
    case "invoice":
      return `INV-${100000 + Math.floor(r() * 900000)}`;
    case "date":
      return `${1 + Math.floor(r() * 28)} ${pick(MONTHS)}`;
    case "plan":
      return pick(PLANS);
    case "product":
      return pick(PRODUCTS);
    case "branch":
      return pick(BRANCHES);
  }
}

/** How a message writes an entity: dates in three ways, the rest as they are. */
function writeEntity(kind: EntityKind, options: { value: string; r: () => number }): string {
  if (kind !== "date") return options.value;
  const [day, month] = options.value.split(" ") as [string, string];
  const way = Math.floor(options.r() * 3);
  return way === 0 ? options.value : way === 1 ? `${month} ${day}` : `the ${ordinal(Number(day))} of ${month}`;
}

// ---- templates -----------------------------------------------------------------------------------------------

const ENTITY_SLOTS: EntityKind[] = ["order", "invoice", "date", "plan", "product", "branch"];

/** Expands a template (syntax in taxonomy.ts); `entity` is the text of the sub-topic's entity. */
export function expand(
  template: string,
  options: { r: () => number; kind: EntityKind | null; entity: string | null },
): string {
  const { r } = options;
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  return template
    .replace(/\{([^}]*)\}/g, (_, alternatives: string) => pick(alternatives.split("|")))
    .replace(/\[([^\]]*)\]/g, (_, optional: string) => (r() < 0.5 ? optional : ""))
    .replace(/<(\w+)>/g, (_, slot: string) => {
      if (slot === options.kind && options.entity !== null) return options.entity;
      if ((ENTITY_SLOTS as string[]).includes(slot)) {
        const value = newEntity(slot as EntityKind, r);
        return writeEntity(slot as EntityKind, { value, r });
      }
      switch (slot) {
        case "weekday":
          return pick(WEEKDAYS);
        case "days":
          return String(2 + Math.floor(r() * 8));
        case "amount":
          return String(12 + Math.floor(r() * 470));
        case "agent":
          return pick(AGENTS);
        case "courier":
          return pick(COURIERS);
        case "time":
          return pick(TIMES);
        default:
          throw new Error(`unknown slot <${slot}> in "${template}"`);
      }
    })
    .replace(/\s+/g, " ")
    .replace(/ ([,.?!])/g, "$1")
    .trim();
}

/** A typo in one word of five letters or more that is not part of `keep` (the entity): a swap, a drop or a double. */
function typo(text: string, options: { r: () => number; keep: string | null }): string {
  const { r, keep } = options;
  const words = text.split(" ");
  const candidates = words
    .map((word, i) => ({ word, i }))
    .filter(({ word }) => /^[a-z]{5,}$/i.test(word) && !(keep ?? "").toLowerCase().includes(word.toLowerCase()));
  if (candidates.length === 0) return text;
  const { word, i } = candidates[Math.floor(r() * candidates.length)]!;
  const at = 1 + Math.floor(r() * (word.length - 2));
  const kind = Math.floor(r() * 3);
  words[i] =
    kind === 0
      ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
      : kind === 1
        ? word.slice(0, at) + word.slice(at + 1)
        : word.slice(0, at) + word[at] + word.slice(at);
  return words.join(" ");
}

// ---- the corpus ----------------------------------------------------------------------------------------------

export interface CorpusOptions {
  messages: number;
  seed?: number;
  /** How many conversations the messages are spread over (default one per 500 messages). */
  conversations?: number;
}

/** The judged messages: `messages` of them, in episodes, spread over conversations and time. */
export function buildCorpus(options: CorpusOptions): CorpusMessage[] {
  const r = seededRandom(options.seed ?? CORPUS_SEED);
  const conversations = options.conversations ?? Math.max(1, Math.round(options.messages / 500));
  const totalWeight = SUBTOPICS.reduce((sum, s) => sum + s.weight, 0);
  const pickSubtopic = (): Subtopic => {
    let x = r() * totalWeight;
    for (const s of SUBTOPICS) if ((x -= s.weight) < 0) return s;
    return SUBTOPICS[SUBTOPICS.length - 1]!;
  };
  const recentOrders: string[] = [];
  const out: Omit<CorpusMessage, "at">[] = [];
  while (out.length < options.messages) {
    const subtopic = pickSubtopic();
    const kind = subtopic.entity;
    let value: string | null = null;
    if (kind === "order" && recentOrders.length > 0 && r() < 0.3) {
      value = recentOrders[Math.floor(r() * recentOrders.length)]!; // the same order, another matter
    } else if (kind) {
      value = newEntity(kind, r);
      if (kind === "order" && recentOrders.push(value) > 50) recentOrders.shift();
    }
    const conversation = Math.floor(r() * conversations);
    const length = 1 + Math.floor(r() * 3);
    for (let m = 0; m < length && out.length < options.messages; m++) {
      const template = subtopic.templates[Math.floor(r() * subtopic.templates.length)]!;
      const names = kind !== null && template.includes(`<${kind}>`);
      const written = kind && value ? writeEntity(kind, { value, r }) : null;
      let text = expand(template, { r, kind, entity: written });
      if (r() < 0.07) text = typo(text, { r, keep: written });
      if (r() < 0.12) text = text.toLowerCase();
      out.push({ text, subtopic: subtopic.id, entity: names && value ? `${kind}:${value}` : null, conversation });
    }
  }
  return out.map((message, i) => ({ ...message, at: i / options.messages }));
}

/** bench:search's filler sentences (the same seed: the same sentences), with what each is about. */
export function fillerCorpus(options: { messages: number; conversations: number }): CorpusMessage[] {
  const r = seededRandom(FILLER_SEED + 1);
  return taggedSentences(options.messages, FILLER_SEED).map(({ text, tag }, i) => {
    const order = tag.subtopic === "order.status" ? /#(\d+)/.exec(text)?.[1] : undefined;
    return {
      text,
      subtopic: tag.subtopic,
      entity: order ? `order:${order}` : null,
      conversation: Math.floor(r() * options.conversations),
      at: i / options.messages,
    };
  });
}

// ---- the queries ---------------------------------------------------------------------------------------------

const SLOT = /<(order|invoice|date|plan|product|branch)>/;

export interface QueryOptions {
  seed?: number;
  /** Keep every `stride`-th query only (the test's slice); default 1, all of them. */
  stride?: number;
}

/**
 * The queries of queries.ts, each with an entity slot filled with an entity the corpus names under the query's
 * sub-topic (picked at random among them; a query whose sub-topic names none in this corpus is left out).
 */
export function buildQueries(corpus: MessageMeta[], options: QueryOptions = {}): RelevanceQuery[] {
  const r = seededRandom(options.seed ?? CORPUS_SEED + 1);
  const named = new Map<string, string[]>();
  for (const m of corpus) {
    if (!m.entity) continue;
    const list = named.get(m.subtopic) ?? [];
    if (!list.includes(m.entity)) list.push(m.entity);
    named.set(m.subtopic, list);
  }
  const out: RelevanceQuery[] = [];
  let index = 0;
  for (const [subtopic, texts] of Object.entries(QUERY_TEXTS)) {
    const entities = [...(named.get(subtopic) ?? [])].sort();
    texts.forEach((text, i) => {
      const keep = index++ % (options.stride ?? 1) === 0;
      const slot = SLOT.exec(text);
      if (!slot) {
        if (keep) out.push({ id: `${subtopic}#${i}`, text, subtopic, entity: null });
        return;
      }
      const pool = entities.filter((e) => e.startsWith(`${slot[1]}:`));
      if (pool.length === 0) return;
      const entity = pool.splice(Math.floor(r() * pool.length), 1)[0]!;
      entities.splice(entities.indexOf(entity), 1); // another query of this sub-topic asks about another entity
      const value = entity.slice(entity.indexOf(":") + 1);
      // an order is asked about as "order 52817" (the templates write it several ways)
      const filled =
        slot[1] === "order" ? text.replace(/(order )?<order>/, `order ${value}`) : text.replace(SLOT, value);
      if (keep) out.push({ id: `${subtopic}#${i}`, text: filled, subtopic, entity });
    });
  }
  return out;
}

// ---- the judgements ------------------------------------------------------------------------------------------

export type Grade = 0 | 1 | 2;

/**
 * 2: the message answers the query (same sub-topic, and the same entity if the query names one); 1: it is on the
 * query's subject otherwise (same topic, or a related one: taxonomy.ts RELATED_TOPICS); 0: anything else.
 */
export function grade(query: RelevanceQuery, message: MessageMeta): Grade {
  if (message.subtopic === query.subtopic && (query.entity === null || message.entity === query.entity)) return 2;
  return sameSubject(message.subtopic, query.subtopic) ? 1 : 0;
}

/** Every subtopic a query may target, for checks: those of queries.ts must all exist in taxonomy.ts. */
export const QUERY_SUBTOPICS = Object.keys(QUERY_TEXTS);
