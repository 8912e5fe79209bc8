/**
 * A change of one version's API renders again the pages made from it, not the other versions' (apiStage.ts,
 * `modelIdentity`), and of its item pages those that show what changed (`itemPageInputs`): a comment changed in
 * the viewer's source (Next) renders that item's page and Next's pages that list every item, while a change
 * that the diff between versions shows (a member added) renders the frozen versions' API pages too, whose badges
 * tell an item's story across every version. That the output then equals a clean build's is the property test's
 * (incrementalEqualsClean.property.test.ts).
 */
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runBuild } from "../../cli/pipeline/upToDate.ts";
import { apiSite } from "../helpers/apiSite.ts";
import { cleanTemp, read, write } from "../helpers/site.ts";

afterAll(cleanTemp);

/** The version and route of each API page rendered (renderOnePage's pages), in the order the stage renders them. */
const rendered = vi.hoisted(() => ({ apiVersions: [] as string[], apiRoutes: [] as string[] }));
vi.mock("../../cli/render/renderPages.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../cli/render/renderPages.ts")>();
  return {
    ...actual,
    renderOnePage: (...args: Parameters<typeof actual.renderOnePage>) => {
      const page = args[1];
      if (page.section === "api") {
        rendered.apiVersions.push(page.version?.name ?? "");
        rendered.apiRoutes.push(page.route);
      }
      return actual.renderOnePage(...args);
    },
  };
});

/** The docs whose markdown was made (createLinkRewriter's files: it is called once a doc, as its markdown is made). */
const made = vi.hoisted(() => ({ docs: [] as string[] }));
vi.mock("../../cli/links/docLinks.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../cli/links/docLinks.ts")>();
  return {
    ...actual,
    createLinkRewriter: (...args: Parameters<typeof actual.createLinkRewriter>) => {
      made.docs.push(args[0].file);
      return actual.createLinkRewriter(...args);
    },
  };
});

const STORE = "viewer/src/stores/AppStore.ts";

/** Changes the viewer's AppStore source and builds as the command line does; the versions of the API pages rendered. */
async function editAndBuild(site: string, from: string, to: string): Promise<string[]> {
  const before = read(site, STORE);
  expect(before).toContain(from);
  write(site, STORE, before.replace(from, to));
  rendered.apiVersions = [];
  rendered.apiRoutes = [];
  made.docs = [];
  const outcome = await runBuild({ config: path.join(site, "site.config.ts"), write: true, incremental: true });
  expect(outcome.report.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return rendered.apiVersions;
}

describe("a change of the current version's API", () => {
  it("renders its own API pages again, and the frozen versions' only when the diff between versions changed", async () => {
    const site = apiSite();
    await runBuild({ config: path.join(site, "site.config.ts"), write: true, incremental: true });

    const comment = await editAndBuild(site, "Frames that are open, in load order.", "Frames that are open, oldest first.");
    expect(comment.length, "Next's API pages are rendered again").toBeGreaterThan(0);
    expect(new Set(comment), "no frozen version's API page is").toEqual(new Set(["current"]));
    // Of Next's item pages, the one whose comment changed; AppStore's comment links to FrameStore, whose page is kept.
    const items = rendered.apiRoutes.filter((route) => route.includes("/class/"));
    expect(items.some((route) => route.endsWith("/class/AppStore")), "AppStore's page is rendered again").toBe(true);
    expect(items.filter((route) => route.endsWith("/class/FrameStore")), "FrameStore's page is kept").toEqual([]);
    // No link of a doc leads elsewhere now: no doc's markdown is made again (a doc linking into the API included).
    expect(made.docs.filter((file) => /^content\/(docs|versioned_docs)\//.test(file))).toEqual([]);

    const member = await editAndBuild(site, "    /** Frames that are open", "    /** The frame count. */\n    readonly frameCount = 0;\n    /** Frames that are open");
    expect(new Set(member), "a member added in Next shows on the frozen versions' pages too").toEqual(new Set(["current", "2.0.0", "1.0.0"]));
  }, 120_000);
});
