import { describe, expect, it } from "vitest";
import { describeForward, EventStreamParser, readEventStream, type ForwardResult } from "./listen";

// The SDK's server-sent events parser (sdk/listen.ts), to the WHATWG rules `relay listen` relies on: events split
// anywhere across chunks, every line ending, comments, ids that outlive their event, multi-line data.

const all = (parser: EventStreamParser, chunks: string[]) => chunks.flatMap((chunk) => parser.push(chunk));

describe("EventStreamParser", () => {
  it("reads events with their id and type, skipping comments and the retry hint", () => {
    const parser = new EventStreamParser();
    const events = all(parser, [
      "retry: 2000\n: connected\n\n",
      'event: ready\nid: 41\ndata: {"after":"41"}\n\n',
      ": ping\n\n",
      'event: delivery\nid: 42\ndata: {"seq":"42"}\n\n',
    ]);
    expect(events).toEqual([
      { id: "41", event: "ready", data: '{"after":"41"}' },
      { id: "42", event: "delivery", data: '{"seq":"42"}' },
    ]);
    expect(parser.retryMs).toBe(2000);
    expect(parser.lastEventId).toBe("42");
  });

  it("gives the same events however the bytes are cut, with LF, CRLF or CR line endings", () => {
    const text = 'event: delivery\nid: 7\ndata: {"a":1}\n\ndata: plain\n\n';
    const expected = [
      { id: "7", event: "delivery", data: '{"a":1}' },
      { id: "7", event: "message", data: "plain" },
    ];
    for (const ending of ["\n", "\r\n", "\r"]) {
      const stream = text.replace(/\n/g, ending);
      for (let size = 1; size <= stream.length; size++) {
        const chunks: string[] = [];
        for (let at = 0; at < stream.length; at += size) chunks.push(stream.slice(at, at + size));
        expect(all(new EventStreamParser(), chunks), `${JSON.stringify(ending)} in chunks of ${size}`).toEqual(expected);
      }
    }
  });

  it("joins data lines with LF, takes a field without a space or a value, and strips a leading BOM", () => {
    const events = all(new EventStreamParser(), ["\uFEFFdata:one\ndata\ndata: three\nevent:x\n\n"]);
    expect(events).toEqual([{ id: undefined, event: "x", data: "one\n\nthree" }]);
  });

  it("keeps an id from an event without data, dispatches nothing for it, and ignores an id with a NUL", () => {
    const parser = new EventStreamParser();
    expect(all(parser, ["id: 9\n\n", "id: 1\u00002\n\n"])).toEqual([]);
    expect(parser.lastEventId).toBe("9");
    expect(all(parser, ["data: after\n\n"])).toEqual([{ id: "9", event: "message", data: "after" }]);
  });

  it("drops an event the stream cut off before its blank line", async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("data: whole\n\ndata: cut"));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readEventStream(body)) events.push(event);
    expect(events).toEqual([{ id: undefined, event: "message", data: "whole" }]);
  });

  it("decodes UTF-8 split between chunks", async () => {
    const bytes = new TextEncoder().encode("data: Zoë 🙂\n\n");
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readEventStream(body)) events.push(event);
    expect(events).toEqual([{ id: undefined, event: "message", data: "Zoë 🙂" }]);
  });
});

describe("describeForward", () => {
  const result: ForwardResult = {
    seq: "42",
    delivery_id: "d4c3b2a1-f6e5-4b7a-9d8c-5e4f3a2b1c0d",
    event_type: "message.received",
    test: true,
    status: 200,
    ms: 12,
    error: null,
    signature: { spec: "sha256=5d1f0c3b9e7a2d4c6b8a0f1e3d5c7b9a", standard: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnk=", timestamp: "1931938013" },
  };

  it("prints the event, the local answer and its time, and how to verify the signature", () => {
    const [first, signed, verify] = describeForward(result);
    expect(first).toMatch(/^\d\d:\d\d:\d\d message\.received \(test\) d4c3b2a1-.* -> 200 in 12 ms$/);
    expect(signed).toContain("X-Service-Signature sha256=5d1f0c3b9e7a2d4c");
    expect(signed).toContain("t=1931938013");
    expect(verify).toContain("verifyWebhook(rawBody, headers, signingSecret)");
  });

  it("says why when the endpoint refused it or nothing answered", () => {
    expect(describeForward({ ...result, status: 401 }).at(-1)).toContain("your endpoint refused it (401)");
    expect(describeForward({ ...result, status: null, error: "fetch failed: connect ECONNREFUSED 127.0.0.1:4000" }).at(-1)).toContain(
      "is your server running",
    );
    expect(describeForward({ ...result, verified: false })).toContainEqual(expect.stringContaining("NOT valid"));
  });
});
