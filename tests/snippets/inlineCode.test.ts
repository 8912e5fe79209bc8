/** Inline code naming API linked in prose (cli/api/inlineCodeTargets.ts, cli/markdown/inlineCodeLinks.ts). */
import { describe, expect, it } from "vitest";
import type { ApiMember, ApiVersionModel } from "../../cli/api/model.ts";
import { inlineCodeTargets } from "../../cli/api/inlineCodeTargets.ts";
import { renderMarkdown } from "../../cli/markdown/index.ts";
import { apiItem } from "../helpers/apiModel.ts";

const member = (name: string, kind: ApiMember["kind"] = "method"): ApiMember => ({ name, anchor: name, kind, flags: [], summary: "", signatures: [], sources: [] });
const model: ApiVersionModel = {
  version: "1.0.0",
  packageName: "viewer",
  packageVersion: "1.0.0",
  isExample: false,
  sourceLabel: "test",
  areas: [
    {
      slug: ".-stores",
      title: "stores",
      items: [apiItem("AppStore", [member("openFile"), member("closeFile"), member("frames", "property")]), apiItem("FrameStore", [member("closeFile"), member("setChannel")]), apiItem("Twice", []), apiItem("Twice", [])],
    },
  ],
  indexItems: [],
};
const target = inlineCodeTargets(model, (location) => `/api/${location}`);

describe("inline code targets", () => {
  it("finds items, members written Item.member or Item#member, and calls under a heading about their item", () => {
    expect(target("AppStore", undefined)).toBe("/api/.-stores/class/AppStore");
    expect(target("AppStore.openFile", undefined)).toBe("/api/.-stores/class/AppStore#openFile");
    expect(target("AppStore#frames", undefined)).toBe("/api/.-stores/class/AppStore#frames");
    expect(target("closeFile()", "Close images with the FrameStore")).toBe("/api/.-stores/class/FrameStore#closeFile");
    expect(target("closeFile()", "Close images with AppStore")).toBe("/api/.-stores/class/AppStore#closeFile");
  });

  it("finds a call of the one method of that name anywhere", () => {
    expect(target("setChannel()", undefined)).toBe("/api/.-stores/class/FrameStore#setChannel");
  });

  it("finds nothing for an unknown, ambiguous or other name", () => {
    expect(target("closeFile()", "Closing")).toBeUndefined(); // two items have one
    expect(target("Twice", undefined)).toBeUndefined();
    expect(target("AppStore.nothing", undefined)).toBeUndefined();
    expect(target("openFile", "AppStore")).toBeUndefined(); // a bare member name is too common a word to link
    expect(target("app.openFile()", undefined)).toBeUndefined();
    expect(target('openFile("x")', undefined)).toBeUndefined();
  });
});

describe("inline code links in markdown", () => {
  const markdown = ["## Using `AppStore`", "", "Call `openFile()` or `AppStore.openFile`, see [`AppStore`](https://example.com); `nothing` stays."].join("\n");

  it("links code in prose, not in headings or links, and leaves unknown code plain", () => {
    const { html } = renderMarkdown(markdown, { inlineCode: (code, heading) => target(code, heading) });
    expect(html).toContain('Call <a class="api-code-link" href="/api/.-stores/class/AppStore#openFile"><code>openFile()</code></a>');
    expect(html).toContain('or <a class="api-code-link" href="/api/.-stores/class/AppStore#openFile"><code>AppStore.openFile</code></a>');
    expect(html).toContain('<a class="external" href="https://example.com"><code>AppStore</code></a>');
    expect(html).toContain("Using <code>AppStore</code><a class=\"hash-link\"");
    expect(html).toContain("<code>nothing</code> stays");
    expect(html.match(/api-code-link/g)).toHaveLength(2);
  });

  it("renders as without the option when none is given", () => {
    expect(renderMarkdown(markdown).html).not.toContain("api-code-link");
  });
});
