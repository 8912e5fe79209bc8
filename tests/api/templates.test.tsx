/** The API article components, rendered to static HTML from the 0.23 fixture's model. */
import { marked } from "marked";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiDiff, ApiItemChange, ApiItemSide, ApiMemberChange, ApiMemberSide } from "../../cli/api/diff.ts";
import type { ApiVersionModel } from "../../cli/api/model.ts";
import type { ApiChangesPage } from "../../cli/pages/pages.ts";
import { typeToText } from "../../cli/api/typeText.ts";
import { ApiAreaArticle, ApiChangesArticle, ApiItemArticle, ApiLandingArticle, apiAreaToc, apiToc, type ApiArticleProps } from "../../templates/api/index.ts";
import { item, loadFixtureJson } from "./helpers.ts";

let model: ApiVersionModel;
let props: ApiArticleProps;

/** A version with no history: no badges. */
const NO_HISTORY: ApiArticleProps["history"] = {
  changes: { versions: ["1.0.0"], labels: ["1.0.0"], diffs: [] },
  changesHref: "/carta-frontend/api/1.0.0/changes",
  item: () => [],
  member: () => [],
};

beforeAll(async () => {
  model = await loadFixtureJson("typedoc-0.23.json", "v1.0.0");
  props = {
    model,
    href: (path) => `/carta-frontend/api/1.0.0/${path}`,
    md: (markdown) => marked.parse(markdown, { async: false }),
    history: NO_HISTORY,
  };
});

const ids = (html: string) => [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]);

describe("ApiItemArticle", () => {
  it("gives every member a section whose id is the member's name", () => {
    const appStore = item(model, "AppStore");
    const html = renderToStaticMarkup(<ApiItemArticle {...props} item={appStore} />);
    for (const member of appStore.members) {
      expect(html).toContain(`<section id="${member.name}" class="api-member api-member-${member.kind}">`);
    }
    const all = ids(html);
    expect(new Set(all).size).toBe(all.length);
    // The table of contents points at ids of the page.
    expect(apiToc(appStore).map((entry) => entry.id).filter((id) => !all.includes(id))).toEqual([]);
    expect(apiToc(appStore).slice(0, 4)).toEqual([
      { depth: 2, text: "Constructors", id: "api-constructors" },
      { depth: 3, text: "constructor", id: "constructor" },
      { depth: 2, text: "Properties", id: "api-properties" },
      { depth: 3, text: "activeFrame", id: "activeFrame" },
    ]);
  });

  it("links Defined-in to the line at the version's ref", () => {
    const html = renderToStaticMarkup(<ApiItemArticle {...props} item={item(model, "AppStore")} />);
    expect(html).toContain(
      'Defined in <a href="https://github.com/CARTAvis/carta-frontend/blob/v1.0.0/src/stores/AppStore.ts#L29">src/stores/AppStore.ts:29</a>',
    );
  });

  it("links type references to the item they name, and leaves external types as text", () => {
    const html = renderToStaticMarkup(<ApiItemArticle {...props} item={item(model, "AppStore")} />);
    expect(html).toContain(
      'closeFile(frame: <a class="api-type-link" href="/carta-frontend/api/1.0.0/.-stores/class/FrameStore">FrameStore</a>, confirmClose?: boolean): boolean',
    );
    expect(html).toMatch(/Promise&lt;/);
    expect(html).not.toMatch(/href="[^"]*Promise/);
  });

  it("shows parameters with types, defaults and descriptions", () => {
    const html = renderToStaticMarkup(<ApiItemArticle {...props} item={item(model, "AppStore")} />);
    expect(html).toContain(
      '<tr><td><code>confirmClose?</code></td><td><code class="api-type">boolean</code></td><td><code>true</code></td><td><div><p>Ask the user first.</p>\n</div></td></tr>',
    );
    expect(html).toContain("<strong>Returns</strong>");
    expect(html).toContain("<p>The new frame, or <code>undefined</code> when loading failed.</p>");
  });

  it("shows flags as badges, deprecation, examples and hierarchy", () => {
    const html = renderToStaticMarkup(<ApiItemArticle {...props} item={item(model, "RenderConfigStore")} />);
    expect(html).toContain('<span class="api-badge api-badge-static">static</span><span class="api-badge api-badge-readonly">readonly</span>');
    expect(html).toContain('<div class="api-deprecated" role="note"><strong>Deprecated</strong>');
    expect(html).toContain('<code class="language-ts">store.setScaling(FrameScaling.LOG);');
    expect(html).toContain("<dt>Remarks</dt>");

    const animator = renderToStaticMarkup(<ApiItemArticle {...props} item={item(model, "AnimatorComponent")} />);
    expect(animator).toContain('<h2 id="api-hierarchy">Hierarchy</h2>');
    expect(animator).toContain(
      'class AnimatorComponent extends <a class="api-type-link" href="/carta-frontend/api/1.0.0/.-components/Shared/class/WidgetComponent">WidgetComponent</a>',
    );
    expect(animator).toContain(
      'Inherited from <code class="api-type"><a class="api-type-link" href="/carta-frontend/api/1.0.0/.-components/Shared/class/WidgetComponent#props">WidgetComponent.props</a></code>',
    );
  });

  it("lists enum members with their values", () => {
    const html = renderToStaticMarkup(<ApiItemArticle {...props} item={item(model, "FrameScaling")} />);
    expect(html).toContain('<h2 id="api-members">Members</h2>');
    expect(html).toContain("<code>LOG = 1</code>");
    expect(html.indexOf('id="LINEAR"')).toBeLessThan(html.indexOf('id="GAMMA"'));
  });

  it("shows each overload of a function", () => {
    const html = renderToStaticMarkup(<ApiItemArticle {...props} item={item(model, "toFixed")} />);
    expect(html.match(/class="api-signature"/g)).toHaveLength(2);
    expect(html).toContain("toFixed(value: bigint): string");
    expect(apiToc(item(model, "toFixed"))).toEqual([]);
  });
});

describe("ApiAreaArticle", () => {
  it("links items with their summaries and documents type aliases and variables in place", () => {
    const models = model.areas.find((area) => area.slug === ".-models")!;
    const html = renderToStaticMarkup(<ApiAreaArticle {...props} area={models} />);
    expect(html).toContain('<h2 id="api-interfaces">Interfaces</h2>');
    expect(html).toContain('<a class="api-index-name" href="/carta-frontend/api/1.0.0/.-models/interface/Point2D">Point2D</a>');
    expect(html).toContain("<p>A point or vector in image pixel coordinates.</p>");
    expect(html).toContain('<section id="ColorMapName" class="api-member api-inline api-inline-type">');
    expect(html).toContain(
      'type Axis = keyof <a class="api-type-link" href="/carta-frontend/api/1.0.0/.-models/interface/Point2D">Point2D</a>',
    );
    expect(html).toContain("const WORKSPACE_SCHEMA_VERSION = 2");
    const toc = apiAreaToc(models);
    expect(toc.map((entry) => entry.id).filter((id) => !ids(html).includes(id))).toEqual([]);
    expect(toc).toContainEqual({ depth: 3, text: "TileId", id: "TileId" });
  });
});

describe("ApiLandingArticle", () => {
  it("shows the package, the overview, areas with counts and the notice for the sample", () => {
    const html = renderToStaticMarkup(
      <ApiLandingArticle {...props} model={{ ...model, isExample: true }} overviewHtml="<p>The overview.</p>" />,
    );
    expect(html).toContain('<h1 class="api-title">fixture-viewer <span class="api-version">1.0.0</span></h1>');
    expect(html).toContain('<div class="api-notice" role="note">');
    expect(html).toContain("<p>The overview.</p>");
    expect(html).toContain(
      '<a class="api-index-name" href="/carta-frontend/api/1.0.0/.-stores">stores</a> <span class="api-count">6 items: 3 classes, 1 interface, 2 enumerations</span>',
    );
    expect(html).toContain('<section id="VIEWER_NAME" class="api-member api-inline api-inline-variable">');
    expect(renderToStaticMarkup(<ApiLandingArticle {...props} />)).not.toContain("api-notice");
  });
});

describe("ApiChangesArticle", () => {
  const itemSide = (name: string): ApiItemSide => ({ name, kind: "class", area: ".-stores", areaTitle: "stores", location: `.-stores/class/${name}`, text: `class ${name}`, deprecated: false });
  const memberSide = (name: string): ApiMemberSide => ({ name, kind: "property", location: `.-stores/class/AppStore#${name}`, text: `${name}: number`, deprecated: false });
  const member = (change: ApiMemberChange["change"], name: string): ApiMemberChange => ({
    change,
    name,
    ...(change !== "added" && { before: memberSide(name) }),
    ...(change !== "removed" && { after: memberSide(name) }),
    aspects: change === "changed" ? ["deprecated"] : [],
  });
  const itemChange = (change: ApiItemChange["change"], name: string, members: ApiMemberChange[] = []): ApiItemChange => ({
    change,
    name,
    ...(change !== "added" && { before: itemSide(name) }),
    ...(change !== "removed" && { after: itemSide(name) }),
    aspects: change === "changed" && members.length === 0 ? ["deprecated"] : [],
    members,
  });
  const summaryOf = (items: ApiItemChange[]) => {
    const diff: ApiDiff = { from: "1.0.0", to: "2.0.0", items };
    const page: ApiChangesPage = {
      kind: "apiChanges",
      route: "/carta-frontend/api/2.0.0/changes",
      title: "API changes in 2.0.0",
      source: "API 2.0.0 (changes)",
      toc: [],
      api: props,
      label: "2.0.0",
      breadcrumbs: [],
      diff,
      since: { label: "1.0.0", href: (location) => `/carta-frontend/api/1.0.0/${location}` },
    };
    return renderToStaticMarkup(<ApiChangesArticle page={page} />).match(/<p class="api-changes-summary">(.*?)<\/p>/)?.[1];
  };

  it("sums up the changed items by kind of change, and their changed members", () => {
    expect(summaryOf([itemChange("moved", "AppStore", [member("added", "zoom")])])).toBe("Since 1.0.0: 1 item (1 moved), 1 changed member.");
    expect(summaryOf([itemChange("changed", "AppStore")])).toBe("Since 1.0.0: 1 item (1 changed), 0 changed members.");
    const mixed = [
      itemChange("added", "Layout"),
      itemChange("changed", "AppStore", [member("added", "zoom"), member("removed", "pan"), member("changed", "scale")]),
      itemChange("removed", "OldStore"),
      itemChange("added", "TileStore"),
      itemChange("moved", "Render", [member("changed", "frame")]),
    ];
    expect(summaryOf(mixed)).toBe("Since 1.0.0: 5 items (2 added, 1 removed, 1 changed, 1 moved), 4 changed members.");
  });
});

describe("type text", () => {
  it("parenthesises loose types inside operators", () => {
    const fn = { kind: "reflection" as const, properties: [], signatures: [{ kind: "call" as const, name: "__type", typeParameters: [], parameters: [{ name: "x", optional: false, rest: false, type: { kind: "intrinsic" as const, name: "number" } }], returns: { kind: "intrinsic" as const, name: "void" } }] };
    const union = { kind: "union" as const, types: [{ kind: "intrinsic" as const, name: "string" }, { kind: "literal" as const, value: "null" }] };
    expect(typeToText({ kind: "array", elementType: union })).toBe("(string | null)[]");
    expect(typeToText({ kind: "union", types: [fn, { kind: "literal", value: "null" }] })).toBe("((x: number) => void) | null");
    expect(
      typeToText({
        kind: "reflection",
        signatures: [],
        properties: [
          { name: "a", optional: true, readonly: false, type: union },
          { name: "b", optional: false, readonly: true, type: { kind: "intrinsic", name: "number" } },
        ],
      }),
    ).toBe("{ a?: string | null; readonly b: number }");
  });
});
