import { describe, expect, it } from "vitest";
import { eventSourceUrl, parseEvents } from "../../bench/watch.ts";

describe("parseEvents", () => {
  it("reads named events and keeps an incomplete one for the next chunk", () => {
    const first = parseEvents('event: hello\ndata: {"session":"a"}\n\nevent: reload\ndata: {"rou');
    expect(first.events).toEqual([{ event: "hello", data: '{"session":"a"}' }]);
    const second = parseEvents(`${first.rest}tes":null}\n\n`);
    expect(second.events).toEqual([{ event: "reload", data: '{"routes":null}' }]);
    expect(second.rest).toBe("");
  });

  it("ignores comments and retry lines, joins multi-line data and defaults the name to message", () => {
    const { events } = parseEvents(": ping\n\nretry: 1000\n\ndata: one\ndata: two\r\n\r\n");
    expect(events).toEqual([{ event: "message", data: "one\ntwo" }]);
  });
});

describe("eventSourceUrl", () => {
  it("finds the stream a page's script opens, resolved against the page", () => {
    const html = `<body><script>(() => { const source = new EventSource("/__carta-docs/events"); })();</script></body>`;
    expect(eventSourceUrl(html, "http://127.0.0.1:4000/carta-frontend/")).toBe("http://127.0.0.1:4000/__carta-docs/events");
    expect(eventSourceUrl("<script>new EventSource('events')</script>", "http://h/base/page")).toBe("http://h/base/events");
  });

  it("is undefined when the page opens no stream", () => {
    expect(eventSourceUrl("<html><body>built page</body></html>", "http://h/")).toBeUndefined();
  });
});
