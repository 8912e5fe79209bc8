/** The runtime's pure helpers, without a browser. */
import { describe, expect, it } from "vitest";
import { suggestedBaseUrl } from "../../renderer/client/baseUrlCheck.ts";
import { collapseDuration } from "../../renderer/client/categories.ts";
import { pageRoute } from "../../renderer/client/links.ts";
import { prefetchAllowed } from "../../renderer/client/prefetch.ts";
import { causesOf } from "../../renderer/client/statusViews.ts";

const ORIGIN = "https://example.org";
const BASE = "/carta-frontend/";
const route = (href: string) => pageRoute(new URL(href, ORIGIN), ORIGIN, BASE)?.href.slice(ORIGIN.length) ?? null;

describe("pageRoute", () => {
  it("writes /x.html, /x/index.html and /x/ as /x, keeping query and hash", () => {
    expect(route("/carta-frontend/docs/next/intro.html?a=1#b")).toBe("/carta-frontend/docs/next/intro?a=1#b");
    expect(route("/carta-frontend/docs/next/index.html")).toBe("/carta-frontend/docs/next");
    expect(route("/carta-frontend/docs/next/")).toBe("/carta-frontend/docs/next");
    expect(route("/carta-frontend/index.html")).toBe(BASE);
    expect(route("/carta-frontend")).toBe(BASE);
  });

  it("takes version segments and dotted API folders for pages, not files", () => {
    expect(route("/carta-frontend/docs/4.1.0")).toBe("/carta-frontend/docs/4.1.0");
    expect(route("/carta-frontend/api/4.1.0/.-stores/class/AppStore")).toBe("/carta-frontend/api/4.1.0/.-stores/class/AppStore");
  });

  it("leaves files, other origins and paths outside the base URL alone", () => {
    expect(route("/carta-frontend/search-doc.json")).toBeNull();
    expect(route("/carta-frontend/assets/images/diagram.8205313b23.svg")).toBeNull();
    expect(route("/other/docs")).toBeNull();
    expect(route("/carta-frontend-old/docs")).toBeNull();
    expect(pageRoute(new URL("https://github.com/carta-frontend/docs"), ORIGIN, BASE)).toBeNull();
  });
});

describe("other helpers", () => {
  it("suggests the base URL that maps the page's route onto where it is", () => {
    expect(suggestedBaseUrl("/x/docs/intro", "/carta-frontend/docs/intro", BASE)).toBe("/x/");
    expect(suggestedBaseUrl("/docs/intro.html", "/carta-frontend/docs/intro", BASE)).toBe("/");
    expect(suggestedBaseUrl("/x/y/", BASE, BASE)).toBe("/x/y/");
    expect(suggestedBaseUrl("/x/index.html", BASE, BASE)).toBe("/x/");
  });

  it("computes collapse durations from the height, within bounds", () => {
    expect(collapseDuration(500, false)).toBe(250);
    expect(collapseDuration(40, false)).toBe(150);
    expect(collapseDuration(5000, false)).toBe(400);
    expect(collapseDuration(500, true)).toBe(1);
  });

  it("prefetches except on data-saver and 2G connections", () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: "4g" })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "3g", saveData: false })).toBe(true);
    expect(prefetchAllowed({ saveData: true })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "slow-2g" })).toBe(false);
  });

  it("lists an error's causes, and stops on a loop", () => {
    const root = new Error("disk full");
    expect(causesOf(new Error("could not show", { cause: new Error("could not parse", { cause: root }) }))).toEqual(["could not parse", "disk full"]);
    expect(causesOf(new Error("no cause"))).toEqual([]);
    const loop: Error & { cause?: unknown } = new Error("loop");
    loop.cause = loop;
    expect(causesOf(loop)).toHaveLength(10);
  });
});
